import type { DbClient } from '../core/db.ts';
import { lockRow } from '../core/locks.ts';
import { YarrowError, notFound } from '../core/errors.ts';
import { refusal } from '../core/lifecycle.ts';
import { liveEvent, publish, publishAll } from '../core/pubsub.ts';
import { sendJob } from '../core/queue.ts';
import { accountNow, sendJobAt } from '../accounts/index.ts';
import type { Runtime } from '../core/runtime.ts';
import type { EventType } from '../core/module.ts';
import { recordEvent, recordEvents, type EventInput } from '../webhooks/index.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type {
  Invoice,
  InvoiceStatus,
  KycReview,
  KycReviewStatus,
  PaymentIntent,
  PaymentIntentStatus,
  Refund,
  RefundStatus,
} from '../generated/prisma/client.ts';
import { invoiceJson, invoiceNo, kycReviewJson, paymentIntentJson, refundJson } from './json.ts';
import type { Decline } from './tokens.ts';
import { methodPaidWith } from './payment-methods.ts';

// Every status change of a payment intent, a refund, an invoice and a KYC review happens here, and
// only here: each one locks its row, checks the move is allowed (else 409 invalid_state), writes the
// row, records its event and publishes the live update, all in the caller's transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;

interface Transition<S extends string> {
  from: readonly S[];
  to: S;
  event: EventType;
  /** How the refusal reads: "cannot <verb>". */
  verb: string;
}

export const intentTransitions = {
  require_action: { from: ['requires_payment_method'], to: 'requires_action', event: 'payment_intent.requires_action', verb: 'start a 3-D Secure challenge' },
  succeed: { from: ['requires_payment_method', 'requires_action'], to: 'succeeded', event: 'payment_intent.succeeded', verb: 'succeed' },
  fail: { from: ['requires_payment_method', 'requires_action'], to: 'requires_payment_method', event: 'payment_intent.payment_failed', verb: 'take a payment attempt' },
  start_review: { from: ['requires_payment_method'], to: 'processing', event: 'payment_intent.processing', verb: 'go to review' },
  approve_review: { from: ['processing'], to: 'succeeded', event: 'payment_intent.succeeded', verb: 'be approved in review' },
  reject_review: { from: ['processing'], to: 'requires_payment_method', event: 'payment_intent.payment_failed', verb: 'be rejected in review' },
  cancel: { from: ['requires_payment_method', 'requires_action', 'processing', 'requires_capture'], to: 'canceled', event: 'payment_intent.canceled', verb: 'be canceled' },
  // Manual capture (src/payments/capture.ts). An approved payment of a manual-capture intent is
  // authorized, not taken: `succeed` and `approve_review` become `authorize` for it (in
  // `transitionIntent`), so every way a payment gets approved holds the money the same way.
  authorize: { from: ['requires_payment_method', 'requires_action', 'processing'], to: 'requires_capture', event: 'payment_intent.amount_capturable_updated', verb: 'be authorized' },
  capture: { from: ['requires_capture'], to: 'succeeded', event: 'payment_intent.succeeded', verb: 'be captured (only a requires_capture payment intent can)' },
  // An authorization holds the customer's money for 7 days at most, as a card network's does: then it lapses by itself.
  expire_authorization: { from: ['requires_capture'], to: 'canceled', event: 'payment_intent.canceled', verb: 'expire' },
} as const satisfies Record<string, Transition<PaymentIntentStatus>>;

export type IntentAction = keyof typeof intentTransitions;

export const intentStatuses: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

/** How long an authorization can be captured, on the account's time (Stripe's 7 days for online card payments). */
const AUTHORIZATION_VALID_MS = 7 * 86_400_000;

/** What a transition may change besides the status. */
export interface IntentChanges {
  paymentMethodCode?: string;
  latestCardSessionId?: string;
  decline?: Decline & { paymentMethodCode?: string | null; cardSessionId?: string | null };
  cancellationReason?: string | null;
  /** `capture`: the minor units taken (the caller checked it is at most `amount_capturable`). */
  amountToCapture?: number;
}


