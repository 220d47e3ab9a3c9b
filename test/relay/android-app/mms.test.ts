// Received MMS from the SMS Gateway for Android app (issue 40), played by the app emulator written
// from the app's source (./emulator.ts `receiveMms`: MmsContentReader.kt, ReceiverService.kt,
// MmsDownloadedPayload.kt): Yarrow serves the phone an `mms:downloaded` hook, keeps the parts in
// PostgreSQL under bounds (20 parts, 5 MiB a message; past that metadata, `data_omitted`), lists
// them on the message (REST, GraphQL, message.received) and serves each only as a download. A
// webhook registered for the reference's `mms:downloaded` through the reference API (with the
// `android-sms-gateway` client) gets each received MMS in the app's shape, the parts' metadata only.
import clientModule, { WebHookEventType, type HttpClient } from 'android-sms-gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { purgeOldMessageTexts } from '../../../src/relay/messages/retention.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { startReceiver, type Receiver } from '../../webhooks/receiver.ts';
import { pairingCode, relayTestEnv } from '../helpers.ts';
import { AppEmulator, type AppEmulatorOptions } from './emulator.ts';
import { verifyReferenceWebhook } from './reference-receiver.ts';
import { revealSecret } from '../../../src/webhooks/endpoints.ts';

// The package's default export is the client class at runtime (see thirdparty.test.ts).
const Client = clientModule as unknown as typeof clientModule.default;

let app: TestApp;
let receiver: Receiver;
const phones: AppEmulator[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['webhooks']);
});
afterAll(async () => {
  for (const phone of phones) phone.stop();
  await app?.stop();
  await receiver?.close();
});

/** A 1×1 JPEG (SOI, JFIF, quantisation and Huffman tables, one scan, EOI). */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const EVIL_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

async function signIn(account: TestAccount, options: Partial<AppEmulatorOptions> = {}) {
  const { code } = await pairingCode(app, account.key);
  const phone = await AppEmulator.signInByCode({ apiUrl: `${app.baseUrl}/api/mobile/v1`, reconnectMs: 200, webhookBackoffMs: 50, ...options }, code);
  phones.push(phone);
  return phone;
}

const inbound = async (key: string) => (await app.request('GET', '/api/v1/messages?direction=inbound', { key })).body.data as Array<Record<string, any>>;

