import type { Config } from '../core/config.ts';
import type { Prisma } from '../core/db.ts';
import type { CardSession, Invoice, KycReview, PaymentIntent } from '../generated/prisma/client.ts';
import { formatAmount, toMajorUnits } from './money.ts';

// The JSON shapes REST answers and events carry. One shape per object, used everywhere.

type Urls = Pick<Config, 'publicBaseUrl'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function checkoutUrl(config: Urls, intentId: string) {
  return `${config.publicBaseUrl}/checkout/${intentId}`;
}

export function hostedInvoiceUrl(config: Urls, invoiceId: string) {
  return `${config.publicBaseUrl}/invoices/${invoiceId}`;
}

export function paymentIntentJson(config: Urls, intent: PaymentIntent) {
  return {
    id: intent.id,
    object: 'payment_intent' as const,
    status: intent.status,
    amount: toMajorUnits(intent.amount, intent.currency),
    amount_minor: intent.amount,
    amount_display: formatAmount(intent.amount, intent.currency),
    currency: intent.currency,
    title: intent.title,
    customer_name: intent.customerName,
    customer_email: intent.customerEmail,
    checkout_url: checkoutUrl(config, intent.id),
    return_url: intent.returnUrl,
    payment_method_code: intent.paymentMethodCode,
    last_payment_error: intent.lastPaymentError ?? null,
    cancellation_reason: intent.cancellationReason,
    invoice: intent.invoiceId,
    latest_card_session: intent.latestCardSessionId,
    metadata: intent.metadata,
    succeeded_at: iso(intent.succeededAt),
    canceled_at: iso(intent.canceledAt),
    created_at: intent.createdAt.toISOString(),
    updated_at: intent.updatedAt.toISOString(),
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

/** Open and past its due date (the whole due date counts, in UTC). */
export function isOverdue(invoice: Pick<Invoice, 'status' | 'dueDate'>, now = new Date()) {
  return invoice.status === 'open' && dateOnly(now) > dateOnly(invoice.dueDate);
}

export function invoiceJson(config: Urls, invoice: Invoice) {
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
    currency: invoice.currency,
    due_date: dateOnly(invoice.dueDate),
    customer_name: invoice.customerName,
    customer_email: invoice.customerEmail,
    metadata: invoice.metadata,
    hosted_url: hostedInvoiceUrl(config, invoice.id),
    paid_at: iso(invoice.paidAt),
    voided_at: iso(invoice.voidedAt),
    overdue_at: iso(invoice.overdueAt),
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
