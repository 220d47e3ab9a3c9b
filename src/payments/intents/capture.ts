import { z } from 'zod';
import { accountNow } from '../../accounts/index.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import { workQueue } from '../../core/queue.ts';
import { commandSchema, restSchema } from '../../core/wire.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';
import { formatAmount, toMinorUnits, type Currency } from '../money.ts';
import { intentLifecycle, lockPaymentIntent, transitionIntent } from './lifecycle.ts';
import { openDispute } from '../disputes/index.ts';
import { findToken, tokenOutcome } from '../tokens.ts';

// Authorize, then capture (Stripe's `capture_method: manual`): an approved payment of a manual
// intent stops at `requires_capture`, holding `amount_capturable` (./lifecycle.ts, `authorize`).
// The merchant captures all or part of it (the rest is released), or cancels it; one not captured
// within 7 days of the account's time lapses by itself (`canceled`, reason `expired`), through a
// job dated with `sendJobAt`, so advancing a test clock past it expires it at once. An
// authorization paid with a dispute token is disputed when it is captured, for what was captured:
// as at Stripe, a card holder disputes a charge, and an authorization is not one until captured.

type Rt = Pick<Runtime, 'config' | 'boss'>;

export const captureMethodSchema = z
  .enum(['automatic', 'manual'])
  .default('automatic')
  .describe('automatic: an approved payment is taken at once. manual: it is only authorized (requires_capture) until you capture it, within 7 days.');

const capturePaymentIntentFields = {
  amountToCapture: z
    .union([z.number(), z.string()], { error: 'must be a decimal number such as 12.50' })
    .optional()
    .describe("In the major unit of the payment's currency, at most amount_capturable; absent: all of it. The rest is released.")
    .meta({ examples: [30] }),
};
export const capturePaymentIntentCommand = commandSchema(capturePaymentIntentFields);
export const capturePaymentIntentBody = restSchema(capturePaymentIntentFields);
type CapturePaymentIntentCommand = z.output<typeof capturePaymentIntentCommand>;

/**
 * POST /api/v1/payment-intents/{id}/capture (and GraphQL): takes `amount_to_capture` (default: all)
 * of an authorized payment. A payment intent that is not `requires_capture` (captured already,
 * canceled, never authorized) is refused 409 by the transition table; more than was authorized, 400.
 */
export async function capturePaymentIntent(rt: Rt, tx: DbClient, accountId: number, id: string, input: CapturePaymentIntentCommand): Promise<PaymentIntent> {
  const { intent } = await lockPaymentIntent(tx, accountId, id);
  // Past its deadline an authorization is gone, even in the moment before the expiry job cancels it.
  if (intent.status === 'requires_capture' && intent.captureBefore && intent.captureBefore <= (await accountNow(tx, accountId))) {
    throw new YarrowError('invalid_state', `This authorization expired at ${intent.captureBefore.toISOString()} (capture_before); it can no longer be captured.`, {
      param: 'status',
    });
  }
  let amountToCapture = intent.amountCapturable;
  if (intent.status === 'requires_capture' && input.amountToCapture !== undefined) {
    const currency = intent.currency as Currency;
    const parsed = toMinorUnits(input.amountToCapture, currency);
    if ('error' in parsed) throw new YarrowError('invalid_request', `amount_to_capture: ${parsed.error}`, { param: 'amount_to_capture' });
    if (parsed.minor > intent.amountCapturable) {
      throw new YarrowError(
        'invalid_request',
        `amount_to_capture: must be at most the amount authorized (amount_capturable, ${formatAmount(intent.amountCapturable, currency)} ${currency}).`,
        { param: 'amount_to_capture' },
      );
    }
    amountToCapture = parsed.minor;
  }
  const captured = await transitionIntent(rt, tx, accountId, id, 'capture', { amountToCapture });
  // The approval only authorized: a dispute token's card holder disputes the payment now that the money is taken.
  const token = findToken(await tokenPaidWith(tx, captured));
  const outcome = token && tokenOutcome(token, { customerPresent: true });
  return outcome?.move === 'succeed' && outcome.dispute ? openDispute(rt, tx, captured, outcome.dispute) : captured;
}

/** The test token an authorization was approved with: its card session's, or the saved method's it was charged off-session with. */
async function tokenPaidWith(tx: DbClient, intent: PaymentIntent): Promise<string> {
  if (intent.latestCardSessionId) {
    const session = await tx.cardSession.findUnique({ where: { id: intent.latestCardSessionId }, select: { token: true } });
    return session?.token ?? '';
  }
  if (!intent.paymentMethodId) return '';
  const method = await tx.paymentMethod.findUnique({ where: { id: intent.paymentMethodId }, select: { sandboxToken: true } });
  return method?.sandboxToken ?? '';
}

/**
 * The payment-authorization-expiry job, due at the intent's `capture_before`: cancels an
 * authorization still uncaptured by then. Captured, canceled or not yet due (a clock deleted and
 * its job sent early) leaves it alone, so a retried or duplicate job changes nothing.
 */
export async function expireAuthorizationJob(rt: Runtime, paymentIntentId: string) {
  return rt.db.prisma.$transaction(async (tx) => {
    const found = await tx.paymentIntent.findUnique({ where: { id: paymentIntentId }, select: { accountId: true } });
    if (!found) return null;
    const { intent } = await lockPaymentIntent(tx, found.accountId, paymentIntentId);
    if (!intentLifecycle.allows('expire_authorization', intent.status) || !intent.captureBefore) return null;
    if (intent.captureBefore > (await accountNow(tx, intent.accountId))) return null;
    return transitionIntent(rt, tx, intent.accountId, intent.id, 'expire_authorization', { cancellationReason: 'expired' });
  });
}

/** payment-authorization-expiry: dated jobs, which NOTIFY does not announce: look every second. */
export async function runAuthorizationExpiryWorker(rt: Runtime) {
  const options = { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
  await workQueue(rt.boss, 'payment_authorization_expiry', options, async (jobs) => {
    for (const job of jobs) await expireAuthorizationJob(rt, job.data.paymentIntentId);
  });
}
