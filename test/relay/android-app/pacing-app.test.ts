// Issue 31 on the Android app's side, played by the emulator (written from the app's source):
// the device's SIM mode and pacing reach the app in its `GET /settings` (keys of the app's
// modules/messages/MessagesSettings.kt), again on `SettingsUpdated` when the account changes them;
// an `is_encrypted` send reaches the app untouched with `isEncrypted: true` and decrypts there
// with the app's own decryption (./app-decryption.ts), not the SDK's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypt } from '../../../packages/sdk/encryption.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { pairingCode, relayTestEnv, sendSms, waitForStatus } from '../helpers.ts';
import { AppEmulator, type AppEmulatorOptions } from './emulator.ts';

let app: TestApp;
const phones: AppEmulator[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv, tls: true });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  for (const phone of phones) phone.stop();
  await app?.stop();
});

async function signIn(account: TestAccount, options: Partial<AppEmulatorOptions> = {}) {
  const { code } = await pairingCode(app, account.key);
  const phone = await AppEmulator.signInByCode({ apiUrl: `${app.baseUrl}/api/mobile/v1`, ca: app.tlsCa, reconnectMs: 200, ...options }, code);
  phones.push(phone);
  return phone;
}

describe('settings pushed to the app', () => {
  it('sim_selection_mode, the random wait and the per-minute limit arrive in GET /settings, and again after a change', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    const first = await phone.waitFor('settings');
    expect(first.body).toEqual({
      gateway: { notification_channel: 'SSE_ONLY' },
      messages: { send_interval_min: null, send_interval_max: null, limit_period: 'PerMinute', limit_value: app.rt.config.RELAY_DEVICE_RATE_PER_MINUTE, sim_selection_mode: 'OSDefault' },
      // The key its received-SMS webhooks are signed with (./inbound.test.ts).
      webhooks: { signing_key: expect.any(String) },
    });

    const since = Date.now();
    const updated = await app.request('POST', `/api/v1/relay/devices/${phone.deviceId}`, {
      key: account.key,
      body: { sim_selection_mode: 'round_robin', send_interval_min_seconds: 3, send_interval_max_seconds: 9, rate_per_minute: 12 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // The account's change reaches the phone as SettingsUpdated; the app fetches its settings again.
    await phone.waitFor('event', (event) => event.name === 'SettingsUpdated' && event.at >= since);
    const pushed = await phone.waitFor('settings', (event) => event.at >= since);
    expect(pushed.body.messages).toEqual({ send_interval_min: 3, send_interval_max: 9, limit_period: 'PerMinute', limit_value: 12, sim_selection_mode: 'RoundRobin' });
    // Every value is one the app's MessagesSettings.import accepts (an invalid one aborts the whole import).
    expect(['Disabled', 'PerMinute', 'Per30Minutes', 'PerHour', 'PerDay']).toContain(pushed.body.messages.limit_period);
    expect(['OSDefault', 'RoundRobin', 'Random']).toContain(pushed.body.messages.sim_selection_mode);
  });
});

describe('end-to-end encryption', () => {
  it('passes an encrypted number and text through untouched with isEncrypted: true; the app decrypts them', async () => {
    const passphrase = 'correct horse battery staple';
    const account = await app.account();
    const phone = await signIn(account, { passphrase });
    const to = await encrypt(passphrase, '+14155552671', { iterations: 1_000 });
    const text = await encrypt(passphrase, 'Door code 4711, valid today.', { iterations: 1_000 });
    const response = await sendSms(app, account.key, { to, message: text, is_encrypted: true });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const requestId = response.body.request_id as string;

    const received = await phone.waitFor('received', (event) => event.id === requestId);
    // What the app pulled is exactly what the sender encrypted.
    expect(received).toMatchObject({ text, phoneNumbers: [to] });
    const decrypted = await phone.waitFor('decrypted', (event) => event.id === requestId);
    expect(decrypted).toMatchObject({ text: 'Door code 4711, valid today.', phoneNumbers: ['+14155552671'] });
    await waitForStatus(app, account.key, requestId, ['DELIVERED']);
    // Yarrow stored and shows the ciphertext only.
    const stored = await app.rt.db.prisma.message.findUniqueOrThrow({ where: { id: requestId } });
    expect(stored).toMatchObject({ to, body: text, isEncrypted: true });
  });

  it('a phone without the passphrase fails the message, as the app does', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    const to = await encrypt('another passphrase', '+14155552672', { iterations: 1_000 });
    const text = await encrypt('another passphrase', 'Hello', { iterations: 1_000 });
    const response = await sendSms(app, account.key, { to, message: text, is_encrypted: true });
    expect(response.status).toBe(202);
    const failed = await waitForStatus(app, account.key, response.body.request_id, ['FAILED']);
    expect(failed.failureReason).toContain('Passphrase is not set');
    expect(phone.events.some((event) => event.type === 'decrypted')).toBe(false);
  });
});
