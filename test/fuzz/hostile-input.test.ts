import fc from 'fast-check';
import { buildClientSchema, getIntrospectionQuery, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType, type IntrospectionQuery } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';

/**
 * Property: for every REST operation in the OpenAPI document and every GraphQL mutation, random
 * and hostile input gets a 4xx with an error code (never a 5xx) and changes nothing stored.
 * Routes are read from the live spec, so new routes are covered without editing this file.
 */

let app: TestApp;
let account: TestAccount;
let counter: pg.Client;
let countSql: string;

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

beforeAll(async () => {
  app = await startTestApp();
  account = await app.account();
  counter = new pg.Client({ connectionString: app.databaseUrl });
  await counter.connect();
  // The request log records every request, refused ones too: that is its purpose, not a change.
  const tables = await counter.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('rate_limits', '_prisma_migrations', 'api_requests')`,
  );
  countSql = `SELECT ${tables.rows.map((row) => `(SELECT count(*) FROM "${row.table_name}") AS "${row.table_name}"`).join(', ')}`;
});
afterAll(async () => {
  await counter?.end();
  await app?.stop();
});

async function snapshot() {
  return (await counter.query(countSql)).rows[0] as Record<string, string>;
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    "'; DROP TABLE accounts; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\u0000',
    '\uD800',
    '../../etc/passwd',
    '%00%ff',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    '{{7*7}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell-style probe, meant literally
    '${jndi:ldap://x}',
    ' ',
    '',
  ),
  fc.constant('x'.repeat(70_000)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, -0.5, 1e308, Number.MAX_SAFE_INTEGER + 2, 12.345678, [], {}),
  fc.integer(),
  fc.double(),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A body built on the schema's own property names, each given a hostile value (or left out). */
function hostileBody(schema: { properties?: Record<string, unknown> } | undefined): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {});
  const shaped = names.length
    ? fc.record(Object.fromEntries(names.map((name) => [name, hostileValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

interface Operation {
  method: string;
  path: string;
  operation: Record<string, any>;
}

async function operations(): Promise<Operation[]> {
  const spec = (await app.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
}

/**
 * A hostile path value as one segment of the operation's path. A dot segment (`.`, `..`, however
 * percent-encoded: the URL standard reads `%2e` as a dot) would be resolved away by the client, so
 * the request would reach another path than the operation's: it gets a letter before it.
 */
function pathSegment(value: string) {
  const segment = encodeURIComponent(value.slice(0, 300).toWellFormed()) || 'x';
  return /^(\.|%2e){1,2}$/i.test(segment) ? `x${segment}` : segment;
}

describe('hostile REST input', () => {
  it('never gets a 5xx and never changes anything when refused', { timeout: 600_000 }, async () => {
    for (const { method, path, operation } of await operations()) {
      const content = operation.requestBody?.content ?? {};
      const [bodyType, bodySpec] = (Object.entries(content)[0] ?? []) as [string | undefined, { schema?: any } | undefined];
      const queryNames: string[] = (operation.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
      await fc.assert(
        fc.asyncProperty(
          hostileBody(bodySpec?.schema),
          fc.array(hostileString, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.constantFrom(...(queryNames.length ? queryNames : ['q'])), hostileString, { maxKeys: 3 }),
          async (body, pathValues, query) => {
            let index = 0;
            const url =
              path.replace(/\{\w+\}/g, () => pathSegment(pathValues[index++ % 3]!)) +
              (Object.keys(query).length
                ? // Node's HTTP server refuses request heads over 16 KiB before the app sees them.
                  `?${new URLSearchParams(Object.entries(query as Record<string, string>).map(([k, v]) => [k, v.slice(0, 300)])).toString()}`
                : '');
            const before = await snapshot();
            const encoded =
              bodyType === 'application/x-www-form-urlencoded'
                ? new URLSearchParams(
                    Object.entries((typeof body === 'object' && body) || {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
                  ).toString()
                : JSON.stringify(body);
            // Oversized bodies are refused before they are read (test/core/http.test.ts); here the
            // server may close the socket while a client still writes one, which is not a finding.
            if (encoded.length > 900_000) return;
            const send = () =>
              fetch(`${app.baseUrl}${url}`, {
                method: method.toUpperCase(),
                redirect: 'manual',
                headers: { authorization: `Bearer ${account.key}`, ...(bodyType ? { 'content-type': bodyType } : {}) },
                body: method === 'get' ? undefined : encoded,
              });
            let response: Response;
            try {
              response = await send();
            } catch {
              // A server may answer a large request early and close the socket while the client
              // still uploads; that refusal is not a 5xx.
              if (encoded.length > 65_536) return;
              // The client may also have reused a keep-alive socket the server just closed after
              // such a refusal: one retry tells that apart from a server that really drops requests.
              response = await send();
            }
            const text = await response.text();
            // 501 is a documented answer (the Android app's calls Yarrow deliberately does not serve), not a failure.
            const documented501 = response.status === 501 && operation.responses?.['501'] !== undefined;
            if (!documented501) expect(response.status, `${method.toUpperCase()} ${url} → ${text.slice(0, 300)}`).toBeLessThan(500);
            if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
              // The Android app's API answers in its reference server's error shape ({message, code}).
              const parsed = JSON.parse(text);
              const code = path.startsWith('/api/mobile/') ? parsed.code : parsed.error?.code;
              expect(code, `${method.toUpperCase()} ${url}`).toEqual(expect.any(String));
              expect(await snapshot(), `${method.toUpperCase()} ${url} changed data`).toEqual(before);
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
  });
});

describe('hostile GraphQL input', () => {
  it('never gets an internal error and never changes anything when refused', { timeout: 600_000 }, async () => {
    const introspection = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const schema = buildClientSchema(((await introspection.json()) as { data: IntrospectionQuery }).data);
    const typeName = (type: GraphQLInputType): string =>
      isNonNullType(type) ? `${typeName(type.ofType)}!` : isListType(type) ? `[${typeName(type.ofType)}]` : type.name;

    /** Values of the right GraphQL type but hostile content, or of the wrong type entirely. */
    function valueFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
      if (isNonNullType(type)) return valueFor(type.ofType, depth);
      if (isListType(type)) return fc.array(valueFor(type.ofType, depth + 1), { maxLength: 3 });
      const named = getNamedType(type);
      if (isEnumType(named)) return fc.oneof(fc.constantFrom(...named.getValues().map((value) => value.name)), hostileString);
      if (isInputObjectType(named) && depth < 3) {
        const fields = named.getFields();
        return fc.record(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, valueFor(field.type, depth + 1)])));
      }
      if (isScalarType(named)) {
        if (named.name === 'Int') return fc.oneof(fc.integer(), fc.constantFrom(2 ** 31, -1, 0));
        if (named.name === 'Float') return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(-1, 0, 1e300));
        if (named.name === 'Boolean') return fc.boolean();
      }
      return fc.oneof({ weight: 5, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue });
    }

    const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
    for (const mutation of mutations) {
      const args = mutation.args;
      const declaration = args.map((arg) => `$${arg.name}: ${typeName(arg.type)}`).join(', ');
      const call = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
      const query = `mutation Fuzz${declaration ? `(${declaration})` : ''} { ${mutation.name}${call ? `(${call})` : ''} { __typename } }`;
      if (!args.length) continue;
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(args.map((arg) => [arg.name, valueFor(arg.type)]))), async (variables) => {
          const before = await snapshot();
          const response = await fetch(`${app.baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
            body: JSON.stringify({ query, variables }),
          });
          const text = await response.text();
          expect(response.status, `${mutation.name} ${text.slice(0, 300)}`).toBeLessThan(500);
          const result = JSON.parse(text) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
          for (const error of result.errors ?? []) {
            expect(error.extensions?.code, `${mutation.name}: ${text.slice(0, 300)}`).toEqual(expect.any(String));
            expect(error.extensions?.code, `${mutation.name}: ${text.slice(0, 300)}`).not.toBe('internal_error');
          }
          if (result.errors?.length && !result.data) expect(await snapshot(), `${mutation.name} changed data`).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    }
  });
});