describe('received MMS from the Android app', () => {
  it('keeps a text, a JPEG and an SVG part: listed everywhere, the JPEG read back byte for byte, every part served only as a download', async () => {
    const account = await app.account();
    const endpoint = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/mms'), event_types: ['message.received'] } });
    const phone = await signIn(account);
    expect(phone.hooks.map((hook) => hook.event)).toContain('mms:downloaded');

    await phone.receiveMms({
      mmsId: 41,
      sender: '+14155552671',
      recipient: '+14155550100',
      parts: [
        { contentType: 'application/smil', data: Buffer.from('<smil/>') },
        { contentType: 'text/plain', data: Buffer.from('Look at this') },
        { contentType: 'image/jpeg', name: 'IMG_0042.jpg', data: TINY_JPEG },
        { contentType: 'image/svg+xml', name: 'evil.svg', data: EVIL_SVG },
      ],
    });
    const posts = phone.events.filter((event) => event.type === 'webhook-sent' && event.event === 'mms:downloaded');
    expect(posts.map((post) => post.type === 'webhook-sent' && post.status)).toEqual([200]);

    const [message] = await inbound(account.key);
    expect(message).toMatchObject({ direction: 'inbound', from: '+14155552671', text: 'Look at this' });
    expect(message!.attachments).toEqual([
      { id: expect.stringMatching(/^part_/), content_type: 'image/jpeg', name: 'IMG_0042.jpg', size: TINY_JPEG.length },
      { id: expect.stringMatching(/^part_/), content_type: 'image/svg+xml', name: 'evil.svg', size: EVIL_SVG.length },
    ]);
    const [jpeg, svg] = message!.attachments as Array<{ id: string }>;

    const download = await fetch(`${app.baseUrl}/api/v1/messages/${message!.request_id}/attachments/${jpeg!.id}`, { headers: { authorization: `Bearer ${account.key}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(TINY_JPEG)).toBe(true);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="IMG_0042.jpg"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    const svgDownload = await fetch(`${app.baseUrl}/api/v1/messages/${message!.request_id}/attachments/${svg!.id}`, { headers: { authorization: `Bearer ${account.key}` } });
    expect(svgDownload.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(svgDownload.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");

    // Another account's key, or this message's id with another's part: not found.
    const stranger = await app.account();
    expect((await app.request('GET', `/api/v1/messages/${message!.request_id}/attachments/${jpeg!.id}`, { key: stranger.key })).status).toBe(404);
    expect((await app.request('GET', `/api/v1/messages/req_unknown/attachments/${jpeg!.id}`, { key: account.key })).status).toBe(404);

    const graphql = await app.request('POST', '/graphql', {
      key: account.key,
      body: { query: 'query ($id: ID!) { message(requestId: $id) { body attachments { id contentType name size dataOmitted } } }', variables: { id: message!.request_id } },
    });
    expect(graphql.body.data.message.attachments).toEqual([
      { id: jpeg!.id, contentType: 'image/jpeg', name: 'IMG_0042.jpg', size: TINY_JPEG.length, dataOmitted: false },
      { id: svg!.id, contentType: 'image/svg+xml', name: 'evil.svg', size: EVIL_SVG.length, dataOmitted: false },
    ]);

    const [delivery] = await receiver.waitFor('/mms', 1);
    const event = verifyWebhook(endpoint.body.secret as string, delivery!.headers, delivery!.body) as { data: Record<string, any> };
    expect(event.data.attachments).toEqual(message!.attachments);

    // A repeat of the same MMS is the same message, its parts kept once.
    await phone.receiveMms({ mmsId: 41, sender: '+14155552671', parts: [{ contentType: 'image/jpeg', data: TINY_JPEG }] });
    expect(await inbound(account.key)).toHaveLength(1);
    expect(await app.rt.db.prisma.messageAttachment.count({ where: { messageId: message!.request_id } })).toBe(2);

    // The text retention takes the parts with the text.
    const later = new Date(Date.now() + (app.rt.config.RELAY_MESSAGE_TEXT_RETENTION_DAYS + 1) * 86_400_000);
    await purgeOldMessageTexts(app.rt, 10_000, later);
    expect(await app.rt.db.prisma.messageAttachment.count({ where: { messageId: message!.request_id } })).toBe(0);
  });

  it('answers 2xx to an MMS over the bounds and keeps what is past them as metadata', async () => {
    const account = await app.account();
    const phone = await signIn(account);
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const parts = [
      { contentType: 'video/mp4', name: 'first.mp4', data: big },
      { contentType: 'video/mp4', name: 'second.mp4', data: big }, // 6 MiB in all: past 5 MiB
      ...Array.from({ length: 22 }, (_, i) => ({ contentType: 'text/x-vcard', name: `card${i}.vcf`, data: Buffer.from(`BEGIN:VCARD\nFN:${i}\nEND:VCARD`) })),
    ];
    // 6 MiB of parts is 8 MiB of base64: over the hook's bound too, so one part goes smaller.
    parts[1]!.data = Buffer.alloc(2.5 * 1024 * 1024, 8);
    await phone.receiveMms({ mmsId: 42, sender: '+14155552672', parts });
    const posts = phone.events.filter((event) => event.type === 'webhook-sent' && event.event === 'mms:downloaded');
    expect(posts.map((post) => post.type === 'webhook-sent' && post.status)).toEqual([200]);

    const [message] = await inbound(account.key);
    const attachments = message!.attachments as Array<Record<string, unknown>>;
    expect(attachments).toHaveLength(20);
    expect(attachments[0]).toEqual({ id: expect.any(String), content_type: 'video/mp4', name: 'first.mp4', size: big.length });
    expect(attachments[1]).toEqual({ id: expect.any(String), content_type: 'video/mp4', name: 'second.mp4', size: 2.5 * 1024 * 1024, data_omitted: true });
    expect(attachments[2]).not.toHaveProperty('data_omitted');
    const omitted = await app.request('GET', `/api/v1/messages/${message!.request_id}/attachments/${attachments[1]!.id}`, { key: account.key });
    expect(omitted.status).toBe(404);
    const stored = await app.rt.db.prisma.messageAttachment.findMany({ where: { messageId: message!.request_id }, select: { data: true } });
    expect(stored.reduce((sum, part) => sum + (part.data?.length ?? 0), 0)).toBeLessThanOrEqual(5 * 1024 * 1024);
  });
});

/** The reference client on fetch: JSON in and out, 204 is null, any other non-2xx throws with status and body. */
function referenceClient(account: TestAccount) {
  const call = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (response.status === 204) return null as T;
    if (!response.ok) throw new Error(`HTTP error ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const http: HttpClient = {
    get: (url, headers) => call('GET', url, undefined, headers),
    post: (url, body, headers) => call('POST', url, body, headers),
    put: (url, body, headers) => call('PUT', url, body, headers),
    patch: (url, body, headers) => call('PATCH', url, body, headers),
    delete: (url, headers) => call('DELETE', url, undefined, headers),
  };
  return new Client('yarrow', account.key, http, `${app.baseUrl}/api/3rdparty/v1`);
}

describe("the reference API's mms:downloaded webhook", () => {
  it('delivers a received MMS as mms:downloaded with its parts\' metadata and no bytes; a received SMS is not one', async () => {
    const account = await app.account();
    const client = referenceClient(account);
    // The client's enum predates MMS (it lists sms:* and system:ping); the reference server takes the name.
    const mmsHook = await client.registerWebhook({ url: receiver.url('/reference-mms'), event: 'mms:downloaded' as WebHookEventType });
    expect(mmsHook).toEqual({ id: expect.any(String), deviceId: null, url: receiver.url('/reference-mms'), event: 'mms:downloaded' });
    const smsHook = await client.registerWebhook({ url: receiver.url('/reference-sms'), event: WebHookEventType.SmsReceived });
    expect(await client.getWebhooks()).toEqual(expect.arrayContaining([mmsHook, smsHook]));
    const endpoints = (await app.request('GET', '/api/v1/webhook-endpoints', { key: account.key })).body.data as Array<Record<string, unknown>>;
    expect(endpoints.find((endpoint) => endpoint.id === mmsHook.id)).toMatchObject({ event_types: ['message.received'], payload_format: 'sms_gateway' });

    const phone = await signIn(account);
    const VCARD = Buffer.from('BEGIN:VCARD\nFN:Ann\nEND:VCARD');
    await phone.receiveSms({ sender: '+14155552674', text: 'Just text' });
    const receivedAt = new Date(Date.now() - 5_000);
    await phone.receiveMms({
      mmsId: 43,
      sender: '+14155552675',
      recipient: '+14155550100',
      simNumber: 2,
      receivedAt,
      parts: [
        { contentType: 'application/smil', data: Buffer.from('<smil/>') },
        { contentType: 'text/plain', data: Buffer.from('Our new logo') },
        { contentType: 'image/jpeg', name: 'logo.jpg', data: TINY_JPEG },
        { contentType: 'text/x-vCard', data: VCARD },
      ],
    });

    const [request] = await receiver.waitFor('/reference-mms', 1);
    const secret = (await revealSecret(app.rt, app.rt.db.prisma, account.id, mmsHook.id!)).secret;
    const delivered = verifyReferenceWebhook(secret, request!.headers, request!.body);
    const mms = (await inbound(account.key)).find((message) => message.from === '+14155552675')!;
    const [jpeg, card] = mms.attachments as Array<{ id: string }>;
    expect(delivered).toEqual({
      id: expect.stringMatching(/^evt_/),
      webhookId: mmsHook.id,
      deviceId: phone.deviceId,
      event: 'mms:downloaded',
      payload: {
        messageId: mms.request_id,
        sender: '+14155552675',
        recipient: '+14155550100',
        simNumber: 2,
        phoneNumber: '+14155552675',
        body: 'Our new logo',
        receivedAt: receivedAt.toISOString(),
        attachments: [
          { partId: jpeg!.id, contentType: 'image/jpeg', name: 'logo.jpg', size: TINY_JPEG.length },
          { partId: card!.id, contentType: 'text/x-vcard', size: VCARD.length }, // Yarrow keeps media types lowercased
        ],
      },
    });
    expect(request!.body).not.toContain(TINY_JPEG.toString('base64'));

    // The SMS went to the sms:received hook (as did the MMS, its text as the message) and never to mms:downloaded.
    const smsRequests = await receiver.waitFor('/reference-sms', 2);
    expect(smsRequests.map((sms) => JSON.parse(sms.body).event)).toEqual(['sms:received', 'sms:received']);
    expect(await app.rt.db.prisma.webhookDelivery.count({ where: { endpointId: mmsHook.id! } })).toBe(1);
    expect(receiver.received('/reference-mms')).toHaveLength(1);
  });
});
