import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '@yarrow/sdk/webhooks';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { checkoutClient, createIntent } from './checkout-client.ts';

// Disputes (issue 33) over REST and GraphQL with real workers: a payment made with a dispute test
// token succeeds and is disputed; evidence is saved, submitted and decided by the sandbox issuer
// (the real dispute-review worker) when the account's test clock passes the review delay or the due
// date; every event reaches a receiver that verifies its signature; a disputed amount cannot be
// refunded.

const Disputes = graphql(`
  query TestDisputes($paymentIntentId: ID, $status: [DisputeStatus!]) {
    disputes(first: 10, paymentIntentId: $paymentIntentId, status: $status) {
      edges {
        node {
          id
          status
          reason
          amountMinor
          evidenceDueBy
          paymentIntent {
            id
            amountDisputed
            amountDisputedMinor
            amountRefundable
            disputes(first: 5) {
              edges {
                node {
                  id
                }
              }
            }
          }
        }
      }
    }
  }
`);
const SubmitEvidence = graphql(`
  mutation TestSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {
    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {
      id
      status
      evidence {
        productDescription
        uncategorizedText
      }
    }
  }
`);
const CloseDispute = graphql(`
  mutation TestCloseDispute($id: ID!) {
    closeDispute(id: $id) {
      id
      status
      closedAt
    }
  }
`);

const DAY_MS = 86_400_000;
const T0 = new Date(Date.now() + 3_600_000);
T0.setUTCMilliseconds(0);
const later = (ms: number) => new Date(T0.getTime() + ms).toISOString();

let app: TestApp;
let receiver: Receiver;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  receiver = await startReceiver();
  // The issuer's review takes an hour and evidence is due in 7 days: only the test clock moves them.
  app = await startTestApp({ env: { DISPUTE_REVIEW_DELAY_SECONDS: '3600', DISPUTE_EVIDENCE_DAYS: '7', WEBHOOK_RETRY_SCHEDULE: '0.1,0.2' } });
  pages = checkoutClient(app);
  await app.startWorkers(['dispute-review', 'webhooks']);
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

interface Merchant {
  account: TestAccount;
  path: string;
  secret: string;
}

/** A fresh account frozen at T0, with an endpoint for the dispute events on its own path. */
async function merchant(): Promise<Merchant> {
  const account = await app.account();
  const clock = await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: T0.toISOString() } });
  expect(clock.status).toBe(201);
  const path = `/disputes-${account.id}`;
  const { secret } = await createEndpoint(app, account.key, { url: receiver.url(path), eventTypes: ['dispute.created', 'dispute.updated', 'dispute.closed'] });
  return { account, path, secret };
}

/** A payment paid on the hosted checkout with a dispute token: answers the intent and its dispute. */
async function disputedPayment(m: Merchant, rail: string, token: string, amount = 40) {
  const intent = await createIntent(app, m.account.key, { amount, title: `Disputed ${token}` });
  const answer = await pages.submitToken(await pages.startSession(intent.id, rail), token);
  expect(answer.status, answer.html).toBe(303);
  const paid = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: m.account.key });
  expect(paid.body.payment_intent.status).toBe('succeeded');
  const list = await app.request('GET', `/api/v1/disputes?payment_intent=${intent.id}`, { key: m.account.key });
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(1);
  return { intent, dispute: list.body.data[0] };
}

/** Every verified dispute event on the merchant's path about `disputeId`, in arrival order, once `count` have come. */
async function verifiedEvents(m: Merchant, disputeId: string, count: number): Promise<WebhookEvent[]> {
  for (;;) {
    const events = receiver
      .received(m.path)
      .map((request) => verifyWebhook(m.secret, request.headers, request.body))
      .filter((event) => event.object_public_id === disputeId);
    // Deliveries are retried and may repeat: one per event id.
    const unique = [...new Map(events.map((event) => [event.id, event])).values()];
    if (unique.length >= count) return unique;
    await receiver.waitFor(m.path, receiver.received(m.path).length + 1);
  }
}