async function lockIntent(tx: DbClient, accountId: number, id: string): Promise<PaymentIntent> {
  await lockRow(tx, 'payment_intents', id, { accountId });
  const intent = await tx.paymentIntent.findFirst({ where: { id, accountId } });
  if (!intent) throw notFound('payment intent', 'id');
  return intent;
}

async function lockInvoice(tx: DbClient, accountId: number, id: string): Promise<Invoice> {
  await lockRow(tx, 'invoices', id, { accountId });
  const invoice = await tx.invoice.findFirst({ where: { id, accountId } });
  if (!invoice) throw notFound('invoice', 'id');
  return invoice;
}

/**
 * Locks a payment intent (and first its invoice, if it pays one) for the rest of the transaction.
 * Always invoice, then intent: the order every invoice operation uses, so the two never deadlock.
 */
export async function lockPaymentIntent(tx: DbClient, accountId: number, intentId: string) {
  const peek = await tx.paymentIntent.findFirst({ where: { id: intentId, accountId }, select: { invoiceId: true } });
  if (!peek) throw notFound('payment intent', 'id');
  const invoice = peek.invoiceId ? await lockInvoice(tx, accountId, peek.invoiceId) : null;
  const intent = await lockIntent(tx, accountId, intentId);
  return { intent, invoice };
}

/** Records `payment_intent.created` for intents the caller just inserted in `tx`: one statement for their events, one for their live activity. */
export async function intentsCreated(rt: Rt, tx: DbClient, intents: PaymentIntent[]) {
  const type = 'payment_intent.created';
  await recordEvents(rt, tx, intents.map((intent) => intentEvent(rt, intent, type)));
  await publishAll(tx, intents.map((intent) => intentActivity(intent, type)));
}

/** Moves a payment intent by `action` (see `intentTransitions`). */
export async function transitionIntent(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  intentId: string,
  action: IntentAction,
  changes: IntentChanges = {},
): Promise<PaymentIntent> {
  const { intent, invoice } = await lockPaymentIntent(tx, accountId, intentId);
  const approval = action === 'succeed' || action === 'approve_review';
  const transition: Transition<PaymentIntentStatus> = intentTransitions[approval && intent.captureMethod === 'manual' ? 'authorize' : action];
  if (!transition.from.includes(intent.status)) throw refusal('payment intent', intent.status, transition.verb);

  const now = new Date();
  const data: Prisma.PaymentIntentUpdateInput = { status: transition.to, updatedAt: now };
  if (changes.paymentMethodCode) data.paymentMethodCode = changes.paymentMethodCode;
  if (changes.latestCardSessionId) data.latestCardSessionId = changes.latestCardSessionId;
  if (transition.event === 'payment_intent.payment_failed') {
    const decline = changes.decline;
    if (!decline) throw new Error(`${action} needs a decline`);
    data.lastPaymentError = {
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method_code: decline.paymentMethodCode ?? intent.paymentMethodCode,
      card_session: decline.cardSessionId ?? intent.latestCardSessionId,
    };
  } else if (transition.to !== 'canceled') {
    // As at Stripe: the previous attempt's error clears once the intent moves on.
    data.lastPaymentError = Prisma.DbNull;
  }
  if (transition.to === 'succeeded') {
    data.succeededAt = now;
    // What refunds may give back: all of an automatic payment, the captured part of an authorization.
    data.amountReceived = transition === intentTransitions.capture ? (changes.amountToCapture ?? intent.amountCapturable) : intent.amount;
    data.amountCapturable = 0;
  }
  let authorizationEnds: Date | null = null;
  if (transition.to === 'requires_capture') {
    // The 7 days run on the account's time, so a test clock advanced 8 days expires the authorization.
    authorizationEnds = new Date((await accountNow(tx, accountId)).getTime() + AUTHORIZATION_VALID_MS);
    data.amountCapturable = intent.amount;
    data.captureBefore = authorizationEnds;
  }
  if (transition.to === 'canceled') {
    data.canceledAt = now;
    data.cancellationReason = changes.cancellationReason ?? null;
    // Canceling (or the authorization lapsing) releases whatever was held.
    data.amountCapturable = 0;
  }
  let updated = await tx.paymentIntent.update({ where: { id: intent.id }, data });
  // A customer's payment keeps the saved method it was paid with, saving it if asked (payment-methods.ts).
  if (transition.to === 'succeeded') updated = await methodPaidWith(rt, tx, updated);
  await recordIntentEvent(rt, tx, updated, transition.event);

  if (transition.to === 'processing') {
    // The review delay runs on the account's time (its test clock, if it has one).
    await sendJobAt(
      rt,
      tx,
      updated.accountId,
      'payment_review',
      { paymentIntentId: updated.id, cardSessionId: updated.latestCardSessionId ?? '' },
      { afterSeconds: rt.config.PAYMENT_REVIEW_DELAY_SECONDS },
    );
  }
  if (authorizationEnds) {
    await sendJobAt(rt, tx, updated.accountId, 'payment_authorization_expiry', { paymentIntentId: updated.id }, { at: authorizationEnds });
  }
  if (transition.to === 'succeeded' && invoice) {
    await transitionInvoiceLocked(rt, tx, invoice, 'pay', now, updated);
    // A subscription's invoice paid (at the checkout, on its hosted page): Billing's job moves the
    // subscription on, committed with the payment (a job, so this file needs nothing of Billing).
    if (invoice.subscriptionId) await sendJob(rt.boss, 'subscription_invoice_paid', { invoiceId: invoice.id }, { tx });
  }
  return updated;
}

