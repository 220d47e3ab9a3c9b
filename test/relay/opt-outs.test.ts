import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { optOutKeyword } from '../../src/relay/opt-outs/opt-outs.ts';
import { addToList, createList, createRecipient } from '../../src/relay/recipients/recipients.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { relayTestEnv, sendSms } from './helpers.ts';

const OptOuts = graphql(`
  query OptOuts($phone: String, $first: Int) {
    optOuts(phone: $phone, first: $first) {
      edges {
        node {
          id
          phone
          phoneDisplay
          source
          createdAt
        }
      }
    }
  }
`);

const OptOutRecipient = graphql(`
  mutation OptOutRecipient($phone: String!) {
    optOutRecipient(phone: $phone) {
      id
      phone
      source
    }
  }
`);

const OptInRecipient = graphql(`
  mutation OptInRecipient($phone: String!) {
    optInRecipient(phone: $phone) {
      id
      phone
    }
  }
`);

const QueueList = graphql(`
  mutation OptOutQueueList($input: QueueRecipientListInput!) {
    queueRecipientList(input: $input) {
      queued
      items {
        to
      }
      skipped {
        recipientId
        to
        reason
      }
    }
  }
`);

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['webhooks']);
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const messagesTo = async (account: TestAccount, to: string) =>
  (await app.request('GET', `/api/v1/messages?to=${encodeURIComponent(to)}&limit=100`, { key: account.key })).body.data as Array<{ request_id: string }>;

describe('the opt-out keyword rule (for inbound SMS)', () => {
  it('opts out on STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT and in on START, UNSTOP, as the whole message in any case', () => {
    for (const word of ['STOP', 'stop', ' Stop! ', 'STOPALL', 'unsubscribe', 'Cancel.', 'END', 'quit']) expect(optOutKeyword(word), word).toBe('opt_out');
    for (const word of ['START', 'start', 'Unstop ']) expect(optOutKeyword(word), word).toBe('opt_in');
    for (const text of ['please stop texting me', 'STOPPED', 'stop it', 'Started', '', 'YES']) expect(optOutKeyword(text), text).toBeNull();
  });
});

