import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { TEST_NUMBERS, UpdateDevice, pairingCode, relayTestEnv, sendSms, startDevice, waitForStatus, type DeviceProcess } from './helpers.ts';

const SetRelayMode = graphql(`
  mutation SetRelayMode($mode: RelayMode!) {
    setRelayMode(mode: $mode) {
      id
      relayMode
    }
  }
`);

const MessageQuery = graphql(`
  query MessageQuery($requestId: ID!) {
    message(requestId: $requestId) {
      requestId
      status
      to
      body
      attempts
      device {
        id
        name
      }
    }
  }
`);

const MessageUpdated = graphql(`
  subscription MessageUpdated {
    messageUpdated {
      requestId
      status
      attempts
      deviceId
    }
  }
`);

let app: TestApp;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv, RELAY_STUCK_AFTER_SECONDS: '4' } });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

async function device(account: TestAccount, options: Parameters<typeof startDevice>[2] = {}) {
  const started = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, options);
  devices.push(started);
  return started;
}

async function send(account: TestAccount, body: Record<string, unknown>) {
  const response = await sendSms(app, account.key, body);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.request_id as string;
}

describe('POST /api/v1/sms/send', () => {
  it('queues, routes to an online device and reports sent then delivered', async () => {
    const account = await app.account();
    const phone = await device(account, { name: 'Shop phone' });
    const response = await sendSms(app, account.key, { to: '+1 (415) 555-2671', message: 'Your order shipped', reference: 'order-42' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ ok: true, request_id: expect.stringMatching(/^req_/), status: 'queued', queued_at: expect.any(String), send_at: null, segments: 1, encoding: 'gsm7' });
    const requestId = response.body.request_id;

    const delivered = await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED']);
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempts: 1, deviceId: phone.deviceId });
    const received = await phone.waitFor('received', (event) => event.messageId === requestId);
    expect(received).toMatchObject({ to: '+14155552671', body: 'Your order shipped' });

    const status = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(status.body).toMatchObject({
      ok: true,
      request_id: requestId,
      status: 'delivered',
      device_name: 'Shop phone',
      attempts: 1,
      failure_reason: null,
      reference: 'order-42',
      segments: 1,
      encoding: 'gsm7',
      sent_at: expect.any(String),
      delivered_at: expect.any(String),
    });
    const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId: requestId }, orderBy: { id: 'asc' } });
    expect(events.map((event) => event.type)).toEqual(['message.sent', 'message.delivered']);
    expect(events[1]!.data).toMatchObject({ request_id: requestId, status: 'delivered', to: '+14155552671', device_id: phone.deviceId });

    const viaGraphql = await execute(app.baseUrl, account.key, MessageQuery, { requestId });
    expect(viaGraphql.data!.message).toMatchObject({
      requestId,
      status: 'DELIVERED',
      to: '+14155552671',
      body: 'Your order shipped',
      attempts: 1,
      device: { id: phone.deviceId, name: 'Shop phone' },
    });
    const stranger = await app.account();
    expect((await execute(app.baseUrl, stranger.key, MessageQuery, { requestId })).errors?.[0]?.extensions?.code).toBe('not_found');

    const alt = await app.request('POST', '/api/api/v1/sms/send', { key: account.key, body: { to: TEST_NUMBERS[1], message: 'via /api/api' } });
    expect(alt.status).toBe(202);
    const altStatus = await app.request('GET', `/api/api/v1/messages/status?request_id=${alt.body.request_id}`, { key: account.key });
    expect(altStatus.body.request_id).toBe(alt.body.request_id);
  });

  it('counts segments GSM-7 vs UCS-2 and validates input', async () => {
    const account = await app.account();
    const long = await send(account, { to: TEST_NUMBERS[0], message: 'a'.repeat(161) });
    const arabic = await send(account, { to: TEST_NUMBERS[0], message: 'رمز التحقق الخاص بك' });
    const rows = await app.rt.db.prisma.message.findMany({ where: { id: { in: [long, arabic] } } });
    expect(rows.find((row) => row.id === long)).toMatchObject({ encoding: 'gsm7', segments: 2 });
    expect(rows.find((row) => row.id === arabic)).toMatchObject({ encoding: 'ucs2', segments: 1 });

    for (const [body, param] of [
      [{ to: '12', message: 'x' }, 'to'],
      [{ to: TEST_NUMBERS[0], message: '' }, 'message'],
      [{ to: TEST_NUMBERS[0], message: 'x'.repeat(1601) }, 'message'],
      // More than MAX_SEGMENTS parts, under 1600 characters: 1,000 emoji would be 30 UCS-2 parts.
      [{ to: TEST_NUMBERS[0], message: '\u{1F600}'.repeat(1000) }, 'message'],
      [{ to: TEST_NUMBERS[0], message: 'x'.repeat(1531) }, 'message'],
      [{ to: TEST_NUMBERS[0], message: 'x', ttl_seconds: 0 }, 'ttl_seconds'],
      [{ to: TEST_NUMBERS[0], message: 'x', colour: 'red' }, undefined],
      [{ to: TEST_NUMBERS[0], message: '   ' }, 'message'],
      [{ to: TEST_NUMBERS[0], message: ' \n\t ' }, 'message'],
      [{ to: TEST_NUMBERS[0], message: 'half an emoji \uD83D' }, 'message'],
      [{ to: TEST_NUMBERS[0], message: '\uDE00 the other half' }, 'message'],
    ] as const) {
      const response = await sendSms(app, account.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      if (param) expect(response.body.error.param).toBe(param);
    }
    const emoji = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: '\u{1F600}'.repeat(1000) });
    expect(emoji.body.error.message).toBe('message: at most 10 SMS parts (670 UCS-2 units, an emoji takes two); this text takes 2000 UCS-2 units, 30 parts');
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(2);
    // The longest texts that fit: 10 parts each.
    const longest = [await send(account, { to: TEST_NUMBERS[0], message: 'x'.repeat(1530) }), await send(account, { to: TEST_NUMBERS[0], message: '\u{1F600}'.repeat(335) })];
    expect((await app.rt.db.prisma.message.findMany({ where: { id: { in: longest } } })).map((row) => row.segments)).toEqual([10, 10]);
    // A whole surrogate pair (an emoji) is text like any other.
    expect(await send(account, { to: TEST_NUMBERS[0], message: 'thanks \uD83D\uDE00' })).toMatch(/^req_/);
  });

  it('replays an Idempotency-Key and refuses it with another body', async () => {
    const account = await app.account();
    const first = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'once' }, { 'Idempotency-Key': 'k1' });
    const again = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'once' }, { 'Idempotency-Key': 'k1' });
    expect(again.body.request_id).toBe(first.body.request_id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'twice' }, { 'Idempotency-Key': 'k1' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("answers 404 for another account's request id", async () => {
    const mine = await app.account();
    const theirs = await app.account();
    const requestId = await send(theirs, { to: TEST_NUMBERS[0], message: 'private' });
    const response = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: mine.key });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });
});

