// Ordered endpoints (`ordering: "fifo"`): deliveries go one at a time in event order, a failing one
// holds the ones behind it through its retries, and an unordered endpoint of the same account keeps
// flowing meanwhile. Real worker processes, a real receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute, subscribe } from '../helpers/graphql.ts';
import { sweepStalledDeliveries } from '../../src/webhooks/deliveries.ts';
import { emitEvent } from './helpers.ts';
import { CreateEndpoint, DeliveryUpdates, UpdateEndpoint, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver, type ReceivedRequest } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      // Many quick retries: a held delivery keeps retrying until the test lets it through.
      WEBHOOK_RETRY_SCHEDULE: Array(40).fill('0.2').join(','),
      WEBHOOK_CONCURRENCY: '4',
    },
  });
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const indexOf = (request: ReceivedRequest) => (JSON.parse(request.body) as { data: { i: number } }).data.i;

/** Resolves once `predicate` holds for the requests on `path` (checked at each arrival). */
async function until(path: string, predicate: (requests: ReceivedRequest[]) => boolean) {
  for (let count = receiver.received(path).length; !predicate(receiver.received(path)); count++) await receiver.waitFor(path, count + 1);
}

describe('FIFO endpoints', () => {
  it('send one delivery at a time in event order, a failing one holding the rest, while an unordered endpoint keeps flowing', async () => {
    const account = await app.account();
    const fifo = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/fifo'), ordering: 'fifo' } });
    expect(fifo.status).toBe(201);
    expect(fifo.body.webhook_endpoint.ordering).toBe('fifo');
    const free = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/free') } });
    expect(free.body.webhook_endpoint.ordering).toBe('unordered');

    // The receiver answers each request a little later, so two sent at once would overlap; the
    // delivery of event 3 fails until the test lets it through.
    let inFlight = 0;
    let mostInFlight = 0;
    let letThrough = false;
    receiver.on('/fifo', async (request) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return indexOf(request) === 3 && !letThrough ? { status: 500 } : { status: 200 };
    });

    const N = 10;
    for (let i = 0; i < N; i++) await emitEvent(app, account.id, 'payment_intent.succeeded', { i });

    // Event 3's delivery failed twice (its third attempt came): the ones behind it wait, the
    // unordered endpoint got every event.
    await until('/fifo', (requests) => requests.filter((request) => indexOf(request) === 3).length >= 3);
    await receiver.waitFor('/free', N);
    const held = receiver.received('/fifo').map(indexOf);
    expect(held.filter((i) => i > 3)).toEqual([]);
    const waiting = await app.rt.db.prisma.webhookDelivery.findMany({ where: { endpointId: fifo.body.webhook_endpoint.id, status: 'pending', jobId: null } });
    expect(waiting).toHaveLength(N - 4);
    expect(waiting.every((delivery) => delivery.nextAttemptAt === null)).toBe(true);

    letThrough = true;
    await until('/fifo', (requests) => new Set(requests.map(indexOf)).size === N);
    const arrivals = receiver.received('/fifo');
    const order = arrivals.map(indexOf);
    // In event order: event 3 as often as it failed plus once, every other event once.
    const failures = order.filter((i) => i === 3).length - 1;
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(order).toEqual([0, 1, 2, ...Array(failures + 1).fill(3), 4, 5, 6, 7, 8, 9]);
    expect(mostInFlight).toBe(1);
    // Delivery numbers rise with the events, each delivered once.
    const ids = [...new Set(arrivals.map((request) => BigInt(request.headers['webhook-id'] as string)))];
    expect(ids).toHaveLength(N);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    // Each recorded as delivered, the last one too.
    const client = wsClient(app.wsUrl, account.key);
    try {
      for (const id of ids) expect((await followDelivery(client, String(id))).at(-1)).toMatchObject({ status: 'SUCCEEDED' });
    } finally {
      await client.dispose();
    }
  });

  it('lets no redelivery jump the line: one redelivered while another holds it waits, then goes in delivery order', async () => {
    const account = await app.account();
    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/line'), ordering: 'fifo' } });
    const endpointId = created.body.webhook_endpoint.id as string;
    let letThrough = false;
    let inFlight = 0;
    let mostInFlight = 0;
    receiver.on('/line', async (request) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return indexOf(request) === 1 && !letThrough ? { status: 500 } : { status: 200 };
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await emitEvent(app, account.id, 'payment_intent.succeeded', { i })).deliveries[0]!.id);
    // Event 0 delivered; event 1's delivery holds the line, failing.
    await until('/line', (requests) => requests.filter((request) => indexOf(request) === 1).length >= 2);

    // The delivered one and the waiting one redelivered: both wait behind the one holding the line.
    for (const id of [ids[0]!, ids[2]!]) {
      const answer = await app.request('POST', `/api/v1/webhook-deliveries/${id}/redeliver`, { key: account.key });
      expect(answer.status).toBe(200);
      expect(answer.body.webhook_delivery.status).toBe('pending');
    }
    const waiting = await app.rt.db.prisma.webhookDelivery.findMany({ where: { endpointId, status: 'pending', jobId: null }, orderBy: { id: 'asc' } });
    expect(waiting.map((delivery) => String(delivery.id))).toEqual([ids[0], ids[2]]);
    const before = receiver.received('/line').length;

    letThrough = true;
    await until('/line', (requests) => requests.slice(before).filter((request) => indexOf(request) !== 1).length >= 2);
    const after = receiver.received('/line').slice(before).map(indexOf);
    // The holder finishes first, then the line in delivery-number order.
    expect(after.filter((i) => i !== 1)).toEqual([0, 2]);
    expect(after.lastIndexOf(1)).toBeLessThan(after.indexOf(0));
    expect(mostInFlight).toBe(1);
  });

  it('starts a line that stands still (its holder ended without passing it on) at the next sweep', async () => {
    const account = await app.account();
    let open = false;
    receiver.on('/still', () => (open ? { status: 200 } : { status: 503 }));
    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/still'), ordering: 'fifo' } });
    const endpointId = created.body.webhook_endpoint.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await emitEvent(app, account.id, 'payment_intent.succeeded', { i })).deliveries[0]!.id);
    await receiver.waitFor('/still', 1);
    // As an endpoint made FIFO while its deliveries were in flight leaves it: the holder ended by a
    // plan that did not know the line (here: by hand), the next one waiting with no job.
    await app.rt.db.prisma.webhookDelivery.update({ where: { id: BigInt(ids[0]!) }, data: { status: 'failed', jobId: null, nextAttemptAt: null } });
    open = true;
    expect(await app.rt.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: BigInt(ids[1]!) } })).toMatchObject({ status: 'pending', jobId: null });
    await sweepStalledDeliveries(app.rt);
    await until('/still', (requests) => requests.some((request) => indexOf(request) === 1));
    expect(await app.rt.db.prisma.webhookDelivery.count({ where: { endpointId, status: 'pending', jobId: null } })).toBe(0);
  });

  it('made unordered, sends the deliveries waiting behind a failing one at once; refuses an unknown ordering', async () => {
    const account = await app.account();
    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/switch'), ordering: 'fifo' } });
    const id = created.body.webhook_endpoint.id as string;
    receiver.on('/switch', (request) => (indexOf(request) === 0 ? { status: 503 } : { status: 200 }));
    const deliveryIds: string[] = [];
    for (let i = 0; i < 3; i++) deliveryIds.push((await emitEvent(app, account.id, 'payment_intent.succeeded', { i })).deliveries[0]!.id);
    await receiver.waitFor('/switch', 2);
    expect(receiver.received('/switch').map(indexOf)).toEqual([0, 0]);
    // The live delivery log of the last one in line: waiting (no next attempt) until the switch.
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, DeliveryUpdates, { deliveryId: deliveryIds[2]! });
    const current = (await live.next()).data!.webhookDeliveryUpdated;
    expect(current).toMatchObject({ status: 'PENDING', nextAttemptAt: null });

    for (const ordering of ['lifo', 'FIFO', 1]) {
      const refused = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { ordering, description: 'unchanged' } });
      expect(refused.status, String(ordering)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'ordering' });
    }
    const refusedCreate = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/never'), ordering: 'ordered' } });
    expect(refusedCreate.body.error).toMatchObject({ code: 'invalid_request', param: 'ordering' });
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(1);
    expect((await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).description).toBe('');

    const switched = await execute(app.baseUrl, account.key, UpdateEndpoint, { id, input: { ordering: 'UNORDERED' as never } });
    expect(switched.errors).toBeUndefined();
    expect(switched.data!.updateWebhookEndpoint.ordering).toBe('UNORDERED');
    await until('/switch', (requests) => requests.some((request) => indexOf(request) === 1) && requests.some((request) => indexOf(request) === 2));
    // Released from the line, it shows as due at once, then delivered.
    try {
      const released = (await live.next()).data!.webhookDeliveryUpdated;
      expect(released).toMatchObject({ deliveryId: deliveryIds[2], status: 'PENDING', attemptCount: 0 });
      expect(Date.parse(released.nextAttemptAt as string)).toBeGreaterThan(Date.parse(created.body.webhook_endpoint.created_at));
      expect((await live.next()).data!.webhookDeliveryUpdated).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
    } finally {
      live.dispose();
      await client.dispose();
    }
    const graphqlRefused = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url: receiver.url('/gql'), ordering: 'SOMETIMES' as never } });
    expect(graphqlRefused.errors?.length).toBeGreaterThan(0);
  });
});
