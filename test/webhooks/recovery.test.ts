import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { Attempts, Endpoint, Redeliver, UpdateEndpoint, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;
let account: TestAccount;
let client: Client;
let orphan: { deliveryId: string; secret: string };

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      // An endpoint failing for a second is disabled; the schedule retries well past that.
      WEBHOOK_DISABLE_AFTER_SECONDS: '1',
      WEBHOOK_RETRY_SCHEDULE: '0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5',
    },
  });
  account = await app.account();
  client = wsClient(app.wsUrl, account.key);

  // Before any worker runs: a due delivery whose job is gone, as after a long outage that used up
  // the queue's own retries.
  const lost = await app.account();
  const { secret } = await createEndpoint(app, lost.key, { url: receiver.url('/orphan') });
  const { deliveries } = await emitEvent(app, lost.id, 'invoice.paid');
  const deliveryId = deliveries[0]!.id;
  await app.rt.db.prisma.$executeRaw`DELETE FROM pgboss.job WHERE name = 'webhook_deliver' AND data->>'deliveryId' = ${deliveryId}`;
  await app.rt.db.prisma.webhookDelivery.update({ where: { id: BigInt(deliveryId) }, data: { nextAttemptAt: new Date(Date.now() - 3600_000) } });
  orphan = { deliveryId, secret };

  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await client?.dispose();
  await app?.stop();
  await receiver?.close();
});

describe('failing endpoints and lost jobs', () => {
  it('disables an endpoint that keeps failing, records endpoint.disabled and tells the other endpoints', async () => {
    let healthy = false;
    receiver.on('/failing', () => (healthy ? { status: 204 } : { status: 500, body: 'still broken' }));
    const failing = await createEndpoint(app, account.key, { url: receiver.url('/failing'), eventTypes: ['payment_intent.succeeded'] });
    const watcher = await createEndpoint(app, account.key, { url: receiver.url('/watcher'), eventTypes: ['endpoint.disabled'] });

    const { deliveries } = await emitEvent(app, account.id);
    const seen = await followDelivery(client, deliveries[0]!.id);
    const last = seen.at(-1)!;
    expect(last.status).toBe('FAILED');
    // Disabled once the failing period reached a second: before the schedule's eight retries ran out.
    expect(last.attemptCount).toBeGreaterThanOrEqual(2);
    expect(last.attemptCount).toBeLessThan(9);

    const shown = (await execute(app.baseUrl, account.key, Endpoint, { id: failing.endpoint.id })).data!.webhookEndpoint;
    expect(shown).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    const failingSince = new Date(shown.failingSince!).getTime();
    expect(new Date(shown.disabledAt!).getTime() - failingSince).toBeGreaterThanOrEqual(1000);

    // The other endpoint hears about it, signed like any event.
    const [notice] = await receiver.waitFor('/watcher', 1);
    expect(notice!.headers['x-yarrowpay-event']).toBe('endpoint.disabled');
    const event = verifyWebhook(watcher.secret, notice!.headers, notice!.body);
    expect(event).toMatchObject({
      event: 'endpoint.disabled',
      object_type: 'webhook_endpoint',
      object_public_id: failing.endpoint.id,
      data: { endpoint_id: failing.endpoint.id, reason: 'failing', url: receiver.url('/failing') },
    });

    // Redelivery waits for the endpoint to be enabled again; then it goes through.
    const refused = await execute(app.baseUrl, account.key, Redeliver, { deliveryId: deliveries[0]!.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('invalid_state');
    const enabled = await execute(app.baseUrl, account.key, UpdateEndpoint, { id: failing.endpoint.id, input: { enabled: true } });
    expect(enabled.data!.updateWebhookEndpoint).toMatchObject({ enabled: true, failingSince: null });
    healthy = true;
    await execute(app.baseUrl, account.key, Redeliver, { deliveryId: deliveries[0]!.id });
    const after = await followDelivery(client, deliveries[0]!.id, (update) => update.status === 'SUCCEEDED');
    expect(after.at(-1)).toMatchObject({ attemptCount: last.attemptCount + 1, lastStatusCode: 204 });
    const attempts = (await execute(app.baseUrl, account.key, Attempts, { deliveryId: deliveries[0]!.id })).data!.webhookAttempts;
    expect(attempts.at(-1)).toMatchObject({ trigger: 'MANUAL', outcome: 'SUCCEEDED', httpStatus: 204 });
  });

  it('clears the failing period on any success', async () => {
    receiver.on('/wobbly', (request) => (request.seq === 1 ? { status: 503 } : { status: 200 }));
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/wobbly'), eventTypes: ['invoice.created'] });
    const { deliveries } = await emitEvent(app, account.id, 'invoice.created');
    await followDelivery(client, deliveries[0]!.id);
    const shown = (await execute(app.baseUrl, account.key, Endpoint, { id: endpoint.id })).data!.webhookEndpoint;
    expect(shown).toMatchObject({ enabled: true, failingSince: null });
    expect(receiver.received('/wobbly')).toHaveLength(2);
  });

  it('gives a due delivery whose job was lost a new job when a worker starts', async () => {
    const [request] = await receiver.waitFor('/orphan', 1);
    expect(request!.headers['x-yarrowpay-delivery']).toBe(orphan.deliveryId);
    expect(verifyWebhook(orphan.secret, request!.headers, request!.body).event).toBe('invoice.paid');
  });
});
