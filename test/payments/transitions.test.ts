import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YarrowError } from '../../src/core/errors.ts';
import { intentStatuses, transitionIntent, type IntentAction } from '../../src/payments/intents/lifecycle.ts';
import type { PaymentIntentStatus } from '../../src/generated/prisma/client.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient, createIntent, eventTypesOf } from './checkout-client.ts';

let app: TestApp;
let merchant: TestAccount;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  // No payment-review worker here: reviews stay in processing until a test decides them.
  app = await startTestApp();
  merchant = await app.account();
  pages = checkoutClient(app);
});
afterAll(() => app?.stop());

/** The documented machine, written out independently of the code: action → from → to. */
const documented: Record<IntentAction, Partial<Record<PaymentIntentStatus, PaymentIntentStatus>>> = {
  require_action: { requires_payment_method: 'requires_action' },
  succeed: { requires_payment_method: 'succeeded', requires_action: 'succeeded' },
  fail: { requires_payment_method: 'requires_payment_method', requires_action: 'requires_payment_method' },
  start_review: { requires_payment_method: 'processing' },
  approve_review: { processing: 'succeeded' },
  reject_review: { processing: 'requires_payment_method' },
  cancel: { requires_payment_method: 'canceled', requires_action: 'canceled', processing: 'canceled', requires_capture: 'canceled' },
  authorize: { requires_payment_method: 'requires_capture', requires_action: 'requires_capture', processing: 'requires_capture' },
  capture: { requires_capture: 'succeeded' },
  expire_authorization: { requires_capture: 'canceled' },
};

const decline = { code: 'card_declined', declineCode: 'generic_decline', message: 'Declined.' };

describe('the payment intent state machine', () => {
  const combinations = (Object.keys(documented) as IntentAction[]).flatMap((action) =>
    intentStatuses.map((from) => ({ action, from, to: documented[action][from] })),
  );

  it.each(combinations)('$action from $from → $to', async ({ action, from, to }) => {
    const intent = await createIntent(app, merchant.key);
    await app.rt.db.prisma.paymentIntent.update({ where: { id: intent.id }, data: { status: from } });
    const eventsBefore = await eventTypesOf(app, intent.id);
    const attempt = app.rt.db.prisma.$transaction((tx) => transitionIntent(app.rt, tx, merchant.id, intent.id, action, { decline }));
    if (to) {
      expect((await attempt).status).toBe(to);
      expect((await eventTypesOf(app, intent.id)).length).toBe(eventsBefore.length + 1);
    } else {
      const error = await attempt.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(YarrowError);
      expect((error as YarrowError).code).toBe('invalid_state');
      expect((error as YarrowError).status).toBe(409);
      const after = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } });
      expect(after.status).toBe(from);
      expect(await eventTypesOf(app, intent.id)).toEqual(eventsBefore);
    }
  });

  it('queues the review job in the same transaction that moves the intent to processing', async () => {
    const intent = await createIntent(app, merchant.key);
    await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-REVIEW');
    const jobs = await app.rt.db.prisma.$queryRaw<Array<{ data: { paymentIntentId: string }; start_after: Date }>>`
      SELECT data, start_after FROM pgboss.job WHERE name = 'payment_review' AND data->>'paymentIntentId' = ${intent.id}`;
    expect(jobs).toHaveLength(1);
    const delay = jobs[0]!.start_after.getTime() - Date.now();
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(app.rt.config.PAYMENT_REVIEW_DELAY_SECONDS * 1000);
  });
});

/** Moves a fresh intent to `status` the way a customer would. */
async function intentIn(status: 'succeeded' | 'processing' | 'canceled' | 'requires_action') {
  const intent = await createIntent(app, merchant.key);
  if (status === 'canceled') {
    await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, { key: merchant.key });
    return { intent, sessionPath: undefined };
  }
  const token = { succeeded: 'YP-VISA-APPROVE', processing: 'YP-VISA-REVIEW', requires_action: 'YP-VISA-3DS' }[status];
  const sessionPath = await pages.startSession(intent.id, 'visa');
  await pages.submitToken(sessionPath, token);
  return { intent, sessionPath };
}

