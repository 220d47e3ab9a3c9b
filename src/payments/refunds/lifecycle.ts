import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { notFound } from '../../core/errors.ts';
import { defineLifecycle, refusal } from '../../core/lifecycle.ts';
import { refundStatuses } from './lists.ts';
import { sendJob } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent } from '../../webhooks/index.ts';
import type { PaymentIntent, Refund, RefundStatus } from '../../generated/prisma/client.ts';
import { lockPaymentIntent, paymentIntentJson } from '../intents/index.ts';
import { publishIntentUpdate } from '../intent-updates.ts';
import { refundJson } from './json.ts';

// Every status change of a refund happens here: it locks its payment intent then its row, checks the
// move is allowed (else 409 invalid_state), writes the row, records its event, in the caller's transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;


export const refundLifecycle = defineLifecycle('refund', refundStatuses, {
  // The payment-refund worker settled it: the money went back.
  succeed: { from: ['pending'], to: 'succeeded', event: 'refund.succeeded', verb: 'succeed' },
  // The refund could not be paid out (the sandbox's failing amount): its amount goes back to the intent.
  fail: { from: ['pending'], to: 'failed', event: 'refund.failed', verb: 'fail' },
});
export const refundTransitions = refundLifecycle.transitions;

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
  const transition: { to: RefundStatus; event: EventType } = refundTransitions[action];
  refundLifecycle.assertMove(action, refund.status);
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