const advance = (m: Merchant, frozen_time: string) => app.request('POST', '/api/v1/test-clock/advance', { key: m.account.key, body: { frozen_time } });
const evidence = (m: Merchant, id: string, body: unknown) => app.request('POST', `/api/v1/disputes/${id}/evidence`, { key: m.account.key, body });
const show = (m: Merchant, id: string) => app.request('GET', `/api/v1/disputes/${id}`, { key: m.account.key });

async function statusBecomes(m: Merchant, id: string, status: string) {
  await expect.poll(async () => (await show(m, id)).body.dispute.status, { timeout: 15_000 }).toBe(status);
}

describe('disputes over REST', { timeout: 90_000 }, () => {
  it('a dispute token pays, then opens a dispute; evidence saved, submitted with winning_evidence, won after the review delay', async () => {
    const m = await merchant();
    const { intent, dispute } = await disputedPayment(m, 'visa', 'YP-VISA-DISPUTE');
    expect(dispute).toMatchObject({
      object: 'dispute',
      payment_intent: intent.id,
      status: 'needs_response',
      reason: 'fraudulent',
      amount: 40,
      amount_minor: 4000,
      currency: 'USD',
      evidence: {},
      evidence_due_by: later(7 * DAY_MS),
      evidence_submitted_at: null,
      closed_at: null,
    });
    expect(dispute.id).toMatch(/^dp_[0-9a-z]{26}$/);
    expect((await show(m, dispute.id)).body.dispute).toEqual(dispute);
    const intentNow = async () => (await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: m.account.key })).body.payment_intent;
    expect(await intentNow()).toMatchObject({ amount_disputed: 40, amount_disputed_minor: 4000, amount_refunded: 0 });

    // A draft: saved, still needs_response.
    const saved = await evidence(m, dispute.id, { evidence: { product_description: 'A blue teapot', customer_name: 'Ada' } });
    expect(saved.status).toBe(200);
    expect(saved.body.dispute).toMatchObject({ status: 'needs_response', evidence: { product_description: 'A blue teapot', customer_name: 'Ada' } });

    // Submitted: the fields merge over the draft (an empty one clears its field), and it is final.
    const submitted = await evidence(m, dispute.id, { evidence: { uncategorized_text: 'winning_evidence', customer_name: '' }, submit: true });
    expect(submitted.status).toBe(200);
    expect(submitted.body.dispute.status).toBe('under_review');
    expect(submitted.body.dispute.evidence).toEqual({ product_description: 'A blue teapot', uncategorized_text: 'winning_evidence' });
    expect(submitted.body.dispute.evidence_submitted_at).not.toBeNull();
    const again = await evidence(m, dispute.id, { evidence: { customer_name: 'Someone else' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'invalid_state', param: 'status' });
    expect((await app.request('POST', `/api/v1/disputes/${dispute.id}/close`, { key: m.account.key })).status).toBe(409);

    // Under review, the disputed amount cannot be refunded; nothing is created.
    const refused = await app.request('POST', '/api/v1/refunds', { key: m.account.key, body: { payment_intent: intent.id, amount: 5 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'invalid_state', param: 'payment_intent' });
    expect(refused.body.error.message).toMatch(/disputed/);
    expect(await app.rt.db.prisma.refund.count({ where: { paymentIntentId: intent.id } })).toBe(0);

    // The issuer decides only when the account's time passes the review delay.
    expect((await advance(m, later(30 * 60_000))).body.released_jobs).toBe(0);
    expect((await show(m, dispute.id)).body.dispute.status).toBe('under_review');
    expect((await advance(m, later(3_601_000))).body.released_jobs).toBe(1);
    await statusBecomes(m, dispute.id, 'won');
    expect((await show(m, dispute.id)).body.dispute.closed_at).not.toBeNull();

    const events = await verifiedEvents(m, dispute.id, 4);
    expect(events.map((event) => [event.event, (event.data as { dispute: { status: string } }).dispute.status])).toEqual([
      ['dispute.created', 'needs_response'],
      ['dispute.updated', 'needs_response'],
      ['dispute.updated', 'under_review'],
      ['dispute.closed', 'won'],
    ]);

    // Won: the amount is the merchant's again, and refundable.
    expect(await intentNow()).toMatchObject({ amount_disputed: 0, amount_disputed_minor: 0 });
    const refund = await app.request('POST', '/api/v1/refunds', { key: m.account.key, body: { payment_intent: intent.id, amount: 5 } });
    expect(refund.status).toBe(201);
  });

  it('losing_evidence loses the dispute after the review delay; the refund stays refused', async () => {
    const m = await merchant();
    const { intent, dispute } = await disputedPayment(m, 'mastercard', 'YP-MC-DISPUTE', 12.5);
    expect(dispute).toMatchObject({ reason: 'product_not_received', amount_minor: 1250 });
    const submitted = await evidence(m, dispute.id, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
    expect(submitted.body.dispute.status).toBe('under_review');
    await advance(m, later(2 * 3_600_000));
    await statusBecomes(m, dispute.id, 'lost');
    const events = await verifiedEvents(m, dispute.id, 3);
    expect(events.map((event) => event.event)).toEqual(['dispute.created', 'dispute.updated', 'dispute.closed']);
    expect((events[2]!.data as { dispute: { status: string } }).dispute.status).toBe('lost');

    const refused = await app.request('POST', '/api/v1/refunds', { key: m.account.key, body: { payment_intent: intent.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/disputed/);
    // Lost: the card holder has the money back; it stays counted as disputed.
    expect((await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: m.account.key })).body.payment_intent.amount_disputed_minor).toBe(1250);
  });

  it('no response by evidence_due_by loses the dispute when the test clock passes the due date; a draft is not a response', async () => {
    const m = await merchant();
    const { dispute } = await disputedPayment(m, 'google_pay', 'YP-GP-DISPUTE');
    expect(dispute.reason).toBe('duplicate');
    expect((await evidence(m, dispute.id, { evidence: { product_description: 'only a draft' } })).status).toBe(200);
    await advance(m, later(6 * DAY_MS));
    expect((await show(m, dispute.id)).body.dispute.status).toBe('needs_response');
    expect((await advance(m, later(8 * DAY_MS))).body.released_jobs).toBe(1);
    await statusBecomes(m, dispute.id, 'lost');
    const events = await verifiedEvents(m, dispute.id, 3);
    expect(events.map((event) => event.event)).toEqual(['dispute.created', 'dispute.updated', 'dispute.closed']);
    expect((await show(m, dispute.id)).body.dispute.evidence_submitted_at).toBeNull();
  });

  it('close accepts a dispute at once (lost); closing twice is refused', async () => {
    const m = await merchant();
    const { dispute } = await disputedPayment(m, 'apple_pay', 'YP-AP-DISPUTE');
    expect(dispute.reason).toBe('unrecognized');
    const closed = await app.request('POST', `/api/v1/disputes/${dispute.id}/close`, { key: m.account.key });
    expect(closed.status).toBe(200);
    expect(closed.body.dispute.status).toBe('lost');
    const twice = await app.request('POST', `/api/v1/disputes/${dispute.id}/close`, { key: m.account.key });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'invalid_state', param: 'status' });
    const events = await verifiedEvents(m, dispute.id, 2);
    expect(events.map((event) => event.event)).toEqual(['dispute.created', 'dispute.closed']);
    // The deadline job finds it closed and does nothing.
    await advance(m, later(8 * DAY_MS));
    expect((await show(m, dispute.id)).body.dispute).toMatchObject({ status: 'lost', evidence_submitted_at: null });
  });

  it('refuses bad evidence with code, message and param, and changes nothing', async () => {
    const m = await merchant();
    const { dispute } = await disputedPayment(m, 'visa', 'YP-VISA-DISPUTE');
    const cases: Array<[unknown, string, RegExp]> = [
      [{ evidence: { shoe_size: '42' } }, 'evidence.shoe_size', /shoe_size|unrecognized|not allowed/i],
      [{ evidence: { uncategorized_text: 'x'.repeat(20_001) } }, 'evidence.uncategorized_text', /20000|20,000/],
      [{ evidence: { product_description: 42 } }, 'evidence.product_description', /string/],
      [{ evidence: {}, submit: 'yes' }, 'submit', /boolean/],
      [{ evidence: {}, submit: true }, 'evidence', /at least one evidence field/],
      [{ evidence: { uncategorized_text: '   ' }, submit: true }, 'evidence', /at least one evidence field/],
      [
        { evidence: Object.fromEntries(['product_description', 'customer_communication', 'access_activity_log', 'uncategorized_text', 'billing_address', 'shipping_address', 'cancellation_rebuttal', 'refund_refusal_explanation'].map((field) => [field, 'y'.repeat(20_000)])) },
        'evidence',
        /150,000/,
      ],
    ];
    for (const [body, param, message] of cases) {
      const refused = await evidence(m, dispute.id, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
      expect(refused.body.error.param).toBe(param);
      expect(refused.body.error.message).toMatch(message);
    }
    expect((await show(m, dispute.id)).body.dispute).toMatchObject({ status: 'needs_response', evidence: {} });

    // Another account sees none of it.
    const other = await merchant();
    expect((await show(other, dispute.id)).status).toBe(404);
    expect((await evidence(other, dispute.id, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true })).status).toBe(404);
    expect((await app.request('POST', `/api/v1/disputes/${dispute.id}/close`, { key: other.account.key })).status).toBe(404);
    const otherList = await app.request('GET', '/api/v1/disputes', { key: other.account.key });
    expect(otherList.body.data).toEqual([]);
    expect((await app.request('GET', `/api/v1/disputes?starting_after=${dispute.id}`, { key: other.account.key })).status).toBe(404);
    expect((await app.request('GET', '/api/v1/disputes?status=open', { key: m.account.key })).body.error.param).toBe('status');
  });

  it('capture_method manual: a dispute token opens no dispute while only authorized; the capture opens it for what was captured', async () => {
    const m = await merchant();
    const intent = await createIntent(app, m.account.key, { amount: 40, capture_method: 'manual', title: 'Disputed once captured' });
    expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-DISPUTE')).status).toBe(303);
    const disputesOf = async () => (await app.request('GET', `/api/v1/disputes?payment_intent=${intent.id}`, { key: m.account.key })).body.data;
    expect((await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: m.account.key })).body.payment_intent.status).toBe('requires_capture');
    expect(await disputesOf()).toEqual([]);

    const captured = await app.request('POST', `/api/v1/payment-intents/${intent.id}/capture`, { key: m.account.key, body: { amount_to_capture: 30 } });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.payment_intent).toMatchObject({ status: 'succeeded', amount_received_minor: 3000, amount_disputed: 30, amount_disputed_minor: 3000 });
    const [dispute, ...more] = await disputesOf();
    expect(more).toEqual([]);
    expect(dispute).toMatchObject({ payment_intent: intent.id, status: 'needs_response', reason: 'fraudulent', amount: 30, amount_minor: 3000, evidence_due_by: later(7 * DAY_MS) });
    const [created] = await verifiedEvents(m, dispute.id, 1);
    expect(created!.event).toBe('dispute.created');
    expect((created!.data as { dispute: { amount_minor: number } }).dispute.amount_minor).toBe(3000);

    // What was captured is disputed, so none of it can be refunded.
    const refused = await app.request('POST', '/api/v1/refunds', { key: m.account.key, body: { payment_intent: intent.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/disputed/);

    // An authorization approved with an ordinary token is captured undisputed.
    const plain = await createIntent(app, m.account.key, { amount: 40, capture_method: 'manual' });
    expect((await pages.submitToken(await pages.startSession(plain.id, 'visa'), 'YP-VISA-APPROVE')).status).toBe(303);
    expect((await app.request('POST', `/api/v1/payment-intents/${plain.id}/capture`, { key: m.account.key, body: {} })).status).toBe(200);
    expect((await app.request('GET', `/api/v1/disputes?payment_intent=${plain.id}`, { key: m.account.key })).body.data).toEqual([]);
  });

  it('lists newest first in cursor pages, by payment intent and status; approve tokens open none', async () => {
    const m = await merchant();
    const first = await disputedPayment(m, 'visa', 'YP-VISA-DISPUTE');
    const second = await disputedPayment(m, 'mastercard', 'YP-MC-DISPUTE');
    const third = await disputedPayment(m, 'visa', 'YP-VISA-DISPUTE');
    const approved = await createIntent(app, m.account.key);
    expect((await pages.submitToken(await pages.startSession(approved.id, 'visa'), 'YP-VISA-APPROVE')).status).toBe(303);
    expect((await app.request('GET', `/api/v1/disputes?payment_intent=${approved.id}`, { key: m.account.key })).body.data).toEqual([]);

    const page1 = await app.request('GET', '/api/v1/disputes?limit=2', { key: m.account.key });
    expect(page1.body).toMatchObject({ object: 'list', has_more: true, url: '/api/v1/disputes' });
    expect(page1.body.data.map((d: { id: string }) => d.id)).toEqual([third.dispute.id, second.dispute.id]);
    const page2 = await app.request('GET', `/api/v1/disputes?limit=2&starting_after=${second.dispute.id}`, { key: m.account.key });
    expect(page2.body.data.map((d: { id: string }) => d.id)).toEqual([first.dispute.id]);
    expect(page2.body.has_more).toBe(false);

    await app.request('POST', `/api/v1/disputes/${second.dispute.id}/close`, { key: m.account.key });
    const lost = await app.request('GET', '/api/v1/disputes?status=lost', { key: m.account.key });
    expect(lost.body.data.map((d: { id: string }) => d.id)).toEqual([second.dispute.id]);
  });
});

