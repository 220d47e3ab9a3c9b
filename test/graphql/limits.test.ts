import {
  getIntrospectionQuery,
  getOperationAST,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  typeFromAST,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { operationLimitErrors } from '../../src/graphql/limits.ts';
import { schema } from '../../src/graphql/schema.ts';
import * as panelOperations from '../../src/panel/gql/graphql.ts';
import * as testOperations from '../gql/graphql.ts';
import { createSession, endSession, signUp } from '../../src/panel/users.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { subscribe, wsClient, type GraphqlResult } from '../helpers/graphql.ts';

/**
 * Issue 12, items 1 and 10: GraphQL is bounded in size, depth, aliases and cost before anything
 * runs; rate budgets count every operation and every mutation field, by key and by account;
 * client mistakes are `invalid_request` naming the argument; revoking a key or signing out ends
 * its subscriptions on every gateway.
 */

let app: TestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  account = await app.account();
});
afterAll(() => app?.stop());

interface Answer extends GraphqlResult<any> {
  status: number;
  headers: Headers;
}

async function post(baseUrl: string, key: string | undefined, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, ...((await response.json()) as GraphqlResult<any>) };
}

/** Counts the connections the gateway's Prisma client takes from its pool: one per query it runs. */
function queryCounter(target: TestApp) {
  let acquired = 0;
  const onAcquire = () => acquired++;
  target.rt.db.pool.on('acquire', onAcquire);
  return {
    get count() {
      return acquired;
    },
    stop: () => target.rt.db.pool.off('acquire', onAcquire),
  };
}

const intentInput = { amount: 10, currency: 'USD', customerEmail: 'a@example.com', customerName: 'A', title: 'Limit test' };

