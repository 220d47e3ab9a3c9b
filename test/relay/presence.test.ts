import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { fail } from '../../src/relay/messages/transitions.ts';
import { publishStatus } from '../../src/relay/messages/status.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { MessageStatusChanged, TEST_NUMBERS, UpdateDevice, pairingCode, sendSms, startDevice, waitForStatus, type DeviceProcess } from './helpers.ts';

// Presence for routing: a closed socket takes a phone out of routing at once, while `offline`
// (and device.offline) waits for the heartbeat window, here a minute: far longer than any wait below.

const PresenceRevokeDevice = graphql(`
  mutation PresenceRevokeDevice($id: ID!) {
    revokeDevice(id: $id) {
      id
      status
    }
  }
`);

const PinnedMessage = graphql(`
  query PinnedMessage($requestId: ID!) {
    message(requestId: $requestId) {
      pinnedDevice {
        id
        name
      }
      pinnedFailsAt
      device {
        id
      }
    }
  }
`);

const PresenceDevice = graphql(`
  query PresenceDevice($id: ID!) {
    device(id: $id) {
      status
      connected
      disconnectedAt
    }
  }
`);

let app: TestApp;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({
    env: {
      RELAY_HEARTBEAT_INTERVAL_SECONDS: '1',
      DEVICE_OFFLINE_AFTER_SECONDS: '60',
      RELAY_ACK_TIMEOUT_SECONDS: '60',
      RELAY_PINNED_OFFLINE_WAIT_SECONDS: '4',
    },
  });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

async function device(account: TestAccount, name: string) {
  const started = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name });
  devices.push(started);
  return started;
}

async function send(account: TestAccount, body: Record<string, unknown>) {
  const response = await sendSms(app, account.key, body);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.request_id as string;
}

