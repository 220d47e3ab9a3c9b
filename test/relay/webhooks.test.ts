import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { addToList, createList, createRecipient } from '../../src/relay/recipients/recipients.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { TEST_NUMBERS, pairingCode, relayTestEnv, sendSms, startDevice, type DeviceProcess } from './helpers.ts';

let app: TestApp;
let receiver: Receiver;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing', 'device-presence', 'webhooks']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
  await receiver?.close();
});

describe('relay events through the webhook system', () => {
  it('message.sent, message.delivered, otp.verified and device.offline reach a signed endpoint', async () => {
    const account = await app.account();
    const created = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: receiver.url('/relay'), event_types: ['message.sent', 'message.delivered', 'otp.verified', 'device.offline'] },
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Hooked' });
    devices.push(phone);

    const sms = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'hooked' });
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: TEST_NUMBERS[1], purpose: 'login' } });
    const received = await phone.waitFor('received', (event) => event.messageId === otp.body.request_id);
    const code = /\d{6}/.exec(received.body)![0];
    expect((await app.request('POST', '/api/v1/otp/verify', { key: account.key, body: { otp_id: otp.body.otp_id, code } })).body.status).toBe('success');
    for (const id of [sms.body.request_id, otp.body.request_id]) {
      await phone.waitFor('reported', (event) => event.messageId === id && event.status === 'delivered');
    }
    await phone.kill();

    // sent + delivered for each of the two SMS, otp.verified, then device.offline.
    const requests = await receiver.waitFor('/relay', 6);
    const payloads = requests.map((request) => verifyWebhook(secret, request.headers, request.body) as { event: string; object_public_id: string; data: Record<string, unknown> });
    const of = (event: string, id: string) => payloads.find((payload) => payload.event === event && payload.object_public_id === id);
    expect(of('message.sent', sms.body.request_id)).toBeTruthy();
    expect(of('message.delivered', sms.body.request_id)?.data).toMatchObject({ status: 'delivered', device_id: phone.deviceId });
    expect(of('message.delivered', otp.body.request_id)).toBeTruthy();
    expect(of('otp.verified', otp.body.otp_id)?.data).toMatchObject({ purpose: 'login', request_id: otp.body.request_id });
    expect(of('device.offline', phone.deviceId)?.data).toMatchObject({ name: 'Hooked', status: 'offline' });
    // The OTP code never travels in an event.
    expect(requests.map((request) => request.body).join('\n')).not.toContain(code);
  });

  it("a list send's message events carry its batch_id; a single send's carry null", async () => {
    const account = await app.account();
    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/batch'), event_types: ['message.sent'] } });
    const secret = created.body.secret as string;
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Batch' });
    devices.push(phone);
    const db = app.rt.db.prisma;
    const list = await createList(db, account.id, { name: 'Two' });
    const members = [
      await createRecipient(app.rt, db, account.id, { name: 'Ana', phone: TEST_NUMBERS[2]!, tags: [] }),
      await createRecipient(app.rt, db, account.id, { name: 'Ben', phone: TEST_NUMBERS[3]!, tags: [] }),
    ];
    await addToList(db, account.id, list.id, members.map((member) => member.id));

    const batch = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: list.id, message: 'Open at 9' } });
    expect(batch.status).toBe(202);
    const single = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'alone' });
    const payloads = (await receiver.waitFor('/batch', 3)).map(
      (request) => verifyWebhook(secret, request.headers, request.body) as { event: string; object_public_id: string; data: Record<string, unknown> },
    );
    const batchIds = Object.fromEntries(payloads.map((payload) => [payload.object_public_id, payload.data.batch_id]));
    const itemIds = (batch.body.items as Array<{ request_id: string }>).map((item) => item.request_id);
    expect(batchIds).toEqual({ [itemIds[0]!]: batch.body.batch_id, [itemIds[1]!]: batch.body.batch_id, [single.body.request_id]: null });
  });
});
