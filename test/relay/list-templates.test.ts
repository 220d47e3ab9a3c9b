import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate } from '../../src/relay/recipients/template.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { pairingCode, relayTestEnv, startDevice, type DeviceProcess } from './helpers.ts';

// Issue 40, personal list sends: a list send's `template` is rendered per member from its name,
// number, tags and imported CSV columns; a member without a value refuses the send before anything
// is queued, unless the placeholder gives a default; a preview answers the first five texts.

let app: TestApp;
let account: TestAccount;
let device: DeviceProcess | undefined;

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing']);
  account = await app.account();
});
afterAll(async () => {
  await device?.kill();
  await app?.stop();
});

const numberOf = (i: number) => `+1415555${String(2600 + i)}`;

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const result = await app.request('POST', '/graphql', { key: account.key, body: { query, variables } });
  return result.body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions?: { code?: string; param?: string } }> };
}

async function importList(name: string, csv: string) {
  const listId = (await gql('mutation ($name: String!) { createRecipientList(input: { name: $name }) { id } }', { name })).data!.createRecipientList.id as string;
  const imported = await gql('mutation ($csv: String!, $listId: ID) { importRecipients(csv: $csv, listId: $listId) { created skippedCount } }', { csv, listId });
  return { listId, created: imported.data!.importRecipients.created as number };
}

describe('the template renderer', () => {
  it('fills variables, takes defaults, keeps a lone brace and never reads a value again', () => {
    const parsed = parseTemplate('Hi {{ First_Name | there }}, {{city}}! {{ {x}} {{name}}');
    expect(parsed.variables).toEqual(['first_name', 'city', 'name']);
    expect(renderTemplate(parsed, { first_name: 'Ada', city: 'Paris', name: '{{city}}' })).toEqual({ text: 'Hi Ada, Paris! {{ {x}} {{city}}' });
    expect(renderTemplate(parsed, { first_name: '', city: 'Oslo', name: 'B' })).toEqual({ text: 'Hi there, Oslo! {{ {x}} B' });
    expect(renderTemplate(parsed, { name: 'B' })).toEqual({ missing: 'city' });
    // No prototype lookups: `constructor` is a variable like any other.
    expect(renderTemplate(parseTemplate('{{constructor}}'), {})).toEqual({ missing: 'constructor' });
  });
});

describe('a list send with a template', () => {
  it('texts each of 50 imported numbers its own first_name, one phone receiving each text as stored', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `Person ${i},${numberOf(i)},Name${i}`);
    const { listId, created } = await importList('Fifty', ['name,phone,First Name', ...rows].join('\n'));
    expect(created).toBe(50);
    const recipient = await app.request('GET', `/api/v1/recipients?search=${encodeURIComponent('Person 7')}`, { key: account.key });
    expect(recipient.body.data[0].fields).toEqual({ first_name: 'Name7' });

    const template = 'Hi {{first_name}} ({{name}}), your number is {{phone}}.';
    const preview = await app.request('POST', '/api/v1/recipient-lists/preview', { key: account.key, body: { list_id: listId, template } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ queued: 50, segments: 50 });
    expect(preview.body.items).toHaveLength(5);
    expect(preview.body.items[0]).toMatchObject({ to: numberOf(0), text: `Hi Name0 (Person 0), your number is ${numberOf(0)}.`, segments: 1, encoding: 'gsm7' });
    const graphqlPreview = await gql('query ($listId: ID!, $template: String) { recipientListSendPreview(input: { listId: $listId, template: $template }) { queued segments items { to text } } }', { listId, template });
    expect(graphqlPreview.data!.recipientListSendPreview.items[1]).toEqual({ to: numberOf(1), text: `Hi Name1 (Person 1), your number is ${numberOf(1)}.` });

    const code = await pairingCode(app, account.key);
    device = await startDevice(app, { code: code.code }, { parallel: 10 });
    // Fifty at once: above the default per-minute budget.
    await gql('mutation ($id: ID!) { updateDevice(id: $id, input: { ratePerMinute: 10000 }) { id } }', { id: device.deviceId });
    const queued = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: listId, template } });
    expect(queued.status).toBe(202);
    expect(queued.body.queued).toBe(50);
    const received = await Promise.all(queued.body.items.map((item: { request_id: string }) => device!.waitFor('received', (event) => event.messageId === item.request_id)));
    for (const [i, event] of received.entries()) {
      expect(event.to).toBe(numberOf(i));
      expect(event.body).toBe(`Hi Name${i} (Person ${i}), your number is ${numberOf(i)}.`);
    }
    // Rendered once and stored as sent.
    const stored = await app.rt.db.prisma.message.findMany({ where: { batchId: queued.body.batch_id }, select: { to: true, body: true } });
    expect(stored).toHaveLength(50);
    for (const message of stored) expect(message.body).toBe(`Hi Name${Number(message.to.slice(-4)) - 2600} (Person ${Number(message.to.slice(-4)) - 2600}), your number is ${message.to}.`);
  });

  it('refuses a member without a value (400 naming it and the variable, nothing queued) unless a default is given', async () => {
    const { listId } = await importList('Partial', `name,phone,first_name\nAda,${numberOf(60)},Ada\nBo,${numberOf(61)},\n`);
    const before = await app.rt.db.prisma.message.count({ where: { accountId: account.id } });
    const refused = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: listId, template: 'Hi {{first_name}}' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'template' });
    expect(refused.body.error.message).toContain('Bo');
    expect(refused.body.error.message).toContain('{{first_name}}');
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(before);
    expect(await app.rt.db.prisma.messageBatch.count({ where: { listId } })).toBe(0);
    // GraphQL refuses alike, with the GraphQL path of the field.
    const graphqlRefused = await gql('mutation ($listId: ID!) { queueRecipientList(input: { listId: $listId, template: "Hi {{first_name}}" }) { queued } }', { listId });
    expect(graphqlRefused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.template' });

    const sent = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: listId, template: 'Hi {{first_name|there}}' } });
    expect(sent.status).toBe(202);
    const texts = await app.rt.db.prisma.message.findMany({ where: { batchId: sent.body.batch_id }, orderBy: { to: 'asc' }, select: { body: true } });
    expect(texts.map((text) => text.body)).toEqual(['Hi Ada', 'Hi there']);
  });

  it('takes message or template, one of them', async () => {
    const { listId } = await importList('Either', `name,phone\nCy,${numberOf(70)}\n`);
    const both = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: listId, message: 'a', template: 'b' } });
    expect(both.status).toBe(400);
    expect(both.body.error.param).toBe('template');
    const neither = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: listId } });
    expect(neither.status).toBe(400);
    expect(neither.body.error.param).toBe('message');
  });
});
