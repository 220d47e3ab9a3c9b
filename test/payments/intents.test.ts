import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { createIntent, eventTypesOf } from './checkout-client.ts';

let app: TestApp;
let merchant: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account({ name: 'Blue Bottle Books' });
  other = await app.account({ name: 'Someone else' });
});
afterAll(() => app?.stop());

const valid = {
  amount: 12.5,
  currency: 'USD',
  title: 'Order #1001',
  customer_name: 'Ada Lovelace',
  customer_email: 'ada@example.com',
};

const intentCount = () => app.rt.db.prisma.paymentIntent.count();

describe('POST /api/v1/payment-intents', () => {
  it('creates an intent in minor units and answers it with the currency\'s decimals', async () => {
    const response = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      body: { ...valid, metadata: { order_id: '1001' }, return_url: 'https://shop.example/thanks' },
    });
    expect(response.status).toBe(201);
    const intent = response.body.payment_intent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 12.5,
      amount_minor: 1250,
      amount_display: '12.50',
      currency: 'USD',
      title: 'Order #1001',
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      payment_method_code: null,
      last_payment_error: null,
      metadata: { order_id: '1001' },
      return_url: 'https://shop.example/thanks',
    });
    expect(intent.id).toMatch(/^pi_[0-9a-z]{26}$/);
    expect(intent.checkout_url).toBe(`${app.rt.config.publicBaseUrl}/checkout/${intent.id}`);
    expect(new Date(intent.created_at).toISOString()).toBe(intent.created_at);
    expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created']);
    const stored = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } });
    expect(stored.amount).toBe(1250);
  });

  it.each([
    ['JPY', 1250, 1250, '1250'],
    ['KRW', 50000, 50000, '50000'],
    ['KWD', 1.234, 1234, '1.234'],
    ['SAR', '99.90', 9990, '99.90'],
    ['eur', 0.1, 10, '0.10'],
    ['USD', 999999.99, 99999999, '999999.99'],
  ])('accepts %s %s (minor %s, display %s)', async (currency, amount, minor, display) => {
    const intent = await createIntent(app, merchant.key, { currency, amount });
    expect(intent.amount_minor).toBe(minor);
    expect(intent.amount_display).toBe(display);
    expect(intent.currency).toBe(String(currency).toUpperCase());
    expect(intent.amount).toBe(Number(display));
  });

  it.each([
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
    ['a missing currency', { currency: undefined }, 'currency'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['a negative amount as text', { amount: '-5.00' }, 'amount'],
    ['three decimals in USD', { amount: 12.345 }, 'amount'],
    ['decimals in JPY', { currency: 'JPY', amount: 12.5 }, 'amount'],
    ['four decimals in KWD', { currency: 'KWD', amount: 1.2345 }, 'amount'],
    ['a tiny fraction', { amount: 1e-7 }, 'amount'],
    ['over the maximum', { amount: 1_000_000 }, 'amount'],
    ['over the maximum in JPY', { currency: 'JPY', amount: 100_000_000 }, 'amount'],
    ['an amount that is not a number', { amount: true }, 'amount'],
    ['text that is not a number', { amount: '12,50' }, 'amount'],
    ['a missing title', { title: undefined }, 'title'],
    ['a blank customer name', { customer_name: '  ' }, 'customer_name'],
    ['a bad email', { customer_email: 'not-an-email' }, 'customer_email'],
    ['metadata with a number', { metadata: { order: 5 } }, 'metadata.order'],
    ['a javascript: return URL', { return_url: 'javascript:alert(1)' }, 'return_url'],
    ['an unknown field', { confirm_later: true }, 'confirm_later'],
    ['an unknown capture method', { capture_method: 'later' }, 'capture_method'],
  ])('refuses %s with 400 naming the param', async (_label, change, param) => {
    const before = await intentCount();
    const response = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { ...valid, ...change } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_request');
    if (param) expect(response.body.error.param).toBe(param);
    expect(await intentCount()).toBe(before);
  });

  it('names the maximum in the message', async () => {
    const response = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { ...valid, amount: 1_000_000 } });
    expect(response.body.error.message).toContain('999999.99 USD');
  });

  it('needs payments.write', async () => {
    const reader = await app.account({ scopes: ['payments.read'] });
    const response = await app.request('POST', '/api/v1/payment-intents', { key: reader.key, body: valid });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'forbidden', param: 'payments.write' });
  });

  it('is idempotent with an Idempotency-Key: one intent, one event, the same answer', async () => {
    const headers = { 'Idempotency-Key': 'order-1001-attempt-1' };
    const first = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: valid, headers });
    const second = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: valid, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await app.rt.db.prisma.paymentIntent.count({ where: { title: valid.title, accountId: merchant.id, id: first.body.payment_intent.id } })).toBe(1);
    expect(await eventTypesOf(app, first.body.payment_intent.id)).toEqual(['payment_intent.created']);

    const conflicting = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { ...valid, amount: 13 }, headers });
    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error.code).toBe('idempotency_conflict');

    // Another account's key space is its own.
    const theirs = await app.request('POST', '/api/v1/payment-intents', { key: other.key, body: valid, headers });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.payment_intent.id).not.toBe(first.body.payment_intent.id);
  });

  it('compares an Idempotency-Key retry by its parameters, not its bytes (keys in another order, other spacing)', async () => {
    const headers = { 'Idempotency-Key': 'order-1002-reserialised', 'content-type': 'application/json' };
    const body = { ...valid, title: 'Order #1002', metadata: { b: '2', a: '1' } };
    const first = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: JSON.stringify(body), headers });
    expect(first.status).toBe(201);
    const reordered = `{ "metadata": {"a": "1", "b": "2"}, ${Object.entries(body)
      .filter(([field]) => field !== 'metadata')
      .reverse()
      .map(([field, value]) => `${JSON.stringify(field)}: ${JSON.stringify(value)}`)
      .join(',\n ')} }`;
    const retry = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: reordered, headers });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    // A value that differs is still another request, whatever the order.
    const changed = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: reordered.replace('"2"', '"3"'), headers });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('idempotency_conflict');
  });

  it('creates that arrive together each get their own intent, event and answer, across accounts', async () => {
    // Concurrent creates share transactions (group commit); each must still be its own.
    const bodies = Array.from({ length: 12 }, (_, i) => ({ ...valid, title: `Together #${i}`, amount: 10 + i }));
    const [refused, ...responses] = await Promise.all([
      app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { ...valid, amount: -1 } }),
      ...bodies.map((body, i) => app.request('POST', '/api/v1/payment-intents', { key: i % 3 === 0 ? other.key : merchant.key, body })),
    ]);
    expect(refused!.status).toBe(400);
    expect(refused!.body.error.param).toBe('amount');
    for (const [i, response] of responses.entries()) {
      expect(response.status).toBe(201);
      const intent = response.body.payment_intent;
      expect(intent).toMatchObject({ title: bodies[i]!.title, amount: bodies[i]!.amount });
      const stored = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intent.id } });
      expect(stored).toMatchObject({ title: bodies[i]!.title, accountId: (i % 3 === 0 ? other : merchant).id });
      expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created']);
    }
    expect(new Set(responses.map((response) => response.body.payment_intent.id)).size).toBe(bodies.length);
  });

  it('stores nothing for a refused request, so the key can be reused once corrected', async () => {
    const headers = { 'Idempotency-Key': 'fix-and-resend' };
    const refused = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { ...valid, currency: 'XYZ' }, headers });
    expect(refused.status).toBe(400);
    const accepted = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: valid, headers });
    expect(accepted.status).toBe(201);
  });
});

