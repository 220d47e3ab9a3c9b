// Schedules and quiet hours (issue 31): a send with `send_at` is `scheduled`, held by Yarrow until
// its time (no phone gets it before), then queued and sent; it can be cancelled while scheduled;
// quiet hours hold a priority-0 send until they end and let an OTP through, and hold one already
// queued when they began.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietHoursEnd } from '../../src/relay/messages/schedule.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { TEST_NUMBERS, pairingCode, relayTestEnv, sendSms, startDevice, waitForStatus, type DeviceProcess } from './helpers.ts';

const CancelScheduled = graphql(`
  mutation CancelScheduled($requestId: ID!) {
    cancelMessage(requestId: $requestId) {
      requestId
      status
      failureReason
      sendAt
      scheduleReason
    }
  }
`);

const SetQuietHours = graphql(`
  mutation SetQuietHours($input: RelayQuietHoursInput) {
    setRelayQuietHours(input: $input) {
      id
      relayQuietHours {
        start
        end
        timeZone
      }
    }
  }
`);

const CreateScheduledList = graphql(`
  mutation CreateScheduledList($input: RecipientListInput!) {
    createRecipientList(input: $input) {
      id
    }
  }
`);

const QueueScheduledList = graphql(`
  mutation QueueScheduledList($input: QueueRecipientListInput!) {
    queueRecipientList(input: $input) {
      batchId
      queued
    }
  }
`);

