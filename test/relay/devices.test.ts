import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { newId } from '../../src/relay/contract.ts';
import { pairingCode, relayTestEnv, startDevice, waitForStatus } from './helpers.ts';

const Devices = graphql(`
  query Devices {
    devices(first: 50) {
      edges {
        node {
          id
          name
          status
          ratePerMinute
          batteryLevel
          charging
          signalLevel
          queueLength
          sims
        }
      }
    }
  }
`);

const RevokeDevice = graphql(`
  mutation RevokeDevice($id: ID!) {
    revokeDevice(id: $id) {
      id
      status
      revokedAt
    }
  }
`);

let app: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv, RELAY_ACK_TIMEOUT_SECONDS: '2' } });
  owner = await app.account();
});
afterAll(() => app?.stop());

function pair(body: Record<string, unknown>, path = '/api/v1/relay/app/pair') {
  return app.request('POST', path, { body });
}

/** A raw protocol client: frames in, frames out, as an Android app would see them. */
async function openSocket(token: string, path = '/api/v1/relay/device/ws') {
  const socket = new WebSocket(`${app.baseUrl.replace('http', 'ws')}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const frames: any[] = [];
  /** Every frame in arrival order (`next` takes frames out of `frames`, not out of this). */
  const order: any[] = [];
  const waiters: Array<{ match: (frame: any) => boolean; resolve: (frame: any) => void }> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    order.push(frame);
    const waiter = waiters.find((candidate) => candidate.match(frame));
    if (!waiter) return void frames.push(frame);
    waiters.splice(waiters.indexOf(waiter), 1);
    waiter.resolve(frame);
  });
  const next = (match: (frame: any) => boolean) =>
    new Promise<any>((resolve) => {
      const found = frames.find(match);
      if (found) {
        frames.splice(frames.indexOf(found), 1);
        return resolve(found);
      }
      waiters.push({ match, resolve });
    });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
  return { socket, next, closed, order };
}

/** A device of a new account, paired and welcomed on a raw protocol socket. */
async function welcomedDevice(name: string) {
  const account = await app.account();
  const code = await pairingCode(app, account.key);
  const { body } = await pair({ pairing_code: code.code, device_name: name });
  const device = await openSocket(body.device_token);
  await device.next((frame) => frame.type === 'welcome');
  return { account, device };
}

describe('pairing', () => {
  it('makes single-use 8-character codes with a QR payload and image', async () => {
    const code = await pairingCode(app, owner.key);
    expect(code.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(code.qrPayload).toBe(`yarrow-relay://pair?v=1&base=${encodeURIComponent(`${app.rt.config.publicBaseUrl}/api`)}&code=${code.code}`);
    expect(code.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(code.qrImage.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const minutes = (new Date(code.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const stored = await app.rt.db.prisma.pairingCode.findUniqueOrThrow({ where: { id: code.id } });
    expect(JSON.stringify(stored)).not.toContain(code.code);
  });

  it('pairs with a code: device record and a token shown once, stored hashed', async () => {
    const code = await pairingCode(app, owner.key);
    const response = await pair({
      pairing_code: code.code.toLowerCase().replace(/(....)/, '$1-'),
      device_name: 'Pixel 8',
      platform: 'android',
      app_version: '1.4.0',
      sims: [{ slot: 0, carrier: 'Orange', phone_number: '+33612345678' }, { slot: 1, carrier: 'Free' }],
    });
    expect(response.status).toBe(201);
    expect(response.body.device).toMatchObject({ object: 'device', name: 'Pixel 8', status: 'offline', platform: 'android', rate_per_minute: 30 });
    expect(response.body.device.sims).toHaveLength(2);
    expect(response.body.device_token).toMatch(/^ydt_/);
    const row = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: response.body.device.id } });
    expect(row.accountId).toBe(owner.id);
    expect(JSON.stringify(row)).not.toContain(response.body.device_token);
    const me = await app.request('GET', '/api/v1/relay/device/me', { headers: { authorization: `Bearer ${response.body.device_token}` } });
    expect(me.body.device.id).toBe(response.body.device.id);
  });

  it('pairs with the QR payload, also under the /api/api base', async () => {
    const code = await pairingCode(app, owner.key);
    const response = await pair({ qr_payload: code.qrPayload, device_name: 'Galaxy' }, '/api/api/v1/relay/app/pair');
    expect(response.status).toBe(201);
    expect(response.body.device.name).toBe('Galaxy');
  });

  it('refuses used, expired and unknown codes with one answer (no hint which codes were real), creating nothing', async () => {
    const before = await app.rt.db.prisma.device.count();
    const used = await pairingCode(app, owner.key);
    expect((await pair({ pairing_code: used.code, device_name: 'First' })).status).toBe(201);
    const again = await pair({ pairing_code: used.code, device_name: 'Second' });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: 'not_found', param: 'pairing_code', message: expect.stringContaining('unknown, already used or expired') });

    const expired = await pairingCode(app, owner.key);
    await app.rt.db.prisma.pairingCode.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await pair({ pairing_code: expired.code, device_name: 'Late' });
    expect(late.status).toBe(404);
    expect(late.body.error).toEqual(again.body.error);

    const unknown = await pair({ pairing_code: 'ZZZZ9999', device_name: 'Nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(again.body.error);

    const both = await pair({ pairing_code: 'ZZZZ9999', qr_payload: 'yarrow-relay://pair?code=ZZZZ9999', device_name: 'x' });
    expect(both.status).toBe(400);
    const noName = await pair({ pairing_code: 'ZZZZ9999' });
    expect(noName.body.error).toMatchObject({ code: 'invalid_request', param: 'device_name' });
    const badQr = await pair({ qr_payload: 'https://example.com/?code=ABCD', device_name: 'x' });
    expect(badQr.body.error).toMatchObject({ code: 'invalid_request', param: 'qr_payload' });

    expect(await app.rt.db.prisma.device.count()).toBe(before + 1);
  });

  it('pairs a simulator process from a code and from a QR payload', async () => {
    const fromCode = await startDevice(app, { code: (await pairingCode(app, owner.key)).code }, { name: 'Sim code' });
    const fromQr = await startDevice(app, { qr: (await pairingCode(app, owner.key)).qrPayload }, { name: 'Sim QR' });
    const rest = await app.request('GET', '/api/v1/relay/devices?limit=100', { key: owner.key });
    expect(rest.body).toMatchObject({ object: 'list', has_more: false });
    expect(rest.body.data.map((device: { id: string }) => device.id)).toEqual(expect.arrayContaining([fromCode.deviceId, fromQr.deviceId]));
    const stranger = await app.account();
    expect((await app.request('GET', '/api/v1/relay/devices', { key: stranger.key })).body.data).toEqual([]);
    const listed = await execute(app.baseUrl, owner.key, Devices);
    const names = listed.data!.devices.edges.map((edge) => edge.node);
    expect(names).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: fromCode.deviceId, name: 'Sim code', status: 'ONLINE' }),
      expect.objectContaining({ id: fromQr.deviceId, name: 'Sim QR', status: 'ONLINE' }),
    ]));
    await fromCode.kill();
    await fromQr.kill();
  });
});