function intentEvent(rt: Rt, intent: PaymentIntent, type: EventType): EventInput {
  return {
    accountId: intent.accountId,
    type,
    objectType: 'payment_intent',
    objectPublicId: intent.id,
    data: { payment_intent: paymentIntentJson(rt.config, intent) },
  };
}

function intentActivity(intent: PaymentIntent, type: EventType) {
  return liveEvent('paymentActivity', intent.accountId, { objectType: 'payment_intent', id: intent.id, status: intent.status, event: type });
}

async function recordIntentEvent(rt: Rt, tx: DbClient, intent: PaymentIntent, type: EventType) {
  await recordEvent(rt, tx, intentEvent(rt, intent, type));
  await publishAll(tx, [intentActivity(intent, type)]);
  // A live update is a change to something a subscriber already saw; creation is not one.
  if (type === 'payment_intent.created') return;
  await publishIntentUpdate(tx, intent);
}

async function publishIntentUpdate(tx: DbClient, intent: PaymentIntent) {
  await publish(tx, 'paymentIntentUpdated', intent.id, {
    id: intent.id,
    status: intent.status,
    paymentMethodCode: intent.paymentMethodCode,
    lastPaymentError: (intent.lastPaymentError as Record<string, unknown> | null) ?? null,
    cancellationReason: intent.cancellationReason,
    latestCardSessionId: intent.latestCardSessionId,
    succeededAt: intent.succeededAt?.toISOString() ?? null,
    canceledAt: intent.canceledAt?.toISOString() ?? null,
    amountRefunded: intent.amountRefunded,
    amountCapturable: intent.amountCapturable,
    amountReceived: intent.amountReceived,
    amountDisputed: intent.amountDisputed,
    captureBefore: intent.captureBefore?.toISOString() ?? null,
    updatedAt: intent.updatedAt.toISOString(),
  });
}

/**
 * A dispute of the intent opened (`delta` its amount) or was won (minus its amount): the intent's
 * `amount_disputed` follows, and its subscribers see it. An increment in one statement, which takes
 * the row lock: a dispute opens under the intent's lock already (a payment or a capture), and a win
 * only lowers it, so a refund deciding under the lock never sees less disputed than there is.
 */
