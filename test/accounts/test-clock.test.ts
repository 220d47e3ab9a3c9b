import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MAX_RELEASED_PER_ADVANCE } from '../../src/accounts/clock.ts';
import { verifyWebhook, type WebhookEvent } from '@yarrow/sdk/webhooks';
import { sweepStalledDeliveries } from '../../src/webhooks/deliveries.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { checkoutClient, createIntent } from '../payments/checkout-client.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

// The sandbox test clock (issue 24) with real workers: the review delay, invoice.overdue, card
// session expiry and the webhook retry schedule play out when the clock is advanced, not when the
// real time passes (the delays here are an hour, days and minutes), and every event reaches a
// receiver that verifies its signature.

const ClockOps = graphql(`
  mutation TestCreateClock($frozenTime: DateTime) {
    createTestClock(frozenTime: $frozenTime) {
      frozenTime
      heldJobsCount
    }
  }
`);
const AdvanceClock = graphql(`
  mutation TestAdvanceClock($frozenTime: DateTime!) {
    advanceTestClock(frozenTime: $frozenTime) {
      releasedJobs
      testClock {
        frozenTime
        heldJobsCount
        heldJobs {
          queue
          dueAt
        }
      }
    }
  }
`);
const ReadClock = graphql(`
  query TestReadClock {
    testClock {
      frozenTime
      heldJobsCount
      heldJobs {
        queue
        dueAt
      }
    }
  }
`);
const DeleteClock = graphql(`
  mutation TestDeleteClock {
    deleteTestClock
  }
`);
const SessionStatus = graphql(`
  query TestClockSessionStatus($id: ID!) {
    cardSession(id: $id) {
      status
    }
  }
`);

let app: TestApp;
let receiver: Receiver;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: { PAYMENT_REVIEW_DELAY_SECONDS: '3600', KYC_REVIEW_DELAY_SECONDS: '3600', WEBHOOK_RETRY_SCHEDULE: '30,120,600' },
  });
  pages = checkoutClient(app);
  await app.startWorkers(['payment-review', 'invoice-overdue', 'webhooks']);
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

/** The retry schedule's jitter (src/webhooks/attempts.ts): each delay is its step ± 10 %. */
const JITTER = 0.1;
const T0 = new Date(Date.now() + 3_600_000);
T0.setUTCMilliseconds(0);
const later = (from: Date | string, ms: number) => new Date(new Date(from).getTime() + ms).toISOString();
const clock = (account: TestAccount) => app.request('GET', '/api/v1/test-clock', { key: account.key });
const advance = (account: TestAccount, frozen_time: string) => app.request('POST', '/api/v1/test-clock/advance', { key: account.key, body: { frozen_time } });

/** A fresh account frozen at T0 with an endpoint on `path` (answering 200 unless told otherwise) and its signing secret. */
async function clockedAccount(path: string, eventTypes?: string[]) {
  const account = await app.account();
  const created = await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: T0.toISOString() } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { secret } = await createEndpoint(app, account.key, { url: receiver.url(path), eventTypes });
  return { account, secret };
}

/** Waits for the verified event of `type` about `objectId` on `path`. */
async function webhookFor(path: string, secret: string, type: string, objectId: string): Promise<WebhookEvent> {
  for (;;) {
    const found = receiver
      .received(path)
      .map((request) => verifyWebhook(secret, request.headers, request.body))
      .find((event) => event.event === type && event.object_public_id === objectId);
    if (found) return found;
    await receiver.waitFor(path, receiver.received(path).length + 1);
  }
}

