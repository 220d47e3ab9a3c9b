import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../src/core/auth.ts';
import { scopes } from '../../src/modules.ts';
import { openapiPath } from '../../src/core/openapi.ts';
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
    const described = new Set(app.routeDocs.map((doc) => `${doc.method} ${openapiPath(doc.path)}`));
    expect([...served].filter((route) => !described.has(route)), 'routes without a spec entry').toEqual([]);
    expect([...described].filter((route) => !served.has(route)), 'spec entries without a route').toEqual([]);
  });

  it("leaves out of OpenAPI what is not Yarrow's REST API: the panel's pages (README) and the Android app's reference API (its own spec)", async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body;
    for (const prefix of ['/api/3rdparty/', '/panel']) {
      expect(app.routeDocs.some((doc) => doc.path.startsWith(prefix))).toBe(true);
      expect(Object.keys(spec.paths).filter((path) => path.startsWith(prefix))).toEqual([]);
    }
  });

  it('documents for each route the scope it enforces: a key lacking exactly that scope gets 403 naming it', async () => {
    const scoped = app.routeDocs.filter((doc): doc is typeof doc & { auth: Scope } => (scopes as readonly string[]).includes(doc.auth));
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
    const deviceRoutes = app.routeDocs.filter((doc) => doc.auth === 'device');
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

  it('documents each operation as the contract: a unique operationId, the success body, each error status with its codes, examples', async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body;
    const operationIds: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        operationIds.push(operation.operationId);
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(spec.tags.map((tag: { name: string }) => tag.name), where).toContain(operation.tags[0]);
        const statuses = Object.keys(operation.responses).map(Number);
        expect(statuses.filter((status) => status >= 400).length, `${where}: error responses`).toBeGreaterThan(0);
        expect(Object.keys(operation.responses), `${where}: each status listed, no catch-all`).not.toContain('default');
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          const json = response.content?.['application/json'];
          if (Number(status) < 300 && json) {
            expect(json.schema?.type, `${where} ${status}: a success schema`).toBeDefined();
            expect(json.example, `${where} ${status}: an example`).toBeDefined();
          }
          if (Number(status) >= 400 && json?.examples) {
            const codes = Object.keys(json.examples);
            const schema = json.schema.properties.error?.properties.code ?? json.schema.properties.code;
            expect(schema.enum, `${where} ${status}: the codes it carries`).toEqual(codes);
          }
        }
      }
    }
    expect(new Set(operationIds).size, 'operationIds are unique').toBe(operationIds.length);
    expect(spec.tags.every((tag: { description?: string }) => tag.description)).toBe(true);
    expect(spec.info).toMatchObject({ license: { name: expect.any(String) }, contact: { url: expect.any(String) } });
    expect(spec.servers[0].url).toBe(app.rt.config.publicBaseUrl);
    expect(Object.keys(spec.components.securitySchemes)).toEqual(['apiKey', 'deviceToken']);

    const create = spec.paths['/api/v1/payment-intents'].post;
    expect(create.operationId).toBe('createPaymentIntent');
    expect(create.responses['201'].content['application/json'].schema.properties.payment_intent.properties.status.enum).toContain('succeeded');
    expect(create.responses['409'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['idempotency_conflict']);
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '402', '403', '404', '409', '413', '415', '429', '500', '503']);
    // A declined off-session charge's error carries decline_code and the intent as it now is (errorFields).
    const declined = create.responses['402'].content['application/json'];
    expect(declined.schema.properties.error.required).toEqual(expect.arrayContaining(['code', 'message', 'decline_code', 'payment_intent']));
    expect(declined.schema.properties.error.properties.payment_intent.properties.status.enum).toContain('requires_payment_method');
    expect(declined.examples.card_declined.value.error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds', payment_intent: { object: 'payment_intent' } });
    expect(create.responses['201'].content['application/json'].schema.properties.payment_intent.required).toContain('amount_disputed');
    const cancel = spec.paths['/api/v1/payment-intents/{id}/cancel'].post;
    // idempotency_conflict: a simulated fault a key may ask for (Yarrow-Simulate-Error).
    expect(cancel.responses['409'].content['application/json'].schema.properties.error.properties.code.enum).toEqual(['idempotency_conflict', 'invalid_state']);
    expect(cancel.responses['404'].content['application/json'].examples.not_found.value).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const redeliver = spec.paths['/api/v1/webhook-deliveries/{id}/redeliver'].post;
    expect(redeliver).toMatchObject({ operationId: 'redeliverWebhookDelivery', security: [{ apiKey: [] }], 'x-scope': 'webhooks.manage' });
    // The Android app's API answers errors in its own shape.
    const appPull = spec.paths['/api/mobile/v1/messages'].get;
    expect(appPull.responses['401'].content['application/json'].schema.properties.code.enum).toEqual(['unauthorized']);
    expect(appPull.responses['200'].content['application/json'].schema.type).toBe('array');
    // The reference page (Redoc) shows the operation ids, the tags' descriptions and the success
    // bodies: test/system/reference.browser.test.ts reads it as rendered.
  });

  it('gives every JSON operation a success schema, the one its answers are checked against', () => {
    const listed = app.routeDocs.filter((doc) => doc.listed !== false && !doc.alias && (doc.produces ?? 'json') === 'json');
    const withoutSchema = listed.filter((doc) => !doc.responseSchema && Object.keys(doc.responses).some((status) => Number(status) < 300 && Number(status) !== 204));
    expect(withoutSchema.map((doc) => `${doc.method} ${doc.path}`)).toEqual([]);
  });

  it('serves a Postman v2.1 collection (its flow runs in newman: test/system/postman.test.ts), and a reference page', async () => {
    const collection = (await app.request('GET', '/api/postman.json')).body;
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');

    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Redoc renders it in the browser from the document the page carries: sections per tag, request
    // and response schemas, code marked up, no /api/api/… aliases (test/system/reference.browser.test.ts).
    const text = await page.text();
    expect(text).toContain('<script src="/api/docs/assets/redoc.standalone.js" defer></script>');
    expect(text).toContain('createPaymentIntent');
    expect(text).not.toContain('/api/api/');
  });
});
