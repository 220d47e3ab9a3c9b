import { z } from 'zod';
import { groupedTransactions } from '../../core/batch.ts';
import type { DbClient } from '../../core/db.ts';
import { notFound } from '../../core/errors.ts';
import { perRuntime } from '../../core/per-runtime.ts';
import { commandSchema, restSchema } from '../../core/wire.ts';
import { newCapabilityId } from '../contract.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';
import { captureMethodSchema } from './capture.ts';
import { metadataSchema } from '../fields.ts';
import { moneyFields, refineMoney } from '../money.ts';
import { insertPaymentIntents } from './sql.ts';
import { intentsCreated, lockPaymentIntent, transitionIntent } from './lifecycle.ts';
import { reviewRejected } from '../tokens.ts';
import { chargeOffSession, checkCustomerIntentFields, customerIntentFields, namesCustomerFields, resolveCustomerLink, type CustomerLink } from './off-session.ts';

type Rt = Pick<Runtime, 'config' | 'boss'>;

// A URL is taken as sent (README, "API conventions"): z.url would quietly trim spaces around it.
export const httpUrlSchema = z
  .string()
  .refine((value) => value.trim() === value, 'must not start or end with spaces')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000))
  .meta({ format: 'uri' });

/** A payment intent's create command, field by field (camelCase; REST takes them in snake_case). */
const createPaymentIntentFields = {
  ...moneyFields,
  title: z.string().trim().min(1).max(200).meta({ examples: ['Order #1042'] }),
  customerName: z.string().trim().min(1).max(200).optional().describe('Required unless customer is sent (then it defaults to the customer\'s name).').meta({ examples: ['Ada Lovelace'] }),
  customerEmail: z.email().max(254).optional().describe('Required unless customer is sent (then it defaults to the customer\'s email).').meta({ examples: ['ada@example.com'] }),
  metadata: metadataSchema.default({}),
  returnUrl: httpUrlSchema.optional(),
  captureMethod: captureMethodSchema,
  ...customerIntentFields,
};
/** GraphQL's `CreatePaymentIntentInput`, parsed into the command. */
export const createPaymentIntentCommand = commandSchema(createPaymentIntentFields, checkCustomerIntentFields).transform(refineMoney);
/** The body of POST /api/v1/payment-intents, parsed into the same command. */
export const createPaymentIntentBody = restSchema(createPaymentIntentFields, checkCustomerIntentFields).transform(refineMoney);
/** A payment intent to create (amount in minor units). */
export type CreatePaymentIntentCommand = z.output<typeof createPaymentIntentCommand>;

interface NewPaymentIntent {
  accountId: number;
  input: CreatePaymentIntentCommand;
  invoiceId?: string;
  /** The customer fields as resolved (createCustomerPaymentIntent); without one, the payer as sent. */
  link?: CustomerLink;
}

/**
 * POST /api/v1/payment-intents (and GraphQL, and an invoice's payment): creates one payment intent
 * from its parsed input. In `tx` when given (an idempotent request's transaction, whose stored
 * answer must commit with the intent; an invoice's); otherwise it shares a transaction with the
 * creates that arrive at the same time (group commit: one insert, one event statement and one
 * commit for all of them), as `sendMessages` does for the relay's sends.
 */
export async function createPaymentIntent(
  rt: Rt & Pick<Runtime, 'db' | 'shared'>,
  accountId: number,
  input: CreatePaymentIntentCommand,
  { tx, invoiceId }: { tx?: DbClient; invoiceId?: string } = {},
): Promise<PaymentIntent> {
  const request = { accountId, input, invoiceId };
  // One for a customer reads its rows first and may be refused: alone, so it fails no other create.
  if (namesCustomerFields(request.input)) return tx ? createCustomerPaymentIntent(rt, tx, request) : rt.db.prisma.$transaction((own) => createCustomerPaymentIntent(rt, own, request));
  if (!tx) return groupedCreates(rt)(request);
  const [intent] = await createPaymentIntents(rt, tx, [request]);
  return intent!;
}

