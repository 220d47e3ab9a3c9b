import clientModule, { ProcessState, WebHookEventType, type HttpClient, type Message, type MessageState } from 'android-sms-gateway';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { revealSecret } from '../../../src/webhooks/endpoints.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { startReceiver, type Receiver } from '../../webhooks/receiver.ts';
import { graphql } from '../../gql/index.ts';
import { verifyReferenceWebhook } from './reference-receiver.ts';
import { encrypt } from '../../../packages/sdk/encryption.ts';

const EndpointDeliveries = graphql(`
  query ReferenceEndpointDeliveries($id: ID!) {
    webhookEndpoint(id: $id) {
      payloadFormat
    }
    webhookDeliveries(filter: { endpointId: $id }, first: 5) {
      edges {
        node {
          body
        }
      }
    }
  }
`);
import { TEST_NUMBERS, pairingCode, relayTestEnv, waitForStatus } from '../helpers.ts';
import { AppEmulator, type AppEmulatorOptions } from './emulator.ts';

const PREFIX = '/api/3rdparty/v1';

// The package ships ES modules without `"type": "module"`, so TypeScript (nodenext) types its
// default import as the CommonJS module; at runtime (ESM syntax detection) it is the class.
const Client = clientModule as unknown as typeof clientModule.default;

/**
 * The `httpClient` the reference client needs, on node:http(s) so it can trust a test CA. Like the
 * client's own default: JSON in and out, 204 is null, any other non-2xx throws with status and body.
 * It keeps the last response's status and headers for the assertions the client does not expose.
 */
function nodeHttpClient(ca?: string) {
  const last = { status: 0, headers: {} as Record<string, string | string[] | undefined> };
  const call = <T>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<T>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(target, { method, headers: { ...headers, ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}) }, ca }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          last.status = response.statusCode ?? 0;
          last.headers = response.headers;
          if (last.status === 204) return resolve(null as T);
          if (last.status < 200 || last.status >= 300) return reject(new Error(`HTTP error ${last.status}: ${text}`));
          resolve((String(response.headers['content-type']).includes('application/json') ? JSON.parse(text) : text) as T);
        });
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  const client: HttpClient = {
    get: (url, headers) => call('GET', url, undefined, headers),
    post: (url, body, headers) => call('POST', url, body, headers),
    put: (url, body, headers) => call('PUT', url, body, headers),
    patch: (url, body, headers) => call('PATCH', url, body, headers),
    delete: (url, headers) => call('DELETE', url, undefined, headers),
  };
  return { client, last };
}

let app: TestApp;
let receiver: Receiver;
const phones: AppEmulator[] = [];

// The client and the phones speak HTTPS to a gateway with a throwaway certificate they trust. The
// phones are the emulator of the SMS Gateway for Android app, as the real client's users would run.
beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: relayTestEnv, tls: true });
  await app.startWorkers(['sms-routing', 'device-presence', 'webhooks']);
});
afterAll(async () => {
  for (const phone of phones) phone.stop();
  await app?.stop();
  await receiver?.close();
});

function gatewayClient(account: TestAccount, login = 'yarrow') {
  const http = nodeHttpClient(app.tlsCa);
  return { client: new Client(login, account.key, http.client, `${app.baseUrl}${PREFIX}`), last: http.last };
}

/** A phone signed in to the account by code, holding its events stream. */
async function phone(account: TestAccount, options: Partial<AppEmulatorOptions> = {}) {
  const { code } = await pairingCode(app, account.key);
  const started = await AppEmulator.signInByCode({ apiUrl: `${app.baseUrl}/api/mobile/v1`, ca: app.tlsCa, reconnectMs: 200, ...options }, code);
  phones.push(started);
  return started;
}

/** Calls the API directly (for what the client does not send: other auth, bodies, methods). */
async function call(method: string, path: string, options: { key?: string; login?: string; authorization?: string; body?: unknown } = {}) {
  const authorization = options.authorization ?? (options.key !== undefined ? `Basic ${btoa(`${options.login ?? ''}:${options.key}`)}` : undefined);
  return app.request(method, `${PREFIX}${path}`, { body: options.body, headers: authorization ? { authorization } : {} });
}

/** The Yarrow messages a reference message became, in recipient order. */
function yarrowMessages(accountId: number, externalId: string) {
  return app.rt.db.prisma.message.findMany({ where: { accountId, batch: { externalId } }, orderBy: { id: 'asc' } });
}

async function untilFinal(account: TestAccount, externalId: string) {
  for (const message of await yarrowMessages(account.id, externalId)) {
    await waitForStatus(app, account.key, message.id, ['DELIVERED', 'FAILED']);
  }
}

