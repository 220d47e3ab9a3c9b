import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/core/crypto.ts';
import { readMigrations } from '../../src/core/migrate.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';

// Idempotency-Key replays never keep nor hand out a secret: the first answer shows it, the stored
// answer and every replay do not.
let app: TestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  account = await app.account();
});
afterAll(() => app?.stop());

async function storedBody(key: string): Promise<string> {
  const row = await app.rt.db.prisma.idempotencyKey.findUniqueOrThrow({ where: { accountId_key: { accountId: account.id, key } } });
  return JSON.stringify(row.responseBody);
}

async function runSql(sql: string) {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('idempotent creates that answer a secret', () => {
  const cases = [
    // An API key's public prefix (yk_test_ and 6 characters) may be kept; the whole key may not.
    { path: '/api/v1/api-keys', body: { label: 'Replayed', scopes: ['account.read'] }, object: 'api_key', secret: /yk_test_[0-9A-Za-z]{40}/ },
    { path: '/api/v1/webhook-endpoints', body: { url: 'http://127.0.0.1:9/hook' }, object: 'webhook_endpoint', secret: /whsec_/ },
  ];

  for (const { path, body, object, secret } of cases) {
    it(`${path}: the secret is shown once, never stored, and a replay says it was redacted`, async () => {
      const headers = { 'Idempotency-Key': `secret-${object}` };
      const first = await app.request('POST', path, { key: account.key, body, headers });
      expect(first.status).toBe(201);
      expect(first.body.secret).toMatch(secret);
      expect(first.body.secret_redacted).toBeUndefined();

      const stored = await storedBody(headers['Idempotency-Key']);
      expect(stored).toContain(first.body[object].id);
      expect(stored).not.toMatch(secret);
      expect(stored).not.toContain(first.body.secret.slice(14));

      const replay = await app.request('POST', path, { key: account.key, body, headers });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual({ ...first.body, secret: null, secret_redacted: true });
      expect(JSON.stringify(replay.body)).not.toMatch(secret);
    });
  }

  it('leaves answers without secrets as they were', async () => {
    const headers = { 'Idempotency-Key': 'no-secret' };
    const body = { amount: 5, currency: 'USD', title: 'Tea', customer_name: 'Ana', customer_email: 'ana@example.com' };
    const first = await app.request('POST', '/api/v1/payment-intents', { key: account.key, body, headers });
    const replay = await app.request('POST', '/api/v1/payment-intents', { key: account.key, body, headers });
    expect(first.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.body.secret_redacted).toBeUndefined();
  });

  it('the scrub migration removes secrets stored the old way, at any depth, and replays them redacted', async () => {
    // An answer as the API made it (a key's full JSON), with its secrets stored as they used to be.
    const oldKey = {
      id: 'key_old',
      object: 'api_key',
      label: 'Old',
      prefix: 'old0',
      scopes: ['account.read'],
      created_at: '2026-01-01T00:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    };
    const old = { api_key: oldKey, secret: 'yk_test_oldplaintextsecret0123456789', nested: [{ secret: 'whsec_nested', keep: 1 }] };
    const requestBody = JSON.stringify({ label: 'Old', scopes: ['account.read'] });
    await app.rt.db.prisma.idempotencyKey.create({
      data: {
        accountId: account.id,
        key: 'written-the-old-way',
        requestHash: sha256(`POST /api/v1/api-keys\n${requestBody}`),
        responseStatus: 201,
        responseBody: old,
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const scrub = readMigrations().find((migration) => migration.name.endsWith('_scrub_replayed_secrets'));
    await runSql(scrub!.sql);

    const stored = await storedBody('written-the-old-way');
    expect(JSON.parse(stored)).toEqual({ api_key: oldKey, nested: [{ keep: 1 }] });
    expect(stored).not.toMatch(/yk_test_|whsec_/);

    const replay = await app.request('POST', '/api/v1/api-keys', {
      key: account.key,
      body: requestBody,
      headers: { 'Idempotency-Key': 'written-the-old-way', 'content-type': 'application/json' },
    });
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ ok: true, api_key: { id: 'key_old' }, secret: null, secret_redacted: true });
  });
});
