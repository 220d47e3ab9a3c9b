import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresEventTarget, type Topics } from '../../../src/core/pubsub.ts';
import { revokeDevice } from '../../../src/relay/devices/devices.ts';
import { serveToApp } from '../../../src/relay/messages/plans.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { TEST_NUMBERS, pairingCode, relayTestEnv, sendSms, waitForStatus } from '../helpers.ts';
import { AppEmulator, appRequest, register, type AppEmulatorOptions } from './emulator.ts';

let app: TestApp;
const phones: AppEmulator[] = [];

beforeAll(async () => {
  // The app's release build speaks HTTPS only: the gateway serves TLS with a throwaway certificate
  // that the emulator trusts, as a phone trusts a user-installed CA.
  // A short ack timeout: the app holds messages longer than it, and must not lose them for that.
  app = await startTestApp({ env: { ...relayTestEnv, RELAY_ACK_TIMEOUT_SECONDS: '2' }, tls: true });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  for (const phone of phones) phone.stop();
  await app?.stop();
});

/** What the user types into the app as "API URL". */
const appOptions = (options: Partial<AppEmulatorOptions> = {}): AppEmulatorOptions => ({
  apiUrl: `${app.baseUrl}/api/mobile/v1`,
  ca: app.tlsCa,
  reconnectMs: 200,
  ...options,
});

async function signIn(account: TestAccount, options: Partial<AppEmulatorOptions> = {}) {
  const { code } = await pairingCode(app, account.key);
  const phone = await AppEmulator.signInByCode(appOptions(options), code);
  phones.push(phone);
  return phone;
}

async function send(account: TestAccount, to: string, message = 'Your order has shipped') {
  const response = await sendSms(app, account.key, { to, message });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.request_id as string;
}

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

const eventTypes = async (requestId: string) =>
  (await app.rt.db.prisma.event.findMany({ where: { objectPublicId: requestId }, orderBy: { createdAt: 'asc' } })).map((event) => event.type);

const attempts = (messageId: string) => app.rt.db.prisma.messageAttempt.findMany({ where: { messageId }, orderBy: { number: 'asc' } });

