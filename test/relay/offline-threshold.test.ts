import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPanelUser } from '../../src/panel/users.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { pairingCode, relayTestEnv } from './helpers.ts';

// The phone-offline threshold is the account's (issue 39): the device-presence worker marks a phone
// offline, records device.offline and keeps the device_offline notification (no SMTP_URL) after THAT
// account's threshold; the server-wide DEVICE_OFFLINE_AFTER_SECONDS (3 s here, so the worker runs
// every second) holds for an account that set none.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv } });
  await app.startWorkers(['device-presence', 'webhooks']);
});
afterAll(() => app?.stop());

const settings = (account: TestAccount, body?: Record<string, unknown>) =>
  app.request(body ? 'POST' : 'GET', '/api/v1/relay/settings', { key: account.key, body });

async function graphql(account: TestAccount, query: string, variables: Record<string, unknown> = {}) {
  return (await app.request('POST', '/graphql', { key: account.key, body: { query, variables } })).body as {
    data?: any;
    errors?: Array<{ message: string; extensions?: { code?: string; param?: string } }>;
  };
}

/** A phone paired over our protocol and heard from once (online), with the user who would be told. */
async function onlinePhone(account: TestAccount, name: string) {
  const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: (await pairingCode(app, account.key)).code, device_name: name } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(201);
  const heartbeat = await app.request('POST', '/api/v1/relay/device/heartbeat', { headers: { authorization: `Bearer ${paired.body.device_token}` }, body: {} });
  expect(heartbeat.body.device.status).toBe('online');
  return paired.body.device.id as string;
}

/** The phone's last word was this long ago (the silence a real phone would keep for that long). */
async function silentFor(deviceId: string, seconds: number) {
  await app.rt.db.prisma.$executeRaw`UPDATE devices SET last_seen_at = now() - make_interval(secs => ${seconds}::int) WHERE id = ${deviceId}`;
}

async function offline(deviceId: string) {
  await vi.waitFor(async () => expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: deviceId } })).status).toBe('offline'), {
    timeout: 20_000,
    interval: 100,
  });
}

describe('the phone-offline threshold per account', () => {
  it('is set over REST and GraphQL, read back as the server default when unset; bad input is 400 naming it and changes nothing', async () => {
    const account = await app.account();
    expect((await settings(account)).body).toMatchObject({ mode: 'auto', device_offline_after_seconds: 3 });

    const set = await settings(account, { device_offline_after_seconds: 120 });
    expect(set.status).toBe(200);
    expect(set.body.device_offline_after_seconds).toBe(120);

    for (const bad of [29, 86_401, 60.5, '60']) {
      const refused = await settings(account, { mode: 'manual', device_offline_after_seconds: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'device_offline_after_seconds' });
    }
    // Nothing changed, not even the mode sent beside it.
    expect((await settings(account)).body).toMatchObject({ mode: 'auto', device_offline_after_seconds: 120 });

    const read = 'query { account { deviceOfflineAfterSeconds } }';
    expect((await graphql(account, read)).data.account.deviceOfflineAfterSeconds).toBe(120);
    const mutation = 'mutation($seconds: Int) { setDeviceOfflineAfterSeconds(seconds: $seconds) { deviceOfflineAfterSeconds } }';
    const tooShort = await graphql(account, mutation, { seconds: 10 });
    expect(tooShort.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'seconds' });
    expect((await graphql(account, read)).data.account.deviceOfflineAfterSeconds).toBe(120);
    expect((await graphql(account, mutation, { seconds: 600 })).data.setDeviceOfflineAfterSeconds.deviceOfflineAfterSeconds).toBe(600);
    expect((await settings(account)).body.device_offline_after_seconds).toBe(600);
    // null goes back to the server default.
    expect((await graphql(account, mutation, { seconds: null })).data.setDeviceOfflineAfterSeconds.deviceOfflineAfterSeconds).toBe(3);
    expect((await app.rt.db.prisma.account.findUniqueOrThrow({ where: { id: account.id } })).deviceOfflineAfterSeconds).toBeNull();
  });

  it("marks a phone offline (device.offline, a kept notification) after its account's threshold, not another account's", async () => {
    const short = await app.account();
    const long = await app.account();
    const unset = await app.account();
    expect((await settings(short, { device_offline_after_seconds: 30 })).status).toBe(200);
    expect((await settings(long, { device_offline_after_seconds: 3600 })).status).toBe(200);
    const shortUser = await createPanelUser(app.rt.db.prisma, short.id, `short-${short.id}@example.com`, 'correct horse battery');
    const longUser = await createPanelUser(app.rt.db.prisma, long.id, `long-${long.id}@example.com`, 'correct horse battery');

    const shortPhone = await onlinePhone(short, 'Short fuse');
    const longPhone = await onlinePhone(long, 'Patient');
    // Both silent well past 30 s; the patient account's phone the longer (the plan takes the longest
    // silent first, so it would have gone before the other, had its account's threshold not held it).
    await silentFor(longPhone, 600);
    await silentFor(shortPhone, 45);
    await offline(shortPhone);
    const events = await app.rt.db.prisma.event.findMany({ where: { type: 'device.offline', objectPublicId: shortPhone } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ device_id: shortPhone, name: 'Short fuse', status: 'offline' });
    await vi.waitFor(
      async () =>
        expect(await app.rt.db.prisma.notification.findMany({ where: { eventId: events[0]!.id }, select: { userId: true, kind: true, status: true, subject: true } })).toEqual([
          { userId: shortUser.id, kind: 'device_offline', status: 'kept', subject: 'Phone Short fuse is offline' },
        ]),
      { timeout: 20_000, interval: 100 },
    );

    // An account that set none: the server default (3 s of real silence), on later passes of the
    // same worker, while the patient account's phone, silent for ten minutes, stays online.
    const defaultPhone = await onlinePhone(unset, 'Default');
    await offline(defaultPhone);
    expect(await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: longPhone } })).toMatchObject({ status: 'online' });
    expect(await app.rt.db.prisma.event.count({ where: { type: 'device.offline', accountId: long.id } })).toBe(0);
    expect(await app.rt.db.prisma.notification.count({ where: { userId: longUser.id } })).toBe(0);
    expect((await settings(long)).body.device_offline_after_seconds).toBe(3600);

    // Past its own threshold it goes too.
    await silentFor(longPhone, 3601);
    await offline(longPhone);
    expect(await app.rt.db.prisma.event.count({ where: { type: 'device.offline', accountId: long.id } })).toBe(1);
  });
});