describe('the test clock over REST', () => {
  it('is created frozen, read, refused twice, only moves forward, and is deleted', async () => {
    const account = await app.account();
    expect((await clock(account)).status).toBe(404);
    const created = await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: T0.toISOString() }, headers: { 'Idempotency-Key': `clock-${account.id}` } });
    expect(created.status).toBe(201);
    expect(created.body.test_clock).toMatchObject({ object: 'test_clock', frozen_time: T0.toISOString(), held_jobs_count: 0, held_jobs: [] });
    const replay = await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: T0.toISOString() }, headers: { 'Idempotency-Key': `clock-${account.id}` } });
    expect(replay.status).toBe(201);
    const again = await app.request('POST', '/api/v1/test-clock', { key: account.key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_exists');

    for (const [frozen_time, message] of [
      [T0.toISOString(), /later than the clock's time/],
      [later(T0, -1000), /only moves forward/],
      [later(T0, 6 * 366 * 86_400_000), /at most 5 years/],
      ['tomorrow', /ISO 8601/],
    ] as const) {
      const refused = await advance(account, frozen_time);
      expect(refused.status, frozen_time).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'frozen_time' });
      expect(refused.body.error.message).toMatch(message);
    }
    expect((await clock(account)).body.test_clock.frozen_time).toBe(T0.toISOString());

    const moved = await advance(account, later(T0, 90_000));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ released_jobs: 0, test_clock: { frozen_time: later(T0, 90_000) } });
    const deleted = await app.request('DELETE', '/api/v1/test-clock', { key: account.key });
    expect(deleted.body).toMatchObject({ deleted: true, released_jobs: 0 });
    expect((await clock(account)).status).toBe(404);
    expect((await advance(account, later(T0, 200_000))).status).toBe(404);
  });

  it('refuses an advance that would send more jobs than one request may, changing nothing', async () => {
    const account = await app.account();
    await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: T0.toISOString() } });
    await app.rt.db.prisma.testClockJob.createMany({
      data: Array.from({ length: MAX_RELEASED_PER_ADVANCE + 1 }, () => ({
        accountId: account.id,
        jobId: randomUUID(),
        queue: 'invoice_overdue',
        data: { invoiceId: 'inv_none' },
        dueAt: new Date(T0.getTime() + 3_600_000),
      })),
    });
    const refused = await advance(account, later(T0, 7_200_000));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'frozen_time' });
    expect(refused.body.error.message).toContain('advance in smaller steps');
    expect((await clock(account)).body.test_clock).toMatchObject({ frozen_time: T0.toISOString(), held_jobs_count: MAX_RELEASED_PER_ADVANCE + 1 });
    await app.rt.db.prisma.testClockJob.deleteMany({ where: { accountId: account.id } });
  });

  it('is refused for a live account with a clear error, and a far-off start is refused', async () => {
    const live = await app.account();
    await app.rt.db.prisma.account.update({ where: { id: live.id }, data: { environment: 'live' } });
    const refused = await app.request('POST', '/api/v1/test-clock', { key: live.key, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', param: 'environment' });
    expect(refused.body.error.message).toContain('only in the sandbox');
    expect(await app.rt.db.prisma.testClock.count({ where: { accountId: live.id } })).toBe(0);

    const sandbox = await app.account();
    const far = await app.request('POST', '/api/v1/test-clock', { key: sandbox.key, body: { frozen_time: '2040-01-01T00:00:00Z' } });
    expect(far.status).toBe(400);
    expect(far.body.error.param).toBe('frozen_time');
  });
});

