import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { commandSchema, restSchema } from '../../core/wire.ts';
import { newId } from '../contract.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { PaymentIntent, Refund } from '../../generated/prisma/client.ts';
import { metadataSchema } from '../fields.ts';
import { refundReasons } from './json.ts';
import { formatAmount, toMinorUnits, type Currency } from '../money.ts';
import { lockPaymentIntent } from '../intents/index.ts';
import { refundCreated, transitionRefund } from './lifecycle.ts';

// Refunds of succeeded payment intents, all or part of what is left, as at Stripe: created
// `pending` with a payment-refund job in the same transaction; the job settles it (`succeeded`, or
// `failed` for the sandbox's failing amount). The intent's `amount_refunded` counts pending and
// succeeded refunds, so two refunds at once can never take more than the payment.

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** A refund's create command, field by field (camelCase; REST takes them in snake_case). */
const createRefundFields = {
  paymentIntent: z.string().min(1).max(100).meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  amount: z
    .union([z.number(), z.string()], { error: 'must be a decimal number such as 12.50' })
    .optional()
    .describe('In the major unit of the payment\'s currency; absent: everything left to refund.')
    .meta({ examples: [5] }),
  reason: z.enum(refundReasons).optional(),
  metadata: metadataSchema.default({}),
};
/** GraphQL's `CreateRefundInput`, parsed into the command. */
export const createRefundCommand = commandSchema(createRefundFields);
/** The body of POST /api/v1/refunds, parsed into the same command. */
export const createRefundBody = restSchema(createRefundFields);
type CreateRefundCommand = z.output<typeof createRefundCommand>;

/**
 * The sandbox's failing refund: an amount whose last two digits in minor units are 13 (0.13 or
 * 5.13 USD, 113 JPY) fails when the worker settles it, with Stripe's `expired_or_canceled_card`.
 */
export function refundFailsInSandbox(amountMinor: number) {
  return amountMinor % 100 === 13;
}

export async function createRefund(rt: Rt, tx: DbClient, accountId: number, input: CreateRefundCommand): Promise<{ refund: Refund; intent: PaymentIntent }> {
  const { intent } = await lockPaymentIntent(tx, accountId, input.paymentIntent).catch((error: unknown) => {
    throw error instanceof YarrowError && error.code === 'not_found' ? notFound('payment intent', 'payment_intent') : error;
  });
  if (intent.status !== 'succeeded') {
    throw new YarrowError('invalid_state', `This payment intent is ${intent.status}; only a succeeded payment can be refunded.`, { param: 'payment_intent' });
  }
  const currency = intent.currency as Currency;
  // A disputed amount cannot also be refunded: the card holder gets it back through the dispute.
  const disputed = intent.amountDisputed;
  // What was taken (all of an automatic payment, the captured part of an authorization), less refunds and disputes.
  const left = intent.amountReceived - intent.amountRefunded - disputed;
  const disputedNote = disputed > 0 ? `; ${formatAmount(disputed, currency)} ${currency} of it is disputed, and a disputed amount cannot also be refunded` : '';
  if (left <= 0) {
    const message = disputed > 0
      ? `This payment is disputed (${formatAmount(disputed, currency)} ${currency}): a disputed amount cannot also be refunded.`
      : 'This payment is already refunded in full.';
    throw new YarrowError('invalid_state', message, { param: 'payment_intent' });
  }
  let amount = left;
  if (input.amount !== undefined) {
    const parsed = toMinorUnits(input.amount, currency);
    if ('error' in parsed) throw new YarrowError('invalid_request', `amount: ${parsed.error}`, { param: 'amount' });
    if (parsed.minor > left) {
      throw new YarrowError('invalid_request', `amount: more than is left to refund (${formatAmount(left, currency)} ${currency}${disputedNote}).`, { param: 'amount' });
    }
    amount = parsed.minor;
  }
  const refund = await tx.refund.create({
    data: {
      id: newId('refund'),
      accountId,
      paymentIntentId: intent.id,
      amount,
      currency,
      reason: input.reason ?? null,
      metadata: input.metadata,
    },
  });
  return { refund, intent: await refundCreated(rt, tx, intent, refund) };
}

export async function getRefund(db: DbClient, accountId: number, id: string): Promise<Refund> {
  const refund = await db.refund.findFirst({ where: { id, accountId } });
  if (!refund) throw notFound('refund', 'id');
  return refund;
}

/** The payment-refund worker: settles a pending refund (a retried or duplicate job finds it settled and does nothing). */
export async function settleRefundJob(rt: Runtime, refundId: string) {
  return rt.db.prisma.$transaction(async (tx) => {
    const found = await tx.refund.findUnique({ where: { id: refundId }, select: { accountId: true, status: true, amount: true } });
    if (found?.status !== 'pending') return null;
    return refundFailsInSandbox(found.amount)
      ? transitionRefund(rt, tx, found.accountId, refundId, 'fail', { failureReason: 'expired_or_canceled_card' })
      : transitionRefund(rt, tx, found.accountId, refundId, 'succeed');
  });
}
