import { fork } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { newId } from '../../src/relay/contract.ts';
import { PanelPauseQueue, PanelQueueHealth, PanelResumeQueue } from '../../src/relay/panel/panel-operations.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { TEST_NUMBERS, pairingCode, relayTestEnv, sendSms, startDevice, waitForStatus, type DeviceProcess } from './helpers.ts';

const Readiness = graphql(`
  query Readiness {
    launchReadiness {
      ready
      steps {
        key
        ok
        hint
      }
    }
  }
`);

const root = join(import.meta.dirname, '../..');
let app: TestApp;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv, RELAY_SEND_RATE_PER_MINUTE: '8' } });
  await app.startWorkers(['sms-routing']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

/** `npm run relay:operator -- …` as a real process against the test database. */
function operator(...args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = fork(join(root, 'src/relay/dashboard/operator.ts'), args, { env: { ...process.env, ...app.env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.stderr!.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`operator exited ${code}: ${out}`))));
  });
}

const sendBodies = () => [
  ['/api/v1/sms/send', { to: TEST_NUMBERS[0]!, message: 'hello' }],
  ['/api/v1/otp/send', { to: TEST_NUMBERS[1]!, purpose: 'login' }],
] as const;

describe('account rules on sends', () => {
  it('401 for a bad key, 403 for a key without the scope', async () => {
    const bad = await sendSms(app, 'yk_test_nope', { to: TEST_NUMBERS[0], message: 'x' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('unauthorized');
    const readOnly = await app.account({ scopes: ['messages.read'] });
    const forbidden = await sendSms(app, readOnly.key, { to: TEST_NUMBERS[0], message: 'x' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toMatchObject({ code: 'forbidden', param: 'sms.send' });
    const otp = await app.request('POST', '/api/v1/otp/verify', { key: readOnly.key, body: { otp_id: 'otp_x', code: '123456' } });
    expect(otp.body.error).toMatchObject({ code: 'forbidden', param: 'otp.verify' });
  });

  it('402 subscription_expired once the subscription is past, for SMS, OTP and lists', async () => {
    const account = await app.account();
    await operator('subscription', String(account.id), new Date(Date.now() - 60_000).toISOString());
    for (const [path, body] of sendBodies()) {
      const response = await app.request('POST', path, { key: account.key, body });
      expect(response.status, path).toBe(402);
      expect(response.body.error.code).toBe('subscription_expired');
    }
    const list = await app.rt.db.prisma.recipientList.create({ data: { id: 'lst_rules', accountId: account.id, name: 'L' } });
    const queued = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: list.id, message: 'x' } });
    expect(queued.status).toBe(402);
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(0);
    await operator('subscription', String(account.id), new Date(Date.now() + 86_400_000).toISOString());
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'renewed' })).status).toBe(202);
  });

  it('503 queue_blocked while an operator pauses the queue; queued messages wait, then go on resume', async () => {
    const account = await app.account();
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code });
    devices.push(phone);
    await operator('pause', String(account.id));
    const paused = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x' });
    expect(paused.status).toBe(503);
    expect(paused.body.error.code).toBe('queue_blocked');
    expect(paused.body.error.message).toContain('paused for this account by an operator');
    expect(paused.headers.get('retry-after')).toBeTruthy();
    // A message already queued is held: the drain, woken by its NOTIFY, runs for it and leaves it
    // queued. Beside it, one queued already past its time to live: a drain round expires what is
    // expired before it stops at the pause (drain.ts, in the round's one transaction), and no other
    // process here expires queued messages (the presence pass is not running). So once that one has
    // failed, the round that considered the held message has committed.
    const { held, expired } = await app.rt.db.prisma.$transaction(async (tx) => {
      const { wakeDrain } = await import('../../src/relay/messages/wake.ts');
      const now = new Date();
      const queued = (body: string, expiresAt: Date) =>
        tx.message.create({
          data: {
            id: newId('message'),
            accountId: account.id,
            to: TEST_NUMBERS[2]!,
            body,
            encoding: 'gsm7',
            segments: 1,
            maxAttempts: 3,
            failedDeviceIds: [],
            expiresAt,
            nextAttemptAt: now,
            queuedAt: now,
          },
        });
      const messages = { held: await queued('held', new Date(now.getTime() + 3_600_000)), expired: await queued('expired', new Date(now.getTime() - 1_000)) };
      await wakeDrain(tx, account.id);
      return messages;
    });
    expect(await waitForStatus(app, account.key, expired.id, ['FAILED'])).toMatchObject({ status: 'FAILED', failureReason: 'expired' });
    expect((await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: held.id } })).state).toBe('queued');
    expect(phone.events.filter((event) => event.type === 'received')).toHaveLength(0);
    await operator('resume', String(account.id));
    expect(await waitForStatus(app, account.key, held.id, ['DELIVERED'])).toMatchObject({ status: 'DELIVERED' });
    // The queue health page shows the phone's load: the message it just sent, nothing in flight.
    const health = (await execute(app.baseUrl, account.key, PanelQueueHealth)).data!.relayQueueHealth;
    expect(health.counts).toMatchObject({ queued: 0, inFlight: 0, delivered: 1 });
    expect(health.devices).toEqual([expect.objectContaining({ status: 'online', inFlight: 0, sentLastMinute: 1 })]);
  });

  it("503 queue_blocked naming the account when the account paused its own queue", async () => {
    const account = await app.account();
    const pause = await execute(app.baseUrl, account.key, PanelPauseQueue);
    expect(pause.data?.pauseRelayQueue.paused).toBe(true);
    const paused = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x' });
    expect(paused.status).toBe(503);
    expect(paused.body.error.code).toBe('queue_blocked');
    expect(paused.body.error.message).toContain('paused by the account');
    expect(paused.body.error.message).not.toContain('operator');
    await execute(app.baseUrl, account.key, PanelResumeQueue);
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x' })).status).toBe(202);
  });

  it('503 queue_blocked when the queue is over its limit', async () => {
    const account = await app.account();
    await operator('queue-limit', String(account.id), '2');
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: '1' })).status).toBe(202);
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: '2' })).status).toBe(202);
    const full = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: '3' });
    expect(full.status).toBe(503);
    expect(full.body.error).toMatchObject({ code: 'queue_blocked', message: expect.stringContaining('limit 2') });
    // The queue health page sees the same queue: two waiting (no device), accepted this minute.
    const health = (await execute(app.baseUrl, account.key, PanelQueueHealth)).data!.relayQueueHealth;
    expect(health).toMatchObject({ paused: false, queueLimit: 2, counts: { queued: 2, inFlight: 0, sent: 0, delivered: 0, failed: 0 }, devices: [] });
    expect(health.oldestQueuedAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.throughput.reduce((sum, point) => sum + point.accepted, 0)).toBe(2);
  });

  it('sends that arrive together share the queue room exactly, and a refused one does not hold up the rest', async () => {
    const account = await app.account();
    await operator('queue-limit', String(account.id), '5');
    // Concurrent sends share transactions (group commit): the rules must count the group's own sends.
    const [unknownDevice, ...sends] = await Promise.all([
      sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'pinned', device_id: 'dev_nosuchdevice' }),
      ...Array.from({ length: 7 }, (_, i) => sendSms(app, account.key, { to: TEST_NUMBERS[0], message: `together ${i}` })),
    ]);
    expect(unknownDevice!.body.error).toMatchObject({ code: 'invalid_device', param: 'device_id' });
    const accepted = sends.filter((response) => response.status === 202);
    const refused = sends.filter((response) => response.status !== 202);
    expect(accepted).toHaveLength(5);
    expect(refused.map((response) => [response.status, response.body.error.code])).toEqual([[503, 'queue_blocked'], [503, 'queue_blocked']]);
    const stored = await app.rt.db.prisma.message.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' } });
    expect(stored.map((message) => message.id)).toEqual(accepted.map((response) => response.body.request_id).sort());
    expect(new Set(stored.map((message) => message.body)).size).toBe(5);
  });

  it('429 rate_limited over the per-account send rate, with Retry-After', async () => {
    const account = await app.account();
    const statuses = [];
    for (let i = 0; i < 9; i++) statuses.push((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: `r${i}` })).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(202));
    const limited = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(8);
  });
});

