import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../src/core/auth.ts';
import { scopes } from '../../src/modules.ts';
import { describedRoutes, openapiPath } from '../../src/core/openapi.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

/** GraphQL is served by graphql-yoga and described by its own schema. */
const notRest = (path: string) => path === '/graphql';

describe('OpenAPI', () => {
  it('describes every REST route the gateway serves, and nothing else', async () => {
    const served = new Set(
      app.gatewayRoutes()
        .filter((route) => route.method !== 'ALL' && !notRest(route.path))
        .map((route) => `${route.method.toLowerCase()} ${openapiPath(route.path)}`),
    );
    const described = new Set(describedRoutes().map((doc) => `${doc.method} ${openapiPath(doc.path)}`));
    expect([...served].filter((route) => !described.has(route)), 'routes without a spec entry').toEqual([]);
    expect([...described].filter((route) => !served.has(route)), 'spec entries without a route').toEqual([]);
  });

  it("leaves out of OpenAPI what is not Yarrow's REST API: the panel's pages (README) and the Android app's reference API (its own spec)", async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body;
    for (const prefix of ['/api/3rdparty/', '/panel']) {
      expect(describedRoutes().some((doc) => doc.path.startsWith(prefix))).toBe(true);
      expect(Object.keys(spec.paths).filter((path) => path.startsWith(prefix))).toEqual([]);
    }
  });

  it('documents for each route the scope it enforces: a key lacking exactly that scope gets 403 naming it', async () => {
    const scoped = describedRoutes().filter((doc): doc is typeof doc & { auth: Scope } => (scopes as readonly string[]).includes(doc.auth));
    expect(scoped.length).toBeGreaterThan(30);
    const lacking = new Map<Scope, string>();
    const only = new Map<Scope, string>();
    for (const scope of new Set(scoped.map((doc) => doc.auth))) {
      lacking.set(scope, (await app.account({ scopes: scopes.filter((other) => other !== scope) })).key);
      only.set(scope, (await app.account({ scopes: [scope] })).key);
    }
    // Path parameters get an id that matches nothing: the guard answers before the handler looks.
    const callable = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, 'none_such');
    for (const doc of scoped) {
      const route = `${doc.method.toUpperCase()} ${doc.path}`;
      const refused = await app.request(doc.method.toUpperCase(), callable(doc.path), { key: lacking.get(doc.auth) });
      // Yarrow answers {ok: false, error}; the Android app's reference API answers {message, code}.
      const error = refused.body.error ?? refused.body;
      expect({ route, status: refused.status, code: error.code, names: String(error.message).includes(`"${doc.auth}"`) }).toEqual({
        route,
        status: 403,
        code: 'forbidden',
        names: true,
      });
      const allowed = await app.request(doc.method.toUpperCase(), callable(doc.path), { key: only.get(doc.auth) });
      expect({ route, status: allowed.status }, 'the documented scope alone is enough').not.toEqual({ route, status: 403 });
    }
  });

  it('refuses device-token routes without a device token', async () => {
    const { key } = await app.account();
    const deviceRoutes = describedRoutes().filter((doc) => doc.auth === 'device');
    expect(deviceRoutes.length).toBeGreaterThan(5);
    for (const doc of deviceRoutes) {
      const path = doc.path.replace(/:(\w+)(\{[^}]*\})?/g, 'none_such');
      for (const options of [{}, { key }]) {
        const response = await app.request(doc.method.toUpperCase(), path, options);
        expect({ route: `${doc.method} ${doc.path}`, status: response.status }).toEqual({ route: `${doc.method} ${doc.path}`, status: 401 });
      }
    }
  });

  it('serves OpenAPI 3.1 built from the validating zod schemas', async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body;
    expect(spec.openapi).toBe('3.1.0');
    const create = spec.paths['/api/v1/api-keys'].post;
    expect(create.security).toEqual([{ apiKey: [] }]);
    expect(create['x-scope']).toBe('keys.manage');
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['label', 'scopes']);
    expect(body.properties.scopes.items.enum).toContain('payments.write');
    expect(create.parameters.map((parameter: { name: string }) => parameter.name)).toContain('Idempotency-Key');
    const list = spec.paths['/api/v1/api-keys'].get;
    const limit = list.parameters.find((parameter: { name: string }) => parameter.name === 'limit');
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100 });
    expect(spec.paths['/api/v1/api-keys/{id}/revoke'].post.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(spec.paths['/api/v1/status'].get.security).toEqual([]);
  });

  it('serves a Postman v2.1 collection generated from it, and a reference page', async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body;
    const collection = (await app.request('GET', '/api/postman.json')).body;
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    const requests = collection.item.flatMap((folder: { item: unknown[] }) => folder.item);
    const operations = Object.values(spec.paths).flatMap((operations) => Object.keys(operations as object));
    expect(requests).toHaveLength(operations.length);
    const create = requests.find((item: any) => item.request.method === 'POST' && item.request.url.raw === '{{baseUrl}}/api/v1/api-keys');
    expect(JSON.parse(create.request.body.raw)).toEqual({ label: 'string', scopes: ['account.read'] });
    expect(create.request.header).toContainEqual({ key: 'Authorization', value: 'Bearer {{apiKey}}' });

    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const text = await page.text();
    // Read by people: sections per tag collapse, schemas are tables, code is marked up (no literal
    // backticks), and the /api/api/… aliases are not listed.
    expect(text).toMatch(/<span class="method method-post">POST<\/span> <code>\/api\/v1\/api-keys<\/code>/);
    expect(text).toMatch(/<details class="tag" id="[a-z-]+" open>/);
    expect(text).toContain('<caption>Request body</caption>');
    expect(text).toMatch(/<tr><td><code>scopes<\/code><\/td><td>array of /);
    expect(text).not.toContain('/api/api/');
    expect(text.match(/.{0,80}`.{0,40}/)?.[0]).toBeUndefined();
  });
});