describe('routing', () => {
  it('auto mode spreads messages over online devices, least loaded first', async () => {
    const account = await app.account();
    const a = await device(account, { name: 'A', deliveryMs: 400 });
    const b = await device(account, { name: 'B', deliveryMs: 400 });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await send(account, { to: TEST_NUMBERS[i % 5], message: `Hello ${i}` }));
    const finals = await Promise.all(ids.map((id) => waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])));
    expect(finals.every((event) => event.status === 'DELIVERED')).toBe(true);
    const perDevice = (id: string) => finals.filter((event) => event.deviceId === id).length;
    expect(perDevice(a.deviceId)).toBeGreaterThan(0);
    expect(perDevice(b.deviceId)).toBeGreaterThan(0);
    expect(perDevice(a.deviceId) + perDevice(b.deviceId)).toBe(6);
  });

  it('manual mode sends only to the named device and refuses unusable devices with invalid_device', async () => {
    const account = await app.account();
    const a = await device(account, { name: 'Manual A' });
    const b = await device(account, { name: 'Manual B' });
    const mode = await execute(app.baseUrl, account.key, SetRelayMode, { mode: 'MANUAL' });
    expect(mode.data!.setRelayMode.relayMode).toBe('MANUAL');

    const unnamed = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'which phone?' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.param).toBe('device_id');

    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await send(account, { to: TEST_NUMBERS[i], message: `pinned ${i}`, device_id: b.deviceId }));
    const finals = await Promise.all(ids.map((id) => waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])));
    expect(finals.map((event) => event.deviceId)).toEqual(ids.map(() => b.deviceId));
    expect(a.events.filter((event) => event.type === 'received')).toHaveLength(0);

    const other = await app.account();
    const foreign = await device(other, { name: 'Not yours' });
    for (const deviceId of [foreign.deviceId, 'dev_01jdoesnotexist0000000000']) {
      const response = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', device_id: deviceId });
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({ code: 'invalid_device', param: 'device_id' });
    }
    await a.kill();
    await app.rt.db.prisma.device.update({ where: { id: a.deviceId }, data: { status: 'offline' } });
    const offline = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', device_id: a.deviceId });
    expect(offline.status).toBe(422);
    expect(offline.body.error.message).toContain('offline');
    await app.rt.db.prisma.device.update({ where: { id: a.deviceId }, data: { status: 'revoked', revokedAt: new Date() } });
    const revoked = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', device_id: a.deviceId });
    expect(revoked.status).toBe(422);
  });

  it('keeps each device within its per-minute budget', async () => {
    const account = await app.account();
    const phone = await device(account, { name: 'Budget' });
    const updated = await execute(app.baseUrl, account.key, UpdateDevice, { id: phone.deviceId, input: { ratePerMinute: 2 } });
    expect(updated.data!.updateDevice.ratePerMinute).toBe(2);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await send(account, { to: TEST_NUMBERS[i], message: `budget ${i}` }));
    const firstTwo = await Promise.all(ids.slice(0, 2).map((id) => waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])));
    expect(firstTwo.map((event) => event.status)).toEqual(['DELIVERED', 'DELIVERED']);
    // The other three wait for the rolling minute to free the budget: never dispatched yet.
    const rest = await app.rt.db.prisma.message.findMany({ where: { id: { in: ids.slice(2) } } });
    expect(rest.map((row) => [row.state, row.attempts])).toEqual([['queued', 0], ['queued', 0], ['queued', 0]]);
    expect(await app.rt.db.prisma.messageAttempt.count({ where: { deviceId: phone.deviceId } })).toBe(2);
    expect(phone.events.filter((event) => event.type === 'received')).toHaveLength(2);
  }, 60_000);

  it('a phone killed with messages it took keeps them (flagged stuck, never sent twice); what it never took fails over', async () => {
    const account = await app.account();
    // The doomed phone takes its messages but holds each for two minutes before sending, so it dies holding them.
    const doomed = await device(account, { name: 'Doomed', holdMs: 120_000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await send(account, { to: TEST_NUMBERS[i], message: `failover ${i}` }));
    await Promise.all(ids.map((id) => doomed.waitFor('received', (event) => event.messageId === id)));
    await vi.waitFor(async () => expect(await app.rt.db.prisma.message.count({ where: { id: { in: ids }, acknowledgedAt: { not: null } } })).toBe(3));
    const survivor = await device(account, { name: 'Survivor' });
    await doomed.kill();
    // Offline by the heartbeat rule: what it took stays its own (it may send it when it comes back).
    await vi.waitFor(async () => expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: doomed.deviceId } })).status).toBe('offline'), { timeout: 20_000, interval: 200 });
    // …and a message sent now, which the dead phone never took, goes to the survivor.
    const fresh = await send(account, { to: TEST_NUMBERS[3], message: 'after the fall' });
    expect(await waitForStatus(app, account.key, fresh, ['DELIVERED'])).toMatchObject({ deviceId: survivor.deviceId });
    // Held past RELAY_STUCK_AFTER_SECONDS without a word: flagged stuck, with a message.stuck event.
    await vi.waitFor(async () => expect(await app.rt.db.prisma.event.count({ where: { type: 'message.stuck', objectPublicId: { in: ids } } })).toBe(3), { timeout: 20_000, interval: 200 });
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${ids[0]}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'queued', stage: 'on_phone', device_id: doomed.deviceId, held_since: expect.any(String), stuck_since: expect.any(String) });
    for (const id of ids) expect(survivor.events.some((event) => event.type === 'received' && event.messageId === id)).toBe(false);
    // The account moves one knowingly: refused without allow_duplicate, then rerouted to the survivor.
    const refused = await app.request('POST', `/api/v1/messages/${ids[0]}/reroute`, { key: account.key, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'allow_duplicate' });
    const rerouted = await app.request('POST', `/api/v1/messages/${ids[0]}/reroute`, { key: account.key, body: { allow_duplicate: true } });
    expect(rerouted.status).toBe(200);
    expect(await waitForStatus(app, account.key, ids[0]!, ['DELIVERED'])).toMatchObject({ deviceId: survivor.deviceId, attempts: 2 });
    const attempts = await app.rt.db.prisma.messageAttempt.findMany({ where: { messageId: ids[0] }, orderBy: { number: 'asc' } });
    expect(attempts.map((attempt) => [attempt.deviceId, attempt.outcome])).toEqual([
      [doomed.deviceId, 'rerouted'],
      [survivor.deviceId, 'delivered'],
    ]);
    const offline = await app.rt.db.prisma.event.count({ where: { type: 'device.offline', objectPublicId: doomed.deviceId } });
    expect(offline).toBe(1);
  });

  it('retries a failed send on another device', async () => {
    const account = await app.account();
    // Equally loaded devices tie-break by id (pairing order), so the flaky phone gets the first try.
    const flaky = await device(account, { name: 'Flaky', failRate: 1 });
    const steady = await device(account, { name: 'Steady' });
    const requestId = await send(account, { to: TEST_NUMBERS[1], message: 'second chance' });
    const delivered = await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED']);
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempts: 2, deviceId: steady.deviceId });
    expect(flaky.events.filter((event) => event.type === 'received')).toHaveLength(1);
  });

  it('gives up after the attempt limit (the only phone takes every attempt)', async () => {
    const account = await app.account();
    const broken = await device(account, { name: 'Broken', failRate: 1 });
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'try hard' });
    const failed = await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED']);
    // Only one device: it gets every send (RELAY_MAX_ATTEMPTS), and the last failure is final.
    // `attempts` counts devices tried: one.
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, failureReason: 'generic_failure' });
    expect(broken.events.filter((event) => event.type === 'received')).toHaveLength(3);
    expect(await app.rt.db.prisma.messageAttempt.count({ where: { messageId: requestId } })).toBe(3);
    const event = await app.rt.db.prisma.event.findFirstOrThrow({ where: { type: 'message.failed', objectPublicId: requestId } });
    expect(event.data).toMatchObject({ failure_reason: 'generic_failure', attempts: 1 });
  });

  it('fails a message whose TTL passes before any device takes it', async () => {
    const account = await app.account();
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'too late', ttl_seconds: 1 });
    const failed = await waitForStatus(app, account.key, requestId, ['FAILED']);
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'expired', attempts: 0 });
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'failed', failure_reason: 'expired', failed_at: expect.any(String) });
  });

  it('reaches a device whose socket is held by another gateway process', async () => {
    const account = await app.account();
    const other = await app.startExtraGateway();
    try {
      const code = (await pairingCode(app, account.key)).code;
      const remote = await startDevice({ ...app, baseUrl: other.baseUrl }, { code }, { name: 'On gateway 2' });
      devices.push(remote);
      const requestId = await send(account, { to: TEST_NUMBERS[4], message: 'across gateways' });
      expect(await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED'])).toMatchObject({ status: 'DELIVERED', deviceId: remote.deviceId });
    } finally {
      await other.stop();
    }
  });

  it('a phone sending several texts at once (--parallel) still sends each one once', async () => {
    const account = await app.account();
    // Queued before the phone exists, so the first drain hands it all eight at once.
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await send(account, { to: TEST_NUMBERS[i % TEST_NUMBERS.length], message: `burst ${i}` }));
    const phone = await device(account, { name: 'Dual radio', parallel: 4, deliveryMs: 400 });
    for (const id of ids) expect(await waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])).toMatchObject({ status: 'DELIVERED', deviceId: phone.deviceId });
    // Texts on the radio at once: handed over (`sending`) and not yet reported sent. One at a time never exceeds one.
    let onRadio = 0;
    let most = 0;
    for (const event of phone.events) {
      if (event.type === 'sending') most = Math.max(most, ++onRadio);
      if (event.type === 'reported' && event.status === 'sent') onRadio--;
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    const sends = phone.events.filter((event) => event.type === 'sending').map((event) => (event as { messageId: string }).messageId);
    expect(sends.sort()).toEqual([...ids].sort());
  });

  it('delivers to a device on HTTP long-poll', async () => {
    const account = await app.account();
    const poller = await device(account, { name: 'Poller', transport: 'poll' });
    const requestId = await send(account, { to: TEST_NUMBERS[2], message: 'polled' });
    expect(await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED'])).toMatchObject({ status: 'DELIVERED', deviceId: poller.deviceId });
  });
});