describe('device protocol', () => {
  it('welcomes a socket, acknowledges heartbeats and records battery, signal, charging and queue', async () => {
    const code = await pairingCode(app, owner.key);
    const { body } = await pair({ pairing_code: code.code, device_name: 'Raw client' });
    const { socket, next } = await openSocket(body.device_token);
    const welcome = await next((frame) => frame.type === 'welcome');
    expect(welcome).toMatchObject({ device_id: body.device.id, heartbeat_interval_seconds: 1 });
    socket.send(JSON.stringify({ type: 'heartbeat', ref: 'h1', battery_level: 42, charging: false, signal_level: 3, queue_length: 2 }));
    expect(await next((frame) => frame.ref === 'h1')).toEqual({ type: 'result', ref: 'h1', ok: true });
    const row = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: body.device.id } });
    expect(row).toMatchObject({ batteryLevel: 42, charging: false, signalLevel: 3, queueLength: 2, status: 'online' });

    socket.send(JSON.stringify({ type: 'heartbeat', ref: 'h2', battery_level: 101 }));
    expect(await next((frame) => frame.ref === 'h2')).toMatchObject({ ok: false, error: { code: 'invalid_request', param: 'battery_level' } });
    socket.send(JSON.stringify({ type: 'report', ref: 'r1', message_id: 'req_nope', attempt: 1, status: 'sent' }));
    expect(await next((frame) => frame.ref === 'r1')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    socket.close();
  });

  it('answers frames sent back to back, without waiting, in order and as if one at a time', async () => {
    const { account, device: hasty } = await welcomedDevice('Hasty');
    const worker = await app.startWorkers(['sms-routing']);
    const ids: string[] = [];
    for (const to of ['+14155552671', '+14155552672', '+14155552673']) {
      ids.push((await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to, message: 'in a hurry' } })).body.request_id);
    }
    for (const id of ids) await hasty.next((frame) => frame.type === 'send' && frame.message.message_id === id);
    // Per message: ack, sent, delivered, the ack again, and a report of an attempt it never had;
    // the gateway gets them in one burst, so they share batches (an ack and its `sent` one step).
    const frames = ids.flatMap((id) => [
      { type: 'ack', ref: `ack:${id}`, message_id: id, attempt: 1 },
      { type: 'report', ref: `sent:${id}`, message_id: id, attempt: 1, status: 'sent' },
      { type: 'report', ref: `delivered:${id}`, message_id: id, attempt: 1, status: 'delivered' },
      { type: 'ack', ref: `again:${id}`, message_id: id, attempt: 1 },
      { type: 'report', ref: `stale:${id}`, message_id: id, attempt: 2, status: 'sent' },
    ]);
    for (const frame of frames) hasty.socket.send(JSON.stringify(frame));
    for (const id of ids) {
      expect(await hasty.next((frame) => frame.ref === `ack:${id}`)).toEqual({ type: 'result', ref: `ack:${id}`, ok: true, applied: true, status: 'queued', held: true });
      expect(await hasty.next((frame) => frame.ref === `sent:${id}`)).toMatchObject({ ok: true, applied: true, status: 'sent' });
      expect(await hasty.next((frame) => frame.ref === `delivered:${id}`)).toMatchObject({ ok: true, applied: true, status: 'delivered' });
      expect(await hasty.next((frame) => frame.ref === `again:${id}`)).toMatchObject({ ok: true, applied: false, status: 'delivered' });
      expect(await hasty.next((frame) => frame.ref === `stale:${id}`)).toMatchObject({ ok: true, applied: false, status: 'delivered' });
    }
    const messages = await app.rt.db.prisma.message.findMany({ where: { id: { in: ids } }, include: { attemptLog: true } });
    for (const message of messages) {
      expect(message).toMatchObject({ state: 'delivered', sealedBody: null });
      expect(message.acknowledgedAt).not.toBeNull();
      expect(message.attemptLog).toHaveLength(1);
      expect(message.attemptLog[0]).toMatchObject({ number: 1, outcome: 'delivered' });
      expect(message.attemptLog[0]!.acknowledgedAt).not.toBeNull();
    }
    const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId: { in: ids } } });
    expect(events.map((event) => `${event.type} ${event.objectPublicId}`).sort()).toEqual(
      ids.flatMap((id) => [`message.delivered ${id}`, `message.sent ${id}`]).sort(),
    );
    hasty.socket.close();
    worker.kill('SIGTERM');
  });

  it('refuses a socket without a valid device token', async () => {
    await expect(openSocket('ydt_not_a_token')).rejects.toThrow('HTTP 401');
    const code = await pairingCode(app, owner.key);
    const { body } = await pair({ pairing_code: code.code, device_name: 'Alt path' });
    const alt = await openSocket(body.device_token, '/api/api/v1/relay/device/ws');
    expect((await alt.next((frame) => frame.type === 'welcome')).device_id).toBe(body.device.id);
    alt.socket.close();
  });

  it('goes offline after silence (device.offline), and online again with the next heartbeat', async () => {
    const sim = await startDevice(app, { code: (await pairingCode(app, owner.key)).code }, { name: 'Sleepy' });
    const worker = await app.startWorkers(['device-presence']);
    await sim.kill();
    const offline = await waitForDevice(sim.deviceId, 'offline');
    expect(offline.lastOfflineAt).toBeTruthy();
    const events = await app.rt.db.prisma.event.findMany({ where: { type: 'device.offline', objectPublicId: sim.deviceId } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ device_id: sim.deviceId, name: 'Sleepy', status: 'offline' });

    const back = await app.request('POST', '/api/v1/relay/device/heartbeat', {
      headers: { authorization: `Bearer ${sim.token}` },
      body: { battery_level: 80 },
    });
    expect(back.body.device.status).toBe('online');
    worker.kill('SIGTERM');
  });

  it('on a gateway process that dies without closing its sockets, falls back to the heartbeat rule', async () => {
    const gateway = await app.startGatewayProcess();
    const sim = await startDevice({ ...app, baseUrl: gateway.baseUrl }, { code: (await pairingCode(app, owner.key)).code }, { name: 'Orphan' });
    const worker = await app.startWorkers(['device-presence']);
    gateway.child.kill('SIGKILL');
    // Nobody recorded the close: the device still counts as connected…
    expect(await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: sim.deviceId } })).toMatchObject({ status: 'online' });
    expect(await app.rt.db.prisma.deviceConnection.count({ where: { deviceId: sim.deviceId } })).toBe(1);
    // …until its silence outlasts DEVICE_OFFLINE_AFTER_SECONDS, like any silent device.
    await waitForDevice(sim.deviceId, 'offline');
    expect(await app.rt.db.prisma.deviceConnection.count({ where: { deviceId: sim.deviceId } })).toBe(0);
    expect(await app.rt.db.prisma.event.count({ where: { type: 'device.offline', objectPublicId: sim.deviceId } })).toBe(1);
    await sim.kill();
    worker.kill('SIGTERM');
  });

  it('revoking a device closes its socket and refuses its token', async () => {
    const sim = await startDevice(app, { code: (await pairingCode(app, owner.key)).code }, { name: 'Lost phone' });
    const revoked = await execute(app.baseUrl, owner.key, RevokeDevice, { id: sim.deviceId });
    expect(revoked.data!.revokeDevice.status).toBe('REVOKED');
    await sim.waitFor('revoked');
    const heartbeat = await app.request('POST', '/api/v1/relay/device/heartbeat', { headers: { authorization: `Bearer ${sim.token}` }, body: {} });
    expect(heartbeat.status).toBe(401);
    const other = await app.account();
    const foreign = await execute(app.baseUrl, other.key, RevokeDevice, { id: sim.deviceId });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('not_found');
    await sim.kill();
  });
});