export async function intentDisputeChanged(tx: DbClient, intentId: string, delta: number): Promise<PaymentIntent> {
  const intent = await tx.paymentIntent.update({ where: { id: intentId }, data: { amountDisputed: { increment: delta }, updatedAt: new Date() } });
  await publishIntentUpdate(tx, intent);
  return intent;
}

// --- refunds ---

export const refundTransitions = {
  succeed: { from: ['pending'], to: 'succeeded', event: 'refund.succeeded', verb: 'succeed' },
  fail: { from: ['pending'], to: 'failed', event: 'refund.failed', verb: 'fail' },
} as const satisfies Record<string, Transition<RefundStatus>>;

export type RefundAction = keyof typeof refundTransitions;

/**
 * A refund the caller just inserted in `tx` for `intent` (locked with `lockPaymentIntent`, the
 * amount checked against what is left): the intent counts it in `amount_refunded` at once (as a
 * Stripe charge does while the refund is pending), `refund.created` is recorded and the
 * payment-refund job that settles it commits with it.
 */
export async function refundCreated(rt: Rt, tx: DbClient, intent: PaymentIntent, refund: Refund): Promise<PaymentIntent> {
  if (intent.status !== 'succeeded') throw refusal('payment intent', intent.status, 'be refunded');
  const updated = await tx.paymentIntent.update({
    where: { id: intent.id },
    data: { amountRefunded: { increment: refund.amount }, updatedAt: new Date() },
  });
  await recordRefundEvent(rt, tx, refund, updated, 'refund.created');
  await sendJob(rt.boss, 'payment_refund', { refundId: refund.id }, { tx });
  return updated;
}

/** Settles a pending refund (see `refundTransitions`); a failed one gives its amount back to the intent. */
export async function transitionRefund(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  refundId: string,
  action: RefundAction,
  changes: { failureReason?: string } = {},
): Promise<Refund> {
  const peek = await tx.refund.findFirst({ where: { id: refundId, accountId }, select: { paymentIntentId: true } });
  if (!peek) throw notFound('refund', 'id');
  // Intent first, then refund: the order refund creation takes them in, so the two never deadlock.
  const { intent } = await lockPaymentIntent(tx, accountId, peek.paymentIntentId);
  await lockRow(tx, 'refunds', refundId, { accountId });
  const refund = await tx.refund.findFirstOrThrow({ where: { id: refundId, accountId } });
  const transition: Transition<RefundStatus> = refundTransitions[action];
  if (!transition.from.includes(refund.status)) throw refusal('refund', refund.status, transition.verb);
  const now = new Date();
  const updated = await tx.refund.update({
    where: { id: refund.id },
    data: {
      status: transition.to,
      updatedAt: now,
      ...(transition.to === 'succeeded' ? { succeededAt: now } : { failedAt: now, failureReason: changes.failureReason ?? 'unknown' }),
    },
  });
  const intentAfter =
    transition.to === 'failed'
      ? await tx.paymentIntent.update({ where: { id: intent.id }, data: { amountRefunded: { decrement: refund.amount }, updatedAt: now } })
      : intent;
  await recordRefundEvent(rt, tx, updated, intentAfter, transition.event);
  return updated;
}

/** A refund event carries the refund and its payment intent after the change (its `amount_refunded`). */
async function recordRefundEvent(rt: Rt, tx: DbClient, refund: Refund, intent: PaymentIntent, type: EventType) {
  await recordEvent(rt, tx, {
    accountId: refund.accountId,
    type,
    objectType: 'refund',
    objectPublicId: refund.id,
    data: { refund: refundJson(refund), payment_intent: paymentIntentJson(rt.config, intent) },
  });
  await publishIntentUpdate(tx, intent);
}

// --- invoices ---

