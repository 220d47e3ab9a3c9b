import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      WEBHOOK_TIMEOUT_SECONDS: '20',
      WEBHOOK_ENDPOINT_CONCURRENCY: '2',
      WEBHOOK_CONCURRENCY: '4',
    },
  });
  // Two worker processes, as an operator adding one would run: the cap is across both.
  await app.startWorkers(['webhooks']);
  await app.startWorkers(['webhooks']);
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
    receiver.on('/capped', async () => {
      await released;
      return { status: 200, body: 'ok' };
    });
    await createEndpoint(app, account.key, { url: receiver.url('/capped') });

    // The cap's two requests are taken one after the other (pollers claiming at the same instant
    // may briefly exceed it: docs/webhooks.md), then the rest wait behind them.
    await emitEvent(app, account.id);
    await receiver.waitFor('/capped', 1);
    await emitEvent(app, account.id);
    await receiver.waitFor('/capped', 2);
    for (let i = 0; i < 4; i++) await emitEvent(app, account.id);
    // Each process's four pollers are woken by the jobs' NOTIFY, and an idle one looks again every
    // second: in two and a half seconds both processes have looked at least twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.received('/capped')).toHaveLength(2);

    release();
    await receiver.waitFor('/capped', 6);
  });
});
