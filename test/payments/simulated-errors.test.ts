import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksOf, jsonDocuments, localize, runShell } from '../docs/markdown.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient, createIntent } from './checkout-client.ts';

// Simulated faults (issue 33): `Yarrow-Simulate-Error` answers the fault asked for in the normal
// error shape and changes nothing (no row, no idempotency record, no event); the same request
// without the header then works; a live instance refuses the header.

let app: TestApp;
let merchant: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account();
});
afterAll(() => app?.stop());

const newIntent = { amount: 12.5, currency: 'USD', title: 'Simulated', customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' };

/** What a request could have written for the account: its intents, refunds, idempotency records and events. */
async function footprint(accountId: number) {
  const { prisma } = app.rt.db;
  return {
    intents: await prisma.paymentIntent.count({ where: { accountId } }),
    refunds: await prisma.refund.count({ where: { accountId } }),
    idempotencyKeys: await prisma.idempotencyKey.count({ where: { accountId } }),
    events: await prisma.event.count({ where: { accountId } }),
    jobs: Number((await prisma.$queryRaw<[{ count: bigint }]>`SELECT count(*) FROM pgboss.job WHERE name = 'payment_refund'`)[0].count),
  };
}

describe('Yarrow-Simulate-Error', () => {
  const faults: Array<[string, number, string]> = [
    ['rate_limited', 429, 'rate_limited'],
    ['api_error', 500, 'internal_error'],
    ['idempotency_conflict', 409, 'idempotency_conflict'],
  ];

  it.each(faults)('%s: answers %i %s on a create with an Idempotency-Key and creates nothing', async (fault, status, code) => {
    const before = await footprint(merchant.id);
    const key = `simulated-${fault}`;
    const answer = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      body: newIntent,
      headers: { 'Yarrow-Simulate-Error': fault, 'Idempotency-Key': key },
    });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ ok: false, error: { code } });
    expect(answer.body.error.message).toContain(`Yarrow-Simulate-Error: ${fault}`);
    if (fault === 'rate_limited') expect(answer.headers.get('retry-after')).toBe('1');
    expect(await footprint(merchant.id)).toEqual(before);

    // The retry a merchant's code makes, with the same key and no header, is the first real request.
    const retry = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: newIntent, headers: { 'Idempotency-Key': key } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await footprint(merchant.id)).toMatchObject({ intents: before.intents + 1, idempotencyKeys: before.idempotencyKeys + 1 });
  });

  it('creates no refund, capture or cancel either', async () => {
    const pages = checkoutClient(app);
    const paid = await createIntent(app, merchant.key, { amount: 20 });
    await pages.submitToken(await pages.startSession(paid.id, 'visa'), 'YP-VISA-APPROVE');
    const authorized = await createIntent(app, merchant.key, { amount: 20, capture_method: 'manual' });
    await pages.submitToken(await pages.startSession(authorized.id, 'visa'), 'YP-VISA-APPROVE');
    const before = await footprint(merchant.id);
    const calls: Array<[string, unknown]> = [
      ['/api/v1/refunds', { payment_intent: paid.id, amount: 5 }],
      [`/api/v1/payment-intents/${authorized.id}/capture`, { amount_to_capture: 10 }],
      [`/api/v1/payment-intents/${authorized.id}/cancel`, {}],
    ];
    for (const [path, body] of calls) {
      for (const [fault, status] of faults) {
        const answer = await app.request('POST', path, { key: merchant.key, body, headers: { 'Yarrow-Simulate-Error': fault } });
        expect(answer.status, `${path} ${fault}`).toBe(status);
      }
    }
    expect(await footprint(merchant.id)).toEqual(before);
    const after = await app.request('GET', `/api/v1/payment-intents/${authorized.id}`, { key: merchant.key });
    expect(after.body.payment_intent).toMatchObject({ status: 'requires_capture', amount_capturable_minor: 2000 });
    expect((await app.request('GET', `/api/v1/payment-intents/${paid.id}`, { key: merchant.key })).body.payment_intent.amount_refunded).toBe(0);
  });

  it('the example of docs/pay.md ("Simulated faults") answers 429 and creates nothing', async () => {
    const block = blocksOf('docs/pay.md').find((candidate) => candidate.tag === 'simulate-error');
    expect(block).toBeDefined();
    const before = await footprint(merchant.id);
    const output = await runShell(localize(block!.text, app.baseUrl, new Map()), { KEY: merchant.key });
    expect(jsonDocuments(output)).toEqual([expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'rate_limited' }) })]);
    expect(await footprint(merchant.id)).toEqual(before);
  });

  it('refuses an unknown fault with 400 naming the header, and still checks the key first', async () => {
    const before = await footprint(merchant.id);
    const unknown = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: newIntent, headers: { 'Yarrow-Simulate-Error': 'card_declined' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'invalid_request', param: 'Yarrow-Simulate-Error' });
    expect(unknown.body.error.message).toContain('rate_limited, api_error, idempotency_conflict');
    const keyless = await app.request('GET', '/api/v1/payment-intents', { headers: { 'Yarrow-Simulate-Error': 'api_error' } });
    expect(keyless.status).toBe(401);
    // A read asks too: a merchant's client can rehearse a failing list.
    const list = await app.request('GET', '/api/v1/payment-intents', { key: merchant.key, headers: { 'Yarrow-Simulate-Error': 'rate_limited' } });
    expect(list.status).toBe(429);
    expect(await footprint(merchant.id)).toEqual(before);
  });
});

describe('Yarrow-Simulate-Error on a live instance', () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await startTestApp({ env: { YARROW_ENV: 'live', PUBLIC_BASE_URL: 'https://pay.example.com' } });
  });
  afterAll(() => live?.stop());

  it('is refused with 400 and changes nothing', async () => {
    const account = await live.account();
    const answer = await live.request('POST', '/api/v1/payment-intents', { key: account.key, body: newIntent, headers: { 'Yarrow-Simulate-Error': 'api_error' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_request', param: 'Yarrow-Simulate-Error' });
    expect(answer.body.error.message).toContain('only in the sandbox');
    expect(await live.rt.db.prisma.paymentIntent.count({ where: { accountId: account.id } })).toBe(0);
    expect((await live.request('POST', '/api/v1/payment-intents', { key: account.key, body: newIntent })).status).toBe(201);
  });
});