async function expectUnchanged(intentId: string, status: string, events: string[]) {
  const stored = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intentId } });
  expect(stored.status).toBe(status);
  expect(await eventTypesOf(app, intentId)).toEqual(events);
}

describe('illegal transitions through REST answer 409 invalid_state and change nothing', () => {
  it.each([
    ['cancel', 'succeeded', {}],
    ['cancel', 'canceled', {}],
    ['review/approve', 'succeeded', {}],
    ['review/approve', 'canceled', {}],
    ['review/approve', 'requires_action', {}],
    ['review/reject', 'succeeded', { reason: 'fraud' }],
    ['review/reject', 'requires_action', { reason: 'fraud' }],
  ] as const)('%s of a %s intent', async (action, status, body) => {
    const { intent } = await intentIn(status);
    const events = await eventTypesOf(app, intent.id);
    const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/${action}`, { key: merchant.key, body });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'invalid_state', param: 'status' });
    await expectUnchanged(intent.id, status, events);
  });

  it('approve and reject of a fresh intent (no review)', async () => {
    const intent = await createIntent(app, merchant.key);
    for (const [action, body] of [['review/approve', {}], ['review/reject', { reason: 'x' }]] as const) {
      const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/${action}`, { key: merchant.key, body });
      expect(response.status).toBe(409);
    }
    await expectUnchanged(intent.id, 'requires_payment_method', ['payment_intent.created']);
  });
});

describe('operator decisions on reviews', () => {
  it('approve: processing → succeeded', async () => {
    const { intent } = await intentIn('processing');
    const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/review/approve`, { key: merchant.key });
    expect(response.status).toBe(200);
    expect(response.body.payment_intent.status).toBe('succeeded');
    expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created', 'payment_intent.processing', 'payment_intent.succeeded']);
  });

  it('reject: processing → requires_payment_method with the reason, and the customer may retry', async () => {
    const { intent } = await intentIn('processing');
    const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/review/reject`, {
      key: merchant.key,
      body: { reason: 'Shipping address mismatch' },
    });
    expect(response.status).toBe(200);
    expect(response.body.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'review_rejected' },
    });
    expect(response.body.payment_intent.last_payment_error.message).toContain('Shipping address mismatch');
    await pages.submitToken(await pages.startSession(intent.id, 'mastercard'), 'YP-MC-APPROVE');
    expect((await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } })).status).toBe('succeeded');
  });

  it('a processing intent can be canceled; the review job then has nothing to do', async () => {
    const { intent } = await intentIn('processing');
    const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, { key: merchant.key });
    expect(response.body.payment_intent.status).toBe('canceled');
    const { resolveReviewJob } = await import('../../src/payments/intents/intents.ts');
    const stored = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } });
    expect(await resolveReviewJob(app.rt, { paymentIntentId: intent.id, cardSessionId: stored.latestCardSessionId! })).toBeNull();
    await expectUnchanged(intent.id, 'canceled', ['payment_intent.created', 'payment_intent.processing', 'payment_intent.canceled']);
  });
});