describe('operation limits', () => {
  it('refuses the 2,000-alias query of the issue before it touches the database', async () => {
    await post(app.baseUrl, account.key, '{ account { id } }'); // the key is now in the auth cache
    const query = `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: paymentIntents(first: 100) { edges { node { id amount status } } }`).join(' ')} }`;
    expect(query.length).toBeGreaterThan(140_000);
    const queries = queryCounter(app);
    try {
      const refused = await post(app.baseUrl, account.key, query);
      expect(refused.status).toBe(400);
      expect(refused.data).toBeUndefined();
      expect(refused.errors?.[0]?.extensions?.code).toBe('query_too_complex');
      expect(refused.errors?.[0]?.message).toMatch(/more than 3,000 tokens/);
      expect(queries.count).toBe(0);
      // The counter does see a query that runs.
      const allowed = await post(app.baseUrl, account.key, '{ paymentIntents(first: 100) { edges { node { id } } } }');
      expect(allowed.errors).toBeUndefined();
      expect(queries.count).toBeGreaterThan(0);
    } finally {
      queries.stop();
    }
  });

  it('refuses more aliases than the limit, naming both numbers', async () => {
    const query = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: account { id }`).join(' ')} }`;
    const refused = await post(app.baseUrl, account.key, query);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]).toMatchObject({ message: '40 aliases exceed the limit of 30.', extensions: { code: 'query_too_complex' } });
  });

  it('prices pages by their size: the card session ↔ payment intent cycle is refused by cost', async () => {
    const cycle = `{ cardSessions(first: 100) { edges { node { id paymentIntent { id cardSessions(first: 100) { edges { node { id paymentIntent { id } } } } } } } } }`;
    const refused = await post(app.baseUrl, account.key, cycle);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions?.code).toBe('query_too_complex');
    expect(refused.errors?.[0]?.message).toMatch(/^Cost 50,\d{3} exceeds the limit of 25,000/);
    // The same shape on small pages fits.
    const small = await post(app.baseUrl, account.key, cycle.replaceAll('first: 100', 'first: 5'));
    expect(small.errors).toBeUndefined();
    // A variable page size is priced as it is sent, every time (no cached verdict by query text).
    const variable = `query Page($n: Int) { paymentIntents(first: $n) { edges { node { id cardSessions(first: $n) { edges { node { id } } } } } } }`;
    expect((await post(app.baseUrl, account.key, variable, { n: 5 })).errors).toBeUndefined();
    const big = await post(app.baseUrl, account.key, variable, { n: 100 });
    expect(big.errors?.[0]?.extensions?.code).toBe('query_too_complex');
  });

  it('prices relayQueueHealth by its window', async () => {
    const aliases = (minutes: number, count: number) =>
      `{ ${Array.from({ length: count }, (_, i) => `h${i}: relayQueueHealth(minutes: ${minutes}) { paused }`).join(' ')} }`;
    const wide = await post(app.baseUrl, account.key, aliases(120, 25));
    expect(wide.errors?.[0]?.extensions?.code).toBe('query_too_complex');
    expect(wide.errors?.[0]?.message).toMatch(/^Cost 31,275 exceeds the limit of 25,000/);
    const narrow = await post(app.baseUrl, account.key, aliases(15, 25));
    expect(narrow.errors).toBeUndefined();
    const thousand = await post(app.baseUrl, account.key, aliases(120, 1000));
    expect(thousand.errors?.[0]?.extensions?.code).toBe('query_too_complex');
  });

  it('answers deep documents with a client error: depth 3,000 and depth 500', async () => {
    const nested = (depth: number) => `{ ${'invoice(id: "inv_x") { paymentIntent { '.repeat(depth)}id${' } }'.repeat(depth)} }`;
    const overflow = await post(app.baseUrl, account.key, nested(3000));
    expect(overflow.status).toBe(400);
    expect(overflow.errors?.[0]?.extensions?.code).toBe('query_too_complex');
    const deep = `{ paymentIntent(id: "pi_x") { ${'invoice { paymentIntent { '.repeat(250)}id${' } }'.repeat(250)} } }`;
    const refused = await post(app.baseUrl, account.key, deep);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]).toMatchObject({ message: 'Depth 502 exceeds the limit of 10.', extensions: { code: 'query_too_complex' } });
  });

  it('answers client mistakes in arguments with invalid_request naming the argument', async () => {
    const page = (args: string) => `{ paymentIntents(${args}) { edges { node { id } } } }`;
    const cases: Array<[string, Record<string, unknown> | undefined, string, string?]> = [
      [page('first: -5'), undefined, 'first'],
      [page('after: "garbage"'), undefined, 'after'],
      [page('status: [NOPE]'), undefined, 'status'],
      ['query Q($status: [PaymentIntentStatus!]) { paymentIntents(status: $status) { edges { node { id } } } }', { status: ['NOPE'] }, 'status'],
      ['query Q($n: Int) { paymentIntents(first: $n) { edges { node { id } } } }', { n: -1 }, 'first'],
    ];
    for (const [query, variables, param] of cases) {
      const answer = await post(app.baseUrl, account.key, query, variables);
      expect(answer.errors?.[0]?.extensions, query).toMatchObject({ code: 'invalid_request', param });
    }
  });

  it("refuses a cursor of another account's list, or of no list, as it refuses a malformed one", async () => {
    const other = await app.account();
    const create = 'mutation Create($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { id } }';
    for (const owner of [account, account, other]) expect((await post(app.baseUrl, owner.key, create, { input: intentInput })).errors).toBeUndefined();
    const pageQuery = 'query Page($after: String) { paymentIntents(first: 1, after: $after) { edges { cursor node { id } } } }';
    const theirs = (await post(app.baseUrl, other.key, pageQuery)).data.paymentIntents.edges[0].cursor;
    const mine = (await post(app.baseUrl, account.key, pageQuery)).data.paymentIntents.edges[0].cursor;
    expect((await post(app.baseUrl, account.key, pageQuery, { after: mine })).data.paymentIntents.edges).toHaveLength(1);
    const nowhere = Buffer.from('GPC:S:pi_01jxxxxxxxxxxxxxxxxxxxxxxx').toString('base64');
    for (const after of [theirs, nowhere]) {
      const refused = await post(app.baseUrl, account.key, pageQuery, { after });
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'after' });
      expect(JSON.stringify(refused)).not.toMatch(/pi_/); // no page placed beside their row
    }
  });

  it("fits every panel operation in a third of the cost limit and 70 % of the depth, every other one (SDK, tests) in the limits, at pages of 100", () => {
    const sample = (type: GraphQLInputType): unknown => {
      if (isNonNullType(type)) return sample(type.ofType);
      if (isListType(type)) return [sample(type.ofType)];
      if (isEnumType(type)) return type.getValues()[0]!.name;
      if (isInputObjectType(type)) {
        const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
        return Object.fromEntries(fields.map((field) => [field.name, sample(field.type)]));
      }
      return ({ Int: 100, Float: 1, Boolean: true, DateTime: '2026-11-23T00:00:00Z' } as Record<string, unknown>)[type.name] ?? 'x';
    };
    const limits = app.rt.config;
    const third = { ...limits, GRAPHQL_MAX_COST: limits.GRAPHQL_MAX_COST / 3, GRAPHQL_MAX_DEPTH: Math.floor(limits.GRAPHQL_MAX_DEPTH * 0.7) };
    let measured = 0;
    for (const [name, text] of Object.entries({ ...panelOperations, ...testOperations })) {
      if (!(text instanceof String)) continue;
      const document = parse(text.toString(), { maxTokens: limits.GRAPHQL_MAX_TOKENS / 3 });
      const operation = getOperationAST(document)!;
      const variableValues = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, sample(typeFromAST(schema, definition.type as never) as GraphQLInputType)]),
      );
      const errors = operationLimitErrors({ schema, document, variableValues, contextValue: {} }, name.startsWith('Panel') ? third : limits);
      expect(errors.filter((error) => error.extensions.code !== 'invalid_request').map((error) => error.message), name).toEqual([]);
      // A sample value a field's own validation refuses (a URL, an email) stops the measure there.
      if (errors.length === 0) measured += 1;
    }
    expect(measured).toBeGreaterThan(70);
  });

  it('answers introspection and a dashboard-sized query', async () => {
    const introspection = await post(app.baseUrl, account.key, getIntrospectionQuery());
    expect(introspection.errors).toBeUndefined();
    const dashboard = await post(
      app.baseUrl,
      account.key,
      `{ paymentIntents(first: 25) { edges { node { id amount currency status invoice { id status } createdAt } } pageInfo { hasNextPage endCursor } }
         relayQueueHealth(minutes: 60) { paused counts { queued sent } throughput { minute accepted } devices { name } } }`,
    );
    expect(dashboard.errors).toBeUndefined();
  });
});

describe('rate limits over GraphQL', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await startTestApp({
      // Aliases and document size raised so that the 500-alias mutation reaches the budget.
      env: { RATE_LIMIT_POINTS: '40', RATE_LIMIT_ACCOUNT_POINTS: '50', RATE_LIMIT_WINDOW_SECONDS: '60', GRAPHQL_MAX_ALIASES: '600', GRAPHQL_MAX_TOKENS: '10000' },
    });
  });
  afterAll(() => limited?.stop());

  const creates = (count: number) =>
    `mutation Many($input: CreatePaymentIntentInput!) { ${Array.from({ length: count }, (_, i) => `p${i}: createPaymentIntent(input: $input) { id }`).join(' ')} }`;
  const intents = (accountId: number) => limited.rt.db.prisma.paymentIntent.count({ where: { accountId } });

  it('counts each mutation field, and answers 429 with Retry-After when the key is spent', async () => {
    const owner = await limited.account();
    const first = await post(limited.baseUrl, owner.key, creates(25), { input: intentInput });
    expect(first.errors).toBeUndefined();
    expect(await intents(owner.id)).toBe(25);
    const second = await post(limited.baseUrl, owner.key, creates(25), { input: intentInput });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(second.data).toBeUndefined();
    expect(second.errors?.[0]?.extensions?.code).toBe('rate_limited');
    expect(second.errors?.[0]?.message).toMatch(/for this key/);
    expect(second.errors?.[0]?.extensions).not.toHaveProperty('http');
    expect(await intents(owner.id)).toBe(25);
    // Queries count too: the budget is spent, so a read is refused as well.
    const read = await post(limited.baseUrl, owner.key, '{ account { id } }');
    expect(read.status).toBe(429);
    // And a subscription over SSE.
    const stream = await fetch(`${limited.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${owner.key}` },
      body: JSON.stringify({ query: 'subscription { apiKeysChanged { keyId } }' }),
    });
    expect(stream.status).toBe(429);
    expect(Number(stream.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stream.text()).toMatch(/"code":"rate_limited"/);
  });

  it('charges the 500-alias mutation of the issue 500 points: refused whole, nothing created', async () => {
    const owner = await limited.account();
    const refused = await post(limited.baseUrl, owner.key, creates(500), { input: intentInput });
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions?.code).toBe('rate_limited');
    expect(await intents(owner.id)).toBe(0);
  });

  it("shares the account's budget between its keys", async () => {
    const owner = await limited.account();
    const { secret: secondKey } = await createApiKey(limited.rt, limited.rt.db.prisma, owner.id, {
      label: 'second',
      scopes: ['payments.write', 'account.read'],
    });
    expect((await post(limited.baseUrl, owner.key, creates(25), { input: intentInput })).errors).toBeUndefined();
    expect((await post(limited.baseUrl, secondKey, creates(25), { input: intentInput })).errors).toBeUndefined();
    // The second key has spent 25 of its 40, the account 50 of its 50.
    const refused = await post(limited.baseUrl, secondKey, '{ account { id } }');
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.message).toMatch(/for this account/);
    expect(await intents(owner.id)).toBe(50);
    // Another account is unaffected.
    const other = await limited.account();
    expect((await post(limited.baseUrl, other.key, '{ account { id } }')).errors).toBeUndefined();
  });

  it('refuses a limited operation over graphql-ws with an error message carrying the code', async () => {
    const owner = await limited.account();
    expect((await post(limited.baseUrl, owner.key, creates(30), { input: intentInput })).errors).toBeUndefined();
    expect((await post(limited.baseUrl, owner.key, creates(10), { input: intentInput })).errors).toBeUndefined();
    const client = wsClient(limited.wsUrl, owner.key);
    try {
      const live = subscribe(client, 'subscription { apiKeysChanged { keyId } }' as never);
      const failure = await live.next().then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/"code":"rate_limited"/);
      expect(failure?.message).not.toMatch(/"http"/); // HTTP's status and headers stay off socket messages
    } finally {
      await client.dispose();
    }
  });
});

describe('introspection in live mode', () => {
  it('needs a valid key in live, and stays open in sandbox', async () => {
    const live = await startTestApp({ env: { YARROW_ENV: 'live' } });
    try {
      const liveAccount = await live.account();
      const anonymous = await post(live.baseUrl, undefined, getIntrospectionQuery());
      expect(anonymous.status).toBe(401);
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('unauthorized');
      expect(anonymous.data).toBeUndefined();
      const hidden = await post(live.baseUrl, undefined, '{ ... on Query { __type(name: "PaymentIntent") { name } } }');
      expect(hidden.status).toBe(401);
      const wrongKey = await post(live.baseUrl, 'yk_live_nope', '{ __schema { queryType { name } } }');
      expect(wrongKey.status).toBe(401);
      const keyed = await post(live.baseUrl, liveAccount.key, '{ __schema { queryType { name } } }');
      expect(keyed.data?.__schema.queryType.name).toBe('Query');
      // Nor do guessed names get suggestions (`Did you mean "paymentIntent"?`), over HTTP or an event stream.
      const guessed = await post(live.baseUrl, undefined, '{ paymentIntnt(id: "pi_x") { id } }');
      expect(guessed.errors?.[0]?.message).toBe('Cannot query field "paymentIntnt" on type "Query".');
      const streamed = await fetch(`${live.baseUrl}/graphql`, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'subscription { eventCreatd { id } }' }),
      });
      const events = await streamed.text();
      expect(events).toContain('Cannot query field \\"eventCreatd\\" on type \\"Subscription\\".');
      expect(events).not.toContain('Did you mean');
    } finally {
      await live.stop();
    }
    const sandbox = await post(app.baseUrl, undefined, '{ __schema { queryType { name } } }');
    expect(sandbox.data?.__schema.queryType.name).toBe('Query');
    expect((await post(app.baseUrl, undefined, '{ paymentIntnt(id: "pi_x") { id } }')).errors?.[0]?.message).toContain('Did you mean "paymentIntent"');
  });
});

describe('revocation ends open subscriptions', () => {
  /** Acts until the subscription has heard something (so it is live), then returns what it heard. */
  async function whenLive<T>(heard: Promise<T>, act: () => Promise<unknown>): Promise<T> {
    let settled = false;
    void heard.finally(() => (settled = true)).catch(() => {});
    while (!settled) {
      await act();
      await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    return heard;
  }

  /** The data events of an SSE response, one at a time; undefined once the stream ended. */
  function sseEvents(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    return async (): Promise<GraphqlResult<any> | undefined> => {
      for (;;) {
        const match = /data: (\{.*\})\n/.exec(text);
        if (match) {
          text = text.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as GraphqlResult<any>;
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        text += value;
      }
    };
  }

  async function nextError<T>(next: () => Promise<GraphqlResult<T> | undefined>) {
    for (;;) {
      const result = await next();
      if (!result || result.errors) return result;
    }
  }

  const keysChanged = 'subscription { apiKeysChanged { keyId change } }';

  it("closes a revoked key's graphql-ws and SSE subscriptions on another gateway", async () => {
    const owner = await app.account();
    const watcher = await createApiKey(app.rt, app.rt.db.prisma, owner.id, {
      label: 'watcher',
      scopes: ['keys.manage'],
    });
    const second = await app.startExtraGateway();
    const client = wsClient(`${second.baseUrl.replace('http', 'ws')}/graphql`, watcher.secret);
    try {
      const makeKey = () => post(app.baseUrl, owner.key, 'mutation { createApiKey(input: { label: "noise", scopes: [ACCOUNT_READ] }) { secret } }');
      const overWs = subscribe(client, keysChanged as never);
      await whenLive(overWs.next(), makeKey);
      const response = await fetch(`${second.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${watcher.secret}` },
        body: JSON.stringify({ query: keysChanged }),
      });
      const overSse = sseEvents(response);
      await whenLive(overSse(), makeKey);

      const revoked = await post(app.baseUrl, owner.key, `mutation { revokeApiKey(id: "${watcher.apiKey.id}") { id } }`);
      expect(revoked.errors).toBeUndefined();

      const wsEnd = await nextError(() => overWs.next());
      expect(wsEnd?.errors?.[0]?.extensions).toEqual({ code: 'unauthorized' });
      await expect(overWs.next()).rejects.toThrow(/completed/);
      const sseEnd = await nextError(overSse);
      expect(sseEnd?.errors?.[0]?.extensions?.code).toBe('unauthorized');
      expect(await nextError(overSse)).toBeUndefined(); // the stream ended
      // The owner's own subscriptions are untouched.
      const ownerClient = wsClient(`${second.baseUrl.replace('http', 'ws')}/graphql`, owner.key);
      const ownerLive = subscribe(ownerClient, keysChanged as never);
      const heard = (await whenLive(ownerLive.next(), makeKey)) as GraphqlResult<any>;
      expect(heard.errors).toBeUndefined();
      await ownerClient.dispose();
    } finally {
      await client.dispose();
      await second.stop();
    }
  });

  it("ends a panel session's SSE subscription on another gateway when it signs out", async () => {
    const user = await signUp(app.rt.db.prisma, { email: 'revoke@example.com', password: 'correct horse battery', accountName: 'Revoke' }, 'sandbox');
    const { token } = await createSession(app.rt, user);
    const second = await app.startExtraGateway();
    try {
      const response = await fetch(`${second.baseUrl}/graphql?query=${encodeURIComponent(keysChanged)}`, {
        headers: { accept: 'text/event-stream', cookie: `yarrow_session=${token}` },
      });
      const events = sseEvents(response);
 const manager = await createApiKey(app.rt, app.rt.db.prisma, user.accountId, { label: 'manager', scopes: ['keys.manage'] });
      await whenLive(events(), () => post(app.baseUrl, manager.secret, 'mutation { createApiKey(input: { label: "noise", scopes: [ACCOUNT_READ] }) { secret } }'));
      await endSession(app.rt, token);
      const end = await nextError(events);
      expect(end?.errors?.[0]?.extensions?.code).toBe('unauthorized');
      expect(await nextError(events)).toBeUndefined();
    } finally {
      await second.stop();
    }
  });
});
