import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;
let account: TestAccount;
let client: Client;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      // One poller: every job it takes comes in one batch, so a batch-mate can only finish early
      // if the batch's jobs are sent and completed one by one.
      WEBHOOK_CONCURRENCY: '1',
      WEBHOOK_FETCH_BATCH: '10',
      // Longer than the test: the slow receiver answers when the test says so, not by timing out.
      WEBHOOK_TIMEOUT_SECONDS: '60',
    },
  });
  account = await app.account();
  client = wsClient(app.wsUrl, account.key);
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await client?.dispose();
  await app?.stop();
  await receiver?.close();
});

/** The pg-boss jobs of these deliveries: state and when a poller took them. */
async function jobsOf(deliveryIds: string[]) {
  const rows = await app.rt.db.prisma.$queryRaw<Array<{ delivery_id: string; state: string; started_on: Date | null }>>`
    SELECT data->>'deliveryId' AS delivery_id, state::text AS state, started_on
    FROM pgboss.job WHERE name = 'webhook_deliver' AND data->>'deliveryId' = ANY(${deliveryIds}::text[])`;
  return new Map(rows.map((row) => [row.delivery_id, row]));
}

describe('batched webhook polling', () => {
  it('completes the fast deliveries of a batch while a slow endpoint of the batch still holds its request', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    receiver.on('/slow', async () => {
      await released;
      return { status: 200 };
    });
    const slowEndpoint = (await createEndpoint(app, account.key, { url: receiver.url('/slow') })).endpoint;
    for (const path of ['/fast-1', '/fast-2', '/fast-3']) await createEndpoint(app, account.key, { url: receiver.url(path) });

    // One event, four deliveries: their jobs are committed together, so the one poller fetches all four.
    const { deliveries } = await emitEvent(app, account.id, 'invoice.paid');
    expect(deliveries).toHaveLength(4);
    const slow = deliveries.find((delivery) => delivery.endpointId === slowEndpoint.id)!;
    const fast = deliveries.filter((delivery) => delivery !== slow);

    await receiver.waitFor('/slow', 1);
    for (const delivery of fast) {
      expect((await followDelivery(client, delivery.id)).at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
    }
    // Their jobs are done while the slow request of their batch is still open: they no longer
    // count against their endpoints' caps.
    // (No event announces a job's completion, which follows the recorded attempt: poll the queue.)
    await expect
      .poll(async () => {
        const jobs = await jobsOf(fast.map((delivery) => delivery.id));
        return fast.map((delivery) => jobs.get(delivery.id)?.state);
      }, { timeout: 10_000 })
      .toEqual(['completed', 'completed', 'completed']);
    const jobs = await jobsOf(deliveries.map((delivery) => delivery.id));
    expect(jobs.get(slow.id)?.state).toBe('active');
    // One fetch took the four of them.
    expect(new Set(deliveries.map((delivery) => jobs.get(delivery.id)?.started_on?.getTime())).size).toBe(1);
    expect(receiver.received('/slow')).toHaveLength(1);
    for (const path of ['/fast-1', '/fast-2', '/fast-3']) expect(receiver.received(path)).toHaveLength(1);

    release();
    expect((await followDelivery(client, slow.id)).at(-1)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
    await expect.poll(async () => (await jobsOf([slow.id])).get(slow.id)?.state, { timeout: 10_000 }).toBe('completed');
    // Each was sent once: pg-boss did not run a completed batch-mate again.
    expect(receiver.received('/slow')).toHaveLength(1);
    for (const path of ['/fast-1', '/fast-2', '/fast-3']) expect(receiver.received(path)).toHaveLength(1);
  });
});