export const invoiceTransitions = {
  pay: { from: ['open'], to: 'paid', event: 'invoice.paid', verb: 'be paid' },
  void: { from: ['open'], to: 'void', event: 'invoice.voided', verb: 'be voided' },
  // A subscription's invoice still unpaid after the last dunning retry (src/payments/billing/).
  mark_uncollectible: { from: ['open'], to: 'uncollectible', event: 'invoice.marked_uncollectible', verb: 'be marked uncollectible' },
} as const satisfies Record<string, Transition<InvoiceStatus>>;

export type InvoiceAction = keyof typeof invoiceTransitions;

/** Records `invoice.created` for an invoice the caller just inserted in `tx`. */
export async function invoiceCreated(rt: Rt, tx: DbClient, invoice: Invoice) {
  await recordInvoiceEvent(rt, tx, invoice, 'invoice.created');
}

/**
 * Voids an open invoice. Its unfinished payment intent is canceled in the same transaction
 * (reason `void_invoice`); a payment under review blocks the void, since money may be moving.
 */
export async function voidInvoice(rt: Rt, tx: DbClient, accountId: number, invoiceId: string): Promise<Invoice> {
  const invoice = await lockInvoice(tx, accountId, invoiceId);
  const transition: Transition<InvoiceStatus> = invoiceTransitions.void;
  if (!transition.from.includes(invoice.status)) throw refusal('invoice', invoice.status, transition.verb);
  const unfinished = await tx.paymentIntent.findMany({
    where: { invoiceId, status: { in: ['requires_payment_method', 'requires_action', 'processing'] } },
  });
  if (unfinished.some((intent) => intent.status === 'processing')) {
    throw new YarrowError('invalid_state', 'A payment for this invoice is under review; resolve it before voiding.', {
      param: 'status',
    });
  }
  for (const intent of unfinished) {
    await transitionIntent(rt, tx, accountId, intent.id, 'cancel', { cancellationReason: 'void_invoice' });
  }
  return transitionInvoiceLocked(rt, tx, invoice, 'void');
}

/** `paidBy`: the intent whose success pays the invoice; the invoice keeps its id and its payer (as the payer gave them on the hosted page, unless the invoice named one). */
async function transitionInvoiceLocked(rt: Rt, tx: DbClient, invoice: Invoice, action: InvoiceAction, now = new Date(), paidBy?: PaymentIntent): Promise<Invoice> {
  const transition: Transition<InvoiceStatus> = invoiceTransitions[action];
  if (!transition.from.includes(invoice.status)) throw refusal('invoice', invoice.status, transition.verb);
  const payment = paidBy
    ? { paymentIntentId: paidBy.id, customerName: invoice.customerName ?? paidBy.customerName, customerEmail: invoice.customerEmail ?? paidBy.customerEmail }
    : {};
  const updated = await tx.invoice.update({
    where: { id: invoice.id },
    data: { status: transition.to, updatedAt: now, ...(action === 'pay' ? { paidAt: now, ...payment } : action === 'void' ? { voidedAt: now } : { markedUncollectibleAt: now }) },
  });
  await recordInvoiceEvent(rt, tx, updated, transition.event);
  return updated;
}

/** Marks a subscription's open invoice uncollectible (dunning gave up on it). */
export async function markInvoiceUncollectible(rt: Rt, tx: DbClient, accountId: number, invoiceId: string): Promise<Invoice> {
  return transitionInvoiceLocked(rt, tx, await lockInvoice(tx, accountId, invoiceId), 'mark_uncollectible');
}

/**
 * Marks an open invoice overdue once its due date has passed: sets `overdue_at` and records
 * `invoice.overdue`, once. Paid, void or already-marked invoices are left alone (returns null).
 */