describe('hostile GraphQL documents', () => {
  it('page arguments of every list: never an internal error, a mistake names its argument', { timeout: 600_000 }, async () => {
    const introspection = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const schema = buildClientSchema(((await introspection.json()) as { data: IntrospectionQuery }).data);
    const lists = Object.values(schema.getQueryType()!.getFields()).filter((field) => field.args.some((arg) => arg.name === 'first'));
    expect(lists.length).toBeGreaterThan(5);
    // A cursor of another list: a string id where a list may have integer ids (webhookDeliveries).
    const foreignCursor = Buffer.from('GPC:S:pi_01jxxxxxxxxxxxxxxxxxxxxxxx').toString('base64');
    const cursor = fc.oneof(hostileString, fc.constant(foreignCursor), fc.constant(null));
    const size = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(-1, 0, 100, 101, 2 ** 31 - 1), fc.constant(null));
    for (const list of lists) {
      const query = `query Page($first: Int, $last: Int, $after: String, $before: String) {
        ${list.name}(first: $first, last: $last, after: $after, before: $before) { edges { cursor } pageInfo { hasNextPage } } }`;
      await fc.assert(
        fc.asyncProperty(fc.record({ first: size, last: size, after: cursor, before: cursor }), async (variables) => {
          const response = await fetch(`${app.baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
            body: JSON.stringify({ query, variables }),
          });
          const text = await response.text();
          expect(response.status, `${list.name} ${text.slice(0, 300)}`).toBeLessThan(500);
          for (const error of (JSON.parse(text) as { errors?: Array<{ extensions?: { code?: string; param?: string } }> }).errors ?? []) {
            expect(error.extensions?.code, `${list.name}: ${text.slice(0, 300)}`).not.toBe('internal_error');
            if (error.extensions?.code === 'invalid_request') {
              expect(['first', 'last', 'after', 'before'], `${list.name}: ${text.slice(0, 300)}`).toContain(error.extensions.param);
            }
          }
        }),
        // Always tried on every list, whatever the random runs pick.
        { numRuns: RUNS, examples: [[{ first: null, last: null, after: foreignCursor, before: null }]] },
      );
    }
  });

  it('deep, wide and aliased documents answer query_too_complex, never an internal error', async () => {
    const documents = [
      `{ ${'invoice(id: "inv_x") { paymentIntent { '.repeat(3000)}id${' } }'.repeat(3000)} }`,
      `{ ${Array.from({ length: 4000 }, (_, i) => `a${i}: paymentIntents(first: 100) { edges { node { id } } }`).join(' ')} }`,
      `mutation { ${Array.from({ length: 500 }, (_, i) => `m${i}: pauseRelayQueue { paused }`).join(' ')} }`,
      `{ paymentIntents(first: 100) { edges { node { ${'cardSessions(first: 100) { edges { node { paymentIntent { '.repeat(3)}id${' } } } }'.repeat(3)} } } } }`,
    ];
    for (const query of documents) {
      const before = await snapshot();
      const response = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
        body: JSON.stringify({ query }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
      expect(response.status, query.slice(0, 80)).toBe(400);
      expect(body.errors?.[0]?.extensions?.code, query.slice(0, 80)).toBe('query_too_complex');
      expect(await snapshot()).toEqual(before);
    }
  });
});
