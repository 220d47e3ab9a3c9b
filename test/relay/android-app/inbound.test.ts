// Received SMS from the SMS Gateway for Android app (issue 31), played by the app emulator written
// from the app's source (./emulator.ts): Yarrow serves each phone its own hooks and signing key;
// a signed sms:received becomes one inbound message threaded to the SMS it answers, also when the
// phone retries it (same event id) or receives it again (same hash); a forged one writes nothing.
import { createHmac } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { createServer, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { startReceiver, type Receiver } from '../../webhooks/receiver.ts';
import { pairingCode, relayTestEnv, sendSms, waitForStatus } from '../helpers.ts';
import { AppEmulator, appRequest, type AppEmulatorOptions } from './emulator.ts';

let app: TestApp;
let receiver: Receiver;
const phones: AppEmulator[] = [];

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

const appOptions = (options: Partial<AppEmulatorOptions> = {}): AppEmulatorOptions => ({
  apiUrl: `${app.baseUrl}/api/mobile/v1`,
  ca: app.tlsCa,
  reconnectMs: 200,
  webhookBackoffMs: 50,
  ...options,
});

async function signIn(account: TestAccount, options: Partial<AppEmulatorOptions> = {}) {
  const { code } = await pairingCode(app, account.key);
  const phone = await AppEmulator.signInByCode(appOptions(options), code);
  phones.push(phone);
  return phone;
}

const inbound = async (key: string) =>
  (await app.request('GET', '/api/v1/messages?direction=inbound', { key })).body.data as Array<Record<string, unknown>>;

describe('received SMS from the Android app', () => {
  it('serves each phone its own hooks and key; a signed sms:received is one message.received threaded to what it answers, retried or received again', async () => {
    const account = await app.account();
    const endpoint = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/app-inbound'), event_types: ['message.received'] } });
    // The first answer of each POST is lost on its way back: the phone retries the same event.
    const phone = await signIn(account, { loseWebhookAnswers: 1 });
    const other = await signIn(await app.account());
    expect(phone.hooks.map((hook) => hook.event)).toEqual(['sms:received', 'sms:data-received', 'mms:received', 'mms:downloaded']);
    expect(phone.hooks[0]!.url).toBe(`${app.baseUrl}/api/mobile/v1/inbound/${phone.deviceId}`);
    expect(phone.signingKey).not.toBe(other.signingKey);
    expect(phone.signingKey.length).toBeGreaterThanOrEqual(32);
    // Kept sealed, not in clear.
    const stored = await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: phone.deviceId } });
    expect(stored.sealedWebhookKey).toBeTruthy();
    expect(stored.sealedWebhookKey).not.toContain(phone.signingKey);
    // The key stays the same on every settings read.
    expect((await phone.call('GET', '/settings')).body.webhooks.signing_key).toBe(phone.signingKey);

    const sent = await sendSms(app, account.key, { to: '+14155552671', message: 'Your table for 2 at 9 pm: reply STOP to stop reminders' });
    await waitForStatus(app, account.key, sent.body.request_id, ['DELIVERED']);

    const receivedAt = new Date(Date.now() - 1000);
    const messageId = await phone.receiveSms({ sender: '+14155552671', text: 'See you there', simNumber: 1, recipient: '+14155550100', receivedAt });
    const posts = phone.events.filter((event) => event.type === 'webhook-sent' && event.messageId === messageId);
    expect(posts.map((post) => post.type === 'webhook-sent' && post.status)).toEqual([0, 200]);
    expect(new Set(posts.map((post) => post.type === 'webhook-sent' && post.eventId)).size).toBe(1);
    // The phone receives it again (an inbox export): skipped on the phone, and one message here anyway.
    await phone.receiveSms({ sender: '+14155552671', text: 'See you there', simNumber: 1, recipient: '+14155550100', receivedAt });

    const rows = await inbound(account.key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'inbound',
      status: 'received',
      from: '+14155552671',
      to: '+14155550100',
      text: 'See you there',
      device_id: phone.deviceId,
      sim_number: 1,
      received_at: receivedAt.toISOString(),
      in_reply_to: sent.body.request_id,
    });
    expect(await inbound((await app.account()).key)).toEqual([]);

    const [delivery] = await receiver.waitFor('/app-inbound', 1);
    const event = verifyWebhook(endpoint.body.secret as string, delivery!.headers, delivery!.body) as { event: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ event: 'message.received', data: { request_id: rows[0]!.request_id, text: 'See you there', in_reply_to: sent.body.request_id } });
    expect(await app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'message.received' } })).toBe(1);

    // STOP through the app opts the sender out; START back in.
    await phone.receiveSms({ sender: '+14155552671', text: 'STOP', simNumber: 1 });
    const refused = await sendSms(app, account.key, { to: '+14155552671', message: 'One more reminder' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
    await phone.receiveSms({ sender: '+14155552671', text: 'Start', simNumber: 1 });
    expect((await sendSms(app, account.key, { to: '+14155552671', message: 'Welcome back' })).status).toBe(202);
  });

  it('refuses a forged, unsigned, stale or foreign webhook and writes nothing', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    const other = await signIn(await app.account());
    const hook = phone.hooks.find((candidate) => candidate.event === 'sms:received')!;
    const body = JSON.stringify({
      id: 'evt-forged-1',
      webhookId: hook.id,
      event: 'sms:received',
      deviceId: phone.deviceId,
      payload: { messageId: 'abcd1234', message: 'STOP', receivedAt: new Date().toISOString(), sender: '+14155552672', phoneNumber: '+14155552672' },
    });
    const post = (key: string | null, { timestamp = Math.floor(Date.now() / 1000), url = hook.url, text = body } = {}) =>
      appRequest({ apiUrl: url, ca: app.tlsCa }, 'POST', '', {
        body: text,
        headers: key === null ? {} : { 'X-Timestamp': String(timestamp), 'X-Signature': createHmac('sha256', key).update(text + timestamp).digest('hex') },
      });

    expect((await post(null)).status).toBe(401);
    const forged = await post('not-the-key');
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'forbidden', param: 'X-Signature' });
    expect((await post(other.signingKey)).status).toBe(403);
    expect((await post(phone.signingKey, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(403);
    // Signed, then changed on the way.
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', phone.signingKey).update(body + timestamp).digest('hex');
    const altered = await appRequest({ apiUrl: hook.url, ca: app.tlsCa }, 'POST', '', {
      body: body.replace('STOP', 'stop'),
      headers: { 'X-Timestamp': String(timestamp), 'X-Signature': signature },
    });
    expect(altered.status).toBe(403);
    // The other phone's key on the other phone's hook, naming this phone in the body.
    const otherHook = other.hooks.find((candidate) => candidate.event === 'sms:received')!;
    expect((await post(other.signingKey, { url: otherHook.url })).status).toBe(403);

    expect(await inbound(account.key)).toEqual([]);
    expect(await app.rt.db.prisma.optOut.count({ where: { accountId: account.id } })).toBe(0);
    // The genuine one is taken.
    const genuine = await post(phone.signingKey);
    expect(genuine.status).toBe(200);
    expect(genuine.body).toMatchObject({ duplicate: false });
    // The same SMS in another event (the app re-exported its inbox after its data was wiped): its hash makes it the same message.
    const again = await post(phone.signingKey, { text: body.replace('evt-forged-1', 'evt-export-2') });
    expect(again.body).toEqual({ request_id: genuine.body.request_id, duplicate: true });
    expect(await inbound(account.key)).toHaveLength(1);
    expect(await app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'message.received' } })).toBe(1);
    expect(await app.rt.db.prisma.optOut.count({ where: { accountId: account.id, phone: '+14155552672', source: 'keyword' } })).toBe(1);
  });

  it('answers 400 to a signed body the database would refuse and 503 with Retry-After while the database is away', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    const hook = phone.hooks.find((candidate) => candidate.event === 'sms:received')!;
    const post = (payload: Record<string, unknown>, url = hook.url) => {
      const text = JSON.stringify({ id: `evt-${Math.random()}`, webhookId: hook.id, event: 'sms:received', deviceId: phone.deviceId, payload });
      const timestamp = Math.floor(Date.now() / 1000);
      return appRequest({ apiUrl: url, ca: app.tlsCa }, 'POST', '', {
        body: text,
        headers: { 'X-Timestamp': String(timestamp), 'X-Signature': createHmac('sha256', phone.signingKey).update(text + timestamp).digest('hex') },
      });
    };
    const sms = { messageId: 'nul-1', message: 'Hello', sender: '+14155552673', receivedAt: new Date().toISOString() };
    const nul = await post({ ...sms, message: 'STOP\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'invalid_request' });
    const ancient = await post({ ...sms, messageId: 'old-1', receivedAt: '-271821-04-20T00:00:00.000Z' });
    expect(ancient.status).toBe(400);
    expect(await inbound(account.key)).toEqual([]);
    expect(await app.rt.db.prisma.optOut.count({ where: { accountId: account.id } })).toBe(0);

    // A gateway whose database goes away (its connections pass through a proxy that is then shut).
    const proxy = await databaseProxy(new URL(app.databaseUrl));
    const gateway = await app.startExtraGateway({ DATABASE_URL: proxy.url });
    try {
      const hookThere = hook.url.replace(app.baseUrl, gateway.baseUrl);
      expect((await post({ ...sms, messageId: 'up-1' }, hookThere)).status).toBe(200);
      proxy.cut();
      const away = await post({ ...sms, messageId: 'away-1' }, hookThere);
      expect(away.status).toBe(503);
      expect(away.headers['retry-after']).toMatch(/^\d+$/);
      expect(away.body).toMatchObject({ code: 'service_unavailable' });
      proxy.restore();
    } finally {
      proxy.restore();
      await gateway.stop();
      proxy.close();
    }
  });

  it('serves the hook on PUBLIC_BASE_URL when it is set, whatever Host the phone (or anyone) sent', async () => {
    const phone = await signIn(await app.account());
    const hooksFrom = async (baseUrl: string) => {
      const url = new URL(`${baseUrl}/api/mobile/v1/webhooks`);
      return new Promise<Array<{ url: string }>>((resolve, reject) => {
        // The Host a caller chooses (TLS still names the certificate's host).
        const request = httpsRequest(url, { ca: app.tlsCa, servername: 'localhost', headers: { host: 'attacker.example', authorization: `Bearer ${phone.token}` } }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(JSON.parse(text)));
        });
        request.on('error', reject);
        request.end();
      });
    };
    // Unset: the origin the phone called (a server reached by its address).
    expect((await hooksFrom(app.baseUrl))[0]!.url).toBe(`https://attacker.example/api/mobile/v1/inbound/${phone.deviceId}`);
    const configured = await app.startExtraGateway({ publicBaseUrl: 'https://relay.example.com', publicBaseUrlSet: true });
    try {
      expect((await hooksFrom(configured.baseUrl)).map((hook) => hook.url)).toEqual(Array(4).fill(`https://relay.example.com/api/mobile/v1/inbound/${phone.deviceId}`));
    } finally {
      await configured.stop();
    }
  });

  it('refuses an unsigned or forged body before parsing it: 401 / 403, not "not valid JSON"', async () => {
    const phone = await signIn(await app.account());
    const hook = phone.hooks[0]!;
    const nested = '['.repeat(512 * 1024);
    // Answered before the body is read: the server drops the connection after (Connection: close, so no later call reuses it).
    const unsigned = await appRequest({ apiUrl: hook.url, ca: app.tlsCa }, 'POST', '', { body: nested, headers: { connection: 'close' } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toMatchObject({ code: 'unauthorized', param: 'X-Signature' });
    const timestamp = Math.floor(Date.now() / 1000);
    const forged = await appRequest({ apiUrl: hook.url, ca: app.tlsCa }, 'POST', '', {
      body: nested,
      headers: { 'X-Timestamp': String(timestamp), 'X-Signature': createHmac('sha256', 'not-the-key').update(nested + timestamp).digest('hex') },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'forbidden', param: 'X-Signature' });
    // Signed with the right key, the body is read, and refused for what it is.
    const signed = await appRequest({ apiUrl: hook.url, ca: app.tlsCa }, 'POST', '', {
      body: '{"id":',
      headers: { 'X-Timestamp': String(timestamp), 'X-Signature': createHmac('sha256', phone.signingKey).update(`{"id":${timestamp}`).digest('hex') },
    });
    expect(signed.status).toBe(400);
  });
});

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function databaseProxy(target: URL) {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: url.toString(),
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close() {
      server.close();
    },
  };
}