describe('stuck messages', () => {
  it('a message never acknowledged moves to another device after the ack timeout', async () => {
    const { account, device: mute } = await welcomedDevice('Mute');
    // The mute phone keeps its heartbeat (it stays online) but never acknowledges.
    const beat = setInterval(() => mute.socket.send(JSON.stringify({ type: 'heartbeat' })), 500);
    // Paired second, the helper loses the tie-break (equal load, older id first): the mute phone gets the first try.
    const helper = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Helper' });
    const workers = [await app.startWorkers(['sms-routing', 'device-presence'])];
    const response = await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to: '+14155552671', message: 'anyone there?' } });
    const requestId = response.body.request_id;
    await mute.next((frame) => frame.type === 'send' && frame.message.message_id === requestId);
    // Taken back from the mute phone, which is told not to send it after all.
    expect(await mute.next((frame) => frame.type === 'cancel')).toEqual({ type: 'cancel', message_id: requestId, attempt: 1, reason: 'ack_timeout' });
    expect(await waitForStatus(app, account.key, requestId, ['DELIVERED'])).toMatchObject({ deviceId: helper.deviceId, attempts: 2 });
    const attempts = await app.rt.db.prisma.messageAttempt.findMany({ where: { messageId: requestId }, orderBy: { number: 'asc' } });
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['ack_timeout', 'delivered']);
    clearInterval(beat);
    mute.socket.close();
    await helper.kill();
    for (const worker of workers) worker.kill('SIGTERM');
  });

  it('a message whose TTL passes on a device fails as expired and the device is told to drop it', async () => {
    const { account, device: slow } = await welcomedDevice('Slow');
    const beat = setInterval(() => slow.socket.send(JSON.stringify({ type: 'heartbeat' })), 500);
    const worker = await app.startWorkers(['sms-routing', 'device-presence']);
    const response = await app.request('POST', '/api/v1/sms/send', {
      key: account.key,
      body: { to: '+14155552671', message: 'soon stale', ttl_seconds: 3 },
    });
    const requestId = response.body.request_id;
    const work = await slow.next((frame) => frame.type === 'send' && frame.message.message_id === requestId);
    slow.socket.send(JSON.stringify({ type: 'ack', message_id: requestId, attempt: work.message.attempt }));
    const cancel = await slow.next((frame) => frame.type === 'cancel');
    expect(cancel).toEqual({ type: 'cancel', message_id: requestId, attempt: work.message.attempt, reason: 'expired' });
    expect(await waitForStatus(app, account.key, requestId, ['FAILED'])).toMatchObject({ failureReason: 'expired' });
    // A late report from the phone changes nothing, and is kept on its attempt.
    slow.socket.send(JSON.stringify({ type: 'report', ref: 'late', message_id: requestId, attempt: 1, status: 'sent' }));
    expect(await slow.next((frame) => frame.ref === 'late')).toMatchObject({ ok: true, applied: false, status: 'failed' });
    expect(await app.rt.db.prisma.messageAttempt.findFirstOrThrow({ where: { messageId: requestId, number: 1 } })).toMatchObject({ outcome: 'expired', deviceState: 'sent' });
    clearInterval(beat);
    slow.socket.close();
    worker.kill('SIGTERM');
  });
});