let app: TestApp;
let routing: ChildProcess;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['device-presence']);
  routing = await app.startWorkers(['sms-routing']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

async function phone(key: string) {
  const started = await startDevice(app, { code: (await pairingCode(app, key)).code }, { name: 'Schedule phone' });
  devices.push(started);
  return started;
}

const received = (device: DeviceProcess, id: string) => device.events.some((event) => event.type === 'received' && event.messageId === id);

/** HH:MM that `at` reads in `timeZone`. */
function localTime(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

describe('send_at', () => {
  it('holds a message until its time: scheduled, no phone gets it before, then it is queued and reaches the phone', async () => {
    const account = await app.account();
    const device = await phone(account.key);
    const sendAt = new Date(Date.now() + 3_000);
    const scheduled = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'Your table is ready', send_at: sendAt.toISOString(), ttl_seconds: 60 });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(202);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', send_at: sendAt.toISOString() });
    const id = scheduled.body.request_id as string;
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${id}`, { key: account.key });
    // Its TTL counts from its time, not from the send.
    expect(status.body).toMatchObject({ status: 'scheduled', stage: 'scheduled', send_at: sendAt.toISOString(), schedule_reason: 'send_at', expires_at: new Date(sendAt.getTime() + 60_000).toISOString() });

    // A send for now, made after it, reaches the phone first: the drain ran and passed the scheduled
    // one by. (On a machine so loaded that this took until its time, the attempt's record below
    // still says when the phone was given it.)
    const now = await sendSms(app, account.key, { to: TEST_NUMBERS[1], message: 'Sent at once' });
    await device.waitFor('received', (event) => event.messageId === now.body.request_id);
    if (Date.now() < sendAt.getTime() - 100) expect(received(device, id)).toBe(false);

    const arrived = await device.waitFor('received', (event) => event.messageId === id);
    // Our protocol's send frame carries the time too (a phone that holds it waits for it).
    expect(arrived).toMatchObject({ body: 'Your table is ready', sendAt: sendAt.toISOString() });
    expect(Date.now()).toBeGreaterThanOrEqual(sendAt.getTime());
    // Given to the phone only once due (the attempt's own record), and it went all the way.
    const attempts = await app.rt.db.prisma.messageAttempt.findMany({ where: { messageId: id } });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.dispatchedAt.getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect((await waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])).status).toBe('DELIVERED');
  }, 60_000);

  it('is cancelled while scheduled (REST and GraphQL), and only then', async () => {
    const account = await app.account();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const first = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'Reminder: dentist tomorrow', send_at: later });
    const second = await sendSms(app, account.key, { to: TEST_NUMBERS[1], message: 'Reminder: haircut tomorrow', send_at: later });
    const cancelled = await app.request('POST', `/api/v1/messages/${first.body.request_id}/cancel`, { key: account.key });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'failed', failure_reason: 'cancelled', send_at: later });
    const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId: first.body.request_id } });
    expect(events.map((event) => event.type)).toEqual(['message.failed']);

    const viaGraphql = await execute(app.baseUrl, account.key, CancelScheduled, { requestId: second.body.request_id });
    expect(viaGraphql.data!.cancelMessage).toEqual({ requestId: second.body.request_id, status: 'FAILED', failureReason: 'cancelled', sendAt: later, scheduleReason: 'send_at' });

    // Not scheduled (any more, or ever): 409 invalid_state, and nothing changes.
    const again = await app.request('POST', `/api/v1/messages/${first.body.request_id}/cancel`, { key: account.key });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'invalid_state' });
    const immediate = await sendSms(app, account.key, { to: TEST_NUMBERS[2], message: 'At once' });
    const notScheduled = await app.request('POST', `/api/v1/messages/${immediate.body.request_id}/cancel`, { key: account.key });
    expect(notScheduled.status).toBe(409);
    expect((await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: immediate.body.request_id } })).state).toBe('queued');

    // Another account's message is not found.
    const other = await app.account();
    const foreign = await app.request('POST', `/api/v1/messages/${(await sendSms(app, account.key, { to: TEST_NUMBERS[3], message: 'x', send_at: later })).body.request_id}/cancel`, { key: other.key });
    expect(foreign.status).toBe(404);
  });

  it('schedules a list send through GraphQL (QueueRecipientListInput.sendAt): every message of the batch', async () => {
    const account = await app.account();
    const list = (await execute(app.baseUrl, account.key, CreateScheduledList, { input: { name: 'Evening staff' } })).data!.createRecipientList;
    const prefix = `rcp_sched${account.id}_`;
    await app.rt.db.prisma.$executeRaw`
      INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags)
      SELECT ${prefix} || i, ${account.id}, 'Staff ' || i, '+1415' || (5570000 + i)::text, '1415' || (5570000 + i)::text, '{}' FROM generate_series(1, 3) AS i`;
    await app.rt.db.prisma.$executeRaw`
      INSERT INTO recipient_list_members (list_id, recipient_id) SELECT ${list.id}, id FROM recipients WHERE account_id = ${account.id} AND id LIKE ${`${prefix}%`}`;
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const queued = await execute(app.baseUrl, account.key, QueueScheduledList, { input: { listId: list.id, message: 'Shift swap open', sendAt } });
    expect(queued.data!.queueRecipientList.queued).toBe(3);
    const rows = await app.rt.db.prisma.message.findMany({ where: { batchId: queued.data!.queueRecipientList.batchId } });
    expect(rows.map((row) => [row.state, row.sendAt?.toISOString(), row.scheduleReason])).toEqual(Array(3).fill(['scheduled', sendAt, 'send_at']));
    const tooFar = await execute(app.baseUrl, account.key, QueueScheduledList, { input: { listId: list.id, message: 'x', sendAt: new Date(Date.now() + 40 * 86_400_000).toISOString() } });
    expect(tooFar.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.sendAt' });
  });

  it('refuses a send_at in the past, more than 30 days ahead, or not an ISO time, naming send_at, and writes nothing', async () => {
    const account = await app.account();
    const bad = [
      new Date(Date.now() - 5 * 60_000).toISOString(),
      new Date(Date.now() + 31 * 86_400_000).toISOString(),
      'tomorrow at nine',
      '2026-12-01T09:00:00',
      1_700_000_000,
    ];
    for (const send_at of bad) {
      const response = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', send_at });
      expect(response.status, `${send_at}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_request', param: 'send_at' });
    }
    // A few seconds in the past (the sender's clock behind ours) is a send for now.
    const skewed = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', send_at: new Date(Date.now() - 5_000).toISOString() });
    expect(skewed.status).toBe(202);
    expect(skewed.body).toMatchObject({ status: 'queued', send_at: null });
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(1);
  });
});

