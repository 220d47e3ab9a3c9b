// Inbound SMS over our protocol (issue 31): the simulator's recipients answer (`--reply`), each
// answer becomes one inbound message threaded to the SMS it answers, announced by a signed
// `message.received`, listed by REST and GraphQL and heard live; STOP opts the sender out, START
// back in; a phone's resend of one SMS is one message.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { pairingCode, relayTestEnv, sendSms, startDevice, type DeviceProcess } from './helpers.ts';

const InboundMessages = graphql(`
  query InboundMessages($from: String) {
    messages(direction: INBOUND, from: $from, first: 10) {
      edges {
        node {
          requestId
          direction
          status
          from
          body
          inReplyTo
          receivedAt
          simNumber
          device {
            id
          }
        }
      }
    }
  }
`);

const MessageReceived = graphql(`
  subscription MessageReceived {
    messageReceived {
      requestId
      from
      body
      inReplyTo
    }
  }
`);

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

type InboundJson = { request_id: string; direction: string; status: string; from: string; to: string; text: string; in_reply_to: string | null; device_id: string; sim_number: number | null };

const inbound = async (key: string, query = '') =>
  (await app.request('GET', `/api/v1/messages?direction=inbound${query}`, { key })).body.data as InboundJson[];

describe('inbound SMS over the relay protocol', () => {
  it("turns the simulator's replies into inbound messages threaded to what they answer, signed message.received, listed and heard live", async () => {
    const account = await app.account();
    const endpoint = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: receiver.url('/inbound'), event_types: ['message.received'] },
    });
    expect(endpoint.status).toBe(201);
    const client = wsClient(app.wsUrl, account.key, { ca: app.tlsCa });
    const live = subscribe(client, MessageReceived);
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { reply: 'Thanks, see you at 9' });
    devices.push(phone);

    const first = await sendSms(app, account.key, { to: '+14155552671', message: 'Your table is booked' });
    expect(first.status).toBe(202);
    const replied = await phone.waitFor('replied', (event) => event.messageId === first.body.request_id);
    expect(replied.applied).toBe(true);

    const [message] = await inbound(account.key);
    expect(message).toMatchObject({
      request_id: replied.requestId,
      direction: 'inbound',
      status: 'received',
      from: '+14155552671',
      text: 'Thanks, see you at 9',
      in_reply_to: first.body.request_id,
      device_id: phone.deviceId,
      sim_number: 1,
    });
    expect(message!.request_id).toMatch(/^sms_/);
    // Outbound only without it, and inbound only with it.
    const outbound = (await app.request('GET', '/api/v1/messages?direction=outbound', { key: account.key })).body.data as InboundJson[];
    expect(outbound.map((row) => row.request_id)).toEqual([first.body.request_id]);
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${replied.requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ direction: 'inbound', status: 'received', in_reply_to: first.body.request_id });

    const heard = await live.next();
    expect(heard.data?.messageReceived).toEqual({ requestId: replied.requestId, from: '+14155552671', body: 'Thanks, see you at 9', inReplyTo: first.body.request_id });
    live.dispose();
    await client.dispose();

    // A number's digits find its conversation: the text sent to it and its answer.
    const conversation = (await app.request('GET', '/api/v1/messages?search=4155552671', { key: account.key })).body.data as InboundJson[];
    expect(conversation.map((row) => [row.direction, row.request_id])).toEqual([
      ['inbound', replied.requestId],
      ['outbound', first.body.request_id],
    ]);
    // `counterparty`: that whole number's conversation (written any way), sent to it and from it.
    const withNumber = (await app.request('GET', `/api/v1/messages?counterparty=${encodeURIComponent('+1 (415) 555-2671')}`, { key: account.key })).body.data as InboundJson[];
    expect(withNumber.map((row) => [row.direction, row.request_id])).toEqual([
      ['inbound', replied.requestId],
      ['outbound', first.body.request_id],
    ]);
    expect((await app.request('GET', '/api/v1/messages?counterparty=%2B14155552672', { key: account.key })).body.data).toEqual([]);

    const overGraphql = await execute(app.baseUrl, account.key, InboundMessages, { from: '4155552671' });
    expect(overGraphql.data?.messages.edges.map((edge) => edge.node)).toEqual([
      expect.objectContaining({ requestId: replied.requestId, direction: 'INBOUND', status: 'RECEIVED', inReplyTo: first.body.request_id, simNumber: 1, device: { id: phone.deviceId } }),
    ]);

    const [request] = await receiver.waitFor('/inbound', 1);
    const event = verifyWebhook(endpoint.body.secret as string, request!.headers, request!.body) as { event: string; object_public_id: string; data: Record<string, unknown> };
    expect(event).toMatchObject({
      event: 'message.received',
      object_public_id: replied.requestId,
      data: { request_id: replied.requestId, from: '+14155552671', text: 'Thanks, see you at 9', in_reply_to: first.body.request_id, device_id: phone.deviceId },
    });

    // A second text to the same number: the next reply answers it, not the first.
    const second = await sendSms(app, account.key, { to: '+14155552671', message: 'Reminder: 9 pm' });
    const secondReply = await phone.waitFor('replied', (event) => event.messageId === second.body.request_id);
    expect((await inbound(account.key)).find((row) => row.request_id === secondReply.requestId)?.in_reply_to).toBe(second.body.request_id);
  });

  it('records a resent SMS once, threads one that answers nothing to nothing, and STOP / START opt the sender out and in', async () => {
    const account = await app.account();
    const other = await app.account();
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { transport: 'poll' });
    devices.push(phone);
    const post = (body: Record<string, unknown>, token = phone.token) =>
      app.request('POST', '/api/v1/relay/device/received', { headers: { authorization: `Bearer ${token}` }, body });
    const sms = { key: 'phone-sms-1', from: '+442071838750', text: 'Who is this?', received_at: new Date().toISOString() };

    const firstTime = await post(sms);
    expect(firstTime.status).toBe(200);
    expect(firstTime.body).toMatchObject({ ok: true, applied: true, status: 'received' });
    const resent = await post(sms);
    expect(resent.body).toMatchObject({ applied: false, request_id: firstTime.body.request_id });
    const listed = await inbound(account.key);
    expect(listed).toHaveLength(1);
    // Nothing was sent to that number: it answers nothing.
    expect(listed[0]).toMatchObject({ from: '+442071838750', in_reply_to: null, sim_number: null });
    expect(await app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'message.received' } })).toBe(1);
    // Another account sees none of it.
    expect(await inbound(other.key)).toEqual([]);

    const bad = await post({ key: 'x', text: 'no sender', received_at: new Date().toISOString() });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ param: 'from' });
    expect(await inbound(account.key)).toHaveLength(1);

    expect((await post({ ...sms, key: 'phone-sms-2', text: ' Stop! ' })).body.applied).toBe(true);
    const refused = await sendSms(app, account.key, { to: '+442071838750', message: 'Still there?' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
    const optOut = await app.request('GET', `/api/v1/opt-outs?phone=${encodeURIComponent('+442071838750')}`, { key: account.key });
    expect(optOut.body.data).toEqual([expect.objectContaining({ phone: '+442071838750', source: 'keyword' })]);
    // The other account may still text that number.
    expect((await sendSms(app, other.key, { to: '+442071838750', message: 'Hello' })).status).toBe(202);

    expect((await post({ ...sms, key: 'phone-sms-3', text: 'start' })).body.applied).toBe(true);
    expect((await sendSms(app, account.key, { to: '+442071838750', message: 'Welcome back' })).status).toBe(202);
    const types = (await app.rt.db.prisma.event.findMany({ where: { accountId: account.id, type: { startsWith: 'recipient.' } }, orderBy: { createdAt: 'asc' } })).map((e) => [e.type, (e.data as { source: string }).source]);
    expect(types).toEqual([
      ['recipient.opted_out', 'keyword'],
      ['recipient.opted_in', 'keyword'],
    ]);
    // A START from a number not on the list changes nothing.
    expect((await post({ ...sms, key: 'phone-sms-4', from: '+14155552673', text: 'START' })).status).toBe(200);
    expect(await app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'recipient.opted_in' } })).toBe(1);
  });

  it('opts out only a valid number, and reads a keyword after NFKC with invisible characters removed', async () => {
    const account = await app.account();
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { transport: 'poll' });
    devices.push(phone);
    let n = 0;
    const post = (from: string, text: string) =>
      app.request('POST', '/api/v1/relay/device/received', {
        headers: { authorization: `Bearer ${phone.token}` },
        body: { key: `keyword-${++n}`, from, text, received_at: new Date().toISOString() },
      });
    const optOuts = async () => (await app.rt.db.prisma.optOut.findMany({ where: { accountId: account.id } })).map((row) => row.phone).sort();

    // Senders that are not numbers: recorded as they came, and no opt-out nobody could remove.
    for (const from of ['+ABC Bank', '+', '<b>+14155552673</b>', '+14155552673<script>']) {
      const answer = await post(from, 'STOP');
      expect(answer.status, from).toBe(200);
      expect(answer.body.applied).toBe(true);
    }
    expect(await optOuts()).toEqual([]);
    expect((await inbound(account.key)).map((m) => m.from)).toContain('<b>+14155552673</b>');

    // Full-width letters and zero-width characters a reader never sees still say STOP.
    expect((await post('+14155552673', 'ＳＴＯＰ')).status).toBe(200);
    expect((await post('+442071838750', 'STOP\u200B')).status).toBe(200);
    expect((await post('+12025550143', '\u2060s\u200Dt\uFEFFop!')).status).toBe(200);
    expect(await optOuts()).toEqual(['+12025550143', '+14155552673', '+442071838750']);
    // And START is read the same way.
    expect((await post('+14155552673', 'ＳＴＡＲＴ\u200B')).status).toBe(200);
    expect(await optOuts()).toEqual(['+12025550143', '+442071838750']);
  });

  it('takes a picture with a reply (the simulator\'s --reply-image): our received frame carries MMS parts', async () => {
    const account = await app.account();
    const picture = join(mkdtempSync(join(tmpdir(), 'yarrow-mms-')), 'table.jpg');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 9), Buffer.from([0xff, 0xd9])]);
    writeFileSync(picture, bytes);
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { reply: 'Our table', replyImage: picture });
    devices.push(phone);
    const sent = await sendSms(app, account.key, { to: '+14155552671', message: 'Send us a picture' });
    const replied = await phone.waitFor('replied', (event) => event.messageId === sent.body.request_id);
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${replied.requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ text: 'Our table', attachments: [{ content_type: 'image/jpeg', name: 'table.jpg', size: bytes.length }] });
    const part = await fetch(`${app.baseUrl}/api/v1/messages/${replied.requestId}/attachments/${status.body.attachments[0].id}`, { headers: { authorization: `Bearer ${account.key}` } });
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
