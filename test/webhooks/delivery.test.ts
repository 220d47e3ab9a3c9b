import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookVerificationError, verifyWebhook } from '@yarrow/sdk/webhooks';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { Attempts, Delivery, Endpoint, Events, Redeliver, RotateSecret, SendTest, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;
// Each test has an account of its own, so events fan out to that test's endpoints only.
let account: TestAccount;
let client: Client;
const clients: Client[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      // Four attempts, a fraction of a second apart: the production schedule compressed.
      WEBHOOK_RETRY_SCHEDULE: '0.1,0.2,0.3',
      // Long enough that a stalled endpoint would visibly stall the others without the cap.
      WEBHOOK_TIMEOUT_SECONDS: '20',
      WEBHOOK_ENDPOINT_CONCURRENCY: '1',
      WEBHOOK_CONCURRENCY: '4',
    },
  });
  await app.startWorkers(['webhooks']);
});

beforeEach(async () => {
  account = await app.account();
  client = wsClient(app.wsUrl, account.key);
  clients.push(client);
});

afterAll(async () => {
  for (const each of clients) await each.dispose();
  await app?.stop();
  await receiver?.close();
});

const attemptsOf = async (deliveryId: string) => {
  const result = await execute(app.baseUrl, account.key, Attempts, { deliveryId });
  return result.data!.webhookAttempts;
};

