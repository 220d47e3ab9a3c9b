import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '@yarrow/sdk/webhooks';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { checkoutClient, createIntent, eventTypesOf } from './checkout-client.ts';

// Authorize, then capture (issue 33) over REST, paid on the hosted checkout: a partial capture
// (the rest released) and its refund, a refused over-capture and second capture, a cancel that
// releases an authorization, and one that lapses when the account's test clock passes 7 days, run
// by the real payment-authorization-expiry worker; every event reaches a receiver that checks its
// signature.

const CreateManual = graphql(`
  mutation TestCreateManualIntent($input: CreatePaymentIntentInput!) {
    createPaymentIntent(input: $input) {
      id
      captureMethod
      status
    }
  }
`);

const Capture = graphql(`
  mutation TestCapturePaymentIntent($id: ID!, $amountToCapture: Float) {
    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {
      id
      status
      amountCapturable
      amountReceived
      amountReceivedMinor
      amountRefundable
      captureBefore
    }
  }
`);

const Authorized = graphql(`
  query TestAuthorizedIntent($id: ID!) {
    paymentIntent(id: $id) {
      status
      amountCapturable
      amountCapturableMinor
      captureBefore
    }
  }
`);

let app: TestApp;
let receiver: Receiver;
let merchant: TestAccount;
let secret: string;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0.1,0.2', PAYMENT_REVIEW_DELAY_SECONDS: '0' } });
  merchant = await app.account();
  pages = checkoutClient(app);
  ({ secret } = await createEndpoint(app, merchant.key, { url: receiver.url('/capture') }));
  await app.startWorkers(['payment-authorization-expiry', 'payment-refund', 'payment-review', 'webhooks']);
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

/** Waits until the receiver holds `type` about `objectId`, verifying each request's signature. */
async function webhookFor(objectId: string, type: string): Promise<WebhookEvent> {
  for (;;) {
    const found = receiver
      .received('/capture')
      .map((request) => verifyWebhook(secret, request.headers, request.body))
      .find((event) => event.object_public_id === objectId && event.event === type);
    if (found) return found;
    await receiver.waitFor('/capture', receiver.received('/capture').length + 1);
  }
}

/** A manual-capture intent authorized on the hosted checkout with `token`. */
async function authorizedIntent(account = merchant, amount = 40, token = 'YP-VISA-APPROVE', rail = 'visa') {
  const intent = await createIntent(app, account.key, { amount, capture_method: 'manual' });
  expect(intent.capture_method).toBe('manual');
  const answer = await pages.submitToken(await pages.startSession(intent.id, rail), token);
  expect(answer.status).toBe(303);
  return intent;
}

const capture = (id: string, body: unknown = {}, key = merchant.key) => app.request('POST', `/api/v1/payment-intents/${id}/capture`, { key, body });
const show = async (id: string, key = merchant.key) => (await app.request('GET', `/api/v1/payment-intents/${id}`, { key })).body.payment_intent;

