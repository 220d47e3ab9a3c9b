// Pacing and SIM rotation (issue 31): a device's daily cap and distinct-recipients cap besides its
// per-minute budget, routing that prefers the phone with room, a queued message's visible
// `wait_reason`, and SIM modes (Yarrow picks the SIM of a round_robin phone with two SIMs).
// Real PostgreSQL, the real routing worker, simulated phones as child processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { TEST_NUMBERS, pairingCode, relayTestEnv, sendSms, startDevice, waitForStatus, type DeviceProcess } from './helpers.ts';

let app: TestApp;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

async function phone(account: TestAccount, name: string, options: { sims?: number } = {}) {
  const started = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name, ...options });
  devices.push(started);
  return started;
}

function updateDevice(account: TestAccount, deviceId: string, body: Record<string, unknown>) {
  return app.request('POST', `/api/v1/relay/devices/${deviceId}`, { key: account.key, body });
}

async function send(account: TestAccount, to: string, extra: Record<string, unknown> = {}) {
  const response = await sendSms(app, account.key, { to, message: 'Shift starts at 9.', ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.request_id as string;
}

const status = async (account: TestAccount, requestId: string) =>
  (await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key })).body;

/** Polls the message's REST status until `check` holds (the reason is read, not pushed). */
async function statusUntil(account: TestAccount, requestId: string, check: (body: any) => boolean) {
  for (let i = 0; i < 100; i++) {
    const body = await status(account, requestId);
    if (check(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`message ${requestId} never matched: ${JSON.stringify(await status(account, requestId))}`);
}

const receivedBy = (device: DeviceProcess) => device.events.filter((event) => event.type === 'received');

describe('device settings', () => {
  it('are set over REST and GraphQL, checked (400 naming the field), and shown on the device', async () => {
    const account = await app.account();
    const device = await phone(account, 'Settings phone');
    const updated = await updateDevice(account, device.deviceId, {
      sim_selection_mode: 'round_robin',
      daily_cap: 300,
      monthly_recipients_cap: 200,
      send_interval_min_seconds: 5,
      send_interval_max_seconds: 15,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      id: device.deviceId,
      sim_selection_mode: 'round_robin',
      daily_cap: 300,
      monthly_recipients_cap: 200,
      send_interval_min_seconds: 5,
      send_interval_max_seconds: 15,
    });

    const badMode = await updateDevice(account, device.deviceId, { sim_selection_mode: 'sim2' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.error).toMatchObject({ code: 'invalid_request', param: 'sim_selection_mode' });
    const badRange = await updateDevice(account, device.deviceId, { send_interval_min_seconds: 30 });
    expect(badRange.status).toBe(400);
    expect(badRange.body.error).toMatchObject({ param: 'send_interval_min_seconds' });
    const badCap = await updateDevice(account, device.deviceId, { daily_cap: 0 });
    expect(badCap.body.error).toMatchObject({ param: 'daily_cap' });
    // Nothing refused changed anything.
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: device.deviceId } })).sendIntervalMinSeconds).toBe(5);

    const other = await app.account();
    expect((await updateDevice(other, device.deviceId, { daily_cap: 5 })).status).toBe(404);

    const graphql = await app.request('POST', '/graphql', {
      key: account.key,
      body: {
        query: 'mutation($id: ID!, $input: UpdateDeviceInput!) { updateDevice(id: $id, input: $input) { simSelectionMode dailyCap monthlyRecipientsCap sendIntervalMaxSeconds } }',
        variables: { id: device.deviceId, input: { simSelectionMode: 'random', dailyCap: null } },
      },
    });
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.updateDevice).toEqual({ simSelectionMode: 'random', dailyCap: null, monthlyRecipientsCap: 200, sendIntervalMaxSeconds: 15 });
  });
});

