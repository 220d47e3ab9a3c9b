import { z } from 'zod';
import type { Config } from '../core/config.ts';
import type { Prisma } from '../core/db.ts';
import { timestamp } from '../core/http.ts';
import type { CardSession, Customer, Dispute, Invoice, KycReview, PaymentIntent, PaymentMethod, Refund } from '../generated/prisma/client.ts';
import { CaptureMethod, DisputeStatus, InvoiceStatus, PaymentIntentStatus, RefundStatus } from '../generated/prisma/enums.ts';
import { currencyCodes, formatAmount, toMajorUnits } from './money.ts';

// The JSON shapes REST answers and events carry. One shape per object, used everywhere: each is a
// zod schema (OpenAPI documents it, the test suite checks every answer against it) and the
// serializer's return type, so the two cannot drift.

type Urls = Pick<Config, 'publicBaseUrl'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function checkoutUrl(config: Urls, intentId: string) {
  return `${config.publicBaseUrl}/checkout/${intentId}`;
}

export function hostedInvoiceUrl(config: Urls, invoiceId: string) {
  return `${config.publicBaseUrl}/invoices/${invoiceId}`;
}

/** Metadata is validated on write (`metadataSchema`): string keys and values. */
const metadata = z.record(z.string(), z.string()).meta({ examples: [{ order_id: '1042' }] });
const money = {
  amount: z.number().describe('In major units of the currency (12.5 = 12.50).').meta({ examples: [12.5] }),
  amount_minor: z.number().int().describe('In minor units (cents; yen for zero-decimal currencies).').meta({ examples: [1250] }),
  amount_display: z.string().meta({ examples: ['$12.50'] }),
  currency: z.enum(currencyCodes),
};