describe('illegal steps on the hosted pages show an error page and change nothing', () => {
  it.each(['succeeded', 'processing', 'canceled'] as const)('a new attempt on a %s intent', async (status) => {
    const { intent } = await intentIn(status);
    const events = await eventTypesOf(app, intent.id);
    const sessions = await app.rt.db.prisma.cardSession.count({ where: { paymentIntentId: intent.id } });
    const checkout = await pages.get(`/checkout/${intent.id}`);
    expect(checkout.html).toContain(`data-status="${status}"`);
    expect(checkout.html).not.toContain('name="csrf_token"');
    // Even with a valid form token taken from the page when it was still payable:
    const { keyedHash } = await import('../../src/core/crypto.ts');
    const csrf = keyedHash(app.rt.config.secret, `hosted-form:checkout:${intent.id}`);
    const answer = await pages.post(`/checkout/${intent.id}/pay`, { csrf_token: csrf, payment_method_code: 'visa', sandbox_outcome: 'pending' });
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('cannot be done now');
    expect(await app.rt.db.prisma.cardSession.count({ where: { paymentIntentId: intent.id } })).toBe(sessions);
    await expectUnchanged(intent.id, status, events);
  });

  it('a token on a used session', async () => {
    const { intent, sessionPath } = await intentIn('succeeded');
    const events = await eventTypesOf(app, intent.id);
    const { keyedHash } = await import('../../src/core/crypto.ts');
    const sessionId = sessionPath!.split('/').at(-1)!;
    const answer = await pages.post(sessionPath!, { csrf_token: keyedHash(app.rt.config.secret, `hosted-form:card:${sessionId}`), token: 'YP-VISA-DECLINE' });
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('already used');
    await expectUnchanged(intent.id, 'succeeded', events);
  });

  it('a challenge answer on a session without a challenge, and twice on one with', async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const { keyedHash } = await import('../../src/core/crypto.ts');
    const csrf = keyedHash(app.rt.config.secret, `hosted-form:card:${sessionPath.split('/').at(-1)}`);
    const early = await pages.post(`${sessionPath}/challenge`, { csrf_token: csrf, challenge_result: 'pass' });
    expect(early.status).toBe(409);
    expect(early.html).toContain('no challenge to answer');
    await expectUnchanged(intent.id, 'requires_payment_method', ['payment_intent.created']);

    await pages.submitToken(sessionPath, 'YP-VISA-3DS');
    expect((await pages.post(`${sessionPath}/challenge`, { csrf_token: csrf, challenge_result: 'fail' })).status).toBe(303);
    const again = await pages.post(`${sessionPath}/challenge`, { csrf_token: csrf, challenge_result: 'pass' });
    expect(again.status).toBe(409);
    await expectUnchanged(intent.id, 'requires_payment_method', [
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.payment_failed',
    ]);
  });

  it('a token or a challenge answer after the merchant canceled', async () => {
    const intent = await createIntent(app, merchant.key);
    const open = await pages.startSession(intent.id, 'visa');
    const challenged = await pages.startSession(intent.id, 'mastercard');
    const openPage = await pages.get(open);
    await pages.submitToken(challenged, 'YP-MC-3DS');
    const challengePage = await pages.get(challenged);
    await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, { key: merchant.key });
    const events = await eventTypesOf(app, intent.id);

    const token = await pages.post(open, { csrf_token: pages.csrfToken(openPage.html), token: 'YP-VISA-APPROVE' });
    expect(token.status).toBe(409);
    const answer = await pages.post(`${challenged}/challenge`, { csrf_token: pages.csrfToken(challengePage.html), challenge_result: 'pass' });
    expect(answer.status).toBe(409);
    await expectUnchanged(intent.id, 'canceled', events);
  });

  it('a token submitted twice at once is applied once', async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const form = { csrf_token: pages.csrfToken((await pages.get(sessionPath)).html), token: 'YP-VISA-APPROVE' };
    const answers = await Promise.all([pages.post(sessionPath, form), pages.post(sessionPath, form), pages.post(sessionPath, form)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409]);
    expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
  });

  it('leaving a 3DS challenge for another attempt fails the first one (authentication_abandoned)', async () => {
    const { intent, sessionPath } = await intentIn('requires_action');
    const checkout = await pages.get(`/checkout/${intent.id}`);
    expect(checkout.html).toContain('Continue authentication');
    await pages.submitToken(await pages.startSession(intent.id, 'google_pay'), 'YP-GP-MC-APPROVE');
    expect(await eventTypesOf(app, intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
    const failed = await app.rt.db.prisma.event.findFirstOrThrow({ where: { objectPublicId: intent.id, type: 'payment_intent.payment_failed' } });
    expect(failed.data).toMatchObject({ payment_intent: { last_payment_error: { code: 'authentication_abandoned' } } });
    const abandoned = await app.rt.db.prisma.cardSession.findUniqueOrThrow({ where: { id: sessionPath!.split('/').at(-1)! } });
    expect(abandoned).toMatchObject({ status: 'completed', outcome: 'abandoned' });
  });
});
