import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';

const CreateKey = graphql(`
  mutation CreateKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        id
        label
        prefix
        scopes
        lastUsedAt
        revokedAt
      }
    }
  }
`);

const RevokeKey = graphql(`
  mutation RevokeKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

const AccountKeys = graphql(`
  query AccountKeys {
    account {
      id
      name
      apiKeys(first: 50) {
        edges {
          node {
            id
            prefix
            lastUsedAt
          }
        }
      }
    }
  }
`);

const KeysChanged = graphql(`
  subscription KeysChanged {
    apiKeysChanged {
      keyId
      change
    }
  }
`);

let app: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.account();
});
afterAll(() => app?.stop());

/** Every text value stored in every table of the test database, for "no plaintext" checks. */
async function databaseDump(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT * FROM "${table_name}"`);
      dump += JSON.stringify(rows.rows);
    }
    return dump;
  } finally {
    await client.end();
  }
}

describe('API keys', () => {
  it('are shown once and stored only as a hash', async () => {
    const result = await execute(app.baseUrl, owner.key, CreateKey, {
      input: { label: 'Reporting', scopes: ['PAYMENTS_READ', 'ACCOUNT_READ'] },
    });
    const created = result.data!.createApiKey;
    expect(created.secret).toMatch(/^yk_test_[0-9A-Za-z]{40}$/);
    expect(created.apiKey.prefix).toBe(created.secret.slice(0, 14));
    expect(created.apiKey.scopes).toEqual(['PAYMENTS_READ', 'ACCOUNT_READ']);
    const dump = await databaseDump(app.databaseUrl);
    expect(dump).toContain(created.apiKey.id);
    expect(dump).not.toContain(created.secret);
    expect(dump).not.toContain(created.secret.slice(14));
    expect(dump).not.toContain(owner.key.slice(14));
    // And the key works.
    const me = await app.request('GET', '/api/v1/account', { key: created.secret });
    expect(me.status).toBe(200);
    expect(me.body.account.id).toBe(owner.id);
  });

  it('answer 401 when missing, unknown or revoked, on REST and GraphQL', async () => {
    const missing = await app.request('GET', '/api/v1/account');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ ok: false, error: { code: 'unauthorized', message: expect.any(String) } });

    const unknown = await app.request('GET', '/api/v1/account', { key: 'yk_test_doesnotexist' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');

    const created = (await execute(app.baseUrl, owner.key, CreateKey, { input: { label: 'Temp', scopes: ['ACCOUNT_READ'] } })).data!
      .createApiKey;
    expect((await app.request('GET', '/api/v1/account', { key: created.secret })).status).toBe(200);
    const revoked = await execute(app.baseUrl, owner.key, RevokeKey, { id: created.apiKey.id });
    expect(revoked.data?.revokeApiKey.revokedAt).toBeTruthy();
    const after = await app.request('GET', '/api/v1/account', { key: created.secret });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
    const viaGraphql = await execute(app.baseUrl, created.secret, AccountKeys);
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('unauthorized');
  });

  it('answer 403 naming the scope a key lacks', async () => {
    const limited = await app.account({ scopes: ['payments.read'] });
    const rest = await app.request('GET', '/api/v1/account', { key: limited.key });
    expect(rest.status).toBe(403);
    expect(rest.body.error).toEqual({ code: 'forbidden', message: expect.stringContaining('account.read'), param: 'account.read' });

    const gql = await execute(app.baseUrl, limited.key, AccountKeys);
    expect(gql.errors?.[0]?.extensions).toEqual({ code: 'forbidden', param: 'account.read' });

    const mint = await execute(app.baseUrl, limited.key, CreateKey, { input: { label: 'x', scopes: ['KEYS_MANAGE'] } });
    expect(mint.errors?.[0]?.extensions?.code).toBe('forbidden');
  });

  it("cannot see or revoke another account's keys", async () => {
    const other = await app.account();
    const theirs = (await execute(app.baseUrl, other.key, CreateKey, { input: { label: 'Theirs', scopes: ['ACCOUNT_READ'] } }))
      .data!.createApiKey;
    const revoke = await execute(app.baseUrl, owner.key, RevokeKey, { id: theirs.apiKey.id });
    expect(revoke.errors?.[0]?.extensions?.code).toBe('not_found');
    const restRevoke = await app.request('POST', `/api/v1/api-keys/${theirs.apiKey.id}/revoke`, { key: owner.key });
    expect(restRevoke.status).toBe(404);
    expect((await app.request('GET', '/api/v1/account', { key: theirs.secret })).status).toBe(200);

    const mine = await execute(app.baseUrl, owner.key, AccountKeys);
    const ids = mine.data!.account.apiKeys.edges.map((edge) => edge.node.id);
    expect(ids).not.toContain(theirs.apiKey.id);
    expect(mine.data!.account.id).toBe(owner.id);
  });

  it('reject bad input with invalid_request naming the param, and create nothing', async () => {
    const before = (await execute(app.baseUrl, owner.key, AccountKeys)).data!.account.apiKeys.edges.length;
    const blank = await execute(app.baseUrl, owner.key, CreateKey, { input: { label: '   ', scopes: ['ACCOUNT_READ'] } });
    expect(blank.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.label' });
    const none = await execute(app.baseUrl, owner.key, CreateKey, { input: { label: 'x', scopes: [] } });
    expect(none.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.scopes' });
    const rest = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body: { label: 'x', scopes: ['root'] } });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({ code: 'invalid_request', param: 'scopes[0]' });
    const extra = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body: { label: 'x', scopes: ['account.read'], admin: true } });
    expect(extra.status).toBe(400);
    const after = (await execute(app.baseUrl, owner.key, AccountKeys)).data!.account.apiKeys.edges.length;
    expect(after).toBe(before);
  });

  it('record when they were last used', async () => {
    const fresh = (await execute(app.baseUrl, owner.key, CreateKey, { input: { label: 'Usage', scopes: ['ACCOUNT_READ'] } })).data!
      .createApiKey;
    expect(fresh.apiKey.lastUsedAt).toBeNull();
    await app.request('GET', '/api/v1/account', { key: fresh.secret });
    const listed = (await execute(app.baseUrl, owner.key, AccountKeys)).data!.account.apiKeys.edges.find(
      (edge) => edge.node.id === fresh.apiKey.id,
    );
    expect(listed?.node.lastUsedAt).toBeTruthy();
  });
});

