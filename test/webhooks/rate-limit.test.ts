// A rate-limited endpoint: the worker never sends it more than `rate_limit` deliveries a second,
// its backlog waits in the queue, and another endpoint's deliveries keep flowing meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redeliver } from '../../src/webhooks/deliveries.ts';
import { recordEvent } from '../../src/webhooks/events.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { CreateEndpoint, UpdateEndpoint, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp();
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

describe('per-endpoint rate limit', () => {
  // At least 10 s by design; each send is paced from when the one before it actually went, so a busy
  // machine stretches it (never shortens it): room beyond the default 30 s.
  it('sends 50 deliveries to an endpoint at rate_limit 5 over at least 9 s while another endpoint gets its 50 at once', { timeout: 60_000 }, async () => {
    const account = await app.account();
    const throttled = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/throttled'), rate_limit: 5 } });
    expect(throttled.status).toBe(201);
    expect(throttled.body.webhook_endpoint.rate_limit).toBe(5);
    const free = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/free') } });
    expect(free.body.webhook_endpoint.rate_limit).toBeNull();

    // 50 events, each recorded in its own transaction as an API request records it, each
    // delivered to both endpoints.
    for (let i = 0; i < 50; i++) {
      await app.rt.db.prisma.$transaction((tx) =>
        recordEvent(app.rt, tx, { accountId: account.id, type: 'payment_intent.succeeded', objectType: 'payment_intent', objectPublicId: `pi_rate_${i}`, data: { i } }),
      );
    }

    const freeArrivals = (await receiver.waitFor('/free', 50)).map((request) => request.receivedAt);
    const throttledArrivals = (await receiver.waitFor('/throttled', 50)).map((request) => request.receivedAt);
    const lastFree = Math.max(...freeArrivals);
    const firstThrottled = Math.min(...throttledArrivals);
    const lastThrottled = Math.max(...throttledArrivals);
    // 50 deliveries at 5 a second: slots 0.2 s apart, the last one 9.8 s after the first.
    expect(lastThrottled - firstThrottled).toBeGreaterThanOrEqual(9000);
    // The other endpoint was not held behind the throttled one: all of its deliveries were in
    // while most of the throttled ones still waited in the queue.
    const throttledBeforeFreeDone = throttledArrivals.filter((at) => at <= lastFree).length;
    expect(throttledBeforeFreeDone).toBeLessThan(40);
    expect(lastFree).toBeLessThan(lastThrottled);

    // Each delivery arrived once.
    const ids = new Set(receiver.received('/throttled').map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(50);
  });

  it('holds the limit at the receiver in every 1 s window through a burst of redeliveries', { timeout: 60_000 }, async () => {
    const account = await app.account();
    const limit = 10;
    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/burst'), rate_limit: limit } });
    const endpointId = created.body.webhook_endpoint.id as string;
    const N = 30;
    await app.rt.db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < N; i++) {
        await recordEvent(app.rt, tx, { accountId: account.id, type: 'payment_intent.succeeded', objectType: 'payment_intent', objectPublicId: `pi_burst_${i}`, data: { i } });
      }
    });
    await receiver.waitFor('/burst', N);
    // Every delivery redelivered at once (the service the API calls, in the test's process: the
    // receiver's clock must not wait behind 30 API requests being answered in the same process),
    // then a second wave while the first is still being sent.
    const deliveries = await app.rt.db.prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: 'asc' } });
    const redeliverAll = () => Promise.all(deliveries.map((delivery) => redeliver(app.rt, account.id, String(delivery.id))));
    for (const redelivered of await redeliverAll()) expect(redelivered.status).toBe('pending');
    await receiver.waitFor('/burst', N + 5);
    await redeliverAll();
    // Each delivery's latest attempt done: every redelivery of the second wave was sent.
    const client = wsClient(app.wsUrl, account.key);
    try {
      for (const delivery of deliveries) expect((await followDelivery(client, String(delivery.id))).at(-1)).toMatchObject({ status: 'SUCCEEDED' });
    } finally {
      await client.dispose();
    }

    const arrivals = receiver.received('/burst').map((request) => request.receivedAt).sort((a, b) => a - b);
    expect(arrivals.length).toBeGreaterThanOrEqual(2 * N);
    const busiest = Math.max(...arrivals.map((start) => arrivals.filter((at) => at >= start && at < start + 1000).length));
    expect(busiest).toBeLessThanOrEqual(limit);
  });

  it('refuses a limit that is not a whole number from 1 to 1,000, changing nothing', async () => {
    const account = await app.account();
    for (const rate_limit of [0, -1, 1001, 2.5, '5']) {
      const refused = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/refused'), rate_limit } });
      expect(refused.status, String(rate_limit)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
      expect(refused.body.error.param).toBe('rate_limit');
    }
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);

    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/limited'), rate_limit: 1000 } });
    expect(created.body.webhook_endpoint.rate_limit).toBe(1000);
    const id = created.body.webhook_endpoint.id as string;
    const patched = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { rate_limit: 0, description: 'unchanged' } });
    expect(patched.status).toBe(400);
    expect(patched.body.error.param).toBe('rate_limit');
    const row = await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.rateLimit).toBe(1000);
    expect(row.description).toBe('');

    const graphqlRefused = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url: receiver.url('/gql'), rateLimit: 1001 } });
    expect(graphqlRefused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.rateLimit' });
    const updateRefused = await execute(app.baseUrl, account.key, UpdateEndpoint, { id, input: { rateLimit: -5 } });
    expect(updateRefused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.rateLimit' });
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(1);

    // PATCH sets and null removes it.
    const set = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { rate_limit: 20 } });
    expect(set.body.webhook_endpoint.rate_limit).toBe(20);
    const removed = await execute(app.baseUrl, account.key, UpdateEndpoint, { id, input: { rateLimit: null } });
    expect(removed.errors).toBeUndefined();
    expect((await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).rateLimit).toBeNull();
  });
});