describe('pacing', () => {
  it('skips a phone at its daily cap for one with room; with none the message waits, saying why, and goes once a cap is raised', async () => {
    const account = await app.account();
    const big = await phone(account, 'Cap 2 phone');
    const small = await phone(account, 'Cap 1 phone');
    expect((await updateDevice(account, big.deviceId, { daily_cap: 2 })).status).toBe(200);
    expect((await updateDevice(account, small.deviceId, { daily_cap: 1 })).status).toBe(200);

    const sent: string[] = [];
    for (const to of TEST_NUMBERS.slice(0, 3)) {
      const id = await send(account, to);
      sent.push(id);
      await waitForStatus(app, account.key, id, ['DELIVERED']);
    }
    // Three messages, caps 2 and 1: each phone took exactly what its cap allows.
    expect(receivedBy(big)).toHaveLength(2);
    expect(receivedBy(small)).toHaveLength(1);
    // The first went to the phone with the most room left today.
    expect(receivedBy(big).map((event) => event.messageId)).toContain(sent[0]);

    const waiting = await send(account, TEST_NUMBERS[3]!);
    const held = await statusUntil(account, waiting, (body) => body.wait_reason !== null);
    expect(held).toMatchObject({ status: 'queued', wait_reason: 'device_daily_cap', device_id: null });
    const listed = await app.request('GET', '/api/v1/messages?status=queued', { key: account.key });
    expect(listed.body.data.find((row: any) => row.request_id === waiting)).toMatchObject({ wait_reason: 'device_daily_cap' });
    const graphql = await app.request('POST', '/graphql', {
      key: account.key,
      body: { query: 'query($id: ID!) { message(requestId: $id) { status waitReason } }', variables: { id: waiting } },
    });
    expect(graphql.body.data.message).toEqual({ status: 'QUEUED', waitReason: 'device_daily_cap' });

    // An OTP-priority message is held by a cap too: a banned SIM sends nothing at all.
    const expedited = await send(account, TEST_NUMBERS[4]!, { priority: 100 });
    expect((await statusUntil(account, expedited, (body) => body.wait_reason !== null)).wait_reason).toBe('device_daily_cap');

    expect((await updateDevice(account, small.deviceId, { daily_cap: null })).status).toBe(200);
    expect((await waitForStatus(app, account.key, waiting, ['DELIVERED'])).deviceId).toBe(small.deviceId);
    expect((await waitForStatus(app, account.key, expedited, ['DELIVERED'])).deviceId).toBe(small.deviceId);
    expect((await status(account, waiting)).wait_reason).toBeNull();
  });

  it('counts distinct numbers a month: a number already texted still goes, a new one waits', async () => {
    const account = await app.account();
    const device = await phone(account, 'Monthly phone');
    expect((await updateDevice(account, device.deviceId, { monthly_recipients_cap: 2 })).status).toBe(200);
    for (const to of [TEST_NUMBERS[0]!, TEST_NUMBERS[1]!, TEST_NUMBERS[0]!]) await waitForStatus(app, account.key, await send(account, to), ['DELIVERED']);
    const third = await send(account, TEST_NUMBERS[2]!);
    expect((await statusUntil(account, third, (body) => body.wait_reason !== null)).wait_reason).toBe('device_monthly_recipients_cap');
    // A number of this month goes past the waiting new one.
    await waitForStatus(app, account.key, await send(account, TEST_NUMBERS[1]!), ['DELIVERED']);
    expect(await app.rt.db.prisma.deviceMonthRecipient.count({ where: { deviceId: device.deviceId } })).toBe(2);
  });

  it('says no_device_online while the account has no reachable phone, and device_budget when the minute is spent', async () => {
    const account = await app.account();
    const lonely = await send(account, TEST_NUMBERS[0]!);
    expect((await statusUntil(account, lonely, (body) => body.wait_reason !== null)).wait_reason).toBe('no_device_online');

    const device = await phone(account, 'Budget phone');
    await waitForStatus(app, account.key, lonely, ['DELIVERED']);
    expect((await updateDevice(account, device.deviceId, { rate_per_minute: 1 })).status).toBe(200);
    const next = await send(account, TEST_NUMBERS[1]!);
    const body = await statusUntil(account, next, (row) => row.wait_reason !== null || row.status !== 'queued');
    // The phone's minute went on the first message (sent under the default budget, counted all the same).
    expect(body).toMatchObject({ status: 'queued', wait_reason: 'device_budget' });
  });
});