describe('what the clock moves', () => {
  it('holds the review delay until an advance passes it, then the sandbox reviewer approves', async () => {
    const { account, secret } = await clockedAccount('/review', ['payment_intent.processing', 'payment_intent.succeeded']);
    const intent = await createIntent(app, account.key);
    expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-REVIEW')).status).toBe(303);
    await webhookFor('/review', secret, 'payment_intent.processing', intent.id);
    const held = (await clock(account)).body.test_clock;
    expect(held.held_jobs).toEqual([{ queue: 'payment_review', due_at: later(T0, 3_600_000) }]);
    // Held by the clock, not by pg-boss: no dated review job exists to run on the real time.
    const jobs = await app.rt.db.prisma.$queryRaw<unknown[]>`SELECT 1 FROM pgboss.job WHERE name = 'payment_review' AND data->>'paymentIntentId' = ${intent.id}`;
    expect(jobs).toHaveLength(0);

    const short = await advance(account, later(T0, 3_599_000));
    expect(short.body.released_jobs).toBe(0);
    const enough = await advance(account, later(T0, 3_600_000));
    expect(enough.body).toMatchObject({ released_jobs: 1, test_clock: { held_jobs_count: 0 } });
    const succeeded = await webhookFor('/review', secret, 'payment_intent.succeeded', intent.id);
    expect((succeeded.data as { payment_intent: { status: string } }).payment_intent.status).toBe('succeeded');
  });

  it('marks an invoice overdue once the clock passes its due date, at the clock\'s time', async () => {
    const { account, secret } = await clockedAccount('/overdue', ['invoice.overdue']);
    const dueDate = new Date(T0.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await app.request('POST', '/api/v1/invoices', { key: account.key, body: { title: 'Hosting', amount: 20, currency: 'USD', due_date: dueDate } });
    expect(created.status).toBe(201);
    const invoice = created.body.invoice;
    const midnightAfter = new Date(`${dueDate}T00:00:00Z`).getTime() + 86_400_000;
    expect((await clock(account)).body.test_clock.held_jobs).toEqual([{ queue: 'invoice_overdue', due_at: new Date(midnightAfter).toISOString() }]);

    await advance(account, new Date(midnightAfter - 60_000).toISOString());
    expect((await app.request('GET', `/api/v1/invoices/${invoice.id}`, { key: account.key })).body.invoice.overdue).toBe(false);
    const to = new Date(midnightAfter + 5 * 60_000).toISOString();
    expect((await advance(account, to)).body.released_jobs).toBe(1);
    const overdue = await webhookFor('/overdue', secret, 'invoice.overdue', invoice.id);
    expect((overdue.data as { invoice: Record<string, unknown> }).invoice).toMatchObject({ overdue: true, overdue_at: to });
    const read = await app.request('GET', `/api/v1/invoices/${invoice.id}`, { key: account.key });
    expect(read.body.invoice).toMatchObject({ overdue: true, overdue_at: to });
  });

  it("expires a card session after 30 minutes of the clock's time", async () => {
    const { account } = await clockedAccount('/sessions');
    const intent = await createIntent(app, account.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const sessionId = sessionPath.split('/').pop()!;
    const status = async () => (await execute(app.baseUrl, account.key, SessionStatus, { id: sessionId })).data!.cardSession.status;
    expect(await status()).toBe('OPEN');
    await advance(account, later(T0, 29 * 60_000));
    expect(await status()).toBe('OPEN');
    await advance(account, later(T0, 30 * 60_000));
    expect(await status()).toBe('EXPIRED');
    const page = await pages.get(sessionPath);
    expect(page.status).toBe(409);
    expect(page.html).toContain('has expired');
    const answer = await pages.post(sessionPath, { csrf_token: 'x', token: 'YP-VISA-APPROVE' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect((await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: account.key })).body.payment_intent.status).toBe('requires_payment_method');
  });

  it('plays the webhook retry schedule out on advances: each retry waits for the clock', async () => {
    const { account, secret } = await clockedAccount('/retries', ['payment_intent.created']);
    receiver.on('/retries', (request) => (request.seq < 3 ? { status: 500, body: 'not yet' } : { status: 200, body: 'ok' }));
    const intent = await createIntent(app, account.key);
    await receiver.waitFor('/retries', 1);
    const heldRetry = async () => (await clock(account)).body.test_clock.held_jobs as Array<{ queue: string; due_at: string }>;
    /** The one held retry, once the failed attempt is recorded: due `seconds` (± the schedule's jitter) after `from`. */
    const retryDue = async (from: string, seconds: number) => {
      await expect.poll(async () => (await heldRetry()).length, { timeout: 10_000 }).toBe(1);
      const [held] = await heldRetry();
      expect(held!.queue).toBe('webhook_deliver');
      const delay = new Date(held!.due_at).getTime() - new Date(from).getTime();
      expect(delay).toBeGreaterThanOrEqual(seconds * 1000 * (1 - JITTER));
      expect(delay).toBeLessThanOrEqual(seconds * 1000 * (1 + JITTER));
      return held!.due_at;
    };
    const firstRetry = await retryDue(T0.toISOString(), 30);
    const delivery = await app.rt.db.prisma.webhookDelivery.findFirstOrThrow({ where: { accountId: account.id } });
    expect(delivery.nextAttemptAt?.toISOString()).toBe(firstRetry);
    // Just short of it: nothing runs.
    expect((await advance(account, later(firstRetry, -1000))).body.released_jobs).toBe(0);

    expect((await advance(account, firstRetry)).body.released_jobs).toBe(1);
    await receiver.waitFor('/retries', 2);
    const secondRetry = await retryDue(firstRetry, 120);

    expect((await advance(account, secondRetry)).body.released_jobs).toBe(1);
    await receiver.waitFor('/retries', 3);
    const events = receiver.received('/retries').map((request) => verifyWebhook(secret, request.headers, request.body));
    expect(events.map((event) => [event.event, event.object_public_id])).toEqual(Array(3).fill(['payment_intent.created', intent.id]));
    await expect.poll(async () => (await app.rt.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status, { timeout: 10_000 }).toBe('succeeded');
    expect((await heldRetry()).length).toBe(0);
  });

  it('keeps a retry it holds from the stalled-delivery sweeper, even when its time is long past in real time', async () => {
    const account = await app.account();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expect((await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: yesterday } })).status).toBe(201);
    await createEndpoint(app, account.key, { url: receiver.url('/swept'), eventTypes: ['payment_intent.created'] });
    receiver.on('/swept', () => ({ status: 503, body: 'down' }));
    await createIntent(app, account.key);
    await receiver.waitFor('/swept', 1);
    await expect.poll(async () => (await clock(account)).body.test_clock.held_jobs_count, { timeout: 10_000 }).toBe(1);
    const delivery = await app.rt.db.prisma.webhookDelivery.findFirstOrThrow({ where: { accountId: account.id } });
    expect(delivery.nextAttemptAt!.getTime()).toBeLessThan(Date.now() - 23 * 3_600_000);
    await sweepStalledDeliveries(app.rt);
    const after = await app.rt.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after.jobId).toBe(delivery.jobId);
    expect(receiver.received('/swept')).toHaveLength(1);
    expect((await clock(account)).body.test_clock.held_jobs_count).toBe(1);
  });

  it("records another account's failed webhook attempts while one account's clock row is held (an advance or a deletion running)", async () => {
    const { account: clocked } = await clockedAccount('/clock-held', ['payment_intent.created']);
    receiver.on('/clock-held', () => ({ status: 500, body: 'no' }));
    const other = await app.account();
    await createEndpoint(app, other.key, { url: receiver.url('/other-fails'), eventTypes: ['payment_intent.created'] });
    receiver.on('/other-fails', () => ({ status: 500, body: 'no' }));
    const attempts = async (accountId: number) => (await app.rt.db.prisma.webhookDelivery.findFirstOrThrow({ where: { accountId } })).attemptCount;
    // The clocked account's clock row, locked as a long advance or deletion step locks it.
    const holder = await app.rt.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM test_clocks WHERE account_id = $1 FOR UPDATE', [clocked.id]);
      await createIntent(app, clocked.key);
      await receiver.waitFor('/clock-held', 1);
      await createIntent(app, other.key);
      await receiver.waitFor('/other-fails', 1);
      // The other account's failure is recorded (its retry scheduled) while the clock is still held.
      await expect.poll(() => attempts(other.id), { timeout: 10_000 }).toBe(1);
      expect(await attempts(clocked.id)).toBe(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // Once the clock is free, the clocked account's failure is recorded too, its retry held by the clock.
    await expect.poll(() => attempts(clocked.id), { timeout: 10_000 }).toBe(1);
    expect((await clock(clocked)).body.test_clock.held_jobs).toEqual([{ queue: 'webhook_deliver', due_at: expect.any(String) }]);
  });

  it('sends held jobs when deleted, each as far from the real time as it was from the clock', async () => {
    const { account } = await clockedAccount('/deleted', ['payment_intent.processing']);
    const intent = await createIntent(app, account.key);
    expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-REVIEW')).status).toBe(303);
    await advance(account, later(T0, 600_000)); // 50 minutes of the hour's delay left
    const before = Date.now();
    const deleted = await app.request('DELETE', '/api/v1/test-clock', { key: account.key });
    expect(deleted.body).toMatchObject({ deleted: true, released_jobs: 1 });
    const [job] = await app.rt.db.prisma.$queryRaw<Array<{ start_after: Date }>>`
      SELECT start_after FROM pgboss.job WHERE name = 'payment_review' AND data->>'paymentIntentId' = ${intent.id}`;
    const delay = job!.start_after.getTime() - before;
    expect(delay).toBeGreaterThan(49 * 60_000);
    expect(delay).toBeLessThanOrEqual(50 * 60_000 + 5_000);
  });
});