describe('registration', () => {
  it('signs the app in with a pairing code, once; sign-up and login/password are refused and create nothing', async () => {
    expect(app.baseUrl).toMatch(/^https:/);
    const account = await app.account();
    const { code } = await pairingCode(app, account.key);

    for (const authorization of [undefined, basic('ABCDEF', 'abcdefghijklmn')]) {
      const refused = await register(appOptions(), authorization);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'unauthorized', param: 'Authorization' });
      expect(refused.body.message).toContain('Sign in by code');
    }
    expect(await app.rt.db.prisma.device.count({ where: { accountId: account.id } })).toBe(0);

    const phone = await AppEmulator.signInByCode(appOptions(), code);
    phones.push(phone);
    const registered = await phone.waitFor('registered');
    expect(registered).toMatchObject({ deviceId: phone.deviceId, login: phone.deviceId, password: null });
    const device = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } });
    expect(device).toMatchObject({
      accountId: account.id,
      name: 'Google/Pixel 8',
      platform: 'android',
      appVersion: '1.68.0',
      status: 'online',
      sims: [{ slot: 0, carrier: '***ange', phone_number: '*******2671' }],
    });
    // The token is stored as an HMAC only.
    expect(device.tokenHash).not.toContain(phone.token);

    const again = await register(appOptions(), `Code ${code}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found', param: 'Authorization' });
    const unknown = await register(appOptions(), 'Code ZZZZ2345');
    expect(unknown.status).toBe(404);
    expect(await app.rt.db.prisma.device.count({ where: { accountId: account.id } })).toBe(1);

    // The app's "Private Token" field carries the code as a Bearer token just as well.
    const second = await register(appOptions({ name: 'Samsung/a54x' }), `Bearer ${(await pairingCode(app, account.key)).code}`);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ id: expect.stringMatching(/^dev_/), token: expect.any(String), password: null });
    // Typed as the panel shows it (ABCD-2345), in any case.
    const shown = (await pairingCode(app, account.key)).code.toLowerCase();
    const third = await register(appOptions({ name: 'Xiaomi/sweet' }), `Code ${shown.slice(0, 4)}-${shown.slice(4)}`);
    expect(third.status, JSON.stringify(third.body)).toBe(201);
  });

  it('answers the start-up calls: settings (SSE only), no phone webhooks, device info, push token update', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    // The device's messages settings (SIM mode, wait, limit) are played in ./pacing-app.test.ts; its
    // received-SMS hooks and the key it signs them with in ./inbound.test.ts.
    const settings = (await phone.call('GET', '/settings')).body;
    expect(settings).toMatchObject({ gateway: { notification_channel: 'SSE_ONLY' }, messages: { sim_selection_mode: 'OSDefault' }, webhooks: { signing_key: expect.any(String) } });
    expect(settings.webhooks.signing_key).toBe(phone.signingKey);
    expect(((await phone.call('GET', '/webhooks')).body as Array<{ event: string }>).map((hook) => hook.event)).toEqual(['sms:received', 'sms:data-received', 'mms:received', 'mms:downloaded']);
    const info = await phone.call('GET', '/device');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ device: { id: phone.deviceId, name: 'Google/Pixel 8' }, externalIp: '127.0.0.1' });

    const token = 'fcm-token-of-the-phone';
    expect((await phone.call('PATCH', '/device', { id: phone.deviceId, pushToken: token })).status).toBe(204);
    const stored = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } });
    expect(stored.sealedPushToken).toBeTruthy();
    expect(stored.sealedPushToken).not.toContain(token);
    // An empty token keeps the stored one; another device's id is refused.
    expect((await phone.call('PATCH', '/device', { id: phone.deviceId, pushToken: '' })).status).toBe(204);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } })).sealedPushToken).toBe(stored.sealedPushToken);
    const foreign = await phone.call('PATCH', '/device', { id: 'dev_someone_else' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'forbidden', param: 'id' });

    expect((await phone.call('PATCH', '/user/password', { currentPassword: 'x', newPassword: 'y'.repeat(14) })).status).toBe(501);
    // Before it registers, the app asks only for its public address.
    const anonymous = await appRequest(appOptions(), 'GET', '/device');
    expect(anonymous.body).toEqual({ externalIp: '127.0.0.1' });
    const bad = await appRequest(appOptions(), 'GET', '/message', { authorization: 'Bearer ydt_not_a_token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
  });
});

describe('what real apps send', () => {
  it('a SIM of unknown slot (-1), a newer app version, an API URL with a trailing slash, a proxy in front', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    // Android could not say the slot: refusing it made PATCH /device fail and the stream never open.
    const unknownSlot = [{ slotIndex: -1, simNumber: 1, phoneNumber: '*******2671', carrierName: '***ange', iccid: null }];
    expect((await phone.call('PATCH', '/device', { id: phone.deviceId, simCards: unknownSlot })).status).toBe(204);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } })).sims).toEqual([{ slot: 0, carrier: '***ange', phone_number: '*******2671' }]);
    // A refused call changes nothing, not even the version its User-Agent names.
    const refused = await appRequest({ ...appOptions(), version: '6.6.6' }, 'PATCH', '/device', { authorization: `Bearer ${phone.token}`, body: { id: 'someone-else' } });
    expect(refused.status).toBe(403);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } })).appVersion).toBe('1.68.0');
    // The app was updated after pairing: every call's User-Agent names its version.
    phone.options = { ...phone.options, version: '1.69.0' };
    expect((await phone.call('GET', '/settings')).status).toBe(200);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } })).appVersion).toBe('1.69.0');
    // "https://host/api/mobile/v1/" typed with its slash: the app calls …/v1//device.
    const slashed = await appRequest({ ...appOptions(), apiUrl: `${app.baseUrl}/api/mobile/v1/` }, 'GET', '/device', { authorization: `Bearer ${phone.token}` });
    expect(slashed.status).toBe(200);
    expect(slashed.body).toMatchObject({ device: { id: phone.deviceId } });
    // Behind a reverse proxy (TRUST_PROXY): the address it forwards is the client's, for the
    // public address the app shows and for the pairing budget.
    const proxied = await app.startExtraGateway({ TRUST_PROXY: true });
    try {
      const options = { ...appOptions(), apiUrl: `${proxied.baseUrl}/api/mobile/v1` };
      const forwarded = { 'x-forwarded-for': '203.0.113.9' };
      expect((await appRequest(options, 'GET', '/device', { headers: forwarded })).body).toEqual({ externalIp: '203.0.113.9' });
      expect((await appRequest(options, 'POST', '/device', { authorization: 'Code NOTACODE', body: {}, headers: forwarded })).status).toBe(400);
      expect((await appRequest(options, 'POST', '/device', { authorization: 'Code NOTACODE', body: { name: 'Google/Pixel 8' }, headers: forwarded })).status).toBe(404);
      const keys = await app.rt.db.prisma.$queryRaw<Array<{ key: string }>>`SELECT key FROM rate_limits WHERE key LIKE 'relay-pair:203.0.113.9%'`;
      expect(keys).toHaveLength(1);
      // IPv6: two addresses of one /64 spend one budget (a host given a /64 cannot start afresh).
      for (const address of ['2001:db8:1:2::10', '2001:db8:1:2:ffff::1']) {
        await appRequest(options, 'POST', '/device', { authorization: 'Code NOTACODE', body: { name: 'Google/Pixel 8' }, headers: { 'x-forwarded-for': address } });
      }
      const v6 = await app.rt.db.prisma.$queryRaw<Array<{ key: string; points: number }>>`SELECT key, points FROM rate_limits WHERE key LIKE 'relay-pair:2001:db8%'`;
      expect(v6).toEqual([{ key: 'relay-pair:2001:db8:1:2::/64', points: 2 }]);
    } finally {
      await proxied.stop();
    }
  });
});

describe('a device token’s call budget', () => {
  it('past RELAY_APP_CALLS_PER_MINUTE a device gets 429 with Retry-After; each report in a PATCH counts; other devices are not affected', async () => {
    const account = await app.account();
    const tight = await app.startExtraGateway({ RELAY_APP_CALLS_PER_MINUTE: 10 });
    try {
      const { code } = await pairingCode(app, account.key);
      const options = { ...appOptions(), apiUrl: `${tight.baseUrl}/api/mobile/v1` };
      const registered = await register(options, `Code ${code}`);
      const auth = { authorization: `Bearer ${registered.body.token}` };
      // 100 unknown ids in one PATCH: 100 calls' worth, refused past the budget, nothing looked up.
      const flood = Array.from({ length: 100 }, (_, i) => ({ id: `msg_unknown_${i}`, state: 'Delivered', recipients: [] }));
      const refused = await appRequest(options, 'PATCH', '/message', { ...auth, body: flood });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('RELAY_APP_CALLS_PER_MINUTE') });
      expect((await appRequest(options, 'GET', '/settings', auth)).status).toBe(429);
      // Another phone of the same account has its own budget.
      const other = await register(options, `Code ${(await pairingCode(app, account.key)).code}`);
      expect((await appRequest(options, 'GET', '/settings', { authorization: `Bearer ${other.body.token}` })).status).toBe(200);
    } finally {
      await tight.stop();
    }
  });
});

describe('sending through the app', () => {
  it('sim_number on a send reaches the app as simNumber; a SIM the phone (or any phone the router may pick) lacks is 400 naming sim_number', async () => {
    const account = await app.account();
    const twoSims = [
      { slotIndex: 0, simNumber: 1, phoneNumber: '*******2671', carrierName: '***ange', iccid: null },
      { slotIndex: 1, simNumber: 2, phoneNumber: '*******2672', carrierName: '***afone', iccid: null },
    ];
    const dual = await signIn(account, { simCards: twoSims });
    const sent = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'From the second SIM', sim_number: 2 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const requestId = sent.body.request_id as string;
    expect(await dual.waitFor('received', (event) => event.id === requestId)).toMatchObject({ simNumber: 2, text: 'From the second SIM' });
    const plain = await send(account, TEST_NUMBERS[1]!);
    expect(await dual.waitFor('received', (event) => event.id === plain)).toMatchObject({ simNumber: null });
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ sim_number: 2 });

    // Refused at send, not failed on the phone: a SIM it does not have, or none at all.
    for (const [simNumber, message] of [[3, /no SIM 3 on Google\/Pixel 8 .*SIM 1, 2/], [0, /./], [1.5, /./]] as const) {
      const refused = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', sim_number: simNumber });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'sim_number', message: expect.stringMatching(message) });
    }
    // With a one-SIM phone too, the router could pick either: SIM 2 must name the phone that has it.
    const single = await signIn(account, { name: 'One SIM' });
    const either = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', sim_number: 2 });
    expect(either.status).toBe(400);
    expect(either.body.error).toMatchObject({ param: 'sim_number', message: expect.stringContaining(`One SIM (${single.deviceId}: SIM 1)`) });
    const pinned = await sendSms(app, account.key, { to: TEST_NUMBERS[2], message: 'Pinned to SIM 2', sim_number: 2, device_id: dual.deviceId });
    expect(pinned.status).toBe(202);
    expect(await dual.waitFor('received', (event) => event.id === pinned.body.request_id)).toMatchObject({ simNumber: 2 });
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(3);
  });

  it('a send reaches the app over its events stream; Processed, Sent, Delivered become status, attempts and webhook events', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    await phone.waitFor('pulled', (event) => event.reason === 'connect');
    const before = phone.events.length;

    const requestId = await send(account, TEST_NUMBERS[0]!);
    const received = await phone.waitFor('received', (event) => event.id === requestId);
    expect(received).toMatchObject({ text: 'Your order has shipped', phoneNumbers: [TEST_NUMBERS[0]] });
    // The app pulls only on connect and on events: this message came with a MessageEnqueued event.
    const after = phone.events.slice(before);
    const enqueued = after.findIndex((event) => event.type === 'event' && event.name === 'MessageEnqueued');
    const pulled = after.findIndex((event) => event.type === 'pulled' && event.ids.includes(requestId));
    expect(enqueued).toBeGreaterThanOrEqual(0);
    expect(pulled).toBeGreaterThan(enqueued);
    expect(after[pulled]).toMatchObject({ reason: 'event' });

    await waitForStatus(app, account.key, requestId, ['DELIVERED']);
    await phone.waitFor('reported', (event) => event.id === requestId && event.state === 'Delivered');
    // Nothing on receipt: Processed (handed to SmsManager) is the app's first report.
    expect(phone.reported(requestId).map((event) => [event.state, event.status])).toEqual([
      ['Processed', 204],
      ['Sent', 204],
      ['Delivered', 204],
    ]);
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'delivered', device_id: phone.deviceId, attempts: 1, failure_reason: null });
    const [attempt, ...more] = await attempts(requestId);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ deviceId: phone.deviceId, number: 1, outcome: 'delivered', acknowledgedAt: expect.any(Date) });
    expect(await eventTypes(requestId)).toEqual(['message.sent', 'message.delivered']);
  });

  it('the stream may be held by any gateway process: a send accepted by another one still wakes the app', async () => {
    const extra = await app.startExtraGateway();
    try {
      const account = await app.account();
      const phone = await signIn(account, { apiUrl: `${extra.baseUrl}/api/mobile/v1` });
      await phone.waitFor('pulled', (event) => event.reason === 'connect');
      const requestId = await send(account, TEST_NUMBERS[2]!);
      await phone.waitFor('received', (event) => event.id === requestId);
      expect(phone.events.find((event) => event.type === 'pulled' && event.ids.includes(requestId))).toMatchObject({ reason: 'event' });
      await waitForStatus(app, account.key, requestId, ['DELIVERED']);
      phone.stop();
    } finally {
      await extra.stop();
    }
  });

  it('a failed send carries the recipient error as the reason, is never sent twice, and ends failed (message.failed)', async () => {
    const account = await app.account();
    const to = TEST_NUMBERS[1]!;
    const phone = await signIn(account, { failNumbers: [to], failError: 'RESULT_ERROR_NO_SERVICE' });
    const requestId = await send(account, to);
    const failed = await waitForStatus(app, account.key, requestId, ['FAILED']);
    expect(failed.failureReason).toBe('RESULT_ERROR_NO_SERVICE');
    // Each retry came back to the only device; the app re-reported Failed instead of sending again.
    expect(phone.events.filter((event) => event.type === 'sending' && event.id === requestId)).toHaveLength(1);
    const tried = await attempts(requestId);
    expect(tried.length).toBeGreaterThanOrEqual(1);
    expect(tried.every((row) => row.deviceId === phone.deviceId && row.outcome === 'failed' && row.failureReason === 'RESULT_ERROR_NO_SERVICE')).toBe(true);
    expect(await eventTypes(requestId)).toEqual(['message.failed']);
  });

  it('hands over an OTP text in clear only when the app pulls it, at priority 100; the stored text never holds the code', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    const response = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: TEST_NUMBERS[2], purpose: 'login' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const requestId = response.body.request_id as string;
    const received = await phone.waitFor('received', (event) => event.id === requestId);
    // An OTP goes at priority 100, as the app's expedited messages (past its own send limits).
    expect(received.priority).toBe(100);
    const code = /\d{6}/.exec(received.text ?? '')?.[0];
    expect(code).toBeDefined();
    await waitForStatus(app, account.key, requestId, ['DELIVERED']);
    const stored = await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } });
    expect(stored.body).not.toContain(code);
    expect(stored.sealedBody).toBeNull();
  });
});

type DeviceUpdate = Topics['deviceUpdated'][1];

/** Resolves with the first deviceUpdated event of the account that matches (the dashboards' feed). */
async function deviceUpdate(accountId: number, match: (update: DeviceUpdate) => boolean): Promise<DeviceUpdate> {
  const events = new PostgresEventTarget(app.rt.db.url, app.rt.db.pool, app.rt.logger);
  await events.start();
  try {
    return await new Promise<DeviceUpdate>((resolve) => {
      events.addEventListener(`deviceUpdated:${accountId}`, (event) => {
        const update = (event as CustomEvent<DeviceUpdate>).detail;
        if (match(update)) resolve(update);
      });
    });
  } finally {
    await events.close();
  }
}

describe('presence and failover', () => {
  it('an open events stream keeps the phone online without calls; a killed app goes offline by the heartbeat rule', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    await phone.waitFor('pulled', (event) => event.reason === 'connect');
    const lastCall = Date.now();
    const silentFor = (Number(relayTestEnv.DEVICE_OFFLINE_AFTER_SECONDS) + 1) * 1000;
    // Longer than the offline rule without a single call: the stream alone refreshed last_seen_at.
    const refreshed = await deviceUpdate(account.id, (update) => update.deviceId === phone.deviceId && Date.parse(update.lastSeenAt) > lastCall + silentFor);
    expect(refreshed.status).toBe('online');
    expect(await app.rt.db.prisma.event.count({ where: { type: 'device.offline', objectPublicId: phone.deviceId } })).toBe(0);

    const offline = deviceUpdate(account.id, (update) => update.deviceId === phone.deviceId && update.status === 'offline');
    phone.stop();
    await offline;
    expect(await app.rt.db.prisma.event.count({ where: { type: 'device.offline', objectPublicId: phone.deviceId } })).toBe(1);
  });

  it('a message a killed app pulled stays its own (never sent twice); the app restarted sends it once; one it never pulled fails over', async () => {
    const account = await app.account();
    // The first phone pulls the message into its queue (it reports nothing), then the app is
    // killed before its radio sends it: the stream is cut and no call follows.
    const first = await signIn(account, { name: 'Google/first', holdSending: true });
    const requestId = await send(account, TEST_NUMBERS[3]!);
    await first.waitFor('received', (event) => event.id === requestId);
    first.stop();
    const second = await signIn(account, { name: 'Google/second' });
    await vi.waitFor(async () => expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: first.deviceId } })).status).toBe('offline'), {
      timeout: 20_000,
      interval: 200,
    });
    // Offline, and the message is still the first phone's: it may still send it.
    const fresh = await send(account, TEST_NUMBERS[4]!, 'after the fall');
    expect((await waitForStatus(app, account.key, fresh, ['DELIVERED'])).deviceId).toBe(second.deviceId);
    expect(await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ state: 'dispatched', deviceId: first.deviceId });
    expect(second.events.some((event) => event.type === 'received' && event.id === requestId)).toBe(false);

    // The app starts again with the message in its local queue: it is asked for its state
    // (served again) and sends it, once.
    await first.restart({ holdSending: false });
    const delivered = await waitForStatus(app, account.key, requestId, ['DELIVERED']);
    expect(delivered.deviceId).toBe(first.deviceId);
    expect(first.events.filter((event) => event.type === 'sending' && event.id === requestId)).toHaveLength(1);
    expect(await attempts(requestId)).toMatchObject([{ number: 1, deviceId: first.deviceId, outcome: 'delivered' }]);
    expect(await eventTypes(requestId)).toEqual(['message.sent', 'message.delivered']);
  });

  it('a message held for longer than the ack timeout is not cancelled: it ends delivered through the phone that held it', async () => {
    const account = await app.account();
    // RELAY_ACK_TIMEOUT_SECONDS is 2 here: the app holds each message 4 s before sending (its send
    // delay and limits), and reports nothing meanwhile.
    const phone = await signIn(account, { holdMs: 4_000 });
    const other = await signIn(account, { name: 'Google/other' });
    const requestId = await send(account, TEST_NUMBERS[0]!);
    const holder = await Promise.race([
      phone.waitFor('received', (event) => event.id === requestId).then(() => phone),
      other.waitFor('received', (event) => event.id === requestId).then(() => other),
    ]);
    const delivered = await waitForStatus(app, account.key, requestId, ['DELIVERED', 'FAILED']);
    expect(delivered).toMatchObject({ status: 'DELIVERED', deviceId: holder.deviceId, attempts: 1 });
    for (const candidate of [phone, other]) {
      expect(candidate.events.some((event) => event.type === 'event' && event.name === 'MessageCancelled')).toBe(false);
    }
    expect([...phone.events, ...other.events].filter((event) => event.type === 'sending' && event.id === requestId)).toHaveLength(1);
  });

  it('two event streams of one phone: closing either keeps it in routing; its work goes back only when the last closes', async () => {
    const account = await app.account();
    const phone = await signIn(account, { holdSending: true });
    phone.openStream();
    await vi.waitFor(async () => expect(await app.rt.db.prisma.deviceConnection.count({ where: { deviceId: phone.deviceId } })).toBe(2));
    phone.dropStream();
    // The dropped stream comes back after the reconnect delay; meanwhile the other kept it reachable.
    const requestId = await send(account, TEST_NUMBERS[1]!);
    await phone.waitFor('received', (event) => event.id === requestId);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } })).status).toBe('online');
    expect(await attempts(requestId)).toMatchObject([{ number: 1, deviceId: phone.deviceId, outcome: null }]);
    phone.stop();
  });

  it('a message the account reroutes is Cancelling for the phone that held it until that phone answers; it cancels its Pending copy', async () => {
    const account = await app.account();
    const first = await signIn(account, { name: 'Google/held', holdSending: true });
    const requestId = await send(account, TEST_NUMBERS[1]!);
    await first.waitFor('received', (event) => event.id === requestId);
    const second = await signIn(account, { name: 'Google/next', holdSending: true });
    const rerouted = await app.request('POST', `/api/v1/messages/${requestId}/reroute`, { key: account.key, body: { allow_duplicate: true } });
    expect(rerouted.status).toBe(200);
    await vi.waitFor(async () => expect((await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } })).deviceId).toBe(second.deviceId), {
      timeout: 20_000,
      interval: 100,
    });
    // The first phone hears MessageCancelled, or finds Cancelling on its next pull (its periodic one
    // here: an event can be missed while a stream reconnects), and cancels its Pending copy.
    await first.pull('manual');
    await first.waitFor('reported', (event) => event.id === requestId && event.state === 'Cancelled');
    expect((await attempts(requestId))[0]).toMatchObject({ deviceId: first.deviceId, outcome: 'rerouted', deviceState: 'cancelled' });
    // Answered: no more Cancelling for it, and the message stays the second phone's.
    expect((await first.call('GET', '/message')).body).toEqual([]);
    expect(await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ state: 'dispatched', deviceId: second.deviceId });
    expect(first.events.some((event) => event.type === 'sending' && event.id === requestId)).toBe(false);
  });

  it('Cancelled from the app gives the message back for another phone; its late reports are kept, not dropped', async () => {
    const account = await app.account();
    const first = await signIn(account, { name: 'Google/cancel', holdSending: true });
    const requestId = await send(account, TEST_NUMBERS[2]!);
    await first.waitFor('received', (event) => event.id === requestId);
    const second = await signIn(account, { name: 'Google/takes-over' });
    // The app's user cancels it (or the app answers a Cancelling): the phone's word.
    const cancelled = await first.call('PATCH', '/message', [
      { id: requestId, state: 'Cancelled', recipients: [{ phoneNumber: TEST_NUMBERS[2], state: 'Cancelled' }], states: { Cancelled: new Date().toISOString() } },
    ]);
    expect(cancelled.status).toBe(204);
    expect((await waitForStatus(app, account.key, requestId, ['DELIVERED'])).deviceId).toBe(second.deviceId);
    // A late Sent from the first phone is recorded on its attempt and changes nothing else.
    await first.call('PATCH', '/message', [{ id: requestId, state: 'Sent', recipients: [{ phoneNumber: TEST_NUMBERS[2], state: 'Sent' }] }]);
    expect(await attempts(requestId)).toMatchObject([
      { number: 1, deviceId: first.deviceId, outcome: 'cancelled_by_device', deviceState: 'sent' },
      { number: 2, deviceId: second.deviceId, outcome: 'delivered' },
    ]);
    expect(await eventTypes(requestId)).toEqual(['message.sent', 'message.delivered']);
  });

  it('a revoked phone is refused (401), its stream ends, and it cannot register again without a new code', async () => {
    const account = await app.account();
    const { code } = await pairingCode(app, account.key);
    const phone = await AppEmulator.signInByCode(appOptions(), code);
    phones.push(phone);
    // Its reports' token check is cached in the gateway (unpairing drops it at once).
    expect((await phone.call('PATCH', '/message', [])).status).toBe(204);
    // What the dashboard's revokeDevice mutation calls.
    expect((await revokeDevice(app.rt, account.id, phone.deviceId)).status).toBe('revoked');
    await phone.waitFor('stream-closed');
    // The app reconnects and is refused.
    await phone.waitFor('stream-closed', (event) => event.status === 401);
    for (const [method, path] of [['GET', '/message'], ['PATCH', '/device'], ['PATCH', '/message'], ['GET', '/settings']] as const) {
      const refused = await phone.call(method, path, method === 'PATCH' ? (path === '/message' ? [] : { id: phone.deviceId }) : undefined);
      expect(refused.status, `${method} ${path}`).toBe(401);
    }
    expect((await register(appOptions())).status).toBe(401);
    expect((await register(appOptions(), `Code ${code}`)).status).toBe(404);
  });
});

describe('state reports', () => {
  it('a malformed report is refused with a clear error and applies nothing, not even its valid part', async () => {
    const account = await app.account();
    const phone = await signIn(account, { holdSending: true });
    const requestId = await send(account, TEST_NUMBERS[4]!);
    await phone.waitFor('received', (event) => event.id === requestId);
    const sent = { id: requestId, state: 'Sent', recipients: [{ phoneNumber: TEST_NUMBERS[4], state: 'Sent' }], states: {} };

    const cases: Array<[unknown, string]> = [
      [{ id: requestId, state: 'Sent' }, ''],
      [[sent, { ...sent, state: 'Shipped' }], '[1].state'],
      [[sent, { ...sent, recipients: 'all' }], '[1].recipients'],
      [[{ state: 'Sent', recipients: [] }], '[0].id'],
    ];
    for (const [body, param] of cases) {
      const refused = await phone.call('PATCH', '/message', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
      if (param) expect(refused.body.param).toBe(param);
    }
    const notJson = await appRequest(appOptions(), 'PATCH', '/message', { authorization: `Bearer ${phone.token}`, body: '[{"id":' });
    expect(notJson.status).toBe(400);
    const unchanged = await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } });
    expect(unchanged).toMatchObject({ state: 'dispatched', sentAt: null, deviceId: phone.deviceId });
    expect(unchanged.acknowledgedAt).not.toBeNull();

    // The valid report alone applies; repeating it changes nothing more.
    expect((await phone.call('PATCH', '/message', [sent])).status).toBe(204);
    expect((await phone.call('PATCH', '/message', [sent])).status).toBe(204);
    expect((await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } })).state).toBe('sent');
    expect(await eventTypes(requestId)).toEqual(['message.sent']);
  });

  it("a report about another account's message, or an unknown id, changes nothing", async () => {
    const owner = await app.account();
    const phone = await signIn(owner, { holdSending: true });
    const requestId = await send(owner, TEST_NUMBERS[0]!);
    await phone.waitFor('received', (event) => event.id === requestId);

    const intruder = await signIn(await app.account());
    const delivered = [{ id: requestId, state: 'Delivered', recipients: [{ phoneNumber: TEST_NUMBERS[0], state: 'Delivered' }], states: {} }];
    expect((await intruder.call('PATCH', '/message', delivered)).status).toBe(204);
    expect((await intruder.call('PATCH', '/message', [{ ...delivered[0], id: 'msg_unknown' }])).status).toBe(204);
    expect((await intruder.call('GET', '/message')).body).toEqual([]);
    const message = await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } });
    expect(message).toMatchObject({ state: 'dispatched', deviceId: phone.deviceId, deliveredAt: null });
    expect(await eventTypes(requestId)).toEqual([]);
  });
});

describe('the pull', () => {
  it('answers highest priority first, then in the order the app asks for, whichever join the planner picks', async () => {
    const account = await app.account();
    const { code } = await pairingCode(app, account.key);
    // Registered, with no events stream: nothing pulls but this test. Its first call makes it online.
    const registered = await register(appOptions(), `Code ${code}`);
    const auth = { authorization: `Bearer ${registered.body.token}` };
    expect((await appRequest(appOptions(), 'GET', '/device', auth)).status).toBe(200);
    const priorities = [0, 100, 50, 0, 100, 50, 0, 100, 50];
    for (const [i, priority] of priorities.entries()) {
      expect((await sendSms(app, account.key, { to: TEST_NUMBERS[i % TEST_NUMBERS.length]!, message: `Priority ${priority}`, priority })).status).toBe(202);
    }
    await vi.waitFor(async () => expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id, state: 'dispatched' } })).toBe(priorities.length), { timeout: 20_000, interval: 100 });
    const byPriority = [...priorities].sort((a, b) => b - a);

    // A hash join reads the messages in their order on disk (the order sent): the answer must still be ordered.
    const rolledBack = new Error('roll back');
    const served = await app.rt.db.prisma
      .$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL enable_nestloop = off`;
        await tx.$executeRaw`SET LOCAL enable_mergejoin = off`;
        const rows = await serveToApp(tx, registered.body.id, { limit: 100, newestFirst: false, reaskBefore: new Date(), now: new Date() });
        throw Object.assign(rolledBack, { rows });
      })
      .catch((error) => (error === rolledBack ? (rolledBack as Error & { rows: Array<{ priority: number }> }).rows : Promise.reject(error)));
    expect(served.map((row) => row.priority)).toEqual(byPriority);

    const pulled = await appRequest(appOptions(), 'GET', '/message?order=fifo', auth);
    expect(pulled.body.map((message: { priority: number }) => message.priority)).toEqual(byPriority);
  });
});

// Last in the file: it spends this address's pairing budget.
describe('pairing budget', () => {
  it('registrations and our own pairing share one budget of attempts per address', async () => {
    let refused: { status: number; body: any; headers: Headers | NodeJS.Dict<string | string[]> } | undefined;
    for (let i = 0; i <= 60 && !refused; i++) {
      const answer = i % 2 === 0
        ? await register(appOptions(), 'Code ZZZZ2345')
        : await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: 'ZZZZ2345', device_name: 'Guess' } });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(404);
    }
    expect(refused, 'no attempt was refused').toBeDefined();
    const mobile = await register(appOptions(), 'Code ZZZZ2345');
    expect(mobile.status).toBe(429);
    expect(mobile.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(mobile.headers['retry-after'])).toBeGreaterThan(0);
    const ours = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: 'ZZZZ2345', device_name: 'Guess' } });
    expect(ours.status).toBe(429);
  });
});