describe('webhook delivery', () => {
  it('signs every request so verifyWebhook accepts it, and rejects a tampered body', async () => {
    const { endpoint, secret } = await createEndpoint(app, account.key, { url: receiver.url('/signed') });
    const { event, deliveries } = await emitEvent(app, account.id, 'payment_intent.succeeded', { amount: 4200, note: 'café ☕' });
    expect(deliveries.map((delivery) => delivery.endpointId)).toEqual([endpoint.id]);
    const seen = await followDelivery(client, deliveries[0]!.id);
    expect(seen.at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1, lastStatusCode: 200 });

    const [request] = receiver.received('/signed');
    expect(request!.headers['user-agent']).toBe('Yarrow-Webhooks/1.0');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-yarrowpay-event']).toBe('payment_intent.succeeded');
    expect(request!.headers['x-yarrowpay-delivery']).toBe(deliveries[0]!.id);
    expect(request!.headers['x-yarrowpay-timestamp']).toMatch(/^\d{10}$/);
    expect(request!.headers['x-yarrowpay-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    const verified = verifyWebhook(secret, request!.headers, request!.body);
    expect(verified).toEqual({
      id: event.id,
      event: 'payment_intent.succeeded',
      object_type: 'payment_intent',
      object_public_id: 'pi_test_123',
      merchant_id: account.id,
      data: { amount: 4200, note: 'café ☕' },
      created_at: event.createdAt.toISOString(),
    });
    // The body is the event's payload byte for byte, as GraphQL shows it.
    const shown = await execute(app.baseUrl, account.key, Delivery, { id: deliveries[0]!.id });
    expect(JSON.parse(request!.body)).toEqual(shown.data!.webhookDelivery.event.payload);

    const tampered = request!.body.replace('4200', '4201');
    expect(() => verifyWebhook(secret, request!.headers, tampered)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, request!.headers, tampered)).toThrow(expect.objectContaining({ code: 'invalid_signature' }));
    expect(() => verifyWebhook('whsec_not_the_secret', request!.headers, request!.body)).toThrow(
      expect.objectContaining({ code: 'invalid_signature' }),
    );
  });

  it('retries after a 500: two attempts logged, the second a success', async () => {
    receiver.on('/flaky', (request) => (request.seq === 1 ? { status: 500, body: 'boom' } : { status: 200, body: 'thanks' }));
    await createEndpoint(app, account.key, { url: receiver.url('/flaky') });
    const { deliveries } = await emitEvent(app, account.id);
    const deliveryId = deliveries[0]!.id;
    const seen = await followDelivery(client, deliveryId, (update) => update.status === 'SUCCEEDED');
    expect(seen.at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2, lastStatusCode: 200 });

    const delivery = (await execute(app.baseUrl, account.key, Delivery, { id: deliveryId })).data!.webhookDelivery;
    expect(delivery.attempts).toMatchObject([
      // The receiver is on loopback: status and duration are kept, its response body never is.
      { trigger: 'AUTOMATIC', outcome: 'FAILED', httpStatus: 500, responseExcerpt: null, error: null },
      { trigger: 'AUTOMATIC', outcome: 'SUCCEEDED', httpStatus: 200, responseExcerpt: null, error: null },
    ]);
    expect(delivery.attempts.every((attempt) => attempt.durationMs !== null && attempt.finishedAt !== null)).toBe(true);
    expect(delivery.deliveredAt).not.toBeNull();
    // Both requests carried the same delivery number, so a receiver can tell they are one delivery.
    expect(receiver.received('/flaky').map((request) => request.headers['x-yarrowpay-delivery'])).toEqual([deliveryId, deliveryId]);
  });

  it('gives up after the last scheduled attempt', async () => {
    receiver.on('/down', () => ({ status: 502, body: 'x'.repeat(5000) }));
    await createEndpoint(app, account.key, { url: receiver.url('/down') });
    const { deliveries } = await emitEvent(app, account.id);
    const seen = await followDelivery(client, deliveries[0]!.id);
    // 1 + the three scheduled retries of WEBHOOK_RETRY_SCHEDULE.
    expect(seen.at(-1)).toMatchObject({ status: 'FAILED', attemptCount: 4, lastStatusCode: 502 });
    const delivery = (await execute(app.baseUrl, account.key, Delivery, { id: deliveries[0]!.id })).data!.webhookDelivery;
    expect(delivery.nextAttemptAt).toBeNull();
    expect(delivery.attempts).toHaveLength(4);
    expect(delivery.attempts[0]!.responseExcerpt).toBeNull();
    expect(receiver.received('/down')).toHaveLength(4);
  });

  it('records webhook_delivery.exhausted when the last retry fails, sent to the other endpoints only', async () => {
    receiver.on('/exhausted', () => ({ status: 500 }));
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/exhausted') });
    await createEndpoint(app, account.key, { url: receiver.url('/exhausted-watcher'), eventTypes: ['webhook_delivery.exhausted'] });
    const { event, deliveries } = await emitEvent(app, account.id);
    const failing = deliveries.find((delivery) => delivery.endpointId === endpoint.id)!;
    await followDelivery(client, failing.id);
    const [notice] = await receiver.waitFor('/exhausted-watcher', 1);
    expect(JSON.parse(notice!.body)).toMatchObject({
      event: 'webhook_delivery.exhausted',
      object_type: 'webhook_delivery',
      object_public_id: failing.id,
      data: { endpoint_id: endpoint.id, delivery_id: failing.id, event_id: event.id, event_type: 'payment_intent.succeeded', attempts: 4, last_status_code: 500 },
    });
    const recorded = await app.rt.db.prisma.event.findMany({ where: { accountId: account.id, type: 'webhook_delivery.exhausted' }, include: { webhookDeliveries: true } });
    expect(recorded.map((row) => row.objectPublicId)).toEqual([failing.id]);
    // Not to the endpoint it is about (it subscribes to every event): to the watcher alone.
    expect(recorded[0]!.webhookDeliveries.map((delivery) => delivery.endpointId)).not.toContain(endpoint.id);
    expect(recorded[0]!.webhookDeliveries).toHaveLength(1);
  });

  it('stops on 410 and disables the endpoint, recording endpoint.disabled', async () => {
    receiver.on('/gone', () => ({ status: 410, body: 'gone' }));
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/gone') });
    const { deliveries } = await emitEvent(app, account.id);
    const mine = deliveries.find((delivery) => delivery.endpointId === endpoint.id)!;
    const seen = await followDelivery(client, mine.id);
    expect(seen.at(-1)).toMatchObject({ status: 'FAILED', attemptCount: 1, lastStatusCode: 410 });
    expect(receiver.received('/gone')).toHaveLength(1);

    const shown = (await execute(app.baseUrl, account.key, Endpoint, { id: endpoint.id })).data!.webhookEndpoint;
    expect(shown).toMatchObject({ enabled: false, disabledReason: 'GONE' });
    expect(shown.disabledAt).not.toBeNull();
    const events = (await execute(app.baseUrl, account.key, Events, { type: 'endpoint.disabled', first: 10 })).data!.events;
    const disabled = events.edges.find((edge) => edge.node.objectPublicId === endpoint.id)?.node;
    expect(disabled?.data).toMatchObject({ endpoint_id: endpoint.id, reason: 'gone', url: receiver.url('/gone') });

    // A disabled endpoint gets no new deliveries.
    const later = await emitEvent(app, account.id);
    expect(later.deliveries.map((delivery) => delivery.endpointId)).not.toContain(endpoint.id);
  });

  it('honours Retry-After on 429', async () => {
    receiver.on('/throttled', (request) =>
      request.seq === 1 ? { status: 429, headers: { 'Retry-After': '2' }, body: 'slow down' } : { status: 200 },
    );
    await createEndpoint(app, account.key, { url: receiver.url('/throttled'), eventTypes: ['invoice.paid'] });
    const { deliveries } = await emitEvent(app, account.id, 'invoice.paid');
    const seen = await followDelivery(client, deliveries[0]!.id, (update) => update.status === 'SUCCEEDED');
    expect(seen.at(-1)).toMatchObject({ attemptCount: 2 });
    const [first, second] = receiver.received('/throttled');
    // The schedule alone would have retried after 0.1 s; the receiver asked for 2 s.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(2000);
    expect((await attemptsOf(deliveries[0]!.id)).map((attempt) => attempt.httpStatus)).toEqual([429, 200]);
  });

  it('signs with both secrets while the previous one is in its 24-hour rotation window', async () => {
    const { endpoint, secret: oldSecret } = await createEndpoint(app, account.key, { url: receiver.url('/rotated') });
    const rotated = (await execute(app.baseUrl, account.key, RotateSecret, { id: endpoint.id })).data!.rotateWebhookEndpointSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(oldSecret);
    const window = new Date(rotated.previousSecretExpiresAt!).getTime() - Date.now();
    expect(window).toBeGreaterThan(23.9 * 3600_000);
    expect(window).toBeLessThanOrEqual(24 * 3600_000);

    const sent = (await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id })).data!.sendTestWebhook;
    expect(sent.event.type).toBe('webhook.test');
    await followDelivery(client, sent.delivery.id);
    const [request] = receiver.received('/rotated');
    const signatures = String(request!.headers['x-yarrowpay-signature']).split(',');
    expect(signatures).toHaveLength(2);
    // Receivers holding either secret accept the request.
    expect(verifyWebhook(rotated.secret, request!.headers, request!.body).event).toBe('webhook.test');
    expect(verifyWebhook(oldSecret, request!.headers, request!.body).event).toBe('webhook.test');
    // The new secret's signature comes first.
    expect(() => verifyWebhook(rotated.secret, { ...request!.headers, 'x-yarrowpay-signature': signatures[1] }, request!.body)).toThrow();

    // Once the window has passed, only the new secret signs.
    await app.rt.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const again = (await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id })).data!.sendTestWebhook;
    await followDelivery(client, again.delivery.id);
    const [, latest] = receiver.received('/rotated');
    expect(String(latest!.headers['x-yarrowpay-signature']).split(',')).toHaveLength(1);
    expect(() => verifyWebhook(oldSecret, latest!.headers, latest!.body)).toThrow();
    expect(verifyWebhook(rotated.secret, latest!.headers, latest!.body).event).toBe('webhook.test');
  });

  it('redelivers under the same delivery number as a new manual attempt', async () => {
    const { endpoint, secret } = await createEndpoint(app, account.key, { url: receiver.url('/again') });
    const sent = (await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id })).data!.sendTestWebhook;
    await followDelivery(client, sent.delivery.id);

    const redelivered = await execute(app.baseUrl, account.key, Redeliver, { deliveryId: sent.delivery.id });
    expect(redelivered.data!.redeliverWebhook).toMatchObject({ id: sent.delivery.id, status: 'PENDING', attemptCount: 1 });
    const seen = await followDelivery(client, sent.delivery.id, (update) => update.attemptCount === 2);
    expect(seen.at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2 });

    const requests = receiver.received('/again');
    expect(requests.map((request) => request.headers['x-yarrowpay-delivery'])).toEqual([sent.delivery.id, sent.delivery.id]);
    expect(requests.map((request) => verifyWebhook(secret, request.headers, request.body).id)).toEqual([sent.event.id, sent.event.id]);
    expect((await attemptsOf(sent.delivery.id)).map((attempt) => [attempt.trigger, attempt.outcome])).toEqual([
      ['AUTOMATIC', 'SUCCEEDED'],
      ['MANUAL', 'SUCCEEDED'],
    ]);

    // Someone else's delivery number is not found.
    const other = await app.account();
    const foreign = await execute(app.baseUrl, other.key, Redeliver, { deliveryId: sent.delivery.id });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'not_found', param: 'deliveryId' });
  });

  it('redelivers over REST (POST /api/v1/webhook-deliveries/{id}/redeliver) through the same service as GraphQL', async () => {
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/again-rest') });
    const sent = (await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id })).data!.sendTestWebhook;
    await followDelivery(client, sent.delivery.id);

    const path = `/api/v1/webhook-deliveries/${sent.delivery.id}/redeliver`;
    const redelivered = await app.request('POST', path, { key: account.key });
    expect(redelivered.status, JSON.stringify(redelivered.body)).toBe(200);
    expect(redelivered.body.webhook_delivery).toMatchObject({
      id: sent.delivery.id,
      object: 'webhook_delivery',
      endpoint_id: endpoint.id,
      event_id: sent.event.id,
      status: 'pending',
      attempt_count: 1,
    });
    const seen = await followDelivery(client, sent.delivery.id, (update) => update.attemptCount === 2);
    expect(seen.at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2 });
    expect((await attemptsOf(sent.delivery.id)).map((attempt) => attempt.trigger)).toEqual(['AUTOMATIC', 'MANUAL']);

    // Another account's delivery, and a number that is no delivery, are not found, naming the path parameter.
    const other = await app.account();
    for (const [key, id] of [[other.key, sent.delivery.id], [account.key, 'not-a-number']] as const) {
      const refused = await app.request('POST', `/api/v1/webhook-deliveries/${id}/redeliver`, { key });
      expect({ status: refused.status, error: refused.body.error }).toMatchObject({ status: 404, error: { code: 'not_found', param: 'id' } });
    }

    // A disabled endpoint's delivery is refused and left as it was.
    await app.rt.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { disabledAt: new Date(), disabledReason: 'test' } });
    const refused = await app.request('POST', path, { key: account.key });
    expect({ status: refused.status, error: refused.body.error }).toMatchObject({ status: 409, error: { code: 'invalid_state', param: 'id' } });
    expect((await attemptsOf(sent.delivery.id)).length).toBe(2);
  });

  it('keeps delivering to other endpoints while one endpoint hangs', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    receiver.on('/stuck', async () => {
      await released;
      return { status: 200 };
    });
    await createEndpoint(app, account.key, { url: receiver.url('/stuck'), eventTypes: ['invoice.created'] });
    await createEndpoint(app, account.key, { url: receiver.url('/healthy'), eventTypes: ['invoice.voided'] });

    // One request hangs at the stuck endpoint; WEBHOOK_ENDPOINT_CONCURRENCY=1 keeps its other jobs
    // waiting, so the remaining workers serve the healthy endpoint instead of timing out (20 s).
    const first = await emitEvent(app, account.id, 'invoice.created');
    await receiver.waitFor('/stuck', 1);
    const stuck = [first];
    const healthy = [];
    for (let i = 0; i < 4; i++) {
      stuck.push(await emitEvent(app, account.id, 'invoice.created'));
      healthy.push(await emitEvent(app, account.id, 'invoice.voided'));
    }
    for (const { deliveries } of healthy) {
      expect((await followDelivery(client, deliveries[0]!.id)).at(-1)!.status).toBe('SUCCEEDED');
    }
    expect(receiver.received('/healthy')).toHaveLength(4);
    expect(receiver.received('/stuck')).toHaveLength(1);

    release();
    for (const { deliveries } of stuck) {
      expect((await followDelivery(client, deliveries[0]!.id)).at(-1)!.status).toBe('SUCCEEDED');
    }
    expect(receiver.received('/stuck')).toHaveLength(5);
  });
});