describe('the test clock over GraphQL', () => {
  it('creates, reads, advances and deletes the clock, naming GraphQL params in errors', async () => {
    const account = await app.account();
    expect((await execute(app.baseUrl, account.key, ReadClock)).data!.testClock).toBeNull();
    const created = await execute(app.baseUrl, account.key, ClockOps, { frozenTime: T0.toISOString() });
    expect(created.data!.createTestClock).toEqual({ frozenTime: T0.toISOString(), heldJobsCount: 0 });
    const intent = await createIntent(app, account.key);
    await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-REVIEW');
    const read = await execute(app.baseUrl, account.key, ReadClock);
    expect(read.data!.testClock).toMatchObject({ heldJobsCount: 1, heldJobs: [{ queue: 'payment_review', dueAt: later(T0, 3_600_000) }] });
    const backwards = await execute(app.baseUrl, account.key, AdvanceClock, { frozenTime: later(T0, -1) });
    expect(backwards.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'frozenTime' });
    const advanced = await execute(app.baseUrl, account.key, AdvanceClock, { frozenTime: later(T0, 3_600_000) });
    expect(advanced.data!.advanceTestClock).toMatchObject({ releasedJobs: 1, testClock: { frozenTime: later(T0, 3_600_000), heldJobsCount: 0 } });
    await expect
      .poll(async () => (await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: account.key })).body.payment_intent.status, { timeout: 10_000 })
      .toBe('succeeded');
    expect((await execute(app.baseUrl, account.key, DeleteClock)).data!.deleteTestClock).toBe(0);
    expect((await execute(app.baseUrl, account.key, ReadClock)).data!.testClock).toBeNull();
  });
});