describe('the reference client (android-sms-gateway) against /api/3rdparty/v1', () => {
  it('sends with the legacy message field, follows the message to Delivered, and it is an ordinary Yarrow message', async () => {
    const account = await app.account();
    expect(app.baseUrl).toMatch(/^https:/);
    const device = await phone(account);
    const { client, last } = gatewayClient(account);

    const accepted = await client.send({ phoneNumbers: [TEST_NUMBERS[0]!], message: 'Your order shipped' });
    expect(last.status).toBe(202);
    expect(accepted).toMatchObject({ id: expect.stringMatching(/^batch_/), isHashed: false, isEncrypted: false });
    expect(accepted.recipients).toEqual([{ phoneNumber: TEST_NUMBERS[0], state: expect.stringMatching(/^(Pending|Processed|Sent|Delivered)$/) }]);
    expect(last.headers.location).toBe(`${PREFIX}/message/${accepted.id}`);

    await untilFinal(account, accepted.id);
    const state = await client.getState(accepted.id);
    expect(state).toMatchObject({
      id: accepted.id,
      deviceId: device.deviceId,
      state: ProcessState.Delivered,
      recipients: [{ phoneNumber: TEST_NUMBERS[0], state: ProcessState.Delivered }],
      states: { Pending: expect.any(String), Sent: expect.any(String), Delivered: expect.any(String) },
    });

    const [message] = await yarrowMessages(account.id, accepted.id);
    const received = await device.waitFor('received', (event) => event.id === message!.id);
    expect(received).toMatchObject({ phoneNumbers: [TEST_NUMBERS[0]], text: 'Your order shipped' });
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${message!.id}`, { key: account.key });
    expect(status.body).toMatchObject({ status: 'delivered', device_id: device.deviceId });
    const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId: message!.id }, orderBy: { id: 'asc' } });
    expect(events.map((event) => event.type)).toEqual(['message.sent', 'message.delivered']);

    // The path it gives in Location answers too, and so does the plural path.
    expect((await call('GET', `/messages/${accepted.id}`, { key: account.key })).body).toMatchObject({ id: accepted.id, state: 'Delivered' });
  });

  it('passes priority through to the phone, and refuses one out of range naming priority', async () => {
    const account = await app.account();
    const device = await phone(account);
    const { client } = gatewayClient(account);
    // The client's type has no priority yet; it posts the body as given (the reference server reads it).
    const send = (body: Record<string, unknown>) => client.send(body as unknown as Parameters<typeof client.send>[0]);
    const urgent = await send({ phoneNumbers: [TEST_NUMBERS[0]!], message: 'Your code is 1234', priority: 100 });
    const plain = await send({ phoneNumbers: [TEST_NUMBERS[1]!], message: 'Newsletter' });
    const [urgentMessage] = await yarrowMessages(account.id, urgent.id);
    const [plainMessage] = await yarrowMessages(account.id, plain.id);
    expect([urgentMessage!.priority, plainMessage!.priority]).toEqual([100, 0]);
    expect(await device.waitFor('received', (event) => event.id === urgentMessage!.id)).toMatchObject({ priority: 100, text: 'Your code is 1234' });
    expect(await device.waitFor('received', (event) => event.id === plainMessage!.id)).toMatchObject({ priority: 0 });
    const outOfRange = await call('POST', '/message', { key: account.key, body: { phoneNumbers: [TEST_NUMBERS[0]], message: 'x', priority: 128 } });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body).toMatchObject({ code: 'invalid_request', param: 'priority' });
  });

  it('holds a message sent with scheduleAt until then (Pending, scheduled in Yarrow), passes scheduleAt to the phone, and refuses one in the past naming scheduleAt', async () => {
    const account = await app.account();
    const device = await phone(account);
    const { client } = gatewayClient(account);
    const send = (body: Record<string, unknown>) => client.send(body as unknown as Parameters<typeof client.send>[0]);
    const scheduleAt = new Date(Date.now() + 2_500);
    const validUntil = new Date(scheduleAt.getTime() + 600_000);
    const accepted = await send({ phoneNumbers: [TEST_NUMBERS[0]!], message: 'Doors open now', scheduleAt: scheduleAt.toISOString(), validUntil: validUntil.toISOString() });
    expect(accepted.recipients).toMatchObject([{ phoneNumber: TEST_NUMBERS[0], state: 'Pending' }]);
    const [message] = await yarrowMessages(account.id, accepted.id);
    expect(message).toMatchObject({ state: 'scheduled', sendAt: scheduleAt, scheduleReason: 'send_at' });
    // validUntil is absolute: the TTL Yarrow keeps runs from scheduleAt to it.
    expect(Math.abs(message!.expiresAt.getTime() - validUntil.getTime())).toBeLessThan(1_000);
    const received = await device.waitFor('received', (event) => event.id === message!.id);
    expect(received.at).toBeGreaterThanOrEqual(scheduleAt.getTime());
    expect(received).toMatchObject({ scheduleAt: scheduleAt.toISOString(), text: 'Doors open now' });
    await untilFinal(account, accepted.id);
    expect((await client.getState(accepted.id)).state).toBe(ProcessState.Delivered);

    const past = await call('POST', '/message', { key: account.key, body: { phoneNumbers: [TEST_NUMBERS[0]], message: 'x', scheduleAt: new Date(Date.now() - 600_000).toISOString() } });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'invalid_request', param: 'scheduleAt', message: expect.stringMatching(/^scheduleAt: .* in the past/) });
  });

  it('sends from the SIM the client names (simNumber), and refuses one the phone lacks naming simNumber', async () => {
    const account = await app.account();
    const device = await phone(account, {
      simCards: [
        { slotIndex: 0, simNumber: 1, phoneNumber: '*******2671', carrierName: '***ange', iccid: null },
        { slotIndex: 1, simNumber: 2, phoneNumber: '*******2672', carrierName: '***afone', iccid: null },
      ],
    });
    const { client } = gatewayClient(account);
    const accepted = await client.send({ phoneNumbers: [TEST_NUMBERS[0]!], message: 'From SIM 2', simNumber: 2 });
    const [message] = await yarrowMessages(account.id, accepted.id);
    expect(message!.simNumber).toBe(2);
    expect(await device.waitFor('received', (event) => event.id === message!.id)).toMatchObject({ simNumber: 2, text: 'From SIM 2' });
    const refused = await call('POST', '/message', { key: account.key, body: { phoneNumbers: [TEST_NUMBERS[0]], message: 'x', simNumber: 3 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_request', param: 'simNumber', message: expect.stringMatching(/no SIM 3/) });
  });

  it('passes an encrypted text and numbers through with isEncrypted: true; the app decrypts them, and the state says isEncrypted', async () => {
    const passphrase = 'correct horse battery staple';
    const account = await app.account();
    const device = await phone(account, { passphrase });
    const { client, last } = gatewayClient(account);
    const numbers = [await encrypt(passphrase, TEST_NUMBERS[0]!, { iterations: 1_000 }), await encrypt(passphrase, TEST_NUMBERS[1]!, { iterations: 1_000 })];
    const text = await encrypt(passphrase, 'Gate code 2580 until 6 pm', { iterations: 1_000 });
    // The client's types (android-sms-gateway 3.0.0) have no isEncrypted: it sends the request as given.
    const request: Message & { isEncrypted: boolean } = { phoneNumbers: numbers, message: text, isEncrypted: true };
    const accepted = (await client.send(request)) as MessageState & { isEncrypted?: boolean };
    expect(last.status).toBe(202);
    expect(accepted.isEncrypted).toBe(true);
    expect(accepted.recipients.map((recipient) => recipient.phoneNumber)).toEqual(numbers);

    // One Yarrow message per recipient, the ciphertext stored and passed on untouched; the app (its
    // own decryption, ./app-decryption.ts) reads the number and text the sender encrypted.
    const messages = await yarrowMessages(account.id, accepted.id);
    expect(messages.map((message) => [message.to, message.body, message.isEncrypted])).toEqual(numbers.map((number) => [number, text, true]));
    for (const [index, message] of messages.entries()) {
      expect(await device.waitFor('received', (event) => event.id === message.id)).toMatchObject({ text, phoneNumbers: [numbers[index]] });
      expect(await device.waitFor('decrypted', (event) => event.id === message.id)).toMatchObject({ text: 'Gate code 2580 until 6 pm', phoneNumbers: [TEST_NUMBERS[index]] });
    }
    await untilFinal(account, accepted.id);
    const state = (await client.getState(accepted.id)) as MessageState & { isEncrypted?: boolean };
    expect(state).toMatchObject({ state: ProcessState.Delivered, isEncrypted: true });

    // A value not in the app's format is refused naming it, whichever field, and nothing is queued.
    const before = await app.rt.db.prisma.message.count({ where: { accountId: account.id } });
    for (const [body, param] of [
      [{ phoneNumbers: [TEST_NUMBERS[0]], message: text, isEncrypted: true }, 'phoneNumbers[0]'],
      [{ phoneNumbers: numbers, textMessage: { text: 'Gate code 2580' }, isEncrypted: true }, 'textMessage.text'],
      [{ phoneNumbers: [numbers[0]], message: text.replace('$aes-256-cbc/', '$aes-128-cbc/'), isEncrypted: true }, 'message'],
    ] as const) {
      const refused = await call('POST', '/message', { key: account.key, body });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request', param });
    }
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(before);
  });

  it('accepts an empty user name, or the key as Bearer, and refuses a bad key with 401', async () => {
    const account = await app.account();
    const { client } = gatewayClient(account, '');
    await expect(client.getDevices()).resolves.toEqual([]);
    expect((await call('GET', '/devices', { authorization: `Bearer ${account.key}` })).status).toBe(200);

    const bad = await call('GET', '/devices', { key: 'yk_test_not_a_key' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'Invalid or revoked API key.', code: 'unauthorized' });
    expect(bad.headers.get('www-authenticate')).toContain('Basic');
    const none = await call('GET', '/devices');
    expect(none.status).toBe(401);
    expect(none.body.message).toContain('API key as the password');
    expect((await call('GET', '/devices', { authorization: `Basic ${btoa('user-only')}` })).status).toBe(401);
  });

  it('sends one text to several numbers: one Yarrow message each, every recipient followed', async () => {
    const account = await app.account();
    await phone(account);
    const { client } = gatewayClient(account);
    const numbers = TEST_NUMBERS.slice(0, 3);
    const accepted = await client.send({ id: 'order-77-notice', phoneNumbers: numbers, message: 'Doors open at 9' });
    expect(accepted.id).toBe('order-77-notice');

    const messages = await yarrowMessages(account.id, accepted.id);
    expect(messages.map((message) => message.to).sort()).toEqual([...numbers].sort());
    expect(new Set(messages.map((message) => message.batchId)).size).toBe(1);

    await untilFinal(account, accepted.id);
    const state = await client.getState(accepted.id);
    expect(state.state).toBe(ProcessState.Delivered);
    expect(state.recipients.map((recipient) => recipient.phoneNumber).sort()).toEqual([...numbers].sort());
    expect(state.recipients.every((recipient) => recipient.state === ProcessState.Delivered)).toBe(true);

    // The same id again is a conflict and queues nothing more.
    await expect(client.send({ id: 'order-77-notice', phoneNumbers: [TEST_NUMBERS[4]!], message: 'again' })).rejects.toThrow(/HTTP error 409: .*already exists/);
    expect(await yarrowMessages(account.id, accepted.id)).toHaveLength(3);

    const list = await call('GET', '/messages?limit=10', { key: account.key });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body).toEqual([expect.objectContaining({ id: 'order-77-notice', state: 'Delivered' })]);
    const pending = await call('GET', '/messages?state=Pending', { key: account.key });
    expect(pending.body).toEqual([]);
    expect(pending.headers.get('x-total-count')).toBe('0');
    expect((await call('GET', '/messages?limit=101', { key: account.key })).body).toMatchObject({ code: 'invalid_request', param: 'limit' });
  });

  it('follows what the phone reports: Processed while it holds the message, a failed recipient with its error', async () => {
    const account = await app.account();
    const { client } = gatewayClient(account);
    const held = await phone(account, { holdSending: true });
    const waiting = await client.send({ id: 'held', phoneNumbers: [TEST_NUMBERS[2]!], message: 'on the phone' });
    const [message] = await yarrowMessages(account.id, waiting.id);
    await held.waitFor('received', (event) => event.id === message!.id);
    expect(await client.getState('held')).toMatchObject({ state: 'Processed', deviceId: held.deviceId, recipients: [{ state: 'Processed' }] });
    // On a phone: too late to cancel, and nothing changes.
    const refused = await call('DELETE', '/message/held', { key: account.key });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'invalid_state', message: expect.stringContaining('already left the queue') });
    expect((await client.getState('held')).state).toBe('Processed');
    held.stop();

    const other = await app.account();
    const failing = TEST_NUMBERS[1]!;
    await phone(other, { failNumbers: [failing], failError: 'RESULT_ERROR_NO_SERVICE' });
    const otherClient = gatewayClient(other).client;
    const accepted = await otherClient.send({ phoneNumbers: [TEST_NUMBERS[0]!, failing], message: 'one fails' });
    await untilFinal(other, accepted.id);
    const state = await otherClient.getState(accepted.id);
    expect(state.state).toBe(ProcessState.Failed);
    expect(state.recipients).toEqual([
      { phoneNumber: TEST_NUMBERS[0], state: ProcessState.Delivered },
      { phoneNumber: failing, state: ProcessState.Failed, error: 'RESULT_ERROR_NO_SERVICE' },
    ]);
  });

  it('maps recipient states onto the reference states, and the message onto its least advanced recipient', async () => {
    const account = await app.account();
    const { client } = gatewayClient(account);
    // No device: the messages stay queued until this test moves them.
    const accepted = await client.send({ id: 'mapping', phoneNumbers: TEST_NUMBERS.slice(0, 3), message: 'states' });
    const [a, b, c] = await yarrowMessages(account.id, 'mapping');
    const now = new Date();
    const set = (id: string, data: Record<string, unknown>) => app.rt.db.prisma.message.update({ where: { id }, data });
    const expectState = async (message: string, recipients: string[]) => {
      const state = await client.getState(accepted.id);
      expect({ message: state.state, recipients: state.recipients.map((recipient) => recipient.state) }).toEqual({ message, recipients });
    };

    await expectState('Pending', ['Pending', 'Pending', 'Pending']);
    await set(a!.id, { state: 'dispatched', dispatchedAt: now });
    await expectState('Pending', ['Pending', 'Pending', 'Pending']);
    await set(a!.id, { acknowledgedAt: now });
    await set(b!.id, { state: 'sent', sentAt: now });
    await expectState('Pending', ['Processed', 'Sent', 'Pending']);
    await set(c!.id, { state: 'dispatched', acknowledgedAt: now });
    await expectState('Processed', ['Processed', 'Sent', 'Processed']);
    await set(a!.id, { state: 'delivered', sentAt: now, deliveredAt: now });
    await set(c!.id, { state: 'sent', sentAt: now });
    await expectState('Sent', ['Delivered', 'Sent', 'Sent']);
    await set(b!.id, { state: 'delivered', deliveredAt: now });
    await set(c!.id, { state: 'delivered', deliveredAt: now });
    await expectState('Delivered', ['Delivered', 'Delivered', 'Delivered']);
    await set(b!.id, { state: 'failed', failureReason: 'radio_off', failedAt: now });
    await expectState('Failed', ['Delivered', 'Failed', 'Delivered']);
    expect((await client.getState(accepted.id)).recipients[1]).toEqual({ phoneNumber: TEST_NUMBERS[1], state: 'Failed', error: 'radio_off' });

    // The list filters on the same state.
    const failed = await call('GET', '/messages?state=Failed', { key: account.key });
    expect(failed.body.map((message: { id: string }) => message.id)).toEqual(['mapping']);
    expect((await call('GET', '/messages?state=Delivered', { key: account.key })).body).toEqual([]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await call('GET', `/messages?from=${encodeURIComponent(later)}`, { key: account.key })).headers.get('x-total-count')).toBe('0');
  });

  it('lists the account\'s devices and deletes one (revoked in Yarrow)', async () => {
    const account = await app.account();
    const first = await phone(account, { name: 'Google/front-desk' });
    const second = await phone(account, { name: 'Samsung/back-office' });
    const { client } = gatewayClient(account);

    const devices = await client.getDevices();
    expect(devices.map((device) => device.name).sort()).toEqual(['Google/front-desk', 'Samsung/back-office']);
    expect(devices.find((device) => device.id === first.deviceId)).toMatchObject({
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastSeen: expect.any(String),
      deletedAt: null,
    });

    await expect(client.deleteDevice(second.deviceId)).resolves.toBeNull();
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: second.deviceId } })).status).toBe('revoked');
    expect((await client.getDevices()).map((device) => device.id)).toEqual([first.deviceId]);
    expect((await second.call('GET', '/message')).status).toBe(401);
    await expect(client.deleteDevice(second.deviceId)).rejects.toThrow(/HTTP error 404/);

    const stranger = gatewayClient(await app.account()).client;
    await expect(stranger.deleteDevice(first.deviceId)).rejects.toThrow(/HTTP error 404/);
    expect((await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: first.deviceId } })).status).not.toBe('revoked');
  });

  it('registers a webhook as a Yarrow endpoint for the mapped event, and deletes it', async () => {
    const account = await app.account();
    const { client, last } = gatewayClient(account);
    const url = 'https://hooks.example.com/sms';

    const webhook = await client.registerWebhook({ url, event: WebHookEventType.SmsDelivered });
    expect(last.status).toBe(201);
    expect(webhook).toEqual({ id: expect.any(String), deviceId: null, url, event: 'sms:delivered' });
    const endpoints = await app.request('GET', '/api/v1/webhook-endpoints', { key: account.key });
    expect(endpoints.body.data).toEqual([expect.objectContaining({ id: webhook.id, url, event_types: ['message.delivered'], payload_format: 'sms_gateway' })]);
    expect(await client.getWebhooks()).toEqual([webhook]);

    // Same id: replaced, not added.
    const replaced = await client.registerWebhook({ id: webhook.id, url: `${url}/v2`, event: WebHookEventType.SmsFailed });
    expect(replaced).toEqual({ id: webhook.id, deviceId: null, url: `${url}/v2`, event: 'sms:failed' });
    expect(await client.getWebhooks()).toEqual([replaced]);

    await expect(client.registerWebhook({ url, event: 'mms:received' as WebHookEventType })).rejects.toThrow(/HTTP error 400: .*mms:received is not supported: .*mms:downloaded/);
    await expect(client.registerWebhook({ url: 'not a url', event: WebHookEventType.SmsSent })).rejects.toThrow(/HTTP error 400: .*"param":"url"/);

    await expect(client.deleteWebhook(webhook.id!)).resolves.toBeNull();
    expect((await app.request('GET', '/api/v1/webhook-endpoints', { key: account.key })).body.data).toEqual([]);
    expect(await client.getWebhooks()).toEqual([]);
    await expect(client.deleteWebhook(webhook.id!)).rejects.toThrow(/HTTP error 404/);
  });

  it("delivers a registered webhook in the app's shape and signature, and Yarrow's own endpoints in Yarrow's", async () => {
    const account = await app.account();
    const [delivered, failing] = [TEST_NUMBERS[1]!, TEST_NUMBERS[2]!];
    await phone(account, { failNumbers: [failing], failError: 'RESULT_ERROR_NO_SERVICE' });
    const { client } = gatewayClient(account);
    const hooks = {
      sent: await client.registerWebhook({ url: receiver.url('/reference-sent'), event: WebHookEventType.SmsSent }),
      delivered: await client.registerWebhook({ url: receiver.url('/reference-delivered'), event: WebHookEventType.SmsDelivered }),
      failed: await client.registerWebhook({ url: receiver.url('/reference-failed'), event: WebHookEventType.SmsFailed }),
    };
    const own = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: receiver.url('/yarrow-delivered'), event_types: ['message.delivered'] },
    });
    expect(own.status).toBe(201);
    expect(own.body.webhook_endpoint.payload_format).toBe('yarrow');

    const accepted = await client.send({ id: 'order-42', phoneNumbers: [delivered, failing], message: 'hooked' });
    expect(accepted.id).toBe('order-42');
    const keyOf = async (id: string) => (await revealSecret(app.rt, app.rt.db.prisma, account.id, id)).secret;

    const [sentTo] = await Promise.all([receiver.waitFor('/reference-sent', 1), receiver.waitFor('/reference-failed', 1)]);
    const [deliveredRequest] = await receiver.waitFor('/reference-delivered', 1);
    const [failedRequest] = receiver.received('/reference-failed');
    const sent = verifyReferenceWebhook(await keyOf(hooks.sent.id!), sentTo[0]!.headers, sentTo[0]!.body);
    const deliveredHook = verifyReferenceWebhook(await keyOf(hooks.delivered.id!), deliveredRequest!.headers, deliveredRequest!.body);
    const failed = verifyReferenceWebhook(await keyOf(hooks.failed.id!), failedRequest!.headers, failedRequest!.body);
    // Another endpoint's key does not verify it: each is signed with its own.
    expect(() => verifyReferenceWebhook(hooks.sent.id!, deliveredRequest!.headers, deliveredRequest!.body)).toThrow('bad signature');
    expect(() => verifyReferenceWebhook('wrong-key', deliveredRequest!.headers, deliveredRequest!.body)).toThrow('bad signature');

    const messages = await yarrowMessages(account.id, 'order-42');
    const requestIdOf = (to: string) => messages.find((message) => message.to === to)!.id;
    const deviceId = messages.find((message) => message.to === delivered)!.deviceId;
    expect(deviceId).toMatch(/^dev_/);
    const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(sent).toEqual({
      id: expect.stringMatching(/^evt_/),
      webhookId: hooks.sent.id,
      deviceId,
      event: 'sms:sent',
      payload: { messageId: 'order-42', phoneNumber: delivered, recipient: delivered, partsCount: 1, sentAt: isoTime },
    });
    expect(deliveredHook).toEqual({
      id: expect.stringMatching(/^evt_/),
      webhookId: hooks.delivered.id,
      deviceId,
      event: 'sms:delivered',
      payload: { messageId: 'order-42', phoneNumber: delivered, recipient: delivered, deliveredAt: isoTime },
    });
    expect(failed).toMatchObject({
      webhookId: hooks.failed.id,
      event: 'sms:failed',
      payload: { messageId: 'order-42', phoneNumber: failing, recipient: failing, failedAt: isoTime, reason: expect.stringContaining('RESULT_ERROR_NO_SERVICE') },
    });
    // No Yarrow headers on these: a reference receiver sees only its own.
    expect(deliveredRequest!.headers['x-yarrowpay-signature']).toBeUndefined();
    // The delivery log (GraphQL, the panel's endpoint page) shows the format and the very body sent.
    const log = await app.request('POST', '/graphql', { key: account.key, body: { query: EndpointDeliveries.toString(), variables: { id: hooks.delivered.id } } });
    expect(log.body.data.webhookEndpoint.payloadFormat).toBe('SMS_GATEWAY');
    expect(log.body.data.webhookDeliveries.edges.map((edge: { node: { body: string } }) => edge.node.body)).toEqual([deliveredRequest!.body]);

    // The endpoint made through Yarrow's own API gets Yarrow's event and signature, as docs/webhooks.md says.
    const [yarrowRequest] = await receiver.waitFor('/yarrow-delivered', 1);
    expect(yarrowRequest!.headers['x-signature']).toBeUndefined();
    const event = verifyWebhook(own.body.secret, yarrowRequest!.headers, yarrowRequest!.body);
    expect(event).toMatchObject({ event: 'message.delivered', object_public_id: requestIdOf(delivered), data: { status: 'delivered', to: delivered, request_id: requestIdOf(delivered) } });
    const ownLog = await app.request('POST', '/graphql', { key: account.key, body: { query: EndpointDeliveries.toString(), variables: { id: own.body.webhook_endpoint.id } } });
    expect(ownLog.body.data.webhookEndpoint.payloadFormat).toBe('YARROW');
    expect(ownLog.body.data.webhookDeliveries.edges.map((edge: { node: { body: string } }) => edge.node.body)).toEqual([yarrowRequest!.body]);
  });

  it('delivers received SMS as the reference sms:received webhook, and an inbox refresh makes the phone send what it missed', async () => {
    const account = await app.account();
    const app1 = await phone(account, { webhookBackoffMs: 50 });
    const { client, last } = gatewayClient(account);
    const hook = await client.registerWebhook({ url: receiver.url('/reference-received'), event: WebHookEventType.SmsReceived });
    expect(last.status).toBe(201);
    expect(hook).toMatchObject({ event: 'sms:received' });

    // Received while the app was off: nothing reaches Yarrow until it is asked for its inbox.
    const receivedAt = new Date(Date.now() - 60_000);
    app1.smsWhileAppOff({ sender: '+14155552673', text: 'Is the shop open on Sunday?', simNumber: 1, receivedAt });
    await client.exportInbox({ deviceId: app1.deviceId, since: new Date(Date.now() - 3_600_000), until: new Date() });
    expect(last.status).toBe(202);
    await app1.waitFor('webhook-done');

    const [request] = await receiver.waitFor('/reference-received', 1);
    const secret = (await revealSecret(app.rt, app.rt.db.prisma, account.id, hook.id!)).secret;
    const received = verifyReferenceWebhook(secret, request!.headers, request!.body);
    const [message] = (await app.request('GET', '/api/v1/messages?direction=inbound', { key: account.key })).body.data;
    expect(received).toEqual({
      id: expect.stringMatching(/^evt_/),
      webhookId: hook.id,
      deviceId: app1.deviceId,
      event: 'sms:received',
      payload: { messageId: message.request_id, message: 'Is the shop open on Sunday?', receivedAt: receivedAt.toISOString(), sender: '+14155552673', simNumber: 1, phoneNumber: '+14155552673' },
    });
    // The older paths ask the same (deprecated, as on the reference server); an unknown device is not found.
    const older = await call('POST', '/messages/inbox/export', { key: account.key, body: { since: new Date(Date.now() - 3_600_000), until: new Date() } });
    expect(older.status).toBe(202);
    expect(older.headers.get('deprecation')).toBe('true');
    expect((await call('POST', '/inbox/refresh', { key: account.key, body: { deviceId: 'dev_nope', since: new Date(0), until: new Date() } })).status).toBe(404);
    // Listing the inbox is not implemented on the reference server either: Yarrow says where the list is.
    const list = await call('GET', '/inbox', { key: account.key });
    expect(list.status).toBe(501);
    expect(list.body.message).toContain('direction=inbound');
  });

  it('answers health without credentials, and 501 for what Yarrow does not keep', async () => {
    const account = await app.account();
    const { client } = gatewayClient(account);
    const health = await client.getHealth();
    expect(health).toMatchObject({ status: 'pass', checks: { 'database:responseTime': { status: 'pass', observedUnit: 'ms' } } });
    expect((await call('GET', '/health')).status).toBe(200);

    await expect(client.getLogs()).rejects.toThrow(/HTTP error 501: .*logs stay on the phone/);
    await expect(client.getSettings()).rejects.toThrow(/HTTP error 501/);
    expect((await call('POST', '/auth/token', { key: account.key, body: { scopes: ['messages:send'] } })).body).toMatchObject({ code: 'not_implemented' });
    expect((await call('GET', '/nothing-here', { key: account.key })).body).toMatchObject({ code: 'not_found' });
  });

  it('keeps the key\'s scopes: 403 naming the missing one', async () => {
    const account = await app.account({ scopes: ['messages.read'] });
    const { client } = gatewayClient(account);
    await expect(client.send({ phoneNumbers: [TEST_NUMBERS[0]!], message: 'hi' })).rejects.toThrow(/HTTP error 403: .*sms\.send/);
    await expect(client.getWebhooks()).rejects.toThrow(/HTTP error 403: .*webhooks\.manage/);
    await expect(client.getDevices()).rejects.toThrow(/HTTP error 403: .*devices\.manage/);
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('hides another account\'s message (404)', async () => {
    const owner = await app.account();
    const accepted = await gatewayClient(owner).client.send({ phoneNumbers: [TEST_NUMBERS[0]!], message: 'mine' });
    const stranger = gatewayClient(await app.account()).client;
    await expect(stranger.getState(accepted.id)).rejects.toThrow(/HTTP error 404/);
    expect((await call('DELETE', `/message/${accepted.id}`, { key: (await app.account()).key })).status).toBe(404);
  });

  it('refuses bad bodies with a clear 400 and queues nothing', async () => {
    const account = await app.account();
    const ok = { phoneNumbers: [TEST_NUMBERS[0]], message: 'x' };
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...ok, phoneNumbers: ['89161234567'] }, 'phoneNumbers[0]', /E\.164/],
      [{ ...ok, phoneNumbers: ['+1415555'] }, 'phoneNumbers[0]', /not a valid phone number/],
      [{ ...ok, phoneNumbers: [] }, 'phoneNumbers', /./],
      [{ ...ok, phoneNumbers: Array.from({ length: 101 }, (_, i) => `+1415555${String(i).padStart(4, '0')}`) }, 'phoneNumbers', /./],
      [{ ...ok, phoneNumbers: [TEST_NUMBERS[0], TEST_NUMBERS[0]] }, 'phoneNumbers', /at most once/],
      [{ phoneNumbers: [TEST_NUMBERS[0]] }, 'message', /exactly one/],
      [{ ...ok, textMessage: { text: 'y' } }, 'message', /exactly one/],
      [{ phoneNumbers: [TEST_NUMBERS[0]], dataMessage: { data: 'AAE=', port: 53739 } }, 'dataMessage', /text messages only/],
      [{ ...ok, isEncrypted: true }, 'message', /not an encrypted value in the app's format/],
      [{ ...ok, simNumber: 2 }, 'simNumber', /no paired device to send from SIM 2/],
      [{ ...ok, ttl: 3 }, 'ttl', /./],
      [{ ...ok, ttl: 60, validUntil: new Date(Date.now() + 60_000).toISOString() }, 'validUntil', /not both/],
      [{ ...ok, validUntil: '2020-01-01T00:00:00Z' }, 'validUntil', /future/],
      [{ ...ok, id: 'x'.repeat(37) }, 'id', /./],
      [{ ...ok, colour: 'red' }, '', /colour/],
    ];
    for (const [body, param, message] of cases) {
      const response = await call('POST', '/message', { key: account.key, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      if (param) expect(response.body.param).toBe(param);
      expect(response.body.message).toMatch(message);
    }
    const unknownDevice = await call('POST', '/message', { key: account.key, body: { ...ok, deviceId: 'dev_unknown' } });
    expect(unknownDevice.status).toBe(422);
    expect(unknownDevice.body).toMatchObject({ code: 'invalid_device', param: 'deviceId' });
    const notJson = await app.request('POST', `${PREFIX}/message`, { body: '{', headers: { authorization: `Basic ${btoa(`:${account.key}`)}`, 'content-type': 'application/json' } });
    expect(notJson.body).toMatchObject({ code: 'invalid_request', param: 'body' });
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(0);
    expect(await app.rt.db.prisma.messageBatch.count({ where: { accountId: account.id } })).toBe(0);

    // skipPhoneValidation still wants E.164, but not a number libphonenumber knows.
    const skipped = await call('POST', '/message?skipPhoneValidation=true', { key: account.key, body: { ...ok, phoneNumbers: ['+1415555'] } });
    expect(skipped.status).toBe(202);
    // textMessage is the current form of the text; /messages the plural path.
    const viaText = await call('POST', '/messages', { key: account.key, body: { phoneNumbers: [TEST_NUMBERS[2]], textMessage: { text: 'hello' }, ttl: 600 } });
    expect(viaText.status).toBe(202);
    const [queued] = await yarrowMessages(account.id, viaText.body.id);
    expect(queued).toMatchObject({ to: TEST_NUMBERS[2], body: 'hello' });
    expect(queued!.expiresAt.getTime() - queued!.queuedAt.getTime()).toBe(600_000);
  });

  it('cancels a message no phone has yet (Failed, "cancelled"), and refuses once it left the queue', async () => {
    const account = await app.account();
    const { client } = gatewayClient(account);
    // No device: the message waits in the queue.
    const waiting = await client.send({ id: 'cancel-me', phoneNumbers: TEST_NUMBERS.slice(0, 2), message: 'maybe' });
    expect(waiting.state).toBe(ProcessState.Pending);

    const cancelled = await call('DELETE', '/message/cancel-me', { key: account.key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: 'cancel-me',
      state: 'Failed',
      recipients: [
        { state: 'Failed', error: 'cancelled' },
        { state: 'Failed', error: 'cancelled' },
      ],
    });
    const messages = await yarrowMessages(account.id, 'cancel-me');
    expect(messages.map((message) => [message.state, message.failureReason])).toEqual([['failed', 'cancelled'], ['failed', 'cancelled']]);
    const events = await app.rt.db.prisma.event.findMany({ where: { accountId: account.id, type: 'message.failed' } });
    expect(events).toHaveLength(2);

    const again = await call('DELETE', '/message/cancel-me', { key: account.key });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only a message no phone has yet can be cancelled/);
    expect(await app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'message.failed' } })).toBe(2);
  });
});
