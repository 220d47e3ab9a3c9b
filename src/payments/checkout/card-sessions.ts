import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { YarrowError, parseInput } from '../../core/errors.ts';
import { newCapabilityId } from '../contract.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { CardSession, PaymentIntent } from '../../generated/prisma/client.ts';
import { accountNow } from '../../accounts/index.ts';
import { cardSessionStatus } from './session-status.ts';

/** "This payment is …" in a payer's words (not `succeeded`: "This payment is succeeded"). */
const statusInWords: Record<PaymentIntent['status'], string> = {
  requires_payment_method: 'waiting for a payment method',
  requires_action: 'waiting for 3-D Secure authentication',
  processing: 'under review',
  requires_capture: 'authorized and waiting for the merchant to capture it',
  succeeded: 'already paid',
  canceled: 'canceled',
};
import { lockPaymentIntent, transitionIntent } from '../intents/index.ts';
import { openDispute } from '../disputes/index.ts';
import { authenticationAbandoned, authenticationFailed, declineFor, findToken, paymentMethodCodes, railNames, railSupports, sandboxOutcomes, type OutcomeKind, type PaymentMethodCode } from '../tokens.ts';

type Rt = Pick<Runtime, 'config' | 'boss' | 'db'>;

/** How long a card session (the card page of one attempt) accepts a token. */
export const CARD_SESSION_TTL_MS = 30 * 60_000;

const notThisSession = () =>
  new YarrowError('not_found', 'This payment session does not exist or belongs to another payment.', { param: 'card_session' });

/** An intent by its id alone: on the hosted pages the unguessable id is the capability. */
export async function findIntentForCheckout(db: DbClient, intentId: string): Promise<PaymentIntent> {
  const intent = await db.paymentIntent.findUnique({ where: { id: intentId } });
  if (!intent) throw new YarrowError('not_found', 'This payment does not exist.', { param: 'payment_intent' });
  return intent;
}

/** A card session, only through the intent it belongs to. */
export async function findSessionForCheckout(db: DbClient, intentId: string, sessionId: string) {
  const intent = await findIntentForCheckout(db, intentId);
  const session = await db.cardSession.findUnique({ where: { id: sessionId } });
  if (!session || session.paymentIntentId !== intent.id) throw notThisSession();
  return { intent, session };
}

export const startCardSessionForm = z.object({
  payment_method_code: z.enum(paymentMethodCodes, { error: `choose one of ${paymentMethodCodes.join(', ')}` }),
  sandbox_outcome: z.enum(sandboxOutcomes, { error: `use one of ${sandboxOutcomes.join(', ')}` }).default('pending'),
});

/**
 * `POST /checkout/<pi>/pay`: opens a card session for the chosen rail. From `requires_action`
 * the customer is leaving an unfinished 3-D Secure challenge: that attempt fails first
 * (`authentication_abandoned`), so every attempt ends in an event.
 */
export async function startCardSession(rt: Rt, intentId: string, form: unknown): Promise<CardSession> {
  const input = parseInput(startCardSessionForm, form);
  if (input.sandbox_outcome !== 'pending' && !railSupports(input.payment_method_code, input.sandbox_outcome)) {
    throw new YarrowError(
      'invalid_request',
      `${railNames[input.payment_method_code]} has no ${input.sandbox_outcome} outcome: wallets authenticate on the device, without 3-D Secure.`,
      { param: 'sandbox_outcome' },
    );
  }
  return rt.db.prisma.$transaction(async (tx) => {
    const { accountId } = await findIntentForCheckout(tx, intentId);
    const { intent } = await lockPaymentIntent(tx, accountId, intentId);
    if (intent.status === 'requires_action') {
      const pending = intent.latestCardSessionId
        ? await tx.cardSession.findUnique({ where: { id: intent.latestCardSessionId } })
        : null;
      if (pending?.status === 'challenge') {
        await tx.cardSession.update({ where: { id: pending.id }, data: { status: 'completed', outcome: 'abandoned', completedAt: new Date() } });
      }
      await transitionIntent(rt, tx, accountId, intent.id, 'fail', { decline: authenticationAbandoned });
    } else if (intent.status !== 'requires_payment_method') {
      throw new YarrowError('invalid_state', `This payment is ${statusInWords[intent.status]}; it takes no new attempt.`, {
        param: 'status',
      });
    }
    // A session's 30 minutes run on the account's time (its test clock, if any).
    const now = await accountNow(tx, accountId);
    return tx.cardSession.create({
      data: {
        createdAt: now,
        id: newCapabilityId('cardSession'),
        accountId,
        paymentIntentId: intent.id,
        paymentMethodCode: input.payment_method_code,
        sandboxOutcome: input.sandbox_outcome,
        expiresAt: new Date(now.getTime() + CARD_SESSION_TTL_MS),
      },
    });
  });
}

/**
 * Locks a card session (after its intent: invoice, intent, session is the one lock order) and
 * refuses it unless it is in `wanted` and unexpired.
 */