describe('disputes over GraphQL', { timeout: 90_000 }, () => {
  it('lists a payment\'s disputes, saves and submits evidence, closes one; bad input names the GraphQL param', async () => {
    const m = await merchant();
    const { intent, dispute } = await disputedPayment(m, 'visa', 'YP-VISA-DISPUTE');
    const listed = await execute(app.baseUrl, m.account.key, Disputes, { paymentIntentId: intent.id, status: ['NEEDS_RESPONSE'] });
    expect(listed.errors).toBeUndefined();
    const node = listed.data!.disputes.edges[0]!.node;
    expect(node).toMatchObject({ id: dispute.id, status: 'NEEDS_RESPONSE', reason: 'FRAUDULENT', amountMinor: 4000 });
    expect(node.paymentIntent.disputes.edges.map((edge) => edge.node.id)).toEqual([dispute.id]);
    expect(node.paymentIntent).toMatchObject({ amountDisputed: 40, amountDisputedMinor: 4000, amountRefundable: 0 });

    const draft = await execute(app.baseUrl, m.account.key, SubmitEvidence, { id: dispute.id, evidence: { productDescription: 'A teapot' } });
    expect(draft.data!.submitDisputeEvidence).toMatchObject({ status: 'NEEDS_RESPONSE', evidence: { productDescription: 'A teapot', uncategorizedText: null } });
    const tooLong = await execute(app.baseUrl, m.account.key, SubmitEvidence, { id: dispute.id, evidence: { uncategorizedText: 'x'.repeat(20_001) } });
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'evidence.uncategorizedText' });
    const submitted = await execute(app.baseUrl, m.account.key, SubmitEvidence, { id: dispute.id, evidence: { uncategorizedText: 'winning_evidence' }, submit: true });
    expect(submitted.data!.submitDisputeEvidence.status).toBe('UNDER_REVIEW');
    const refused = await execute(app.baseUrl, m.account.key, CloseDispute, { id: dispute.id });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });

    const other = await disputedPayment(m, 'apple_pay', 'YP-AP-DISPUTE');
    const closed = await execute(app.baseUrl, m.account.key, CloseDispute, { id: other.dispute.id });
    expect(closed.data!.closeDispute.status).toBe('LOST');
  });
});