describe('apiKeysChanged', () => {
  it("streams creations and revocations of the account's own keys, never another account's", async () => {
    const client = wsClient(app.wsUrl, owner.key);
    const live = subscribe(client, KeysChanged);
    const stranger = await app.account();
    const create = async (key: string, label: string) =>
      (await execute(app.baseUrl, key, CreateKey, { input: { label, scopes: ['ACCOUNT_READ'] } })).data!.createApiKey.apiKey.id;
    const mine = new Set<string>();
    const first = live.next();
    // The subscription registers asynchronously: change keys on both accounts until one arrives.
    for (let arrived = false; !arrived; ) {
      await create(stranger.key, 'Theirs');
      mine.add(await create(owner.key, 'Mine'));
      arrived = await Promise.race([first.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100))]);
    }
    const revoked = [...mine][0]!;
    expect((await execute(app.baseUrl, owner.key, RevokeKey, { id: revoked })).errors).toBeUndefined();
    const changes = [(await first).data!.apiKeysChanged];
    while (changes.at(-1)!.change !== 'revoked') changes.push((await live.next()).data!.apiKeysChanged);
    // Every change is of a key of this account's (a key it made in an earlier test may still be on
    // its way when the subscription starts), none of the stranger's.
    const owned = await app.request('GET', '/api/v1/api-keys?limit=100', { key: owner.key });
    const ownKeys = new Set<string>(owned.body.data.map((key: { id: string }) => key.id));
    for (const id of mine) expect(ownKeys.has(id)).toBe(true);
    for (const change of changes) expect(ownKeys.has(change.keyId), change.keyId).toBe(true);
    expect(changes.at(-1)).toEqual({ keyId: revoked, change: 'revoked' });
    live.dispose();
    await client.dispose();
  });
});

describe('GET /api/v1/api-keys', () => {
  it('pages newest first with starting_after / ending_before and has_more', async () => {
    const lister = await app.account();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await app.request('POST', '/api/v1/api-keys', { key: lister.key, body: { label: `k${i}`, scopes: ['account.read'] } });
      ids.push(created.body.api_key.id);
    }
    const all = await app.request('GET', '/api/v1/api-keys?limit=100', { key: lister.key });
    expect(all.body.object).toBe('list');
    expect(all.body.has_more).toBe(false);
    const newestFirst = all.body.data.map((key: { id: string }) => key.id);
    expect(newestFirst.slice(0, 4)).toEqual([...ids].reverse());
    expect(newestFirst).toHaveLength(5); // plus the account's own key

    const page1 = await app.request('GET', '/api/v1/api-keys?limit=2', { key: lister.key });
    expect(page1.body.data.map((key: { id: string }) => key.id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.body.has_more).toBe(true);
    const page2 = await app.request('GET', `/api/v1/api-keys?limit=2&starting_after=${newestFirst[1]}`, { key: lister.key });
    expect(page2.body.data.map((key: { id: string }) => key.id)).toEqual(newestFirst.slice(2, 4));
    expect(page2.body.has_more).toBe(true);
    const back = await app.request('GET', `/api/v1/api-keys?limit=2&ending_before=${newestFirst[2]}`, { key: lister.key });
    expect(back.body.data.map((key: { id: string }) => key.id)).toEqual(newestFirst.slice(0, 2));

    for (const bad of ['limit=0', 'limit=101', 'limit=abc']) {
      const response = await app.request('GET', `/api/v1/api-keys?${bad}`, { key: lister.key });
      expect(response.status, bad).toBe(400);
      expect(response.body.error.param).toBe('limit');
    }
    const foreignCursor = await app.request('GET', `/api/v1/api-keys?starting_after=${ids[0]}`, { key: owner.key });
    expect(foreignCursor.status).toBe(404);
  });
});

describe('key revocation across gateways', () => {
  it('reaches a gateway that had the key cached, well before the cache would expire', async () => {
    const second = await app.startExtraGateway();
    try {
      const created = (await execute(app.baseUrl, owner.key, CreateKey, { input: { label: 'Cached', scopes: ['ACCOUNT_READ'] } })).data!
        .createApiKey;
      const call = () => fetch(`${second.baseUrl}/api/v1/account`, { headers: { authorization: `Bearer ${created.secret}` } });
      expect((await call()).status).toBe(200); // now cached on the second gateway
      await execute(app.baseUrl, owner.key, RevokeKey, { id: created.apiKey.id });
      const deadline = Date.now() + 5_000; // the cache TTL is 30 s: only the revocation event explains a 401 here
      let status = (await call()).status;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await call()).status;
      }
      expect(status).toBe(401);
    } finally {
      await second.stop();
    }
  });
});