describe('reading payment intents', () => {
  it('gets one by id', async () => {
    const intent = await createIntent(app, merchant.key);
    const response = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(response.status).toBe(200);
    expect(response.body.payment_intent).toEqual(intent);
  });

  it('lists newest first with cursor pagination and a status filter', async () => {
    const lister = await app.account();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await createIntent(app, lister.key, { title: `Item ${index}` })).id);
    await app.request('POST', `/api/v1/payment-intents/${ids[1]}/cancel`, { key: lister.key });

    const page1 = await app.request('GET', '/api/v1/payment-intents?limit=2', { key: lister.key });
    expect(page1.body).toMatchObject({ ok: true, object: 'list', has_more: true, url: '/api/v1/payment-intents' });
    expect(page1.body.data.map((intent: { id: string }) => intent.id)).toEqual([ids[4], ids[3]]);
    const page2 = await app.request('GET', `/api/v1/payment-intents?limit=2&starting_after=${ids[3]}`, { key: lister.key });
    expect(page2.body.data.map((intent: { id: string }) => intent.id)).toEqual([ids[2], ids[1]]);
    const page3 = await app.request('GET', `/api/v1/payment-intents?limit=2&starting_after=${ids[1]}`, { key: lister.key });
    expect(page3.body.data.map((intent: { id: string }) => intent.id)).toEqual([ids[0]]);
    expect(page3.body.has_more).toBe(false);
    const back = await app.request('GET', `/api/v1/payment-intents?limit=2&ending_before=${ids[1]}`, { key: lister.key });
    expect(back.body.data.map((intent: { id: string }) => intent.id)).toEqual([ids[3], ids[2]]);

    const canceled = await app.request('GET', '/api/v1/payment-intents?status=canceled', { key: lister.key });
    expect(canceled.body.data.map((intent: { id: string }) => intent.id)).toEqual([ids[1]]);

    for (const query of ['limit=0', 'limit=101', 'status=paid']) {
      const bad = await app.request('GET', `/api/v1/payment-intents?${query}`, { key: lister.key });
      expect(bad.status, query).toBe(400);
    }
  });
});

