import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { testTokens } from '../../src/payments/tokens.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';
import { checkoutClient, createIntent, eventTypesOf } from './checkout-client.ts';

const IntentUpdates = graphql(`
  subscription IntentUpdates($id: ID!) {
    paymentIntentUpdated(id: $id) {
      id
      status
      paymentMethodCode
      lastPaymentError {
        code
        declineCode
        message
      }
    }
  }
`);

let app: TestApp;
let merchant: TestAccount;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  // Reviews resolve as soon as the payment-review worker sees them.
  app = await startTestApp({ env: { PAYMENT_REVIEW_DELAY_SECONDS: '0' } });
  merchant = await app.account();
  pages = checkoutClient(app);
  await app.startWorkers(['payment-review']);
});
afterAll(() => app?.stop());

interface Expectation {
  statuses: string[];
  events: string[];
  error?: { code: string; declineCode: string | null };
}

const approved: Expectation = {
  statuses: ['requires_payment_method', 'succeeded'],
  events: ['payment_intent.created', 'payment_intent.succeeded'],
};
const declined = (declineCode: string, code = 'card_declined'): Expectation => ({
  statuses: ['requires_payment_method', 'requires_payment_method'],
  events: ['payment_intent.created', 'payment_intent.payment_failed'],
  error: { code, declineCode },
});
const reviewedThenApproved: Expectation = {
  statuses: ['requires_payment_method', 'processing', 'succeeded'],
  events: ['payment_intent.created', 'payment_intent.processing', 'payment_intent.succeeded'],
};

/** Every test token (3DS ones twice: challenge passed and failed) with what it must do. */
const cases: Array<{ token: string; rail: string; challenge?: 'pass' | 'fail'; expected: Expectation }> = [
  { token: 'YP-VISA-APPROVE', rail: 'visa', expected: approved },
  { token: 'YP-VISA-3DS', rail: 'visa', challenge: 'pass', expected: challenged('pass') },
  { token: 'YP-VISA-3DS', rail: 'visa', challenge: 'fail', expected: challenged('fail') },
  { token: 'YP-VISA-DECLINE', rail: 'visa', expected: declined('insufficient_funds') },
  { token: 'YP-VISA-REVIEW', rail: 'visa', expected: reviewedThenApproved },
  { token: 'YP-MC-APPROVE', rail: 'mastercard', expected: approved },
  { token: 'YP-MC-3DS', rail: 'mastercard', challenge: 'pass', expected: challenged('pass') },
  { token: 'YP-MC-3DS', rail: 'mastercard', challenge: 'fail', expected: challenged('fail') },
  { token: 'YP-MC-DECLINE', rail: 'mastercard', expected: declined('do_not_honor') },
  { token: 'YP-MC-REVIEW', rail: 'mastercard', expected: reviewedThenApproved },
  { token: 'YP-GP-VISA-APPROVE', rail: 'google_pay', expected: approved },
  { token: 'YP-GP-MC-APPROVE', rail: 'google_pay', expected: approved },
  { token: 'YP-GP-DECLINE', rail: 'google_pay', expected: declined('generic_decline') },
  { token: 'YP-GP-REVIEW', rail: 'google_pay', expected: reviewedThenApproved },
  { token: 'YP-AP-VISA-APPROVE', rail: 'apple_pay', expected: approved },
  { token: 'YP-AP-MC-APPROVE', rail: 'apple_pay', expected: approved },
  { token: 'YP-AP-DECLINE', rail: 'apple_pay', expected: declined('generic_decline') },
  { token: 'YP-AP-REVIEW', rail: 'apple_pay', expected: reviewedThenApproved },
  // Dispute tokens pay as approved ones do; the dispute they open is disputes.test.ts's subject.
  { token: 'YP-VISA-DISPUTE', rail: 'visa', expected: approved },
  { token: 'YP-MC-DISPUTE', rail: 'mastercard', expected: approved },
  { token: 'YP-GP-DISPUTE', rail: 'google_pay', expected: approved },
  { token: 'YP-AP-DISPUTE', rail: 'apple_pay', expected: approved },
  // A decline for every code (issue 38), and a card that declines only later, off-session (test/payments/billing/declines.test.ts).
  { token: 'YP-VISA-DECLINE-LOST', rail: 'visa', expected: declined('lost_card') },
  { token: 'YP-VISA-DECLINE-STOLEN', rail: 'visa', expected: declined('stolen_card') },
  { token: 'YP-VISA-DECLINE-EXPIRED', rail: 'visa', expected: declined('expired_card', 'expired_card') },
  { token: 'YP-VISA-DECLINE-CVC', rail: 'visa', expected: declined('incorrect_cvc', 'incorrect_cvc') },
  { token: 'YP-VISA-DECLINE-PROCESSING', rail: 'visa', expected: declined('processing_error', 'processing_error') },
  { token: 'YP-VISA-DECLINE-VELOCITY', rail: 'visa', expected: declined('card_velocity_exceeded') },
  { token: 'YP-VISA-DECLINE-DO-NOT-HONOR', rail: 'visa', expected: declined('do_not_honor') },
  { token: 'YP-VISA-DECLINE-FRAUD', rail: 'visa', expected: declined('fraudulent') },
  { token: 'YP-VISA-DECLINE-LATER', rail: 'visa', expected: approved },
];

function challenged(result: 'pass' | 'fail'): Expectation {
  return result === 'pass'
    ? {
        statuses: ['requires_payment_method', 'requires_action', 'succeeded'],
        events: ['payment_intent.created', 'payment_intent.requires_action', 'payment_intent.succeeded'],
      }
    : {
        statuses: ['requires_payment_method', 'requires_action', 'requires_payment_method'],
        events: ['payment_intent.created', 'payment_intent.requires_action', 'payment_intent.payment_failed'],
        error: { code: 'authentication_failed', declineCode: null },
      };
}