/** Waits until the gateway has recorded that these devices' sockets closed. */
async function disconnected(deviceIds: string[]) {
  await vi.waitFor(
    async () => {
      const open = await app.rt.db.prisma.deviceConnection.count({ where: { deviceId: { in: deviceIds } } });
      expect(open).toBe(0);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** A raw protocol client that never acknowledges: it holds whatever it is sent. */
async function mutePhone(token: string) {
  const socket = new WebSocket(`${app.wsUrl.replace(/\/graphql$/, '')}/api/v1/relay/device/ws`, { headers: { authorization: `Bearer ${token}` } });
  const frames: any[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (match: (frame: any) => boolean): Promise<any> => {
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, frames, next };
}

describe('a phone whose socket closes', () => {
  it('reads online but not connected at once (REST and GraphQL), with when it disconnected', async () => {
    const account = await app.account();
    const phone = await device(account, 'Honest');
    const listed = async () => (await app.request('GET', '/api/v1/relay/devices', { key: account.key })).body.data[0];
    expect(await listed()).toMatchObject({ id: phone.deviceId, status: 'online', connected: true, disconnected_at: null });
    const before = await execute(app.baseUrl, account.key, PresenceDevice, { id: phone.deviceId });
    expect(before.errors).toBeUndefined();
    expect(before.data!.device).toEqual({
      status: 'ONLINE',
      connected: true,
      disconnectedAt: null,
    });

    await phone.kill();
    await disconnected([phone.deviceId]);
    const row = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } });
    expect(row.disconnectedAt).not.toBeNull();
    // The state machine is unchanged: still online until the heartbeat window passes.
    expect(await listed()).toMatchObject({ status: 'online', connected: false, disconnected_at: row.disconnectedAt!.toISOString() });
    expect((await execute(app.baseUrl, account.key, PresenceDevice, { id: phone.deviceId })).data!.device).toEqual({
      status: 'ONLINE',
      connected: false,
      disconnectedAt: row.disconnectedAt!.toISOString(),
    });
  });

  it('gets no new work: with four phones killed and one connected and idle, new SMS go to the connected one', async () => {
    const account = await app.account();
    const stopped: DeviceProcess[] = [];
    for (let i = 0; i < 4; i++) stopped.push(await device(account, `Stopped ${i}`));
    // Paired last, the connected phone loses every tie-break by id: only presence can pick it.
    const connected = await device(account, 'Connected');
    await Promise.all(stopped.map((phone) => phone.kill('SIGKILL')));
    await disconnected(stopped.map((phone) => phone.deviceId));

    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await send(account, { to: TEST_NUMBERS[i], message: `to whoever is there ${i}` }));
    for (const id of ids) {
      expect(await waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])).toMatchObject({ status: 'DELIVERED', deviceId: connected.deviceId, attempts: 1 });
    }
    const tried = await app.rt.db.prisma.messageAttempt.findMany({ where: { messageId: { in: ids } } });
    expect(new Set(tried.map((attempt) => attempt.deviceId))).toEqual(new Set([connected.deviceId]));

    // Not offline yet: a blip this short must not fire device.offline.
    const states = await app.rt.db.prisma.device.findMany({ where: { id: { in: stopped.map((phone) => phone.deviceId) } } });
    expect(states.map((state) => state.status)).toEqual(['online', 'online', 'online', 'online']);
    expect(await app.rt.db.prisma.event.count({ where: { type: 'device.offline', accountId: account.id } })).toBe(0);
  });

  it('gets no work even when the connected phone has no budget left: the message waits instead', async () => {
    const account = await app.account();
    const stopped = await device(account, 'Stopped');
    const connected = await device(account, 'Busy');
    const slow = await execute(app.baseUrl, account.key, UpdateDevice, { id: connected.deviceId, input: { ratePerMinute: 1 } });
    expect(slow.errors).toBeUndefined();
    await stopped.kill('SIGKILL');
    await disconnected([stopped.deviceId]);

    const first = await send(account, { to: TEST_NUMBERS[0], message: 'fits the budget' });
    expect(await waitForStatus(app, account.key, first, ['DELIVERED', 'FAILED'])).toMatchObject({ status: 'DELIVERED', deviceId: connected.deviceId });
    const second = await send(account, { to: TEST_NUMBERS[1], message: 'over the budget' });
    // Then a login code, which goes past a spent budget (priority.ts): a drain round that began after
    // the second send committed hands it to the connected phone, and in that round the second message
    // was due and waiting too. Once the code is delivered, that round has committed, and it left the
    // second one queued rather than give it to the stopped phone, which has budget left.
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: TEST_NUMBERS[2], purpose: 'login' } });
    expect(otp.status, JSON.stringify(otp.body)).toBe(200);
    expect(await waitForStatus(app, account.key, otp.body.request_id, ['DELIVERED', 'FAILED'])).toMatchObject({ status: 'DELIVERED', deviceId: connected.deviceId });
    expect(await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: second } })).toMatchObject({ state: 'queued', attempts: 0, failureReason: null });
    expect(await app.rt.db.prisma.messageAttempt.count({ where: { deviceId: stopped.deviceId } })).toBe(0);
  });

  it('gives its unacknowledged work back at once: it moves to the connected phone long before the offline window', async () => {
    const account = await app.account();
    const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: (await pairingCode(app, account.key)).code, device_name: 'Mute' } });
    const token = paired.body.device_token as string;
    const mute = await mutePhone(token);
    await mute.next((frame) => frame.type === 'welcome');
    // Paired second, the helper loses the tie-break (both connected and idle): the mute phone gets the message.
    const helper = await device(account, 'Helper');
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'held, never acknowledged' });
    await mute.next((frame) => frame.type === 'send' && frame.message.message_id === requestId);
    mute.socket.terminate();

    expect(await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED'])).toMatchObject({
      status: 'DELIVERED',
      deviceId: helper.deviceId,
      attempts: 2,
      failureReason: null,
    });
    const attempts = await app.rt.db.prisma.messageAttempt.findMany({ where: { messageId: requestId }, orderBy: { number: 'asc' } });
    expect(attempts.map((attempt) => [attempt.deviceId, attempt.outcome])).toEqual([
      [paired.body.device.id, 'device_disconnected'],
      [helper.deviceId, 'delivered'],
    ]);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: paired.body.device.id } })).status).toBe('online');

    // Back on a new socket, the phone is first told to drop what it held.
    const back = await mutePhone(token);
    await back.next((frame) => frame.type === 'welcome');
    expect(back.frames[0]).toEqual({ type: 'cancel', message_id: requestId, attempt: 1, reason: 'device_disconnected' });
    back.socket.close();
  });
});

describe('a phone that polls', () => {
  it('is reachable again by long-polling after its socket closed', async () => {
    const account = await app.account();
    const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: (await pairingCode(app, account.key)).code, device_name: 'Fallback' } });
    const token = paired.body.device_token as string;
    const socket = await mutePhone(token);
    await socket.next((frame) => frame.type === 'welcome');
    socket.socket.terminate();
    await disconnected([paired.body.device.id]);

    // Falls back to HTTP: the poll itself makes it reachable, and the waiting message comes to it.
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'over HTTP' });
    const poll = await app.request('GET', '/api/v1/relay/device/messages?wait=20', { headers: { authorization: `Bearer ${token}` } });
    expect(poll.status).toBe(200);
    expect(poll.body.messages.map((work: { message_id: string }) => work.message_id)).toEqual([requestId]);
  });
});