describe('authorize and capture', () => {
  it('authorizes, captures part (the rest released), refuses a second capture, and refunds only what was captured', async () => {
    const intent = await authorizedIntent();
    const authorized = await show(intent.id);
    expect(authorized).toMatchObject({ status: 'requires_capture', amount_capturable: 40, amount_capturable_minor: 4000, amount_received: 0 });
    const captureBefore = new Date(authorized.capture_before).getTime();
    expect(Math.abs(captureBefore - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    const event = await webhookFor(intent.id, 'payment_intent.amount_capturable_updated');
    expect(event.data).toMatchObject({ payment_intent: { status: 'requires_capture', amount_capturable_minor: 4000 } });

    // More than was authorized: refused, naming the field, and nothing changes.
    const over = await capture(intent.id, { amount_to_capture: 40.01 });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: 'invalid_request', param: 'amount_to_capture' });
    expect(over.body.error.message).toContain('at most the amount authorized');
    expect((await show(intent.id)).status).toBe('requires_capture');

    const captured = await capture(intent.id, { amount_to_capture: 30 });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.payment_intent).toMatchObject({ status: 'succeeded', amount_received: 30, amount_received_minor: 3000, amount_capturable: 0, amount: 40 });
    const succeeded = await webhookFor(intent.id, 'payment_intent.succeeded');
    expect(succeeded.data).toMatchObject({ payment_intent: { amount_received_minor: 3000, amount_capturable_minor: 0 } });

    const twice = await capture(intent.id, { amount_to_capture: 5 });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'invalid_state', param: 'status' });
    expect(twice.body.error.message).toContain('cannot be captured');

    // Refunds reach what was captured, not what was authorized.
    const tooMuch = await app.request('POST', '/api/v1/refunds', { key: merchant.key, body: { payment_intent: intent.id, amount: 31 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.param).toBe('amount');
    const all = await app.request('POST', '/api/v1/refunds', { key: merchant.key, body: { payment_intent: intent.id } });
    expect(all.status).toBe(201);
    expect(all.body.refund.amount_minor).toBe(3000);
    expect(all.body.payment_intent).toMatchObject({ refunded: true, amount_refunded: 30 });
    expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created', 'payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
  });

  it('captures the whole authorization by default, and a wallet and a reviewed payment are authorized too', async () => {
    const wallet = await authorizedIntent(merchant, 25, 'YP-GP-VISA-APPROVE', 'google_pay');
    expect((await show(wallet.id)).status).toBe('requires_capture');
    const whole = await capture(wallet.id);
    expect(whole.body.payment_intent).toMatchObject({ status: 'succeeded', amount_received_minor: 2500 });

    // A payment held for review is authorized, not taken, when the reviewer approves it.
    const reviewed = await authorizedIntent(merchant, 15, 'YP-VISA-REVIEW');
    await expect.poll(async () => (await show(reviewed.id)).status, { timeout: 15_000 }).toBe('requires_capture');

    // An automatic intent takes the money at once, as before.
    const automatic = await createIntent(app, merchant.key, { amount: 10 });
    expect(automatic.capture_method).toBe('automatic');
    await pages.submitToken(await pages.startSession(automatic.id, 'visa'), 'YP-VISA-APPROVE');
    expect(await show(automatic.id)).toMatchObject({ status: 'succeeded', amount_received_minor: 1000, amount_capturable_minor: 0 });
    const notAuthorized = await capture(automatic.id);
    expect(notAuthorized.status).toBe(409);
  });

  it('cancel releases an authorization', async () => {
    const intent = await authorizedIntent();
    const canceled = await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, { key: merchant.key, body: { cancellation_reason: 'requested_by_customer' } });
    expect(canceled.status).toBe(200);
    expect(canceled.body.payment_intent).toMatchObject({ status: 'canceled', amount_capturable: 0, amount_received: 0, cancellation_reason: 'requested_by_customer' });
    const event = await webhookFor(intent.id, 'payment_intent.canceled');
    expect(event.data).toMatchObject({ payment_intent: { status: 'canceled', amount_capturable_minor: 0 } });
    expect((await capture(intent.id)).status).toBe(409);
  });

  it('refuses bad captures with a clear error and changes nothing', async () => {
    const intent = await authorizedIntent(merchant, 10);
    const other = await app.account();
    const cases: Array<[string, unknown, number, string, string]> = [
      [intent.id, { amount_to_capture: 0 }, 400, 'invalid_request', 'amount_to_capture'],
      [intent.id, { amount_to_capture: '1.234' }, 400, 'invalid_request', 'amount_to_capture'],
      [intent.id, { amount: 5 }, 400, 'invalid_request', 'amount'],
      ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz', {}, 404, 'not_found', 'id'],
    ];
    for (const [id, body, status, code, param] of cases) {
      const answer = await capture(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error).toMatchObject({ code, param });
    }
    // Another account's intent is not found.
    expect((await capture(intent.id, {}, other.key)).status).toBe(404);
    const create = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      body: { amount: 5, currency: 'USD', title: 'x', customer_name: 'Ada', customer_email: 'ada@example.com', capture_method: 'later' },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.param).toBe('capture_method');
    expect(await show(intent.id)).toMatchObject({ status: 'requires_capture', amount_capturable_minor: 1000 });
  });

  it('an authorization not captured in 7 days of the test clock expires, with its event', async () => {
    const account = await app.account();
    const { secret: accountSecret } = await createEndpoint(app, account.key, { url: receiver.url('/expiry') });
    const start = new Date('2027-03-01T09:00:00Z');
    expect((await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: start.toISOString() } })).status).toBe(201);
    const intent = await authorizedIntent(account, 20);
    const authorized = await show(intent.id, account.key);
    expect(authorized.capture_before).toBe(new Date(start.getTime() + 7 * 86_400_000).toISOString());

    // Six days on, it still holds.
    await app.request('POST', '/api/v1/test-clock/advance', { key: account.key, body: { frozen_time: new Date(start.getTime() + 6 * 86_400_000).toISOString() } });
    expect((await show(intent.id, account.key)).status).toBe('requires_capture');

    const advanced = await app.request('POST', '/api/v1/test-clock/advance', { key: account.key, body: { frozen_time: new Date(start.getTime() + 8 * 86_400_000).toISOString() } });
    expect(advanced.status).toBe(200);
    expect(advanced.body.released_jobs).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await show(intent.id, account.key)).status, { timeout: 15_000 }).toBe('canceled');
    expect(await show(intent.id, account.key)).toMatchObject({ cancellation_reason: 'expired', amount_capturable: 0 });
    for (;;) {
      const events = receiver.received('/expiry').map((request) => verifyWebhook(accountSecret, request.headers, request.body));
      const canceled = events.find((event) => event.object_public_id === intent.id && event.event === 'payment_intent.canceled');
      if (canceled) {
        expect(canceled.data).toMatchObject({ payment_intent: { status: 'canceled', cancellation_reason: 'expired' } });
        break;
      }
      await receiver.waitFor('/expiry', receiver.received('/expiry').length + 1);
    }
    const late = await capture(intent.id, {}, account.key);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain('canceled');
  });

  it('refuses to capture an authorization past capture_before even before the expiry job has run', async () => {
    const intent = await authorizedIntent(merchant, 10);
    // As in the moment between the deadline and the worker's turn.
    await app.rt.db.prisma.paymentIntent.update({ where: { id: intent.id }, data: { captureBefore: new Date(Date.now() - 1000) } });
    const late = await capture(intent.id);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'invalid_state', param: 'status' });
    expect(late.body.error.message).toContain('expired');
    expect(await show(intent.id)).toMatchObject({ status: 'requires_capture', amount_received: 0 });
  });

  it('works the same over GraphQL: captureMethod MANUAL, then capturePaymentIntent with its refusals naming the argument', async () => {
    const created = await execute(app.baseUrl, merchant.key, CreateManual, {
      input: { amount: 50, currency: 'EUR', title: 'Hotel night', customerName: 'Ada', customerEmail: 'ada@example.com', captureMethod: 'MANUAL' },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createPaymentIntent.id;
    expect(created.data!.createPaymentIntent.captureMethod).toBe('MANUAL');
    await pages.submitToken(await pages.startSession(id, 'mastercard'), 'YP-MC-APPROVE');
    const authorized = await execute(app.baseUrl, merchant.key, Authorized, { id });
    expect(authorized.data!.paymentIntent).toMatchObject({ status: 'REQUIRES_CAPTURE', amountCapturable: 50, amountCapturableMinor: 5000 });
    expect(authorized.data!.paymentIntent!.captureBefore).toBeTruthy();

    const over = await execute(app.baseUrl, merchant.key, Capture, { id, amountToCapture: 60 });
    expect(over.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'amountToCapture' });
    const captured = await execute(app.baseUrl, merchant.key, Capture, { id, amountToCapture: 45.5 });
    expect(captured.errors).toBeUndefined();
    expect(captured.data!.capturePaymentIntent).toMatchObject({ status: 'SUCCEEDED', amountCapturable: 0, amountReceived: 45.5, amountReceivedMinor: 4550, amountRefundable: 45.5 });
    const twice = await execute(app.baseUrl, merchant.key, Capture, { id });
    expect(twice.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });
  });
});
