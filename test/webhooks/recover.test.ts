// Recover: after an outage, every failed delivery of an endpoint is sent again in one call, each
// exactly once however often recover is called, oldest first.
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { Recover, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;
const clients: Client[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  // Two attempts a delivery, a tenth of a second apart: failed soon after the outage starts. One
  // request in flight per endpoint: the recovery makes its claims pending one per transaction, so
  // "oldest first" (docs/webhooks.md) is the exact order the receiver sees.
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0.1', WEBHOOK_ENDPOINT_CONCURRENCY: '1' } });
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  for (const each of clients) await each.dispose();
  await app?.stop();
  await receiver?.close();
});

const byNumber = (a: unknown, b: unknown) => Number(a) - Number(b);

describe('recover', () => {
  it('sends each delivery that failed during an outage again, exactly once, however often recover is called', async () => {
    const account = await app.account();
    const client = wsClient(app.wsUrl, account.key);
    clients.push(client);
    let down = true;
    receiver.on('/outage', () => (down ? { status: 503 } : { status: 200 }));
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/outage') });
    const since = new Date(Date.now() - 60_000).toISOString();
    const deliveryIds: string[] = [];
    for (let i = 0; i < 40; i++) deliveryIds.push((await emitEvent(app, account.id)).deliveries[0]!.id);
    for (const id of deliveryIds) expect((await followDelivery(client, id)).at(-1)).toMatchObject({ status: 'FAILED', attemptCount: 2 });
    const duringOutage = receiver.received('/outage').length;
    expect(duringOutage).toBe(80);

    down = false;
    const first = await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, { key: account.key, body: { since } });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ ok: true, queued: 40, since, webhook_endpoint: { id: endpoint.id } });
    const again = await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, { key: account.key, body: { since } });
    expect(again.body.queued).toBe(0);
    const viaGraphql = await execute(app.baseUrl, account.key, Recover, { id: endpoint.id, since });
    expect(viaGraphql.data!.recoverWebhookEndpoint).toMatchObject({ queued: 0, endpoint: { id: endpoint.id } });

    for (const id of deliveryIds) {
      expect((await followDelivery(client, id, (update) => update.status === 'SUCCEEDED')).at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 3 });
    }
    const recovered = receiver.received('/outage').slice(duringOutage);
    // Each failed delivery exactly once, under its own delivery number.
    expect(recovered.map((request) => request.headers['webhook-id']).sort(byNumber)).toEqual(deliveryIds);
    // Sent oldest first: with one request at a time to the endpoint (WEBHOOK_ENDPOINT_CONCURRENCY=1,
    // which claims never exceed: intake.ts), the receiver hears them in the order they were made.
    expect(recovered.map((request) => request.headers['webhook-id'])).toEqual(deliveryIds);
    // Because they were queued oldest first: the recovery's jobs, in the order the failed deliveries
    // were made, have rising time-ordered ids, the order the queue hands them out.
    const rows = await app.rt.db.prisma.$queryRaw<Array<{ id: string; deliveryId: string }>>`
      SELECT id::text, data->>'deliveryId' AS "deliveryId" FROM pgboss.job
      WHERE name = 'webhook_deliver' AND data->>'trigger' = 'manual' AND data->>'deliveryId' = ANY(${deliveryIds})`;
    expect(rows).toHaveLength(deliveryIds.length);
    const jobOf = new Map(rows.map((row) => [row.deliveryId, row.id]));
    const jobs = deliveryIds.map((id) => jobOf.get(id)!);
    expect(jobs).toEqual([...jobs].sort());
    expect(new Set(jobs).size).toBe(deliveryIds.length);
    const attempts = await app.rt.db.prisma.webhookAttempt.count({ where: { deliveryId: { in: deliveryIds.map(BigInt) }, trigger: 'manual' } });
    expect(attempts).toBe(deliveryIds.length);
    expect(await app.rt.db.prisma.webhookRecoveryClaim.count({ where: { endpointId: endpoint.id } })).toBe(0);
    // Nothing is failed in the window any more: a further call queues nothing.
    const after = await app.request('POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, { key: account.key, body: { since } });
    expect(after.body.queued).toBe(0);
    // One request at a time: 120 of them on a shared machine.
  }, 90_000);

  it('refuses a window that is too old, reversed or malformed, and another account\'s endpoint', async () => {
    const account = await app.account();
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/quiet') });
    const recover = (body: unknown, key = account.key, id = endpoint.id) => app.request('POST', `/api/v1/webhook-endpoints/${id}/recover`, { key, body });
    const hour = 3600_000;
    const tooOld = await recover({ since: new Date(Date.now() - 15 * 24 * hour).toISOString() });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.error).toMatchObject({ code: 'invalid_request', param: 'since' });
    const reversed = await recover({ since: new Date(Date.now() - hour).toISOString(), until: new Date(Date.now() - 2 * hour).toISOString() });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatchObject({ code: 'invalid_request', param: 'until' });
    const future = await recover({ since: new Date(Date.now() + hour).toISOString() });
    expect(future.body.error).toMatchObject({ code: 'invalid_request', param: 'since' });
    expect((await recover({ since: 'yesterday' })).body.error).toMatchObject({ code: 'invalid_request', param: 'since' });
    expect((await recover({})).body.error).toMatchObject({ code: 'invalid_request', param: 'since' });
    const stranger = await app.account();
    expect((await recover({ since: new Date(Date.now() - hour).toISOString() }, stranger.key)).status).toBe(404);
    const graphqlTooOld = await execute(app.baseUrl, account.key, Recover, { id: endpoint.id, since: new Date(Date.now() - 15 * 24 * hour).toISOString() });
    expect(graphqlTooOld.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'since' });
  });
});
