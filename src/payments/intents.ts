import { z } from 'zod';
import type { DbClient } from '../core/db.ts';
import { notFound, parseInput } from '../core/errors.ts';
import { newCapabilityId } from '../core/ids.ts';
import { listQuery, pageArgs } from '../core/pagination.ts';
import type { Runtime } from '../core/runtime.ts';
import type { PaymentIntent } from '../generated/prisma/client.ts';
import { moneyFields, refineMoney } from './money.ts';
import { intentCreated, intentStatuses, lockPaymentIntent, transitionIntent } from './state-machine.ts';
import { reviewRejected } from './tokens.ts';

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** Up to 50 string pairs, as at Stripe: keys to 40 characters, values to 500. */
export const metadataSchema = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((map) => Object.keys(map).length <= 50, 'at most 50 keys');

export const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

export const createPaymentIntentInput = z
  .strictObject({
    ...moneyFields,
    title: z.string().trim().min(1).max(200),
    customer_name: z.string().trim().min(1).max(200),
    customer_email: z.email().max(254),
    metadata: metadataSchema.default({}),
    return_url: httpUrlSchema.optional(),
  })
  .transform(refineMoney);

export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentInput>;

export async function createPaymentIntent(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  raw: unknown,
  link: { invoiceId?: string } = {},
): Promise<PaymentIntent> {
  const input = parseInput(createPaymentIntentInput, raw);
  const intent = await tx.paymentIntent.create({
    data: {
      id: newCapabilityId('paymentIntent'),
      accountId,
      amount: input.amount,
      currency: input.currency,
      title: input.title,
      customerName: input.customer_name,
      customerEmail: input.customer_email,
      metadata: input.metadata,
      returnUrl: input.return_url ?? null,
      invoiceId: link.invoiceId ?? null,
    },
  });
  await intentCreated(rt, tx, intent);
  return intent;
}

export async function getPaymentIntent(db: DbClient, accountId: number, id: string): Promise<PaymentIntent> {
  const intent = await db.paymentIntent.findFirst({ where: { id, accountId } });
  if (!intent) throw notFound('payment intent', 'id');
  return intent;
}

export const listPaymentIntentsQuery = listQuery.extend({ status: z.enum(intentStatuses).optional() });

export async function listPaymentIntents(db: DbClient, accountId: number, raw: unknown) {
  const query = parseInput(listPaymentIntentsQuery, raw);
  for (const param of ['starting_after', 'ending_before'] as const) {
    const cursor = query[param];
    if (cursor && (await db.paymentIntent.count({ where: { id: cursor, accountId } })) !== 1) {
      throw notFound('payment intent', param);
    }
  }
  const rows = await db.paymentIntent.findMany({
    where: { accountId, ...(query.status ? { status: query.status } : {}) },
    ...pageArgs(query),
  });
  return { rows, query };
}

export const cancelPaymentIntentInput = z.strictObject({
  cancellation_reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']).optional(),
});

export async function cancelPaymentIntent(rt: Rt, tx: DbClient, accountId: number, id: string, raw: unknown) {
  const input = parseInput(cancelPaymentIntentInput, raw);
  return transitionIntent(rt, tx, accountId, id, 'cancel', { cancellationReason: input.cancellation_reason ?? null });
}

export const rejectReviewInput = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/** Approves a payment held for review (the operator's decision; in the sandbox the account's own). */
export async function approvePaymentReview(rt: Rt, tx: DbClient, accountId: number, id: string) {
  return transitionIntent(rt, tx, accountId, id, 'approve_review');
}

export async function rejectPaymentReview(rt: Rt, tx: DbClient, accountId: number, id: string, raw: unknown) {
  const { reason } = parseInput(rejectReviewInput, raw);
  return transitionIntent(rt, tx, accountId, id, 'reject_review', { decline: reviewRejected(reason) });
}

/**
 * The sandbox reviewer (payment-review worker): approves the payment once its delay has passed,
 * unless it was resolved, canceled or retried since (then the job has nothing left to do).
 */
export async function resolveReviewJob(rt: Runtime, job: { paymentIntentId: string; cardSessionId: string }) {
  return rt.db.prisma.$transaction(async (tx) => {
    const found = await tx.paymentIntent.findUnique({ where: { id: job.paymentIntentId }, select: { accountId: true } });
    if (!found) return null;
    const { intent } = await lockPaymentIntent(tx, found.accountId, job.paymentIntentId);
    if (intent.status !== 'processing' || intent.latestCardSessionId !== job.cardSessionId) return null;
    return transitionIntent(rt, tx, intent.accountId, intent.id, 'approve_review');
  });
}