const IntentQuery = graphql(`
  query IntentById($id: ID!) {
    paymentIntent(id: $id) {
      id
      title
    }
  }
`);

const IntentLive = graphql(`
  subscription IntentLive($id: ID!) {
    paymentIntentUpdated(id: $id) {
      id
      status
    }
  }
`);

describe("another account's payment intents", () => {
  it('are not found through REST, never shown', async () => {
    const theirs = await createIntent(app, other.key, { title: 'Their secret order' });
    const read = await app.request('GET', `/api/v1/payment-intents/${theirs.id}`, { key: merchant.key });
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('not_found');
    expect(JSON.stringify(read.body)).not.toContain('Their secret order');

    for (const [action, body] of [['cancel', {}], ['review/approve', {}], ['review/reject', { reason: 'fraud' }]] as const) {
      const response = await app.request('POST', `/api/v1/payment-intents/${theirs.id}/${action}`, { key: merchant.key, body });
      expect(response.status, action).toBe(404);
    }
    const cursor = await app.request('GET', `/api/v1/payment-intents?starting_after=${theirs.id}`, { key: merchant.key });
    expect(cursor.status).toBe(404);
    const list = await app.request('GET', '/api/v1/payment-intents?limit=100', { key: merchant.key });
    expect(list.body.data.some((intent: { id: string }) => intent.id === theirs.id)).toBe(false);
    expect((await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe('requires_payment_method');
  });

  it('are not found through GraphQL queries and subscriptions', async () => {
    const theirs = await createIntent(app, other.key);
    const result = await execute(app.baseUrl, merchant.key, IntentQuery, { id: theirs.id });
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe('not_found');

    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, IntentLive, { id: theirs.id });
    const answer = await live.next();
    expect(answer.errors?.[0]?.extensions?.code).toBe('not_found');
    expect(answer.data?.paymentIntentUpdated).toBeUndefined();
    live.dispose();
    await client.dispose();
  });
});

describe('POST /api/v1/payment-intents/<id>/cancel', () => {
  it('cancels with a reason and records payment_intent.canceled', async () => {
    const intent = await createIntent(app, merchant.key);
    const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, {
      key: merchant.key,
      body: { cancellation_reason: 'requested_by_customer' },
    });
    expect(response.status).toBe(200);
    expect(response.body.payment_intent).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
    expect(response.body.payment_intent.canceled_at).not.toBeNull();
    expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created', 'payment_intent.canceled']);
  });

  it('refuses an unknown reason', async () => {
    const intent = await createIntent(app, merchant.key);
    const response = await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, {
      key: merchant.key,
      body: { cancellation_reason: 'bored' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.param).toBe('cancellation_reason');
  });
});