describe('a pinned message', () => {
  it('fails at once with device_revoked when its phone is unpaired; a queued one has no failure reason', async () => {
    const account = await app.account();
    const phone = await device(account, 'Pinned');
    // One message a minute: the first goes to the phone, the second waits in the queue.
    const slow = await execute(app.baseUrl, account.key, UpdateDevice, { id: phone.deviceId, input: { ratePerMinute: 1 } });
    expect(slow.errors).toBeUndefined();
    const first = await send(account, { to: TEST_NUMBERS[0], message: 'first', device_id: phone.deviceId });
    await waitForStatus(app, account.key, first, ['SENT', 'DELIVERED']);
    const second = await send(account, { to: TEST_NUMBERS[1], message: 'second', device_id: phone.deviceId });
    const waiting = await app.request('GET', `/api/v1/messages/status?request_id=${second}`, { key: account.key });
    expect(waiting.body).toMatchObject({ status: 'queued', failure_reason: null, attempts: 0, device_id: null, pinned_device_id: phone.deviceId, pinned_device_name: 'Pinned' });
    // The phone is connected and heard from: its deadline moves on with each heartbeat.
    expect(Date.parse(waiting.body.pinned_fails_at)).toBeGreaterThan(Date.now());

    const revoked = await execute(app.baseUrl, account.key, PresenceRevokeDevice, { id: phone.deviceId });
    expect(revoked.data?.revokeDevice.status).toBe('REVOKED');
    // In the revoke's own transaction: no worker pass needed.
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${second}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'failed', failure_reason: 'device_revoked', failed_at: expect.any(String), pinned_device_id: phone.deviceId, pinned_fails_at: null });
    const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId: second } });
    expect(events.map((event) => event.type)).toEqual(['message.failed']);
  });

  it('to an unreachable phone waits RELAY_PINNED_OFFLINE_WAIT_SECONDS, then fails with device_offline and frees its queue room', async () => {
    const account = await app.account();
    const phone = await device(account, 'Gone');
    await app.rt.db.prisma.account.update({ where: { id: account.id }, data: { relayQueueLimit: 1 } });
    await phone.kill('SIGKILL');
    await disconnected([phone.deviceId]);

    // Still `online` (the heartbeat window has not passed), so the pinned send is accepted.
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'for that phone only', device_id: phone.deviceId });
    const full = await sendSms(app, account.key, { to: TEST_NUMBERS[1], message: 'no room' });
    expect(full.status).toBe(503);
    expect(full.body.error.code).toBe('queue_blocked');

    // It says what it waits for: the pinned phone, and when it fails if that phone stays unreachable.
    const [row] = await app.rt.db.prisma.$queryRaw<Array<{ deadline: Date }>>`
      SELECT greatest(m.next_attempt_at, d.last_seen_at) + interval '4 seconds' AS deadline
      FROM messages m JOIN devices d ON d.id = m.requested_device_id WHERE m.id = ${requestId}`;
    const waiting = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(waiting.body).toMatchObject({ status: 'queued', device_id: null, pinned_device_id: phone.deviceId, pinned_device_name: 'Gone', pinned_fails_at: row!.deadline.toISOString() });
    const listed = await app.request('GET', `/api/v1/messages?search=${requestId}`, { key: account.key });
    expect(listed.body.data[0]).toMatchObject({ pinned_device_id: phone.deviceId, pinned_fails_at: row!.deadline.toISOString() });
    const graphqlView = await execute(app.baseUrl, account.key, PinnedMessage, { requestId });
    expect(graphqlView.data!.message).toEqual({ pinnedDevice: { id: phone.deviceId, name: 'Gone' }, pinnedFailsAt: row!.deadline.toISOString(), device: null });

    expect(await waitForStatus(app, account.key, requestId, ['FAILED', 'SENT', 'DELIVERED'])).toMatchObject({ status: 'FAILED', failureReason: 'device_offline' });
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'failed', failure_reason: 'device_offline', attempts: 0, pinned_fails_at: null });
    // It failed no earlier than the time it showed.
    expect(Date.parse(status.body.failed_at)).toBeGreaterThanOrEqual(row!.deadline.getTime());
    // A failed message no longer counts against the queue limit.
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[1], message: 'room again' })).status).toBe(202);
  });
});

describe('messageStatusChanged', () => {
  it('never repeats its first event: a live event of the change it already showed is dropped', async () => {
    const account = await app.account();
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'nobody to send it' });
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, MessageStatusChanged, { requestId });
    try {
      const first = await live.next();
      expect(first.data!.messageStatusChanged.status).toBe('QUEUED');
      // What a subscriber that read the row just after a change also hears: that change's event.
      const row = await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } });
      await publishStatus(app.rt.db.prisma, row);
      await app.rt.db.prisma.$transaction((tx) => fail(app.rt, tx, [row.id], 'expired'));
      const next = await live.next();
      expect(next.data!.messageStatusChanged).toMatchObject({ status: 'FAILED', failureReason: 'expired' });
    } finally {
      live.dispose();
      await client.dispose();
    }
  });
});