/** Creates without a transaction of their own share one (group commit). */
const groupedCreates = perRuntime((rt: Rt & Pick<Runtime, 'db' | 'shared'>) =>
  groupedTransactions(rt.db, (tx, requests: NewPaymentIntent[]) => createPaymentIntents(rt, tx, requests)),
);

/**
 * A payment intent for a customer: its customer and saved method checked (`resolveCustomerLink`),
 * then, with `confirm`, the saved method charged off-session in the same transaction.
 */
async function createCustomerPaymentIntent(rt: Rt, tx: DbClient, request: NewPaymentIntent): Promise<PaymentIntent> {
  const { link, method } = await resolveCustomerLink(tx, request.accountId, request.input);
  const [intent] = await createPaymentIntents(rt, tx, [{ ...request, link }]);
  return method && request.input.confirm ? chargeOffSession(rt, tx, intent!, method) : intent!;
}

/** Inserts validated payment intents with one statement and records their events, in the caller's transaction, in order. */
async function createPaymentIntents(rt: Rt, tx: DbClient, requests: NewPaymentIntent[]): Promise<PaymentIntent[]> {
  const rows = requests.map(({ accountId, input, invoiceId, link }) => ({
    id: newCapabilityId('paymentIntent'),
    accountId,
    amount: input.amount,
    currency: input.currency,
    title: input.title,
    customerName: link?.customerName ?? input.customerName!,
    customerEmail: link?.customerEmail ?? input.customerEmail!,
    metadata: input.metadata,
    returnUrl: input.returnUrl ?? null,
    invoiceId: invoiceId ?? null,
    captureMethod: input.captureMethod,
    customerId: link?.customerId ?? null,
    setupFutureUsage: link?.setupFutureUsage ?? null,
    paymentMethodId: link?.paymentMethodId ?? null,
  }));
  const created = await insertPaymentIntents(tx, rows, new Date());
  const byId = new Map(created.map((intent) => [intent.id, intent]));
  const intents = rows.map((row) => byId.get(row.id)!);
  await intentsCreated(rt, tx, intents);
  return intents;
}

export async function getPaymentIntent(db: DbClient, accountId: number, id: string): Promise<PaymentIntent> {
  const intent = await db.paymentIntent.findFirst({ where: { id, accountId } });
  if (!intent) throw notFound('payment intent', 'id');
  return intent;
}

const cancelPaymentIntentFields = {
  cancellationReason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']).optional(),
};
export const cancelPaymentIntentCommand = commandSchema(cancelPaymentIntentFields);
export const cancelPaymentIntentBody = restSchema(cancelPaymentIntentFields);
type CancelPaymentIntentCommand = z.output<typeof cancelPaymentIntentCommand>;

export async function cancelPaymentIntent(rt: Rt, tx: DbClient, accountId: number, id: string, input: CancelPaymentIntentCommand) {
  return transitionIntent(rt, tx, accountId, id, 'cancel', { cancellationReason: input.cancellationReason ?? null });
}

/** Reject a review's command: one word, the same on both wires. */
export const rejectReviewCommand = commandSchema({ reason: z.string().trim().min(1).max(500) });
type RejectReviewCommand = z.output<typeof rejectReviewCommand>;

/** Approves a payment held for review (the operator's decision; in the sandbox the account's own). */
export async function approvePaymentReview(rt: Rt, tx: DbClient, accountId: number, id: string) {
  return transitionIntent(rt, tx, accountId, id, 'approve_review');
}

export async function rejectPaymentReview(rt: Rt, tx: DbClient, accountId: number, id: string, { reason }: RejectReviewCommand) {
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
    // An off-session charge has no card session: its job names none ('').
    if (intent.status !== 'processing' || (intent.latestCardSessionId ?? '') !== job.cardSessionId) return null;
    return transitionIntent(rt, tx, intent.accountId, intent.id, 'approve_review');
  });
}
