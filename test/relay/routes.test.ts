import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

describe('relay REST routes', () => {
  it('list each operation once in OpenAPI and Postman: the /api/api/v1 aliases are served, not listed', async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body;
    const paths = Object.keys(spec.paths);
    expect(paths).toContain('/api/v1/sms/send');
    expect(paths.filter((path) => path.startsWith('/api/api/'))).toEqual([]);
    const collection = (await app.request('GET', '/api/postman.json')).body;
    const urls = collection.item.flatMap((folder: { item: Array<{ request: { url: { raw: string } } }> }) => folder.item.map((item) => item.request.url.raw));
    expect(urls).toContain('{{baseUrl}}/api/v1/sms/send');
    expect(urls.filter((url: string) => url.includes('/api/api/'))).toEqual([]);
  });

  it('are each described, under both /api/v1 and /api/api/v1, and guarded as described', async () => {
    const relayRouteDocs = app.routeDocs.filter((doc) => doc.tag === 'Relay');
    const paths = relayRouteDocs.map((doc) => `${doc.method} ${doc.path}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('post /api/v1/sms/send');
    expect(paths).toContain('post /api/api/v1/sms/send');
    for (const doc of relayRouteDocs) {
      const path = doc.path.replace(':id', 'req_unknown');
      const response = await app.request(doc.method.toUpperCase(), path, doc.method === 'post' ? { body: {} } : {});
      const expected = doc.auth === 'none' ? 400 : 401;
      expect(response.status, `${doc.method} ${doc.path}`).toBe(expected);
      // The schemas describe the requests in an API reference as they are (JSON Schema, input side).
      for (const schema of [doc.body, doc.query].filter((candidate): candidate is z.ZodType => !!candidate)) {
        expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
      }
    }
  });
});

describe('relay settings over REST', () => {
  it('reads and sets the relay mode; manual then requires device_id on a send', async () => {
    const account = await app.account();
    const get = () => app.request('GET', '/api/v1/relay/settings', { key: account.key });
    expect((await get()).body).toEqual({ ok: true, mode: 'auto', quiet_hours: null, device_offline_after_seconds: 90 });

    const manual = await app.request('POST', '/api/v1/relay/settings', { key: account.key, body: { mode: 'manual' } });
    expect(manual.status).toBe(200);
    expect(manual.body).toEqual({ ok: true, mode: 'manual', quiet_hours: null, device_offline_after_seconds: 90 });
    expect((await get()).body.mode).toBe('manual');
    expect((await app.request('GET', '/api/v1/account', { key: account.key })).body.account.relay_mode).toBe('manual');
    const send = await app.request('POST', '/api/v1/sms/send', { key: account.key, body: { to: '+14155552671', message: 'no device named' } });
    expect(send.status).toBe(400);
    expect(send.body.error).toMatchObject({ code: 'invalid_request', param: 'device_id' });

    const bad = await app.request('POST', '/api/v1/relay/settings', { key: account.key, body: { mode: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'mode' });
    expect((await get()).body.mode).toBe('manual');

    const readOnly = await app.account({ scopes: ['account.read'] });
    const refused = await app.request('POST', '/api/v1/relay/settings', { key: readOnly.key, body: { mode: 'manual' } });
    expect(refused.status).toBe(403);
    expect((await app.request('POST', '/api/api/v1/relay/settings', { key: account.key, body: { mode: 'auto' } })).body.mode).toBe('auto');
  });
});