export async function markInvoiceOverdue(rt: Rt, tx: DbClient, invoiceId: string): Promise<Invoice | null> {
  const found = await tx.invoice.findUnique({ where: { id: invoiceId }, select: { accountId: true } });
  if (!found) return null;
  const invoice = await lockInvoice(tx, found.accountId, invoiceId);
  if (invoice.status !== 'open' || invoice.overdueAt) return null;
  const updated = await tx.invoice.update({ where: { id: invoice.id }, data: { overdueAt: await accountNow(tx, invoice.accountId), updatedAt: new Date() } });
  await recordInvoiceEvent(rt, tx, updated, 'invoice.overdue');
  return updated;
}

/** `2026-11-22 09:30:05` (UTC), the timestamp format of invoice.paid's `paid_at`. */
export function sqlTimestamp(date: Date) {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

async function recordInvoiceEvent(rt: Rt, tx: DbClient, invoice: Invoice, type: EventType) {
  const data =
    type === 'invoice.paid'
      ? {
          invoice: { public_id: invoice.id, invoice_no: invoiceNo(invoice.number), status: invoice.status },
          paid_at: sqlTimestamp(invoice.paidAt!),
        }
      : { invoice: invoiceJson(rt.config, invoice) };
  await recordEvent(rt, tx, { accountId: invoice.accountId, type, objectType: 'invoice', objectPublicId: invoice.id, data });
  await publish(tx, 'paymentActivity', invoice.accountId, { objectType: 'invoice', id: invoice.id, status: invoice.status, event: type });
  if (type === 'invoice.created') return;
  await publish(tx, 'invoiceUpdated', invoice.id, {
    id: invoice.id,
    status: invoice.status,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    overdueAt: invoice.overdueAt?.toISOString() ?? null,
    updatedAt: invoice.updatedAt.toISOString(),
  });
}

// --- KYC reviews ---

export const kycTransitions = {
  approve: { from: ['pending_review'], to: 'approved', event: 'kyc.review.approved', verb: 'be approved' },
  reject: { from: ['pending_review'], to: 'rejected', event: 'kyc.review.rejected', verb: 'be rejected' },
} as const satisfies Record<string, Transition<KycReviewStatus>>;

export type KycAction = keyof typeof kycTransitions;

/** Records `kyc.review.submitted` and schedules the sandbox reviewer for a review just inserted. */
export async function kycSubmitted(rt: Rt, tx: DbClient, review: KycReview) {
  await recordKycEvent(rt, tx, review, 'kyc.review.submitted');
  await sendJobAt(rt, tx, review.accountId, 'kyc_review', { kycReviewId: review.id }, { afterSeconds: rt.config.KYC_REVIEW_DELAY_SECONDS });
}

export async function transitionKyc(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  reviewId: string,
  action: KycAction,
  decision: { reason?: string | null; reviewedBy: 'sandbox_reviewer' | 'api' },
): Promise<KycReview> {
  await lockRow(tx, 'kyc_reviews', reviewId, { accountId });
  const review = await tx.kycReview.findFirst({ where: { id: reviewId, accountId } });
  if (!review) throw notFound('KYC review', 'id');
  const transition: Transition<KycReviewStatus> = kycTransitions[action];
  if (!transition.from.includes(review.status)) throw refusal('KYC review', review.status, transition.verb);
  const updated = await tx.kycReview.update({
    where: { id: review.id },
    data: {
      status: transition.to,
      reason: decision.reason ?? null,
      reviewedBy: decision.reviewedBy,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    },
  });
  await recordKycEvent(rt, tx, updated, transition.event);
  return updated;
}

async function recordKycEvent(rt: Rt, tx: DbClient, review: KycReview, type: EventType) {
  await recordEvent(rt, tx, {
    accountId: review.accountId,
    type,
    objectType: 'kyc_review',
    objectPublicId: review.id,
    data: { kyc_review: kycReviewJson(review) },
  });
  await publish(tx, 'kycReviewUpdated', review.accountId, {
    id: review.id,
    status: review.status,
    reason: review.reason,
    reviewedBy: review.reviewedBy,
    reviewedAt: review.reviewedAt?.toISOString() ?? null,
  });
}
