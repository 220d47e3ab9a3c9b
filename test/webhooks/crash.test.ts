import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { recordEvent } from '../../src/webhooks/events.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { createEndpoint } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      // Job expiry is timeout + 10 s = 14 s: how long a dead worker's jobs stay claimed. The
      // receiver holds requests until the worker is dead, well within the 4 s.
      WEBHOOK_TIMEOUT_SECONDS: '4',
      // The surviving worker looks for expired jobs every second.
      QUEUE_MONITOR_INTERVAL_SECONDS: '1',
      WEBHOOK_CONCURRENCY: '20',
      WEBHOOK_ENDPOINT_CONCURRENCY: '10',
      WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2',
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

/** Polls the database until `check` holds: the condition spans 500 rows, no single event says so. */
async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('at-least-once delivery', () => {
  it('finishes every delivery after the worker is SIGKILLed with 500 in flight', async () => {
    const accounts: Array<TestAccount & { secret: string; path: string }> = [];
    for (let i = 0; i < 5; i++) {
      const account = await app.account();
      const path = `/crash/${i}`;
      const { secret } = await createEndpoint(app, account.key, { url: receiver.url(path) });
      accounts.push({ ...account, secret, path });
    }
    // The receiver holds every request until released: the worker dies with requests open.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    for (const { path } of accounts) {
      receiver.on(path, async () => {
        await released;
        return { status: 200, body: 'ok' };
      });
    }

    for (const account of accounts) {
      await app.rt.db.prisma.$transaction(
        async (tx) => {
          for (let n = 0; n < 100; n++) {
            await recordEvent(app.rt, tx, {
              accountId: account.id,
              type: 'payment_intent.succeeded',
              objectType: 'payment_intent',
              objectPublicId: `pi_crash_${n}`,
              data: { n },
            });
          }
        },
        { timeout: 30_000 },
      );
    }
    const accountIds = accounts.map((account) => account.id);
    const deliveries = await app.rt.db.prisma.webhookDelivery.findMany({ where: { accountId: { in: accountIds } } });
    expect(deliveries).toHaveLength(500);

    const doomed = await app.startWorkers(['webhooks']);
    await receiver.waitFor(undefined, 10);
    const exited = new Promise((resolve) => doomed.once('exit', (_code, signal) => resolve(signal)));
    doomed.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const openAtKill = new Set(receiver.requests.map((request) => String(request.headers['x-yarrowpay-delivery'])));
    expect(openAtKill.size).toBeGreaterThanOrEqual(10);
    release();

    await app.startWorkers(['webhooks']);
    await until(
      async () => (await app.rt.db.prisma.webhookDelivery.count({ where: { accountId: { in: accountIds }, status: 'succeeded' } })) === 500,
      50_000,
    );

    // Every delivery number reached the receiver, signed for its account.
    const seen = new Map<string, number>();
    for (const account of accounts) {
      for (const request of receiver.received(account.path)) {
        verifyWebhook(account.secret, request.headers, request.body);
        const number = String(request.headers['x-yarrowpay-delivery']);
        seen.set(number, (seen.get(number) ?? 0) + 1);
      }
    }
    for (const delivery of deliveries) expect(seen.get(String(delivery.id))).toBeGreaterThanOrEqual(1);
    // The ones open when the worker died were sent again by the new worker…
    for (const number of openAtKill) expect(seen.get(number)).toBeGreaterThanOrEqual(2);

    // …and each delivery is recorded as delivered exactly once, the lost attempt marked interrupted.
    const attempts = await app.rt.db.prisma.webhookAttempt.groupBy({
      by: ['deliveryId', 'outcome'],
      where: { delivery: { accountId: { in: accountIds } } },
      _count: true,
    });
    const succeeded = attempts.filter((row) => row.outcome === 'succeeded');
    expect(succeeded).toHaveLength(500);
    expect(succeeded.every((row) => row._count === 1)).toBe(true);
    const interrupted = new Set(attempts.filter((row) => row.outcome === 'interrupted').map((row) => String(row.deliveryId)));
    for (const number of openAtKill) expect(interrupted.has(number)).toBe(true);
    expect(attempts.some((row) => row.outcome === 'in_flight' || row.outcome === 'failed')).toBe(false);
  }, 90_000);
});