describe('SIM rotation', () => {
  it('round_robin: Yarrow alternates the SIMs of a two-SIM phone, each with its own counters; a named SIM stays', async () => {
    const account = await app.account();
    const device = await phone(account, 'Dual SIM phone', { sims: 2 });
    expect((await updateDevice(account, device.deviceId, { sim_selection_mode: 'round_robin' })).status).toBe(200);
    const ids: string[] = [];
    for (const to of TEST_NUMBERS.slice(0, 4)) {
      const id = await send(account, to);
      ids.push(id);
      await waitForStatus(app, account.key, id, ['DELIVERED']);
    }
    const simOf = new Map(receivedBy(device).map((event) => [event.messageId, event.simNumber]));
    expect(ids.map((id) => simOf.get(id))).toEqual([1, 2, 1, 2]);
    const counters = await app.rt.db.prisma.devicePacingCounter.findMany({ where: { deviceId: device.deviceId }, orderBy: { simSlot: 'asc' } });
    expect(counters.map((row) => [row.simSlot, row.daySpent])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // A send that names its SIM goes out on it, whatever the rotation.
    const named = await send(account, TEST_NUMBERS[4]!, { sim_number: 1 });
    await waitForStatus(app, account.key, named, ['DELIVERED']);
    expect(receivedBy(device).find((event) => event.messageId === named)?.simNumber).toBe(1);

    // `default`: the phone picks (no SIM given), and nothing is counted per SIM any more.
    expect((await updateDevice(account, device.deviceId, { sim_selection_mode: 'default' })).status).toBe(200);
    const plain = await send(account, TEST_NUMBERS[0]!);
    await waitForStatus(app, account.key, plain, ['DELIVERED']);
    expect(receivedBy(device).find((event) => event.messageId === plain)?.simNumber).toBeNull();
  });
});

describe('is_encrypted', () => {
  it('checks the shape of an encrypted number and text (400 naming the field), refuses it on an OTP, and keeps the ciphertext as sent', async () => {
    const account = await app.account();
    const encrypted = '$aes-256-cbc/pbkdf2-sha1$i=75000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAA==';
    const badTo = await sendSms(app, account.key, { to: '+14155552671', message: encrypted, is_encrypted: true });
    expect(badTo.status).toBe(400);
    expect(badTo.body.error).toMatchObject({ code: 'invalid_request', param: 'to' });
    const badText = await sendSms(app, account.key, { to: encrypted, message: 'plain text', is_encrypted: true });
    expect(badText.body.error).toMatchObject({ param: 'message' });
    const fewIterations = await sendSms(app, account.key, { to: encrypted.replace('i=75000', 'i=10'), message: encrypted, is_encrypted: true });
    expect(fewIterations.body.error).toMatchObject({ param: 'to' });
    expect(fewIterations.body.error.message).toContain('iteration');
    const shortSalt = await sendSms(app, account.key, { to: encrypted, message: encrypted.replace('$AAAAAAAAAAAAAAAAAAAAAA==$', '$AAAA$'), is_encrypted: true });
    expect(shortSalt.body.error).toMatchObject({ param: 'message' });
    // An OTP's text is Yarrow's own: it cannot be encrypted.
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: '+14155552671', purpose: 'login', is_encrypted: true } });
    expect(otp.status).toBe(400);
    expect(otp.body.error).toMatchObject({ param: 'is_encrypted' });
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(0);

    const accepted = await sendSms(app, account.key, { to: encrypted, message: encrypted, is_encrypted: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const shown = await status(account, accepted.body.request_id);
    expect(shown).toMatchObject({ to: encrypted, is_encrypted: true, segments: 1 });
  });
});
