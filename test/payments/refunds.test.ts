import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YarrowError } from '../../src/core/errors.ts';
import { newId } from '../../src/payments/contract.ts';
import type { RefundStatus } from '../../src/generated/prisma/client.ts';
import { refundTransitions, transitionRefund, type RefundAction } from '../../src/payments/refunds/lifecycle.ts';
import { verifyWebhook, type WebhookEvent } from '@yarrow/sdk/webhooks';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { checkoutClient, createIntent, eventTypesOf } from './checkout-client.ts';

// Refunds (issue 24) through REST and GraphQL, settled by the real payment-refund worker, their
// events delivered by the real webhooks worker to a receiver that verifies every signature, and
// shown on the hosted receipt.

const CreateRefund = graphql(`
  mutation TestCreateRefund($input: CreateRefundInput!) {
    createRefund(input: $input) {
      id
      status
      amount
      amountMinor
      currency
      reason
      paymentIntent {
        id
        amountRefunded
        amountRefundable
      }
    }
  }
`);

const IntentLive = graphql(`
  subscription TestRefundIntentLive($id: ID!) {
    paymentIntentUpdated(id: $id) {
      status
      amountRefundedMinor
    }
  }
`);

const IntentRefunds = graphql(`
  query TestIntentRefunds($id: ID!) {
    paymentIntent(id: $id) {
      amountRefunded
      amountRefundedMinor
      amountRefundable
      refunds(first: 10) {
        edges {
          node {
            id
            status
            amountMinor
            failureReason
          }
        }
      }
    }
    refunds(first: 10, paymentIntentId: $id, status: [SUCCEEDED]) {
      edges {
        node {
          id
        }
      }
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
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0.1,0.2' } });
  merchant = await app.account();
  pages = checkoutClient(app);
  ({ secret } = await createEndpoint(app, merchant.key, { url: receiver.url('/refunds'), eventTypes: ['refund.created', 'refund.succeeded', 'refund.failed'] }));
  await app.startWorkers(['payment-refund', 'webhooks']);
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

/** A payment intent paid on the hosted checkout with the approve token. */
async function paidIntent(overrides: Record<string, unknown> = {}, account = merchant) {
  const intent = await createIntent(app, account.key, overrides);
  const answer = await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE');
  expect(answer.status).toBe(303);
  return intent;
}

/** The verified webhook events received so far about `refundId`, in arrival order. */
function eventsAbout(refundId: string): WebhookEvent[] {
  return receiver
    .received('/refunds')
    .map((request) => verifyWebhook(secret, request.headers, request.body))
    .filter((event) => event.object_public_id === refundId);
}

/** Waits until the receiver holds `type` about the refund (each request is verified on the way). */
async function webhookFor(refundId: string, type: string): Promise<WebhookEvent> {
  for (;;) {
    const found = eventsAbout(refundId).find((event) => event.event === type);
    if (found) return found;
    await receiver.waitFor('/refunds', receiver.received('/refunds').length + 1);
  }
}

const refund = (body: unknown, headers: Record<string, string> = {}, key = merchant.key) =>
  app.request('POST', '/api/v1/refunds', { key, body, headers });

describe('refunds over REST', () => {
  it('refunds part of a payment, then the rest; the intent counts both and the worker settles them', async () => {
    const intent = await paidIntent();
    const first = await refund({ payment_intent: intent.id, amount: '5.00', reason: 'requested_by_customer', metadata: { ticket: 'T-1' } }, { 'Idempotency-Key': `part-${intent.id}` });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.refund).toMatchObject({ object: 'refund', payment_intent: intent.id, status: 'pending', amount: 5, amount_minor: 500, currency: 'USD', reason: 'requested_by_customer', metadata: { ticket: 'T-1' } });
    expect(first.body.refund.id).toMatch(/^re_/);
    expect(first.body.payment_intent).toMatchObject({ status: 'succeeded', amount_refunded: 5, amount_refunded_minor: 500, refunded: false });

    const created = await webhookFor(first.body.refund.id, 'refund.created');
    expect(created.data).toMatchObject({ refund: { status: 'pending', amount_minor: 500 }, payment_intent: { id: intent.id, amount_refunded_minor: 500 } });
    const succeeded = await webhookFor(first.body.refund.id, 'refund.succeeded');
    expect(succeeded.data).toMatchObject({ refund: { status: 'succeeded', failure_reason: null }, payment_intent: { amount_refunded_minor: 500 } });
    expect((succeeded.data as { refund: { succeeded_at: string } }).refund.succeeded_at).toBeTruthy();

    const rest = await refund({ payment_intent: intent.id });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.amount_minor).toBe(750);
    expect(rest.body.payment_intent).toMatchObject({ amount_refunded: 12.5, refunded: true });
    await webhookFor(rest.body.refund.id, 'refund.succeeded');

    const again = await refund({ payment_intent: intent.id, amount: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'invalid_state', param: 'payment_intent' });

    const shown = await app.request('GET', `/api/v1/refunds/${first.body.refund.id}`, { key: merchant.key });
    expect(shown.body.refund.status).toBe('succeeded');
    const listed = await app.request('GET', `/api/v1/refunds?payment_intent=${intent.id}`, { key: merchant.key });
    expect(listed.body.data.map((each: { id: string }) => each.id)).toEqual([rest.body.refund.id, first.body.refund.id]);
    const succeededOnly = await app.request('GET', `/api/v1/refunds?payment_intent=${intent.id}&status=failed`, { key: merchant.key });
    expect(succeededOnly.body.data).toEqual([]);
    expect(await eventTypesOf(app, first.body.refund.id)).toEqual(['refund.created', 'refund.succeeded']);
  });

  it('replays a create with the same Idempotency-Key and parameters, and refuses other parameters', async () => {
    const intent = await paidIntent();
    const headers = { 'Idempotency-Key': `replay-${intent.id}` };
    const first = await refund({ payment_intent: intent.id, amount: 2 }, headers);
    const replay = await refund({ payment_intent: intent.id, amount: 2 }, headers);
    expect(replay.status).toBe(201);
    expect(replay.body.refund.id).toBe(first.body.refund.id);
    const other = await refund({ payment_intent: intent.id, amount: 3 }, headers);
    expect(other.status).toBe(409);
    expect(await app.rt.db.prisma.refund.count({ where: { paymentIntentId: intent.id } })).toBe(1);
    const after = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(after.body.payment_intent.amount_refunded_minor).toBe(200);
  });

  it('fails a refund of the sandbox failing amount (minor units ending in 13) and gives the amount back', async () => {
    const intent = await paidIntent();
    const failing = await refund({ payment_intent: intent.id, amount: 0.13 });
    expect(failing.status).toBe(201);
    expect(failing.body.payment_intent.amount_refunded_minor).toBe(13);
    const failed = await webhookFor(failing.body.refund.id, 'refund.failed');
    expect(failed.data).toMatchObject({
      refund: { status: 'failed', failure_reason: 'expired_or_canceled_card' },
      payment_intent: { amount_refunded_minor: 0, refunded: false },
    });
    const after = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(after.body.payment_intent.amount_refunded).toBe(0);
    // The whole amount is refundable again.
    const whole = await refund({ payment_intent: intent.id });
    expect(whole.body.refund.amount_minor).toBe(1250);
  });

  it('refuses bad refunds with a clear error and changes nothing', async () => {
    const intent = await paidIntent({ amount: 10 });
    const unpaid = await createIntent(app, merchant.key);
    const other = await app.account();
    const othersIntent = await paidIntent({}, other);
    const cases: Array<[unknown, number, string, string]> = [
      [{ payment_intent: intent.id, amount: 10.01 }, 400, 'invalid_request', 'amount'],
      [{ payment_intent: intent.id, amount: 0 }, 400, 'invalid_request', 'amount'],
      [{ payment_intent: intent.id, amount: '1.234' }, 400, 'invalid_request', 'amount'],
      [{ payment_intent: intent.id, reason: 'changed_mind' }, 400, 'invalid_request', 'reason'],
      [{ payment_intent: intent.id, extra: 1 }, 400, 'invalid_request', 'extra'],
      [{ amount: 1 }, 400, 'invalid_request', 'payment_intent'],
      [{ payment_intent: unpaid.id }, 409, 'invalid_state', 'payment_intent'],
      [{ payment_intent: othersIntent.id }, 404, 'not_found', 'payment_intent'],
    ];
    for (const [body, status, code, param] of cases) {
      const answer = await refund(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error).toMatchObject({ code, param });
      expect(answer.body.error.message).toBeTruthy();
    }
    expect(await app.rt.db.prisma.refund.count({ where: { paymentIntentId: { in: [intent.id, unpaid.id, othersIntent.id] } } })).toBe(0);
    expect((await app.request('GET', `/api/v1/refunds/${(await refund({ payment_intent: othersIntent.id }, {}, other.key)).body.refund.id}`, { key: merchant.key })).status).toBe(404);
  });

  it('never refunds more than the payment when refunds race', async () => {
    const intent = await paidIntent();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund({ payment_intent: intent.id, amount: 5 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 400, 400, 400]);
    const after = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(after.body.payment_intent.amount_refunded_minor).toBe(1000);
  });
});

describe('the refund state machine', () => {
  /** The documented machine, written out independently of the code: action → from → to. */
  const documented: Record<RefundAction, Partial<Record<RefundStatus, RefundStatus>>> = {
    succeed: { pending: 'succeeded' },
    fail: { pending: 'failed' },
  };
  const combinations = (Object.keys(refundTransitions) as RefundAction[]).flatMap((action) =>
    (['pending', 'succeeded', 'failed'] as const).map((from) => ({ action, from, to: documented[action][from] })),
  );

  it.each(combinations)('$action from $from → $to', async ({ action, from, to }) => {
    const intent = await paidIntent();
    // Written here rather than through the API: no payment-refund job races the case.
    const id = newId('refund');
    await app.rt.db.prisma.refund.create({ data: { id, accountId: merchant.id, paymentIntentId: intent.id, amount: 100, currency: 'USD', status: from } });
    await app.rt.db.prisma.paymentIntent.update({ where: { id: intent.id }, data: { amountRefunded: from === 'failed' ? 0 : 100 } });
    const before = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } });
    const eventsBefore = await eventTypesOf(app, id);
    const attempt = app.rt.db.prisma.$transaction((tx) => transitionRefund(app.rt, tx, merchant.id, id, action, { failureReason: 'declined' }));
    if (to) {
      expect((await attempt).status).toBe(to);
      expect(await eventTypesOf(app, id)).toEqual([...eventsBefore, `refund.${to}`]);
      const after = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } });
      expect(after.amountRefunded).toBe(to === 'failed' ? before.amountRefunded - 100 : before.amountRefunded);
    } else {
      const error = await attempt.then(() => undefined, (failure: unknown) => failure);
      expect(error).toBeInstanceOf(YarrowError);
      expect((error as YarrowError).code).toBe('invalid_state');
      expect((await app.rt.db.prisma.refund.findUniqueOrThrow({ where: { id } })).status).toBe(from);
      expect(await eventTypesOf(app, id)).toEqual(eventsBefore);
    }
  });
});

describe('refunds over GraphQL', () => {
  it('creates a refund, lists it on the intent, and names GraphQL params in errors', async () => {
    const intent = await paidIntent();
    const created = await execute(app.baseUrl, merchant.key, CreateRefund, { input: { paymentIntent: intent.id, amount: 2.5, reason: 'DUPLICATE' } });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createRefund).toMatchObject({ status: 'PENDING', amount: 2.5, amountMinor: 250, reason: 'DUPLICATE', paymentIntent: { id: intent.id, amountRefunded: 2.5, amountRefundable: 10 } });
    const id = created.data!.createRefund.id;
    await webhookFor(id, 'refund.succeeded');
    const read = await execute(app.baseUrl, merchant.key, IntentRefunds, { id: intent.id });
    expect(read.data!.paymentIntent).toMatchObject({ amountRefunded: 2.5, amountRefundedMinor: 250, amountRefundable: 10 });
    expect(read.data!.paymentIntent.refunds.edges.map(({ node }) => node)).toEqual([{ id, status: 'SUCCEEDED', amountMinor: 250, failureReason: null }]);
    expect(read.data!.refunds.edges.map(({ node }) => node.id)).toEqual([id]);

    // Live: the intent's subscription answers its state, then each refund change (from the gateway and the worker).
    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, IntentLive, { id: intent.id });
    expect((await live.next()).data!.paymentIntentUpdated).toEqual({ status: 'SUCCEEDED', amountRefundedMinor: 250 });
    const failing = await refund({ payment_intent: intent.id, amount: 0.13 });
    expect((await live.next()).data!.paymentIntentUpdated.amountRefundedMinor).toBe(263);
    await webhookFor(failing.body.refund.id, 'refund.failed');
    expect((await live.next()).data!.paymentIntentUpdated.amountRefundedMinor).toBe(250);
    live.dispose();
    await client.dispose();

    const tooMuch = await execute(app.baseUrl, merchant.key, CreateRefund, { input: { paymentIntent: intent.id, amount: 10.01 } });
    expect(tooMuch.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.amount' });
  });
});

describe('the hosted receipt', () => {
  it('shows each refund, and says a payment refunded in full is refunded', async () => {
    const intent = await paidIntent();
    const partial = await refund({ payment_intent: intent.id, amount: 2.5 });
    await webhookFor(partial.body.refund.id, 'refund.succeeded');
    let page = await pages.get(`/checkout/${intent.id}`);
    expect(page.html).toContain('Payment successful');
    expect(page.html).toMatch(/data-refund-status="succeeded"><dt>Refunded<\/dt><dd>\$2\.50/);
    const rest = await refund({ payment_intent: intent.id });
    await webhookFor(rest.body.refund.id, 'refund.succeeded');
    page = await pages.get(`/checkout/${intent.id}`);
    expect(page.html).toContain('Payment refunded');
    expect(page.html.match(/data-testid="refund"/g)).toHaveLength(2);
    expect(page.html).toContain('refunded $12.50 of your payment');
  });
});