describe('a device that was away', () => {
  it('keeps what it took; what it never took goes to another device, and it hears that before its welcome', async () => {
    const account = await app.account();
    const { body } = await pair({ pairing_code: (await pairingCode(app, account.key)).code, device_name: 'Tunnel' });
    const away = await openSocket(body.device_token);
    await away.next((frame) => frame.type === 'welcome');
    const workers = await app.startWorkers(['sms-routing', 'device-presence']);
    const ids: string[] = [];
    for (const to of ['+14155552671', '+14155552672']) {
      ids.push((await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to, message: 'through the tunnel' } })).body.request_id);
    }
    const [taken, untaken] = ids as [string, string];
    for (const id of ids) await away.next((frame) => frame.type === 'send' && frame.message.message_id === id);
    // The phone takes the first (its ack is answered: it holds it), not the second, then loses its connection.
    away.socket.send(JSON.stringify({ type: 'ack', ref: 'a', message_id: taken, attempt: 1 }));
    expect(await away.next((frame) => frame.ref === 'a')).toMatchObject({ ok: true, applied: true, held: true });
    away.socket.terminate();
    const helper = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Helper' });
    // What it never took moves at once; what it took stays with it, even once it is offline.
    expect(await waitForStatus(app, account.key, untaken, ['DELIVERED'])).toMatchObject({ deviceId: helper.deviceId, attempts: 2 });
    await waitForDevice(body.device.id, 'offline');
    expect(await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: taken } })).toMatchObject({ state: 'dispatched', deviceId: body.device.id });

    const back = await openSocket(body.device_token);
    const welcome = await back.next((frame) => frame.type === 'welcome');
    const cancel = await back.next((frame) => frame.type === 'cancel');
    expect(cancel).toMatchObject({ message_id: untaken, attempt: 1, reason: 'device_disconnected' });
    // …before the welcome, so the phone knows before it reports or sends anything.
    expect(back.order.indexOf(welcome)).toBeGreaterThan(back.order.indexOf(cancel));
    // It says what it holds; a late ack of the message it never took is refused (held: false: drop it).
    back.socket.send(JSON.stringify({ type: 'sync', ref: 's', held: [taken] }));
    expect(await back.next((frame) => frame.ref === 's')).toMatchObject({ ok: true, requeued: 0 });
    back.socket.send(JSON.stringify({ type: 'ack', ref: 'late', message_id: untaken, attempt: 1 }));
    expect(await back.next((frame) => frame.ref === 'late')).toMatchObject({ ok: true, applied: false, held: false });
    back.socket.send(JSON.stringify({ type: 'report', ref: 'r', message_id: taken, attempt: 1, status: 'delivered' }));
    expect(await back.next((frame) => frame.ref === 'r')).toMatchObject({ ok: true, applied: true, status: 'delivered' });
    expect(helper.events.some((event) => event.type === 'received' && event.messageId === taken)).toBe(false);
    back.socket.close();
    await helper.kill();
    workers.kill('SIGTERM');
  });

  it('a phone that restarts without what it held says so (sync), and those messages are queued again at once', async () => {
    const account = await app.account();
    const { body } = await pair({ pairing_code: (await pairingCode(app, account.key)).code, device_name: 'Wiped' });
    const phone = await openSocket(body.device_token);
    await phone.next((frame) => frame.type === 'welcome');
    const workers = await app.startWorkers(['sms-routing']);
    const requestId = (await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to: '+14155552671', message: 'lost in a restart' } })).body.request_id;
    await phone.next((frame) => frame.type === 'send' && frame.message.message_id === requestId);
    phone.socket.send(JSON.stringify({ type: 'ack', ref: 'a', message_id: requestId, attempt: 1 }));
    await phone.next((frame) => frame.ref === 'a');
    phone.socket.terminate();
    const again = await openSocket(body.device_token);
    await again.next((frame) => frame.type === 'welcome');
    again.socket.send(JSON.stringify({ type: 'sync', ref: 's', held: [] }));
    expect(await again.next((frame) => frame.ref === 's')).toMatchObject({ ok: true, requeued: 1 });
    // Queued again, and (the only phone) given back to it as a new attempt.
    const resent = await again.next((frame) => frame.type === 'send' && frame.message.message_id === requestId);
    expect(resent.message.attempt).toBe(2);
    const attempts = await app.rt.db.prisma.messageAttempt.findMany({ where: { messageId: requestId }, orderBy: { number: 'asc' } });
    expect(attempts[0]).toMatchObject({ outcome: 'not_held', deviceState: 'not_held' });
    again.socket.close();
    workers.kill('SIGTERM');
  });
});