describe('the opt-out list', () => {
  it('refuses a send to an opted-out number with recipient_opted_out naming to, queues nothing, and accepts it again once opted in', async () => {
    const account = await app.account();
    const other = await app.account();
    const number = '+14155550181';

    const added = await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone: '+1 (415) 555-0181' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ object: 'opt_out', phone: number, source: 'api' });
    // Adding it again changes nothing.
    const again = await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone: number } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(added.body.id);

    const refused = await sendSms(app, account.key, { to: number, message: 'hello' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
    expect(refused.body.error.message).toContain(number);
    expect(await messagesTo(account, number)).toHaveLength(0);

    // Every other way in is refused too: OTP and the 3rd-party API (GraphQL sends only lists: below).
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: number, purpose: 'login' } });
    expect(otp.status).toBe(400);
    expect(otp.body.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
    const thirdParty = await app.request('POST', '/api/3rdparty/v1/messages', {
      headers: { authorization: `Basic ${Buffer.from(`user:${account.key}`).toString('base64')}` },
      body: { textMessage: { text: 'hi' }, phoneNumbers: ['+14155550182', number] },
    });
    expect(thirdParty.status).toBe(400);
    expect(JSON.stringify(thirdParty.body)).toContain('opted out');
    expect(await messagesTo(account, '+14155550182')).toHaveLength(0);
    expect(await messagesTo(account, number)).toHaveLength(0);

    // Another account: unaffected, and it cannot see or remove the opt-out.
    expect((await sendSms(app, other.key, { to: number, message: 'hello' })).status).toBe(202);
    expect((await app.request('GET', `/api/v1/opt-outs?phone=${encodeURIComponent(number)}`, { key: other.key })).body.data).toEqual([]);
    expect((await execute(app.baseUrl, other.key, OptOuts, { phone: number })).data?.optOuts.edges).toEqual([]);
    const foreignDelete = await app.request('DELETE', `/api/v1/opt-outs/${encodeURIComponent(number)}`, { key: other.key });
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.body.error).toMatchObject({ code: 'not_found', param: 'phone' });
    const foreignCursor = await app.request('GET', `/api/v1/opt-outs?starting_after=${added.body.id}`, { key: other.key });
    expect(foreignCursor.status).toBe(404);

    const removed = await app.request('DELETE', `/api/v1/opt-outs/${encodeURIComponent(number)}`, { key: account.key });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: added.body.id, phone: number, deleted: true });
    const accepted = await sendSms(app, account.key, { to: number, message: 'hello again' });
    expect(accepted.status).toBe(202);
    expect((await messagesTo(account, number)).map((message) => message.request_id)).toEqual([accepted.body.request_id]);
    // Not on the list any more: removing it again is not_found.
    expect((await app.request('DELETE', `/api/v1/opt-outs/${encodeURIComponent(number)}`, { key: account.key })).status).toBe(404);
  });

  it('lists opt-outs newest first by cursor pages and filters by phone; bad numbers are refused naming phone', async () => {
    const account = await app.account();
    const numbers = ['+14155550191', '+14155550192', '+14155550193'];
    for (const phone of numbers) expect((await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone } })).status).toBe(201);
    const first = await app.request('GET', '/api/v1/opt-outs?limit=2', { key: account.key });
    expect(first.body.data.map((row: { phone: string }) => row.phone)).toEqual([numbers[2], numbers[1]]);
    expect(first.body.has_more).toBe(true);
    const second = await app.request('GET', `/api/v1/opt-outs?limit=2&starting_after=${first.body.data[1].id}`, { key: account.key });
    expect(second.body.data.map((row: { phone: string }) => row.phone)).toEqual([numbers[0]]);
    expect(second.body.has_more).toBe(false);
    const one = await app.request('GET', `/api/v1/opt-outs?phone=${encodeURIComponent(numbers[1]!)}`, { key: account.key });
    expect(one.body.data.map((row: { phone: string }) => row.phone)).toEqual([numbers[1]]);

    const bad = await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'phone' });
    const badDelete = await app.request('DELETE', '/api/v1/opt-outs/nonsense', { key: account.key });
    expect(badDelete.status).toBe(400);
    expect(badDelete.body.error).toMatchObject({ code: 'invalid_request', param: 'phone' });
    // Scopes as recipients: read to list, write to change.
    const reader = await app.account({ scopes: ['recipients.read'] });
    expect((await app.request('GET', '/api/v1/opt-outs', { key: reader.key })).status).toBe(200);
    expect((await app.request('POST', '/api/v1/opt-outs', { key: reader.key, body: { phone: numbers[0] } })).status).toBe(403);
  });

  it('GraphQL lists, adds and removes opt-outs of its own account only', async () => {
    const account = await app.account();
    const other = await app.account();
    const number = '+442071838751';
    const added = await execute(app.baseUrl, account.key, OptOutRecipient, { phone: '+44 20 7183 8751' });
    expect(added.data?.optOutRecipient).toMatchObject({ phone: number, source: 'API' });
    const listed = await execute(app.baseUrl, account.key, OptOuts, { first: 10 });
    expect(listed.data?.optOuts.edges.map((edge) => edge.node.phone)).toEqual([number]);
    expect(listed.data?.optOuts.edges[0]?.node.phoneDisplay).toBe('+44 20 7183 8751');
    expect((await execute(app.baseUrl, other.key, OptOuts, { first: 10 })).data?.optOuts.edges).toEqual([]);
    const foreign = await execute(app.baseUrl, other.key, OptInRecipient, { phone: number });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'not_found' });
    const bad = await execute(app.baseUrl, account.key, OptOutRecipient, { phone: 'x' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'phone' });

    expect((await sendSms(app, account.key, { to: number, message: 'no' })).body.error).toMatchObject({ code: 'recipient_opted_out' });
    expect((await execute(app.baseUrl, account.key, OptInRecipient, { phone: number })).data?.optInRecipient.phone).toBe(number);
    expect((await execute(app.baseUrl, account.key, OptOuts, { first: 10 })).data?.optOuts.edges).toEqual([]);
    expect((await sendSms(app, account.key, { to: number, message: 'yes' })).status).toBe(202);
  });

  it('a list send skips opted-out numbers and says so in skipped (opted_out)', async () => {
    const account = await app.account();
    const db = app.rt.db.prisma;
    const list = await createList(db, account.id, { name: 'Staff' });
    const out = await createRecipient(app.rt, db, account.id, { name: 'Out', phone: '+14155550171', tags: [] });
    const stays = await createRecipient(app.rt, db, account.id, { name: 'Stays', phone: '+14155550172', tags: [] });
    await addToList(db, account.id, list.id, [out.id, stays.id]);
    await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone: out.phone } });

    const sent = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: list.id, message: 'Shift change' } });
    expect(sent.status).toBe(202);
    expect(sent.body.queued).toBe(1);
    expect(sent.body.items.map((item: { to: string }) => item.to)).toEqual([stays.phone]);
    expect(sent.body.skipped).toEqual([{ recipient_id: out.id, to: out.phone, reason: 'opted_out' }]);
    // GraphQL's list send says the same.
    const overGraphql = await execute(app.baseUrl, account.key, QueueList, { input: { listId: list.id, message: 'Shift change again' } });
    expect(overGraphql.data?.queueRecipientList).toEqual({ queued: 1, items: [{ to: stays.phone }], skipped: [{ recipientId: out.id, to: out.phone, reason: 'opted_out' }] });
    expect(await messagesTo(account, out.phone)).toHaveLength(0);
    expect(await messagesTo(account, stays.phone)).toHaveLength(2);
  });

  it('records recipient.opted_out and recipient.opted_in, delivered signed', async () => {
    const account = await app.account();
    const created = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: receiver.url('/opt-outs'), event_types: ['recipient.opted_out', 'recipient.opted_in'] },
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    const number = '+33612345679';
    const added = await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone: number } });
    await app.request('POST', '/api/v1/opt-outs', { key: account.key, body: { phone: number } });
    await app.request('DELETE', `/api/v1/opt-outs/${encodeURIComponent(number)}`, { key: account.key });

    const requests = await receiver.waitFor('/opt-outs', 2);
    const payloads = requests.map((request) => verifyWebhook(secret, request.headers, request.body) as { event: string; object_public_id: string; data: Record<string, unknown> });
    expect(payloads.map((payload) => payload.event).sort()).toEqual(['recipient.opted_in', 'recipient.opted_out']);
    expect(payloads.every((payload) => payload.object_public_id === added.body.id)).toBe(true);
    expect(payloads.find((payload) => payload.event === 'recipient.opted_out')?.data).toMatchObject({ phone: number, source: 'api' });
    expect(payloads.find((payload) => payload.event === 'recipient.opted_in')?.data).toMatchObject({ phone: number, source: 'api' });
    // Opting out twice recorded one event.
    expect(await app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'recipient.opted_out' } })).toBe(1);
    expect(() => verifyWebhook('whsec_wrong', requests[0]!.headers, requests[0]!.body)).toThrow();
  });
});
