import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';
import { openDispute } from '../disputes/index.ts';
import { tokenOutcome, type OutcomeKind, type TestToken, type TokenOutcome } from '../tokens.ts';
import { transitionIntent } from './lifecycle.ts';

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** One payment attempt with a test token: the rail it pays on, and how it was made. */
export interface TokenAttempt {
  paymentMethodCode: string;
  /** The checkout's card session of the attempt (none for a saved method charged off-session). */
  cardSessionId?: string;
  /** Whether the customer is there to answer a 3-D Secure challenge (the checkout) or not (off-session, a renewal). */
  customerPresent: boolean;
  /** A checkout session's pinned outcome (sandbox_outcome), if any. */
  pinned?: OutcomeKind;
}

/**
 * Charges a test token: moves the (locked-by-its-transition) payment intent as `tokenOutcome` says,
 * in the caller's transaction, and opens a dispute token's dispute once the payment has succeeded
 * (an authorization's waits for its capture, capture.ts). The one entry point for every charge of a
 * token: the checkout's card session, an off-session charge, a renewal.
 */
export async function chargeTestToken(
  rt: Rt,
  tx: DbClient,
  intent: PaymentIntent,
  token: TestToken,
  attempt: TokenAttempt,
): Promise<{ intent: PaymentIntent; outcome: TokenOutcome }> {
  const outcome = tokenOutcome(token, attempt);
  const changes = { paymentMethodCode: attempt.paymentMethodCode, ...(attempt.cardSessionId ? { latestCardSessionId: attempt.cardSessionId } : {}) };
  const move = (action: 'succeed' | 'require_action' | 'start_review') => transitionIntent(rt, tx, intent.accountId, intent.id, action, changes);
  switch (outcome.move) {
    case 'succeed': {
      const paid = await move('succeed');
      const disputed = outcome.dispute && paid.status === 'succeeded' ? await openDispute(rt, tx, paid, outcome.dispute) : paid;
      return { intent: disputed, outcome };
    }
    case 'require_action':
    case 'start_review':
      return { intent: await move(outcome.move), outcome };
    case 'fail': {
      const decline = { ...outcome.decline, paymentMethodCode: attempt.paymentMethodCode, ...(attempt.cardSessionId ? { cardSessionId: attempt.cardSessionId } : {}) };
      return { intent: await transitionIntent(rt, tx, intent.accountId, intent.id, 'fail', { ...changes, decline }), outcome };
    }
  }
}