describe('every test token through the hosted pages', () => {
  it('covers every token the sandbox defines', () => {
    expect(new Set(cases.map((entry) => entry.token))).toEqual(new Set(testTokens.map((token) => token.token)));
    expect(testTokens).toHaveLength(29);
  });

  const named = cases.map((entry) => ({ ...entry, name: entry.challenge ? `${entry.token}, challenge ${entry.challenge}` : entry.token }));
  it.each(named)('$name on $rail', async ({ token, rail, challenge, expected }) => {
    const intent = await createIntent(app, merchant.key, { title: `Token ${token}` });
    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, IntentUpdates, { id: intent.id });
    try {
      // The subscription answers with the current state first: from then on it hears every change.
      const first = await live.next();
      expect(first.data?.paymentIntentUpdated.status).toBe('REQUIRES_PAYMENT_METHOD');

      const sessionPath = await pages.startSession(intent.id, rail);
      const submitted = await pages.submitToken(sessionPath, token);
      expect(submitted.status, submitted.html).toBe(303);
      expect(submitted.location).toBe(sessionPath);
      if (challenge) {
        const challengePage = await pages.get(sessionPath);
        expect(challengePage.html).toContain('Complete authentication');
        const answered = await pages.answerChallenge(sessionPath, challenge);
        expect(answered.status, answered.html).toBe(303);
      }

      const seen = [first.data!.paymentIntentUpdated];
      while (seen.length < expected.statuses.length) seen.push((await live.next()).data!.paymentIntentUpdated);
      expect(seen.map((update) => update.status)).toEqual(expected.statuses.map((status) => status.toUpperCase()));
      const last = seen.at(-1)!;
      expect(last.paymentMethodCode).toBe(rail.toUpperCase());
      if (expected.error) {
        expect(last.lastPaymentError).toMatchObject(expected.error);
      } else {
        expect(last.lastPaymentError).toBeNull();
      }

      expect(await eventTypesOf(app, intent.id)).toEqual(expected.events);
      const stored = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
      expect(stored.body.payment_intent.status).toBe(expected.statuses.at(-1));
      expect(stored.body.payment_intent.payment_method_code).toBe(rail);
      expect(stored.body.payment_intent.last_payment_error?.code ?? null).toBe(expected.error?.code ?? null);

      const finalPage = await pages.get(sessionPath);
      expect(finalPage.status).toBe(200);
      expect(finalPage.html).toContain(`data-status="${expected.statuses.at(-1)}"`);
    } finally {
      live.dispose();
      await client.dispose();
    }
  });

  it('writes each event with the documented payload shape', async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    await pages.submitToken(sessionPath, 'YP-VISA-DECLINE');
    const event = await app.rt.db.prisma.event.findFirstOrThrow({ where: { objectPublicId: intent.id, type: 'payment_intent.payment_failed' } });
    const { eventPayload } = await import('../../src/webhooks/events.ts');
    const payload = eventPayload(event);
    expect(payload).toMatchObject({
      event: 'payment_intent.payment_failed',
      object_type: 'payment_intent',
      object_public_id: intent.id,
      merchant_id: merchant.id,
      data: {
        payment_intent: {
          id: intent.id,
          status: 'requires_payment_method',
          amount: 12.5,
          amount_display: '12.50',
          last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', payment_method_code: 'visa' },
        },
      },
    });
    expect(payload.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('lets the customer retry after a decline and pay with another rail', async () => {
    const intent = await createIntent(app, merchant.key);
    await pages.submitToken(await pages.startSession(intent.id, 'mastercard'), 'YP-MC-DECLINE');
    const checkout = await pages.get(`/checkout/${intent.id}`);
    // The payer reads what they can do; the API's reason ("do not honor") is for the merchant.
    expect(checkout.html).toContain('Your bank declined this payment. Ask your bank why');
    expect(checkout.html).not.toContain('do not honor');
    await pages.submitToken(await pages.startSession(intent.id, 'apple_pay'), 'YP-AP-VISA-APPROVE');
    const stored = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(stored.body.payment_intent).toMatchObject({ status: 'succeeded', payment_method_code: 'apple_pay', last_payment_error: null });
    expect(await eventTypesOf(app, intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it.each([
    ['approve', 'YP-VISA-DECLINE', 'SUCCEEDED'],
    ['decline', 'YP-VISA-APPROVE', 'REQUIRES_PAYMENT_METHOD'],
    ['challenge', 'YP-VISA-APPROVE', 'REQUIRES_ACTION'],
    ['review', 'YP-VISA-APPROVE', 'PROCESSING'],
  ])('sandbox_outcome=%s pins the outcome whatever the token (%s)', async (outcome, token, status) => {
    const intent = await createIntent(app, merchant.key);
    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, IntentUpdates, { id: intent.id });
    try {
      await live.next();
      await pages.submitToken(await pages.startSession(intent.id, 'visa', outcome), token);
      expect((await live.next()).data!.paymentIntentUpdated.status).toBe(status);
    } finally {
      live.dispose();
      await client.dispose();
    }
  });

  it('refuses a 3DS outcome for a wallet rail, without opening a session', async () => {
    const intent = await createIntent(app, merchant.key);
    const page = await pages.get(`/checkout/${intent.id}`);
    const answer = await pages.post(`/checkout/${intent.id}/pay`, {
      csrf_token: pages.csrfToken(page.html),
      payment_method_code: 'google_pay',
      sandbox_outcome: 'challenge',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('Google Pay has no challenge outcome');
    expect(await app.rt.db.prisma.cardSession.count({ where: { paymentIntentId: intent.id } })).toBe(0);
  });
});