describe('GET /api/v1/launch/readiness', () => {
  it('turns green step by step, in the documented order', async () => {
    const account = await app.account();
    await operator('subscription', String(account.id), new Date(Date.now() - 1000).toISOString());
    const readiness = async () => {
      const response = await app.request('GET', '/api/v1/launch/readiness', { key: account.key });
      expect(response.status).toBe(200);
      return response.body as { ok: true; ready: boolean; steps: Array<{ key: string; ok: boolean; hint: string }> };
    };
    const flags = async () => (await readiness()).steps.map((step) => step.ok);

    const first = await readiness();
    expect(first.ready).toBe(false);
    expect(first.steps.map((step) => step.key)).toEqual([
      'access_token',
      'device_paired',
      'device_online',
      'first_delivery',
      'webhook_endpoint',
      'subscription_active',
    ]);
    expect(first.steps.every((step) => step.hint.length > 0)).toBe(true);
    expect(await flags()).toEqual([true, false, false, false, false, false]);

    const code = await pairingCode(app, account.key);
    const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: code.code, device_name: 'Launch phone' } });
    expect(await flags()).toEqual([true, true, false, false, false, false]);

    const phone = await startDevice(app, { token: paired.body.device_token });
    devices.push(phone);
    expect(await flags()).toEqual([true, true, true, false, false, false]);

    await operator('subscription', String(account.id), 'none');
    const sent = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'first!' });
    await waitForStatus(app, account.key, sent.body.request_id, ['DELIVERED']);
    expect(await flags()).toEqual([true, true, true, true, false, true]);

    // A disabled endpoint does not count; an enabled one does.
    const endpoint = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: 'http://127.0.0.1:9/hooks', enabled: false },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    expect(await flags()).toEqual([true, true, true, true, false, true]);
    expect((await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: 'http://127.0.0.1:9/relay' } })).status).toBe(201);
    const done = await readiness();
    expect(done.steps.map((step) => step.ok)).toEqual([true, true, true, true, true, true]);
    expect(done.ready).toBe(true);

    const viaGraphql = await execute(app.baseUrl, account.key, Readiness);
    expect(viaGraphql.data!.launchReadiness.ready).toBe(true);
    const denied = await app.request('GET', '/api/v1/launch/readiness', { key: (await app.account({ scopes: ['sms.send'] })).key });
    expect(denied.status).toBe(403);
  });
});
