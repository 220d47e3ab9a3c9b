import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { YarrowError, parseInput } from '../../core/errors.ts';
import { newCapabilityId } from '../contract.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { CardSession, PaymentIntent } from '../../generated/prisma/client.ts';
import { accountNow } from '../../accounts/index.ts';
import { cardSessionStatus, moveCardSession } from './session-lifecycle.ts';

/** "This payment is …" in a payer's words (not `succeeded`: "This payment is succeeded"). */
const statusInWords: Record<PaymentIntent['status'], string> = {
  requires_payment_method: 'waiting for a payment method',
  requires_action: 'waiting for 3-D Secure authentication',
  processing: 'under review',
  requires_capture: 'authorized and waiting for the merchant to capture it',
  succeeded: 'already paid',
  canceled: 'canceled',
};
import { chargeTestToken, lockPaymentIntent, transitionIntent } from '../intents/index.ts';
import { authenticationAbandoned, authenticationFailed, findToken, paymentMethodCodes, railNames, railSupports, sandboxOutcomes, type OutcomeKind, type PaymentMethodCode } from '../tokens.ts';

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

/** A card session to open: the rail, and the outcome it is pinned to (`pending`: the token decides). */
export interface StartCardSession {
  paymentMethodCode: PaymentMethodCode;
  sandboxOutcome: (typeof sandboxOutcomes)[number];
}

/** The checkout form's fields (`startCardSessionForm`, parsed by the page) as the command. */
export const startCardSessionCommand = (form: z.output<typeof startCardSessionForm>): StartCardSession => ({
  paymentMethodCode: form.payment_method_code,
  sandboxOutcome: form.sandbox_outcome,
});

/**
 * `POST /checkout/<pi>/pay`: opens a card session for the chosen rail. From `requires_action`
 * the customer is leaving an unfinished 3-D Secure challenge: that attempt fails first
 * (`authentication_abandoned`), so every attempt ends in an event.
 */
export async function startCardSession(rt: Rt, intentId: string, input: StartCardSession): Promise<CardSession> {
  if (input.sandboxOutcome !== 'pending' && !railSupports(input.paymentMethodCode, input.sandboxOutcome)) {
    throw new YarrowError(
      'invalid_request',
      `${railNames[input.paymentMethodCode]} has no ${input.sandboxOutcome} outcome: wallets authenticate on the device, without 3-D Secure.`,
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
        await moveCardSession(tx, pending, 'complete', 'abandoned');
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
        paymentMethodCode: input.paymentMethodCode,
        sandboxOutcome: input.sandboxOutcome,
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
 * `POST /checkout/<pi>/card/<cs>`: applies a test token (`token` as typed; its rules are checked
 * after the session's, so every token gets the same answer from a used session). An unusable session (409, checked first),
 * a malformed, unknown or another rail's token (400) changes nothing (the whole transaction rolls back).
 */
export async function submitToken(rt: Rt, intentId: string, sessionId: string, command: { token: string | undefined }): Promise<CardSession> {
  return rt.db.prisma.$transaction(async (tx) => {
    // The session first: a used or expired one answers 409 whatever was typed, so every token gets the same answer.
    const { intent, session } = await lockSession(tx, intentId, sessionId, 'open');
    if (intent.status !== 'requires_payment_method') {
      // An older session of this intent: a later attempt already moved the payment on.
      throw new YarrowError('invalid_state', `This payment is ${statusInWords[intent.status]}; this session can no longer pay it.`, {
        param: 'status',
      });
    }
    const { token: text } = parseInput(submitTokenForm, command);
    const rail = session.paymentMethodCode as PaymentMethodCode;
    const token = findToken(text);
    if (!token) throw new YarrowError('invalid_request', `"${text}" is not a Yarrow test token.`, { param: 'token' });
    if (token.rail !== rail) {
      throw new YarrowError('invalid_request', `${token.token} is ${/^[AEIOU]/.test(railNames[token.rail]) ? 'an' : 'a'} ${railNames[token.rail]} token; this session pays with ${railNames[rail]}.`, {
        param: 'token',
      });
    }
    // The session keeps its token first: a customer's payment saves its method from it (customers/payment-methods.ts).
    const withToken = await tx.cardSession.update({ where: { id: session.id }, data: { token: token.token } });
    const pinned = session.sandboxOutcome === 'pending' ? undefined : (session.sandboxOutcome as OutcomeKind);
    // What the token does to the payment (a dispute token's dispute included): intents' one mapping.
    const { outcome } = await chargeTestToken(rt, tx, intent, token, { paymentMethodCode: rail, cardSessionId: session.id, customerPresent: true, pinned });
    if (outcome.move === 'require_action') return moveCardSession(tx, withToken, 'challenge');
    return moveCardSession(tx, withToken, 'complete', sessionOutcome[outcome.move]);
  });
}

/** How a completed session records the token's outcome. */
const sessionOutcome = { succeed: 'succeeded', fail: 'declined', start_review: 'review' } as const;

export const challengeForm = z.object({
  challenge_result: z.enum(['pass', 'fail'], { error: 'answer pass or fail' }),
});

/** `POST /checkout/<pi>/card/<cs>/challenge`: the sandbox 3-D Secure step passes or fails. */
export async function answerChallenge(rt: Rt, intentId: string, sessionId: string, result: 'pass' | 'fail'): Promise<CardSession> {
  return rt.db.prisma.$transaction(async (tx) => {
    const { intent, session } = await lockSession(tx, intentId, sessionId, 'challenge');
    if (result === 'pass') {
      await transitionIntent(rt, tx, intent.accountId, intent.id, 'succeed');
      return moveCardSession(tx, session, 'complete', 'succeeded');
    }
    await transitionIntent(rt, tx, intent.accountId, intent.id, 'fail', {
      decline: { ...authenticationFailed, paymentMethodCode: session.paymentMethodCode, cardSessionId: session.id },
    });
    return moveCardSession(tx, session, 'complete', 'authentication_failed');
  });
}
