import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSegments } from '@yarrow/sdk/segments';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// Issue 40, "parts before sending": every send answers the parts its text takes, as the message's
// status names them (`segments`, `encoding`: `gsm7` / `ucs2`), at the boundaries 160/153 and 70/67.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

const EURO = '€'; // GSM-7 extension table: escape + character, two septets
const EMOJI = '😀'; // outside the BMP: two UTF-16 units in UCS-2

const cases: Array<[string, string, 'gsm7' | 'ucs2', number]> = [
  ['GSM-7 at 160', 'a'.repeat(160), 'gsm7', 1],
  ['GSM-7 at 161', 'a'.repeat(161), 'gsm7', 2],
  ['GSM-7 at 306 (2 × 153)', 'a'.repeat(306), 'gsm7', 2],
  ['GSM-7 at 307', 'a'.repeat(307), 'gsm7', 3],
  ['GSM-7 extended at 160 septets', EURO.repeat(80), 'gsm7', 1],
  ['GSM-7 extended at 161 septets', `${EURO.repeat(80)}a`, 'gsm7', 2],
  ['emoji at 70 units', EMOJI.repeat(35), 'ucs2', 1],
  ['emoji at 71 units', `${EMOJI.repeat(35)}a`, 'ucs2', 2],
  ['emoji at 134 units (2 × 67)', EMOJI.repeat(67), 'ucs2', 2],
  ['emoji at 135 units', `${EMOJI.repeat(67)}a`, 'ucs2', 3],
  ['150 GSM-7 characters and one emoji', `${'a'.repeat(150)}${EMOJI}`, 'ucs2', 3],
];

describe('the parts a send answers', () => {
  it.each(cases)('POST /api/v1/sms/send: %s', async (_name, text, encoding, segments) => {
    const account = await app.account();
    const sent = await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to: '+14155552671', message: text } });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ segments, encoding });
    expect(countSegments(text)).toMatchObject({ segments, encoding });
    // The status names them the same way.
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${sent.body.request_id}`, { key: account.key });
    expect(status.body).toMatchObject({ segments, encoding });
  });

  it('an OTP send, a list send (each item and the total) and the reference API state answer them too', async () => {
    const account = await app.account();
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: '+14155552672', purpose: 'login' } });
    expect(otp.status).toBe(200);
    expect(otp.body).toMatchObject({ segments: 1, encoding: 'gsm7' });

    const csv = 'name,phone\nAda,+14155552673\nGrace,+14155552674\n';
    const list = await app.request('POST', '/graphql', {
      key: account.key,
      body: { query: 'mutation { createRecipientList(input: { name: "Parts" }) { id } }' },
    });
    const listId = list.body.data.createRecipientList.id as string;
    await app.request('POST', '/graphql', {
      key: account.key,
      body: { query: 'mutation ($csv: String!, $listId: ID) { importRecipients(csv: $csv, listId: $listId) { created } }', variables: { csv, listId } },
    });
    const queued = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: listId, message: `${'b'.repeat(150)}${EMOJI}` } });
    expect(queued.status).toBe(202);
    expect(queued.body.segments).toBe(6);
    expect(queued.body.items).toEqual([
      expect.objectContaining({ to: '+14155552673', segments: 3, encoding: 'ucs2' }),
      expect.objectContaining({ to: '+14155552674', segments: 3, encoding: 'ucs2' }),
    ]);
    const graphqlSend = await app.request('POST', '/graphql', {
      key: account.key,
      body: { query: `mutation ($listId: ID!) { queueRecipientList(input: { listId: $listId, message: "${EURO.repeat(81)}" }) { segments items { segments encoding } } }`, variables: { listId } },
    });
    expect(graphqlSend.body.data.queueRecipientList).toEqual({ segments: 4, items: [{ segments: 2, encoding: 'gsm7' }, { segments: 2, encoding: 'gsm7' }] });

    const authorization = `Basic ${btoa(`:${account.key}`)}`;
    const reference = await app.request('POST', '/api/3rdparty/v1/message', {
      body: { textMessage: { text: 'a'.repeat(161) }, phoneNumbers: ['+14155552675'] },
      headers: { authorization, 'content-type': 'application/json' },
    });
    expect(reference.status).toBe(202);
    expect(reference.body).toMatchObject({ segments: 2, encoding: 'gsm7' });
  });
});
