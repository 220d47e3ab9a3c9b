// An endpoint's custom headers: sent with every request to it, never answered by the API nor kept in
// the request log, and refused when they would name a header Yarrow sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { emitEvent } from './helpers.ts';
import { CreateEndpoint } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp();
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const apiKeyValue = 'gw-key-5f1c9a7e-only-the-receiver-sees-this';
const partnerValue = 'partner-7c41e2d0-kept-from-logs';
const basicValue = 'Basic dXNlcjpzM2NyZXQtcGFzc3dvcmQ=';

describe('custom headers', () => {
  it('arrive with every request and are absent from every API answer and the request log', async () => {
    const account = await app.account();
    const created = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: receiver.url('/gateway'), headers: { 'X-Api-Key': apiKeyValue, Authorization: basicValue } },
    });
    expect(created.status).toBe(201);
    const id = created.body.webhook_endpoint.id as string;
    expect(created.body.webhook_endpoint.header_names).toEqual(['X-Api-Key', 'Authorization']);

    await emitEvent(app, account.id);
    const [request] = await receiver.waitFor('/gateway', 1);
    expect(request!.headers['x-api-key']).toBe(apiKeyValue);
    expect(request!.headers.authorization).toBe(basicValue);
    // The request's own headers are untouched.
    expect(request!.headers['user-agent']).toBe('Yarrow-Webhooks/1.0');
    expect(request!.headers['webhook-signature']).toMatch(/^v1,/);

    const answers = [
      JSON.stringify(created.body),
      JSON.stringify((await app.request('GET', `/api/v1/webhook-endpoints/${id}`, { key: account.key })).body),
      JSON.stringify((await app.request('GET', '/api/v1/webhook-endpoints', { key: account.key })).body),
      JSON.stringify((await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { description: 'behind a gateway' } })).body),
      JSON.stringify(await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url: receiver.url('/gateway-2'), headers: { 'X-Api-Key': apiKeyValue } } })),
      // A header whose name says nothing of a secret, alone in its body: its value is a credential too.
      JSON.stringify((await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { headers: { 'X-Partner-Id': partnerValue } } })).body),
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(apiKeyValue);
      expect(answer).not.toContain(partnerValue);
      expect(answer).not.toContain('dXNlcjpzM2NyZXQtcGFzc3dvcmQ');
    }
    // The request log keeps the bodies, with every custom header's value redacted.
    const logged = await app.rt.db.prisma.apiRequest.findMany({ where: { accountId: account.id } });
    expect(logged.length).toBeGreaterThanOrEqual(4);
    const log = JSON.stringify(logged);
    expect(log).not.toContain(apiKeyValue);
    expect(log).not.toContain(partnerValue);
    expect(log).toContain('X-Partner-Id');
    expect(log).not.toContain('dXNlcjpzM2NyZXQtcGFzc3dvcmQ');
    expect(log).toContain('X-Api-Key');
    // Sealed in the database, like the signing secret.
    const row = await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.headersSealed).not.toContain(apiKeyValue);

    // Some of them changed, the others kept (their values are never sent back to be kept).
    await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { headers: { 'X-Api-Key': apiKeyValue, Authorization: basicValue } } });
    const patched = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, {
      key: account.key,
      body: { set_headers: { 'x-api-key': partnerValue, 'X-Tenant': 't-1' }, remove_headers: ['AUTHORIZATION'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.webhook_endpoint.header_names).toEqual(['x-api-key', 'X-Tenant']);
    expect(JSON.stringify(patched.body)).not.toContain(partnerValue);
    await emitEvent(app, account.id);
    const [, patchedRequest] = await receiver.waitFor('/gateway', 2);
    expect(patchedRequest!.headers['x-api-key']).toBe(partnerValue);
    expect(patchedRequest!.headers['x-tenant']).toBe('t-1');
    expect(patchedRequest!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(await app.rt.db.prisma.apiRequest.findMany({ where: { accountId: account.id } }))).not.toContain(partnerValue);
    const both = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { headers: {}, set_headers: { 'X-A': 'b' } } });
    expect(both.body.error).toMatchObject({ code: 'invalid_request', param: 'headers' });
    const eleven = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`X-More-${i}`, 'v']));
    const tooMany = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { set_headers: eleven } });
    expect(tooMany.body.error).toMatchObject({ code: 'invalid_request', param: 'set_headers' });
    const hostile = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { set_headers: { Host: 'evil.example' } } });
    expect(hostile.body.error).toMatchObject({ code: 'invalid_request', param: 'set_headers' });
    expect((await app.request('GET', `/api/v1/webhook-endpoints/${id}`, { key: account.key })).body.webhook_endpoint.header_names).toEqual(['x-api-key', 'X-Tenant']);

    // `{}` removes them.
    const cleared = await app.request('PATCH', `/api/v1/webhook-endpoints/${id}`, { key: account.key, body: { headers: {} } });
    expect(cleared.body.webhook_endpoint.header_names).toEqual([]);
  });

  it('refuses a header Yarrow sets, a malformed name, a broken value and more than ten, changing nothing', async () => {
    const account = await app.account();
    const create = (headers: unknown) => app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: receiver.url('/refused'), headers } });
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-Extra-${i}`, 'v']));
    for (const headers of [{ Host: 'evil.example' }, { 'content-length': '0' }, { 'Webhook-Signature': 'v1,x' }, { 'X-YarrowPay-Signature': 'x' }, { 'bad name': 'v' }, { 'X-Ok': 'a\r\nInjected: 1' }, eleven]) {
      const refused = await create(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
      // `headers`, or the header whose value is wrong (`headers.X-Ok`).
      expect(refused.body.error.param).toMatch(/^headers(\.|$)/);
    }
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);
    const graphqlRefused = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url: receiver.url('/refused'), headers: { Host: 'evil.example' } } });
    expect(graphqlRefused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request' });
    expect(String(graphqlRefused.errors?.[0]?.extensions?.param)).toMatch(/^input\.headers/);
  });
});
