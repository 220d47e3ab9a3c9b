import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { notFound } from '../../core/errors.ts';
import { defineLifecycle } from '../../core/lifecycle.ts';
import { liveEvent, publishAll } from '../../core/pubsub.ts';
import { accountNow, sendJobAt } from '../../accounts/index.ts';
import { sendJob } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent, recordEvents, type EventInput } from '../../webhooks/index.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { PaymentIntent, PaymentIntentStatus } from '../../generated/prisma/client.ts';
import { lockInvoice, transitionInvoiceLocked } from '../invoices/index.ts';
import { methodPaidWith } from '../customers/index.ts';
import { publishIntentUpdate } from '../intent-updates.ts';
import type { Decline } from '../tokens.ts';
import { paymentIntentJson } from './json.ts';

// Every status change of a payment intent happens here, and only here (refunds/, invoices/, kyc/ and
// disputes/ have their own lifecycles): each one locks its row, checks the move is allowed (else 409 invalid_state), writes the
// row, records its event and publishes the live update, all in the caller's transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;


export const intentStatuses: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

export const intentLifecycle = defineLifecycle('payment intent', intentStatuses, {
  // A 3-D Secure token: the customer must answer the challenge before the payment can be approved.
  require_action: { from: ['requires_payment_method'], to: 'requires_action', event: 'payment_intent.requires_action', verb: 'start a 3-D Secure challenge' },
  // A token approved the payment (at checkout, off-session, or the challenge passed).
  succeed: { from: ['requires_payment_method', 'requires_action'], to: 'succeeded', event: 'payment_intent.succeeded', verb: 'succeed' },
  // An attempt failed (a decline, a failed or abandoned challenge): the intent takes another attempt.
  fail: { from: ['requires_payment_method', 'requires_action'], to: 'requires_payment_method', event: 'payment_intent.payment_failed', verb: 'take a payment attempt' },
  // A review token: the payment waits for the sandbox reviewer (payment-review worker) or the merchant.
  start_review: { from: ['requires_payment_method'], to: 'processing', event: 'payment_intent.processing', verb: 'go to review' },
  // The review approved it.
  approve_review: { from: ['processing'], to: 'succeeded', event: 'payment_intent.succeeded', verb: 'be approved in review' },
  // The review rejected it: as a decline, the intent takes another attempt.
  reject_review: { from: ['processing'], to: 'requires_payment_method', event: 'payment_intent.payment_failed', verb: 'be rejected in review' },
  // The merchant (or an invoice's void) gives up on the payment before money is taken; an authorization is released.
  cancel: { from: ['requires_payment_method', 'requires_action', 'processing', 'requires_capture'], to: 'canceled', event: 'payment_intent.canceled', verb: 'be canceled' },
  // Manual capture (./capture.ts). An approved payment of a manual-capture intent is
  // authorized, not taken: `succeed` and `approve_review` become `authorize` for it (in
  // `transitionIntent`), so every way a payment gets approved holds the money the same way.
  authorize: { from: ['requires_payment_method', 'requires_action', 'processing'], to: 'requires_capture', event: 'payment_intent.amount_capturable_updated', verb: 'be authorized' },
  // The merchant takes all or part of an authorization (./capture.ts).
  capture: { from: ['requires_capture'], to: 'succeeded', event: 'payment_intent.succeeded', verb: 'be captured (only a requires_capture payment intent can)' },
  // An authorization holds the customer's money for 7 days at most, as a card network's does: then it lapses by itself.
  expire_authorization: { from: ['requires_capture'], to: 'canceled', event: 'payment_intent.canceled', verb: 'expire' },
});
export const intentTransitions = intentLifecycle.transitions;

export type IntentAction = keyof typeof intentTransitions;


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
  const move: IntentAction = approval && intent.captureMethod === 'manual' ? 'authorize' : action;
  const transition: { to: PaymentIntentStatus; event: EventType } = intentTransitions[move];
  intentLifecycle.assertMove(move, intent.status);

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
    data.amountReceived = move === 'capture' ? (changes.amountToCapture ?? intent.amountCapturable) : intent.amount;
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
  // A customer's payment keeps the saved method it was paid with, saving it if asked (customers/payment-methods.ts).
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
    // subscription on, committed with the payment (a job, so intents/ needs nothing of billing/).
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