describe('nothing accepted is lost', () => {
  it('messages accepted while no routing worker runs are delivered once one starts', async () => {
    const account = await app.account();
    const sim = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Patient' });
    const response = await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to: '+14155552671', message: 'waiting for a worker' } });
    expect(response.status).toBe(202);
    expect((await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: response.body.request_id } })).state).toBe('queued');
    const worker = await app.startWorkers(['sms-routing']);
    expect(await waitForStatus(app, account.key, response.body.request_id, ['DELIVERED'])).toMatchObject({ deviceId: sim.deviceId });
    worker.kill('SIGTERM');
    await sim.kill();
  });

  it('a message whose wake-up no worker heard (a NOTIFY lost with its connection) is delivered by the routing worker\'s sweep', async () => {
    const account = await app.account();
    const sim = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Swept' });
    const worker = await app.startWorkers(['sms-routing']);
    // The phone's coming online woke the account (wakeDrain's NOTIFY): nothing else will.
    // Queued as a send queues it, but without its NOTIFY: only the sweep (every 5 s) can find it.
    const now = new Date();
    const message = await app.rt.db.prisma.message.create({
      data: {
        id: newId('message'),
        accountId: account.id,
        to: '+14155552671',
        body: 'no NOTIFY heard',
        encoding: 'gsm7',
        segments: 1,
        maxAttempts: 3,
        failedDeviceIds: [],
        expiresAt: new Date(now.getTime() + 3_600_000),
        nextAttemptAt: now,
        queuedAt: now,
      },
    });
    expect(await waitForStatus(app, account.key, message.id, ['DELIVERED'])).toMatchObject({ deviceId: sim.deviceId });
    worker.kill('SIGTERM');
    await sim.kill();
  });

  it('messages whose wake-ups came while no worker ran (or died with it) are delivered when a worker starts', async () => {
    const account = await app.account();
    const sim = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Orphaned' });
    const response = await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to: '+14155552671', message: 'claimed by the dead' } });
    // The send and the phone's coming online each woke the account (wakeDrain's NOTIFY), heard by
    // no worker here, as with a worker SIGKILLed in its drain: the wake-ups are gone.
    const { wakeDrain } = await import('../../src/relay/messages/wake.ts');
    await app.rt.db.prisma.$transaction((tx) => wakeDrain(tx, account.id));
    const worker = await app.startWorkers(['sms-routing']);
    expect(await waitForStatus(app, account.key, response.body.request_id, ['DELIVERED'])).toMatchObject({ deviceId: sim.deviceId });
    worker.kill('SIGTERM');
    await sim.kill();
  });
});

async function waitForDevice(id: string, status: string) {
  for (;;) {
    const device = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id } });
    if (device.status === status) return device;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
