import { z } from 'zod';
import { defineModule, liveTopic } from '../core/module.ts';
import { idPrefixes, type InvoiceUpdate, type KycReviewUpdate, type PaymentIntentUpdate } from './contract.ts';

/** Yarrow Pay: payment intents, card sessions and checkout pages, refunds, invoices, KYC. */
export const paymentsModule = defineModule({
  name: 'payments',
  postman: async () => (await import('./postman.ts')).postmanFolders,
  routes: async (ctx) => {
    (await import('./rest.ts')).registerPaymentRoutes(ctx);
    (await import('./pages.ts')).registerCheckoutPages(ctx);
    (await import('./pay-button.ts')).registerPayButtonRoutes(ctx);
  },
  graphql: () => import('./graphql.ts'),
  workers: {
    'payment-review': async (rt) => (await import('./workers.ts')).runPaymentReviewWorker(rt),
    'kyc-review': async (rt) => (await import('./workers.ts')).runKycReviewWorker(rt),
    'invoice-overdue': async (rt) => (await import('./workers.ts')).runInvoiceOverdueWorker(rt),
    'payment-refund': async (rt) => (await import('./workers.ts')).runPaymentRefundWorker(rt),
  },
  queues: {
    payment_review: {
      payload: z.object({ paymentIntentId: z.string(), cardSessionId: z.string() }),
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    },
    kyc_review: {
      payload: z.object({ kycReviewId: z.string() }),
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    },
    payment_refund: {
      payload: z.object({ refundId: z.string() }),
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    },
    invoice_overdue: {
      payload: z.object({ invoiceId: z.string() }),
      options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
    },
  },
  scopes: ['payments.read', 'payments.write', 'invoices.read', 'invoices.write'],
  idPrefixes,
  eventTypes: [
    'payment_intent.created',
    'payment_intent.requires_action',
    'payment_intent.processing',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
    'refund.created',
    'refund.succeeded',
    'refund.failed',
    'invoice.created',
    'invoice.paid',
    'invoice.voided',
    'invoice.overdue',
    'kyc.review.submitted',
    'kyc.review.approved',
    'kyc.review.rejected',
  ],
  topics: {
    paymentIntentUpdated: liveTopic<string, PaymentIntentUpdate>(),
    invoiceUpdated: liveTopic<string, InvoiceUpdate>(),
    kycReviewUpdated: liveTopic<number, KycReviewUpdate>(),
    /** Any payment intent or invoice of the account was created or changed status (dashboards). */
    paymentActivity: liveTopic<number, { objectType: 'payment_intent' | 'invoice'; id: string; status: string; event: string }>(),
  },
  config: {
    env: {
      PAYMENT_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
      KYC_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
    },
  },
  panelPages: [
    {
      path: 'payments',
      title: 'Payments',
      summary: 'Payments page: payment intents and invoices',
      script: 'payments.js',
      body: async () => (await import('./panel.ts')).paymentsPage(),
    },
    {
      path: 'payments/:id{pi_[0-9a-z]+}',
      partOf: 'payments',
      title: 'Payment',
      summary: 'Payment intent page: its timeline, card sessions, events and their deliveries, sandbox actions',
      script: 'payment-intent.js',
      body: async () => (await import('./panel.ts')).paymentIntentPage(),
    },
    {
      path: 'invoices/:id{inv_[0-9a-z]+}',
      partOf: 'payments',
      title: 'Invoice',
      summary: 'Invoice page: its details, payment, timeline and void',
      script: 'invoice.js',
      body: async () => (await import('./panel.ts')).invoicePage(),
    },
  ],
  panelAssets: `${import.meta.dirname}/panel-assets`,
  banner: (config) => [['Checkout', `${config.publicBaseUrl}/checkout/<payment_intent_id>`]],
});
