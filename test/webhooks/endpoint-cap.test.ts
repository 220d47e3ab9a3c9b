import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;
/** Pollers per worker process, and worker processes. */
const pollers = 4;
const processes = 2;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      // Longer than the test: a held request that timed out would free its poller (and retry).
      WEBHOOK_TIMEOUT_SECONDS: '60',
      WEBHOOK_ENDPOINT_CONCURRENCY: '2',
      WEBHOOK_CONCURRENCY: String(pollers),
    },
  });
  // Two worker processes, as an operator adding one would run: the cap is across both.
  for (let i = 0; i < processes; i++) await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

describe('WEBHOOK_ENDPOINT_CONCURRENCY', () => {
  it('caps the requests in flight to one endpoint across two worker processes', async () => {
    const account = await app.account();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = async () => {
      await released;
      return { status: 200, body: 'ok' };
    };
    receiver.on('/capped', held);
    receiver.on('/other', held);
    const { endpoint: capped } = await createEndpoint(app, account.key, { url: receiver.url('/capped') });
    // Every poller of both processes, less the two the capped endpoint's requests will hold: each
    // is given an event of another account's endpoint below, which it sends and then holds too.
    const idle = pollers * processes - 2;
    const others = [];
    for (let i = 0; i < idle; i++) {
      const other = await app.account();
      await createEndpoint(app, other.key, { url: receiver.url('/other') });
      others.push(other);
    }

    // The cap's two requests are taken one after the other (pollers claiming at the same instant
    // may briefly exceed it: docs/webhooks.md), each by a poller that then waits for it; four more
    // wait behind them.
    await emitEvent(app, account.id);
    await receiver.waitFor('/capped', 1);
    await emitEvent(app, account.id);
    await receiver.waitFor('/capped', 2);
    for (let i = 0; i < 4; i++) await emitEvent(app, account.id);

    // A poller fetches again only once its whole batch is answered (workers.ts), so each of the other
    // accounts' events is taken by a poller not yet holding a request, until every poller of both
    // processes holds one: each of those fetches came after the four capped jobs were queued, and
    // had to pass them over (with a per-process cap, the process holding fewer than two would not).
    for (let taken = 1; taken <= idle; taken++) {
      await emitEvent(app, others[taken - 1]!.id);
      await Promise.race([receiver.waitFor('/other', taken), receiver.waitFor('/capped', 3)]);
    }
    expect(receiver.received('/capped')).toHaveLength(2);
    expect(await app.rt.db.prisma.webhookAttempt.count({ where: { delivery: { endpointId: capped.id } } })).toBe(2);

    release();
    await receiver.waitFor('/capped', 6);
    await receiver.waitFor('/other', idle);
  });
});