async function lockSession(tx: DbClient, intentId: string, sessionId: string, wanted: 'open' | 'challenge') {
  const { intent: unlockedIntent, session: unlocked } = await findSessionForCheckout(tx, intentId, sessionId);
  const { intent } = await lockPaymentIntent(tx, unlockedIntent.accountId, intentId);
  await lockRow(tx, 'card_sessions', unlocked.id);
  const session = (await tx.cardSession.findUnique({ where: { id: unlocked.id } }))!;
  const status = cardSessionStatus(session, await accountNow(tx, intent.accountId));
  if (status === 'completed') {
    throw new YarrowError('invalid_state', 'This payment session was already used. Start again from the checkout page.', {
      param: 'card_session',
    });
  }
  if (status === 'expired') {
    throw new YarrowError('invalid_state', 'This payment session has expired (sessions last 30 minutes). Start again from the checkout page.', {
      param: 'card_session',
    });
  }
  if (status !== wanted) {
    throw new YarrowError(
      'invalid_state',
      wanted === 'open' ? 'This payment session is waiting for its 3-D Secure challenge.' : 'This payment session has no challenge to answer.',
      { param: 'card_session' },
    );
  }
  return { intent, session };
}

/** The longest test token is 18 characters; 100 leaves room without storing whatever is pasted. */
const MAX_TOKEN_LENGTH = 100;

export const submitTokenForm = z.object({
  token: z
    .string({ error: 'enter a test token' })
    .trim()
    .min(1, 'enter a test token')
    .max(MAX_TOKEN_LENGTH, `too long: a test token has at most ${MAX_TOKEN_LENGTH} characters`),
});

/**
 * `POST /checkout/<pi>/card/<cs>`: applies a test token. An unusable session (409, checked first),
 * a malformed, unknown or another rail's token (400) changes nothing (the whole transaction rolls back).
 */
export async function submitToken(rt: Rt, intentId: string, sessionId: string, form: unknown): Promise<CardSession> {
  return rt.db.prisma.$transaction(async (tx) => {
    // The session first: a used or expired one answers 409 whatever was typed, so every token gets the same answer.
    const { intent, session } = await lockSession(tx, intentId, sessionId, 'open');
    if (intent.status !== 'requires_payment_method') {
      // An older session of this intent: a later attempt already moved the payment on.
      throw new YarrowError('invalid_state', `This payment is ${statusInWords[intent.status]}; this session can no longer pay it.`, {
        param: 'status',
      });
    }
    const { token: text } = parseInput(submitTokenForm, form);
    const rail = session.paymentMethodCode as PaymentMethodCode;
    const token = findToken(text);
    if (!token) throw new YarrowError('invalid_request', `"${text}" is not a Yarrow test token.`, { param: 'token' });
    if (token.rail !== rail) {
      throw new YarrowError('invalid_request', `${token.token} is ${/^[AEIOU]/.test(railNames[token.rail]) ? 'an' : 'a'} ${railNames[token.rail]} token; this session pays with ${railNames[rail]}.`, {
        param: 'token',
      });
    }
    const kind: OutcomeKind = session.sandboxOutcome === 'pending' ? token.kind : (session.sandboxOutcome as OutcomeKind);
    const attempt = { paymentMethodCode: rail, latestCardSessionId: session.id };
    const now = new Date();
    const finish = (outcome: string) => ({ token: token.token, status: 'completed' as const, outcome, completedAt: now });
    switch (kind) {
      case 'approve': {
        // The session keeps its token first: a customer's payment saves its method from it (customers/payment-methods.ts).
        const completed = await tx.cardSession.update({ where: { id: session.id }, data: finish('succeeded') });
        const paid = await transitionIntent(rt, tx, intent.accountId, intent.id, 'succeed', attempt);
        // A dispute token's card holder disputes the payment once it has succeeded (disputes/).
        if (token.dispute && paid.status === 'succeeded') await openDispute(rt, tx, paid, token.dispute);
        return completed;
      }
      case 'challenge':
        await transitionIntent(rt, tx, intent.accountId, intent.id, 'require_action', attempt);
        return tx.cardSession.update({ where: { id: session.id }, data: { token: token.token, status: 'challenge' } });
      case 'decline':
        await transitionIntent(rt, tx, intent.accountId, intent.id, 'fail', {
          ...attempt,
          decline: { ...declineFor(token), paymentMethodCode: rail, cardSessionId: session.id },
        });
        return tx.cardSession.update({ where: { id: session.id }, data: finish('declined') });
      case 'review':
        await transitionIntent(rt, tx, intent.accountId, intent.id, 'start_review', attempt);
        return tx.cardSession.update({ where: { id: session.id }, data: finish('review') });
    }
  });
}

export const challengeForm = z.object({
  challenge_result: z.enum(['pass', 'fail'], { error: 'answer pass or fail' }),
});

/** `POST /checkout/<pi>/card/<cs>/challenge`: the sandbox 3-D Secure step passes or fails. */
export async function answerChallenge(rt: Rt, intentId: string, sessionId: string, form: unknown): Promise<CardSession> {
  const { challenge_result: result } = parseInput(challengeForm, form);
  return rt.db.prisma.$transaction(async (tx) => {
    const { intent, session } = await lockSession(tx, intentId, sessionId, 'challenge');
    const completed = { status: 'completed' as const, completedAt: new Date() };
    if (result === 'pass') {
      await transitionIntent(rt, tx, intent.accountId, intent.id, 'succeed');
      return tx.cardSession.update({ where: { id: session.id }, data: { ...completed, outcome: 'succeeded' } });
    }
    await transitionIntent(rt, tx, intent.accountId, intent.id, 'fail', {
      decline: { ...authenticationFailed, paymentMethodCode: session.paymentMethodCode, cardSessionId: session.id },
    });
    return tx.cardSession.update({ where: { id: session.id }, data: { ...completed, outcome: 'authentication_failed' } });
  });
}