describe('reports and subscriptions', () => {
  it('treats a repeated report as a no-op', async () => {
    const account = await app.account();
    const code = await pairingCode(app, account.key);
    const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: code.code, device_name: 'Raw' } });
    const socket = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/api/v1/relay/device/ws`, {
      headers: { authorization: `Bearer ${paired.body.device_token}` },
    });
    const frames: any[] = [];
    const arrived = (match: (frame: any) => boolean) =>
      new Promise<any>((resolve) => {
        const found = frames.find(match);
        if (found) return resolve(found);
        socket.on('message', function listen(data) {
          const frame = JSON.parse(data.toString());
          if (match(frame)) {
            socket.off('message', listen);
            resolve(frame);
          }
        });
      });
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await arrived((frame) => frame.type === 'welcome');
    // Stay online for the presence worker while the test runs.
    const beat = setInterval(() => socket.send(JSON.stringify({ type: 'heartbeat' })), 500);
    const requestId = await send(account, { to: TEST_NUMBERS[0], message: 'report twice' });
    const work = await arrived((frame) => frame.type === 'send');
    expect(work.message).toMatchObject({ message_id: requestId, attempt: 1, to: TEST_NUMBERS[0], body: 'report twice' });
    const report = (ref: string, status: string) =>
      socket.send(JSON.stringify({ type: 'report', ref, message_id: requestId, attempt: 1, status }));
    // A report about a message the phone never took changes nothing: it acknowledges first.
    report('d0', 'delivered');
    expect(await arrived((frame) => frame.ref === 'd0')).toMatchObject({ ok: true, applied: false, status: 'queued' });
    socket.send(JSON.stringify({ type: 'ack', ref: 'a1', message_id: requestId, attempt: 1 }));
    expect(await arrived((frame) => frame.ref === 'a1')).toMatchObject({ ok: true, applied: true, held: true });
    report('d1', 'delivered');
    expect(await arrived((frame) => frame.ref === 'd1')).toMatchObject({ ok: true, applied: true, status: 'delivered' });
    report('d2', 'delivered');
    expect(await arrived((frame) => frame.ref === 'd2')).toMatchObject({ ok: true, applied: false, status: 'delivered' });
    report('s1', 'sent');
    expect(await arrived((frame) => frame.ref === 's1')).toMatchObject({ ok: true, applied: false });
    const http = await app.request('POST', `/api/v1/relay/device/messages/${requestId}/report`, {
      headers: { authorization: `Bearer ${paired.body.device_token}` },
      body: { attempt: 1, status: 'failed', reason: 'late' },
    });
    expect(http.body).toMatchObject({ ok: true, applied: false, status: 'delivered' });
    const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId: requestId } });
    expect(events.map((event) => event.type).sort()).toEqual(['message.delivered', 'message.sent']);
    clearInterval(beat);
    socket.close();
  });

  it('messageUpdated streams every change of the account, from the worker process', async () => {
    const account = await app.account();
    await device(account, { name: 'Streamer' });
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, MessageUpdated);
    // The subscription registers asynchronously: send until one of ours is heard.
    const sent = new Set<string>();
    const first = live.next();
    let heard = false;
    void first.finally(() => (heard = true));
    while (!heard) {
      sent.add(await send(account, { to: TEST_NUMBERS[3], message: 'stream' }));
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 250))]);
    }
    const seen = [(await first).data!.messageUpdated];
    while (!seen.some((event) => event.status === 'DELIVERED')) seen.push((await live.next()).data!.messageUpdated);
    const delivered = seen.find((event) => event.status === 'DELIVERED')!;
    expect(sent.has(delivered.requestId)).toBe(true);
    const statuses = seen.filter((event) => event.requestId === delivered.requestId).map((event) => event.status);
    expect(statuses.at(-1)).toBe('DELIVERED');
    expect(statuses).toContain('SENT');
    live.dispose();
    await client.dispose();
  });

  it("refuses a subscription to another account's message", async () => {
    const theirs = await app.account();
    const requestId = await send(theirs, { to: TEST_NUMBERS[0], message: 'hidden' });
    const mine = await app.account();
    await expect(waitForStatus(app, mine.key, requestId, ['DELIVERED'])).rejects.toThrow('not_found');
  });
});