export const paymentIntentSchema = z.object({
  id: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('payment_intent'),
  status: z.enum(PaymentIntentStatus),
  ...money,
  title: z.string().meta({ examples: ['Order #1042'] }),
  customer_name: z.string().meta({ examples: ['Ada Lovelace'] }),
  customer_email: z.string().meta({ examples: ['ada@example.com'] }),
  checkout_url: z.string().describe('The hosted checkout page to send the customer to.').meta({ examples: ['https://pay.example.com/checkout/pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  return_url: z.string().nullable(),
  payment_method_code: z.string().nullable().describe('The rail paid with: visa, mastercard, google_pay, apple_pay.'),
  last_payment_error: z.record(z.string(), z.unknown()).nullable().describe('The last decline: code, decline_code, message.'),
  cancellation_reason: z.string().nullable(),
  invoice: z.string().nullable().describe('The invoice this intent pays, if any.'),
  amount_refunded: z.number().describe('Refunded or being refunded (pending and succeeded refunds), in major units.').meta({ examples: [5] }),
  amount_refunded_minor: z.number().int().describe('The same in minor units.').meta({ examples: [500] }),
  refunded: z.boolean().describe('The whole amount is refunded or being refunded.'),
  latest_card_session: z.string().nullable(),
  capture_method: z.enum(CaptureMethod).describe('automatic, or manual: an approved payment waits in requires_capture for a capture.'),
  amount_capturable: z.number().describe('Authorized and not yet captured (requires_capture), in major units; 0 otherwise.').meta({ examples: [40] }),
  amount_capturable_minor: z.number().int().describe('The same in minor units.').meta({ examples: [4000] }),
  amount_received: z.number().describe('Taken from the customer (the captured part of an authorization), in major units; what refunds can give back.').meta({ examples: [30] }),
  amount_received_minor: z.number().int().describe('The same in minor units.').meta({ examples: [3000] }),
  amount_disputed: z.number().describe('Under open or lost disputes, in major units (a won dispute gives its amount back); it cannot also be refunded.').meta({ examples: [0] }),
  amount_disputed_minor: z.number().int().describe('The same in minor units.').meta({ examples: [0] }),
  capture_before: timestamp.nullable().describe('An authorization not captured by then is canceled (cancellation_reason expired).'),
  customer: z.string().nullable().describe('The customer (`cus_…`) it is for, if any.'),
  setup_future_usage: z.enum(['off_session']).nullable().describe('off_session: its success saves the method paid with on the customer.'),
  payment_method: z.string().nullable().describe('The saved payment method (`pm_…`) it was charged with, or that its success saved.'),
  metadata,
  succeeded_at: timestamp.nullable(),
  canceled_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function paymentIntentJson(config: Urls, intent: PaymentIntent): z.infer<typeof paymentIntentSchema> {
  return {
    id: intent.id,
    object: 'payment_intent' as const,
    status: intent.status,
    amount: toMajorUnits(intent.amount, intent.currency),
    amount_minor: intent.amount,
    amount_display: formatAmount(intent.amount, intent.currency),
    currency: intent.currency as z.infer<typeof money.currency>,
    title: intent.title,
    customer_name: intent.customerName,
    customer_email: intent.customerEmail,
    checkout_url: checkoutUrl(config, intent.id),
    return_url: intent.returnUrl,
    payment_method_code: intent.paymentMethodCode,
    last_payment_error: (intent.lastPaymentError as Record<string, unknown> | null) ?? null,
    cancellation_reason: intent.cancellationReason,
    invoice: intent.invoiceId,
    amount_refunded: toMajorUnits(intent.amountRefunded, intent.currency),
    amount_refunded_minor: intent.amountRefunded,
    refunded: intent.amountRefunded > 0 && intent.amountRefunded >= intent.amountReceived,
    latest_card_session: intent.latestCardSessionId,
    capture_method: intent.captureMethod,
    amount_capturable: toMajorUnits(intent.amountCapturable, intent.currency),
    amount_capturable_minor: intent.amountCapturable,
    amount_received: toMajorUnits(intent.amountReceived, intent.currency),
    amount_received_minor: intent.amountReceived,
    amount_disputed: toMajorUnits(intent.amountDisputed, intent.currency),
    amount_disputed_minor: intent.amountDisputed,
    capture_before: iso(intent.captureBefore),
    customer: intent.customerId,
    setup_future_usage: intent.setupFutureUsage as 'off_session' | null,
    payment_method: intent.paymentMethodId,
    metadata: intent.metadata as Record<string, string>,
    succeeded_at: iso(intent.succeededAt),
    canceled_at: iso(intent.canceledAt),
    created_at: intent.createdAt.toISOString(),
    updated_at: intent.updatedAt.toISOString(),
  };
}

export const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export const refundSchema = z.object({
  id: z.string().meta({ examples: ['re_01jdx3q8w2m4k6c9z1r3t5v7yb'] }),
  object: z.literal('refund'),
  payment_intent: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  status: z.enum(RefundStatus).describe('pending, then succeeded or failed (the payment-refund worker settles it).'),
  ...money,
  reason: z.enum(refundReasons).nullable(),
  failure_reason: z.string().nullable().describe('Why a failed refund failed, e.g. expired_or_canceled_card.'),
  metadata,
  succeeded_at: timestamp.nullable(),
  failed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function refundJson(refund: Refund): z.infer<typeof refundSchema> {
  return {
    id: refund.id,
    object: 'refund' as const,
    payment_intent: refund.paymentIntentId,
    status: refund.status,
    amount: toMajorUnits(refund.amount, refund.currency),
    amount_minor: refund.amount,
    amount_display: formatAmount(refund.amount, refund.currency),
    currency: refund.currency as z.infer<typeof money.currency>,
    reason: refund.reason as (typeof refundReasons)[number] | null,
    failure_reason: refund.failureReason,
    metadata: refund.metadata as Record<string, string>,
    succeeded_at: iso(refund.succeededAt),
    failed_at: iso(refund.failedAt),
    created_at: refund.createdAt.toISOString(),
    updated_at: refund.updatedAt.toISOString(),
  };
}

export const disputeSchema = z.object({
  id: z.string().meta({ examples: ['dp_01jdx3r5k7m9p2c4w6z8t0v1yb'] }),
  object: z.literal('dispute'),
  payment_intent: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  status: z.enum(DisputeStatus).describe('needs_response, then under_review once evidence is submitted; won or lost when closed.'),
  ...money,
  reason: z.string().describe("Stripe's dispute reason: fraudulent, product_not_received, duplicate, unrecognized.").meta({ examples: ['fraudulent'] }),
  evidence: z.record(z.string(), z.string()).describe('The evidence saved or submitted so far, by field.').meta({ examples: [{ uncategorized_text: 'winning_evidence' }] }),
  evidence_due_by: timestamp.describe('Respond by then (the account\'s time: its test clock, if any), or the dispute is lost.'),
  evidence_submitted_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function disputeJson(dispute: Dispute): z.infer<typeof disputeSchema> {
  return {
    id: dispute.id,
    object: 'dispute' as const,
    payment_intent: dispute.paymentIntentId,
    status: dispute.status,
    amount: toMajorUnits(dispute.amount, dispute.currency),
    amount_minor: dispute.amount,
    amount_display: formatAmount(dispute.amount, dispute.currency),
    currency: dispute.currency as z.infer<typeof money.currency>,
    reason: dispute.reason,
    evidence: dispute.evidence as Record<string, string>,
    evidence_due_by: dispute.evidenceDueBy.toISOString(),
    evidence_submitted_at: iso(dispute.evidenceSubmittedAt),
    closed_at: iso(dispute.closedAt),
    created_at: dispute.createdAt.toISOString(),
    updated_at: dispute.updatedAt.toISOString(),
  };
}

/** `INV-000042`: six digits at least, more once an account passes 999,999 invoices. */
export function invoiceNo(number: number) {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** `YYYY-MM-DD` of a DATE column (Prisma reads it as midnight UTC). */
export function dateOnly(date: Date) {
  return date.toISOString().slice(0, 10);
}

/**
 * Open and past its due date (the whole due date counts, in UTC), or marked so by the overdue job
 * (which runs on the account's time: under a test clock, once an advance passes the due date).
 */
export function isOverdue(invoice: Pick<Invoice, 'status' | 'dueDate' | 'overdueAt'>, now = new Date()) {
  return invoice.status === 'open' && (invoice.overdueAt !== null || dateOnly(now) > dateOnly(invoice.dueDate));
}

/** What the pay button reads before it opens checkout (`GET /checkout/{pi}/state`, keyless). */
export const checkoutStateSchema = z.object({
  id: paymentIntentSchema.shape.id,
  status: paymentIntentSchema.shape.status,
  payable: z.boolean().describe('Whether the customer can still pay (no success, cancel or review under way).'),
  title: paymentIntentSchema.shape.title,
  amount_display: money.amount_display,
  currency: money.currency,
  checkout_url: paymentIntentSchema.shape.checkout_url,
});

export const invoiceSchema = z.object({
  id: z.string().meta({ examples: ['inv_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  public_id: z.string().describe('The same as id (the id in the hosted page URL).').meta({ examples: ['inv_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  object: z.literal('invoice'),
  invoice_no: z.string().meta({ examples: ['INV-000042'] }),
  status: z.enum(InvoiceStatus),
  overdue: z.boolean().describe('Open and past its due date.'),
  title: z.string().meta({ examples: ['November hosting'] }),
  ...money,
  due_date: z.iso.date(),
  customer_name: z.string().nullable().meta({ examples: ['Ada Lovelace'] }),
  customer_email: z.string().nullable().meta({ examples: ['ada@example.com'] }),
  metadata,
  hosted_url: z.string().meta({ examples: ['https://pay.example.com/invoices/inv_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  payment_intent: z.string().nullable().describe('The payment intent that paid it (`pi_…`); null until paid.').meta({ examples: ['pi_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  paid_at: timestamp.nullable(),
  voided_at: timestamp.nullable(),
  overdue_at: timestamp.nullable(),
  subscription: z.string().nullable().describe('The subscription (`sub_…`) whose period it bills; null for a one-off invoice.'),
  period_start: timestamp.nullable().describe("The subscription period it bills (the account's time)."),
  period_end: timestamp.nullable(),
  lines: z
    .array(
      z.object({
        description: z.string(),
        amount_minor: z.number().int().describe('May be negative: a proration credit.'),
        quantity: z.number().int(),
        price: z.string().nullable(),
        period_start: timestamp,
        period_end: timestamp,
        proration: z.boolean(),
      }),
    )
    .describe("What it bills, line by line (a subscription's invoice); empty for a one-off invoice."),
  marked_uncollectible_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function invoiceJson(config: Urls, invoice: Invoice): z.infer<typeof invoiceSchema> {
  return {
    id: invoice.id,
    public_id: invoice.id,
    object: 'invoice' as const,
    invoice_no: invoiceNo(invoice.number),
    status: invoice.status,
    overdue: isOverdue(invoice),
    title: invoice.title,
    amount: toMajorUnits(invoice.amount, invoice.currency),
    amount_minor: invoice.amount,
    amount_display: formatAmount(invoice.amount, invoice.currency),
    currency: invoice.currency as z.infer<typeof money.currency>,
    due_date: dateOnly(invoice.dueDate),
    customer_name: invoice.customerName,
    customer_email: invoice.customerEmail,
    metadata: invoice.metadata as Record<string, string>,
    hosted_url: hostedInvoiceUrl(config, invoice.id),
    payment_intent: invoice.paymentIntentId,
    paid_at: iso(invoice.paidAt),
    voided_at: iso(invoice.voidedAt),
    overdue_at: iso(invoice.overdueAt),
    subscription: invoice.subscriptionId,
    period_start: iso(invoice.periodStart),
    period_end: iso(invoice.periodEnd),
    lines: invoice.lines as z.infer<typeof invoiceSchema>['lines'],
    marked_uncollectible_at: iso(invoice.markedUncollectibleAt),
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}


// The card-session "expired" rule, both ways: how a row reads, and which rows read as a status.

export const cardSessionStatuses = ['open', 'challenge', 'completed', 'expired'] as const;
export type CardSessionStatus = (typeof cardSessionStatuses)[number];

/** A session not completed within its 30 minutes reads as `expired`; before that, as its row says. */
export function cardSessionStatus(session: Pick<CardSession, 'status' | 'expiresAt'>, now = new Date()): CardSessionStatus {
  return session.status !== 'completed' && session.expiresAt <= now ? 'expired' : session.status;
}

/** The rows that `cardSessionStatus` reads as `status` at `now`. */
export function cardSessionStatusWhere(status: CardSessionStatus, now: Date): Prisma.CardSessionWhereInput {
  if (status === 'expired') return { status: { in: ['open', 'challenge'] }, expiresAt: { lte: now } };
  if (status === 'completed') return { status: 'completed' };
  return { status, expiresAt: { gt: now } };
}

export function kycReviewJson(review: KycReview) {
  return {
    id: review.id,
    object: 'kyc_review' as const,
    status: review.status,
    legal_name: review.legalName,
    country: review.country,
    registration_number: review.registrationNumber,
    contact_name: review.contactName,
    contact_email: review.contactEmail,
    contact_phone: review.contactPhone,
    reason: review.reason,
    reviewed_by: review.reviewedBy,
    reviewed_at: iso(review.reviewedAt),
    submitted_at: review.createdAt.toISOString(),
  };
}

export const customerSchema = z.object({
  id: z.string().meta({ examples: ['cus_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('customer'),
  email: z.string().nullable().meta({ examples: ['ada@example.com'] }),
  name: z.string().nullable().meta({ examples: ['Ada Lovelace'] }),
  description: z.string().nullable(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});

export function customerJson(customer: Customer): z.infer<typeof customerSchema> {
  return {
    id: customer.id,
    object: 'customer' as const,
    email: customer.email,
    name: customer.name,
    description: customer.description,
    metadata: customer.metadata as Record<string, string>,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}

/** A saved method as answered: never its sandbox token (the stand-in for the card). */
export const paymentMethodSchema = z.object({
  id: z.string().meta({ examples: ['pm_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('payment_method'),
  customer: z.string().nullable().describe('The customer it is saved on; null once detached.'),
  payment_method_code: z.string().describe('The rail: visa, mastercard, google_pay, apple_pay.').meta({ examples: ['visa'] }),
  card: z.object({
    brand: z.string().describe('The card network (inside the wallet, for a wallet).').meta({ examples: ['visa'] }),
    last4: z.string().meta({ examples: ['4242'] }),
  }),
  payment_intent: z.string().nullable().describe('The payment intent whose success saved it.'),
  detached_at: timestamp.nullable(),
  created_at: timestamp,
});

export function paymentMethodJson(method: PaymentMethod): z.infer<typeof paymentMethodSchema> {
  return {
    id: method.id,
    object: 'payment_method' as const,
    customer: method.customerId,
    payment_method_code: method.paymentMethodCode,
    card: { brand: method.brand, last4: method.last4 },
    payment_intent: method.paymentIntentId,
    detached_at: iso(method.detachedAt),
    created_at: method.createdAt.toISOString(),
  };
}
