import { z } from 'zod';
import { defineModule, liveTopic } from '../core/module.ts';
import { idPrefixes, paymentsErrors, type InvoiceUpdate, type KycReviewUpdate, type PaymentIntentUpdate, type SubscriptionUpdate } from './contract.ts';

// Pay's sub-modules, each loaded through its front door (index.ts) when first needed.
const intents = () => import('./intents/index.ts');
const invoices = () => import('./invoices/index.ts');
const refunds = () => import('./refunds/index.ts');
const checkout = () => import('./checkout/index.ts');
const customers = () => import('./customers/index.ts');
const disputes = () => import('./disputes/index.ts');
const kyc = () => import('./kyc/index.ts');
const panel = () => import('./panel/index.ts');
const billing = () => import('./billing/index.ts');

/** Yarrow Pay: payment intents, card sessions and checkout pages, refunds, disputes, invoices, KYC. */
export const paymentsModule = defineModule({
  name: 'payments',
  // Each sub-module is entered by its index.ts, which loads its routes, GraphQL, Postman steps,
  // workers and pages when asked (the order of routes and folders is the OpenAPI's and the collection's).
  postman: async () => [
    ...(await (await intents()).intentParts.postman()).paymentFolders,
    ...(await (await invoices()).invoiceParts.postman()).invoiceFolders,
    ...(await (await disputes()).disputeParts.postman()).disputeFolders,
    ...(await (await customers()).customerParts.postman()).customerFolders,
    ...(await (await billing()).billingParts.postman()).billingFolders,
  ],
  routes: async (ctx) => {
    (await (await intents()).intentParts.rest()).registerIntentRoutes(ctx);
    (await (await refunds()).refundParts.rest()).registerRefundRoutes(ctx);
    (await (await invoices()).invoiceParts.rest()).registerInvoiceRoutes(ctx);
    (await (await intents()).intentParts.invoiceVoid()).registerInvoiceVoidRoute(ctx);
    (await (await customers()).customerParts.rest()).registerCustomerRoutes(ctx);
    (await (await checkout()).checkoutParts.pages()).registerCheckoutPages(ctx);
    (await (await checkout()).checkoutParts.payButton()).registerPayButtonRoutes(ctx);
    (await (await disputes()).disputeParts.rest()).registerDisputeRoutes(ctx);
    (await (await billing()).billingParts.rest()).registerBillingRoutes(ctx);
  },
  graphql: async () => {
    await (await intents()).intentParts.graphql();
    await (await invoices()).invoiceParts.graphql();
    await (await refunds()).refundParts.graphql();
    await (await checkout()).checkoutParts.graphql();
    await (await kyc()).kycParts.graphql();
    await (await customers()).customerParts.graphql();
    await (await disputes()).disputeParts.graphql();
    await (await panel()).panelParts.graphql();
    await (await billing()).billingParts.graphql();
  },
  workers: {
    'payment-review': async (rt) => (await (await intents()).intentParts.workers()).runPaymentReviewWorker(rt),
    'kyc-review': async (rt) => (await (await kyc()).kycParts.workers()).runKycReviewWorker(rt),
    'invoice-overdue': async (rt) => (await (await invoices()).invoiceParts.workers()).runInvoiceOverdueWorker(rt),
    'payment-refund': async (rt) => (await (await refunds()).refundParts.workers()).runPaymentRefundWorker(rt),
    'payment-authorization-expiry': async (rt) => (await (await intents()).intentParts.capture()).runAuthorizationExpiryWorker(rt),
    'dispute-review': async (rt) => (await (await disputes()).disputeParts.workers()).runDisputeReviewWorker(rt),
    'subscription-billing': async (rt) => (await (await billing()).billingParts.workers()).runBillingWorker(rt),
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
    payment_authorization_expiry: {
      payload: z.object({ paymentIntentId: z.string() }),
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    },
    dispute_review: {
      payload: z.object({ disputeId: z.string(), kind: z.enum(['review', 'deadline']) }),
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    },
    invoice_overdue: {
      payload: z.object({ invoiceId: z.string() }),
      options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
    },
    // Billing (src/payments/billing/): each scheduled with `sendJobAt` on the account's time.
    /** A subscription's period ends: renew it (or end it), once per period: `periodEnd` names the period. */
    subscription_renewal: { payload: z.object({ subscriptionId: z.string(), periodEnd: z.string() }), options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } },
    /** A reminder 3 days ahead: `invoice.upcoming` before a renewal, `trial_will_end` before a trial ends. */
    subscription_reminder: {
      payload: z.object({ subscriptionId: z.string(), periodEnd: z.string(), kind: z.enum(['upcoming', 'trial_will_end']) }),
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    },
    /** Dunning: the `attempt`th retry of a declined invoice. */
    subscription_payment_retry: { payload: z.object({ invoiceId: z.string(), attempt: z.number().int(), firstFailedAt: z.string() }), options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } },
    /** An incomplete subscription's first invoice unpaid after 23 hours: incomplete_expired. */
    subscription_incomplete_expiry: { payload: z.object({ subscriptionId: z.string() }), options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } },
    /** An invoice of a subscription was paid (at the checkout, on its hosted page): the subscription follows. */
    subscription_invoice_paid: { payload: z.object({ invoiceId: z.string() }), options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } },
  },
  scopes: ['payments.read', 'payments.write', 'invoices.read', 'invoices.write'],
  idPrefixes,
  errorCodes: paymentsErrors.codes,
  eventTypes: [
    'payment_intent.created',
    'payment_intent.requires_action',
    'payment_intent.processing',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
    'payment_intent.amount_capturable_updated',
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
    'customer.created',
    'customer.updated',
    'customer.deleted',
    'payment_method.attached',
    'payment_method.detached',
    'dispute.created',
    'dispute.updated',
    'dispute.closed',
    // Billing (src/payments/billing/).
    'product.created',
    'product.updated',
    'price.created',
    'price.updated',
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'customer.subscription.trial_will_end',
    'invoice.finalized',
    'invoice.payment_failed',
    'invoice.upcoming',
    'invoice.marked_uncollectible',
  ],
  topics: {
    paymentIntentUpdated: liveTopic<string, PaymentIntentUpdate>(),
    invoiceUpdated: liveTopic<string, InvoiceUpdate>(),
    kycReviewUpdated: liveTopic<number, KycReviewUpdate>(),
    subscriptionUpdated: liveTopic<string, SubscriptionUpdate>(),
    /** Any payment intent or invoice of the account was created or changed status (dashboards). */
    paymentActivity: liveTopic<number, { objectType: 'payment_intent' | 'invoice'; id: string; status: string; event: string }>(),
  },
  config: {
    env: {
      PAYMENT_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
      KYC_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
      /** How long the sandbox issuer takes to decide submitted dispute evidence. */
      DISPUTE_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
      /** Days a merchant has to respond to a dispute (evidence_due_by), in the account's time. */
      DISPUTE_EVIDENCE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    },
  },
  panelPages: [
    {
      path: 'payments',
      title: 'Payments', group: 'Payments',
      summary: 'Payments page: payment intents and invoices',
      script: 'payments.js',
      body: async () => (await (await import('./panel/index.ts')).panelParts.pages()).paymentsPage(),
    },
    {
      path: 'payments/:id{pi_[0-9a-z]+}',
      partOf: 'payments',
      title: 'Payment', group: 'Payments',
      summary: 'Payment intent page: its timeline, card sessions, events and their deliveries, sandbox actions',
      script: 'payment-intent.js',
      body: async () => (await (await import('./intents/index.ts')).intentParts.pages()).paymentIntentPage(),
    },
    {
      path: 'invoices/:id{inv_[0-9a-z]+}',
      partOf: 'payments',
      title: 'Invoice', group: 'Payments',
      summary: 'Invoice page: its details, payment, timeline and void',
      script: 'invoice.js',
      body: async () => (await (await import('./invoices/index.ts')).invoiceParts.pages()).invoicePage(),
    },
    {
      path: 'customers',
      title: 'Customers', group: 'Payments',
      summary: 'Customers page: customers, searchable by email',
      script: 'customers.js',
      body: async () => (await (await import('./customers/index.ts')).customerParts.pages()).customersPage(),
    },
    {
      path: 'customers/:id{cus_[0-9a-z]+}',
      partOf: 'customers',
      title: 'Customer', group: 'Payments',
      summary: 'Customer page: its details, saved payment methods and payments',
      script: 'customer.js',
      body: async () => (await (await import('./customers/index.ts')).customerParts.pages()).customerPage(),
    },
    {
      path: 'disputes',
      title: 'Disputes', group: 'Payments',
      summary: 'Disputes page: chargebacks opened on payments, their status and due dates',
      script: 'disputes.js',
      body: async () => (await (await import('./disputes/index.ts')).disputeParts.pages()).disputesPage(),
    },
    {
      path: 'disputes/:id{dp_[0-9a-z]+}',
      partOf: 'disputes',
      title: 'Dispute', group: 'Payments',
      summary: 'Dispute page: its details, evidence form (save or submit), accept, timeline',
      script: 'dispute.js',
      body: async () => (await (await import('./disputes/index.ts')).disputeParts.pages()).disputePage(),
    },
    {
      path: 'products',
      title: 'Products',
      group: 'Billing',
      summary: 'Products page: products and their prices, create either',
      script: 'products.js',
      body: async () => (await (await import('./billing/index.ts')).billingParts.pages()).productsPage(),
    },
    {
      path: 'subscriptions',
      title: 'Subscriptions',
      group: 'Billing',
      summary: "Subscriptions page: subscriptions by status, and the account's dunning (retry days, final action)",
      script: 'subscriptions.js',
      body: async () => (await (await import('./billing/index.ts')).billingParts.pages()).subscriptionsPage(),
    },
    {
      path: 'subscriptions/:id{sub_[0-9a-z]+}',
      partOf: 'subscriptions',
      title: 'Subscription',
      group: 'Billing',
      summary: 'Subscription page: its status, period, trial, invoices, cancel (now or at period end) and change of price',
      script: 'subscription.js',
      body: async () => (await (await import('./billing/index.ts')).billingParts.pages()).subscriptionPage(),
    },
  ],
  panelOverview: [{ title: 'Payments', script: 'payments-overview.js' }],
  panelAssets: `${import.meta.dirname}/panel-assets`,
  banner: (config) => [['Checkout', `${config.publicBaseUrl}/checkout/<payment_intent_id>`]],
});