describe('send_at when the worker that held its timer died', () => {
  it('is released by the next routing worker (its sweep) once due, and reaches the phone', async () => {
    const account = await app.account();
    const device = await phone(account.key);
    routing.kill('SIGKILL');
    await once(routing, 'exit');
    const sendAt = new Date(Date.now() + 1_000);
    const scheduled = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'Held across a worker restart', send_at: sendAt.toISOString() });
    expect(scheduled.body.status).toBe('scheduled');
    // No event says that time passed, and no worker runs to set a timer: wait for the clock.
    await sleep(Math.max(0, sendAt.getTime() - Date.now() + 100));
    expect((await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: scheduled.body.request_id } })).state).toBe('scheduled');
    routing = await app.startWorkers(['sms-routing']);
    await device.waitFor('received', (event) => event.messageId === scheduled.body.request_id);
    expect((await waitForStatus(app, account.key, scheduled.body.request_id, ['DELIVERED', 'FAILED'])).status).toBe('DELIVERED');
  }, 60_000);
});

describe('quiet hours', () => {
  it('hold a priority-0 send until they end (scheduled, with the time it goes) and let an OTP through', async () => {
    const account = await app.account();
    const device = await phone(account.key);
    // Quiet from an hour ago to two hours ahead, on Kolkata's clock (+05:30: a zone a half hour off UTC).
    const zone = 'Asia/Kolkata';
    const start = localTime(new Date(Date.now() - 3_600_000), zone);
    const end = localTime(new Date(Date.now() + 2 * 3_600_000), zone);
    const set = await app.request('POST', '/api/v1/relay/settings', { key: account.key, body: { quiet_hours: { start, end, time_zone: zone } } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ mode: 'auto', quiet_hours: { start, end, time_zone: zone } });

    const newsletter = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'Our autumn sale starts today' });
    expect(newsletter.status).toBe(202);
    expect(newsletter.body.status).toBe('scheduled');
    const goesAt = new Date(newsletter.body.send_at);
    expect(localTime(goesAt, zone)).toBe(end);
    expect(goesAt.getTime() - Date.now()).toBeGreaterThan(3_600_000);
    expect(goesAt.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${newsletter.body.request_id}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'scheduled', schedule_reason: 'quiet_hours', send_at: goesAt.toISOString() });

    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: TEST_NUMBERS[1], purpose: 'login' } });
    expect(otp.status, JSON.stringify(otp.body)).toBe(200);
    await device.waitFor('received', (event) => event.messageId === otp.body.request_id);
    expect(received(device, newsletter.body.request_id)).toBe(false);
    const otpMessage = await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: otp.body.request_id } });
    expect([otpMessage.sendAt, otpMessage.scheduleReason]).toEqual([null, null]);

    // GraphQL reads and ends them; a send after that goes at once.
    const ended = await execute(app.baseUrl, account.key, SetQuietHours, { input: null });
    expect(ended.data!.setRelayQuietHours.relayQuietHours).toBeNull();
    const after = await sendSms(app, account.key, { to: TEST_NUMBERS[2], message: 'Back to normal' });
    expect(after.body).toMatchObject({ status: 'queued', send_at: null });
  }, 60_000);

  it('hold a message queued before they began: it stays queued (wait_reason quiet_hours) while an OTP goes, and goes once they end', async () => {
    const account = await app.account();
    // Accepted with no quiet hours and no phone online: queued, waiting for a phone.
    const queued = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'Staff meeting moved to 3 pm' });
    expect(queued.body).toMatchObject({ status: 'queued', send_at: null });
    const id = queued.body.request_id as string;
    const zone = 'America/New_York';
    const quiet = { start: localTime(new Date(Date.now() - 3_600_000), zone), end: localTime(new Date(Date.now() + 2 * 3_600_000), zone), time_zone: zone };
    const set = await app.request('POST', '/api/v1/relay/settings', { key: account.key, body: { quiet_hours: quiet } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    // A phone comes online (a wake-up of the drain) and a login code follows: the code goes, the
    // message queued before the quiet hours stays in the queue and says why.
    const device = await phone(account.key);
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: TEST_NUMBERS[0], purpose: 'login' } });
    expect(otp.status, JSON.stringify(otp.body)).toBe(200);
    await device.waitFor('received', (event) => event.messageId === otp.body.request_id);
    expect(received(device, id)).toBe(false);
    const held = await app.request('GET', `/api/v1/messages/status?request_id=${id}`, { key: account.key });
    expect(held.body).toMatchObject({ status: 'queued', wait_reason: 'quiet_hours', send_at: null });
    expect(await app.rt.db.prisma.messageAttempt.count({ where: { messageId: id } })).toBe(0);

    // Quiet hours off: the change wakes the drain, and the message goes.
    const off = await app.request('POST', '/api/v1/relay/settings', { key: account.key, body: { quiet_hours: null } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await device.waitFor('received', (event) => event.messageId === id);
    expect((await waitForStatus(app, account.key, id, ['DELIVERED', 'FAILED'])).status).toBe('DELIVERED');
  }, 60_000);

  it('refuses a malformed time or an unknown time zone, naming it, and keeps what was set', async () => {
    const account = await app.account();
    const good = await execute(app.baseUrl, account.key, SetQuietHours, { input: { start: '21:00', end: '08:00', timeZone: 'Europe/Paris' } });
    expect(good.data!.setRelayQuietHours.relayQuietHours).toEqual({ start: '21:00', end: '08:00', timeZone: 'Europe/Paris' });
    for (const [quiet, param] of [
      [{ start: '9pm', end: '08:00', time_zone: 'Europe/Paris' }, 'quiet_hours.start'],
      [{ start: '21:00', end: '24:00', time_zone: 'Europe/Paris' }, 'quiet_hours.end'],
      [{ start: '21:00', end: '08:00', time_zone: 'Mars/Olympus' }, 'quiet_hours.time_zone'],
      // Names the runtime would take that are not IANA zone names: offsets and POSIX rules.
      [{ start: '21:00', end: '08:00', time_zone: '+05:00' }, 'quiet_hours.time_zone'],
      [{ start: '21:00', end: '08:00', time_zone: '-0800' }, 'quiet_hours.time_zone'],
      [{ start: '21:00', end: '08:00', time_zone: 'EST5EDT' }, 'quiet_hours.time_zone'],
      [{ start: '08:00', end: '08:00', time_zone: 'Europe/Paris' }, 'quiet_hours.end'],
    ] as const) {
      const response = await app.request('POST', '/api/v1/relay/settings', { key: account.key, body: { quiet_hours: quiet } });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_request', param });
    }
    const graphqlBad = await execute(app.baseUrl, account.key, SetQuietHours, { input: { start: '21:00', end: '08:00', timeZone: 'Nowhere/Atlantis' } });
    expect(graphqlBad.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.timeZone' });
    const settings = await app.request('GET', '/api/v1/relay/settings', { key: account.key });
    expect(settings.body.quiet_hours).toEqual({ start: '21:00', end: '08:00', time_zone: 'Europe/Paris' });
  });

  it('end at the local time set, across a change of offset (a DST night) and midnight', () => {
    const paris = { start: 21 * 60, end: 8 * 60, timeZone: 'Europe/Paris' };
    // 23:00 CET on the night clocks go forward: 08:00 CEST is 06:00Z, not 07:00Z.
    expect(quietHoursEnd(paris, new Date('2026-03-28T22:00:00Z'))?.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    // 07:59:30 CEST: ends 30 s later.
    expect(quietHoursEnd(paris, new Date('2026-06-01T05:59:30Z'))?.toISOString()).toBe('2026-06-01T06:00:00.000Z');
    // Outside (08:00 on the dot, noon): no hold.
    expect(quietHoursEnd(paris, new Date('2026-06-01T06:00:00Z'))).toBeNull();
    expect(quietHoursEnd(paris, new Date('2026-06-01T10:00:00Z'))).toBeNull();
    // A range within one day (13:00–14:00 New York, EST in January).
    expect(quietHoursEnd({ start: 13 * 60, end: 14 * 60, timeZone: 'America/New_York' }, new Date('2026-01-15T18:30:00Z'))?.toISOString()).toBe('2026-01-15T19:00:00.000Z');
  });
});
