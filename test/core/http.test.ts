import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  app = await startTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
  owner = await app.account();
});
afterAll(() => app?.stop());

async function keyCount(accountId: number) {
  return app.rt.db.prisma.apiKey.count({ where: { accountId } });
}

describe('REST conventions', () => {
  it('status and health answer without a key, on the Pay paths and under the relay base alike', async () => {
    // `/api/v1/…` is both the Pay path and the relay base's `/v1/…`: one neutral name, both products.
    for (const path of ['/api/v1/status', '/api/api/v1/status']) {
      const status = await app.request('GET', path);
      expect(status.body, path).toEqual({ ok: true, service: 'yarrow', products: ['yarrow-pay', 'yarrow-relay'], env: 'sandbox' });
    }
    for (const path of ['/api/v1/health', '/api/api/v1/health']) {
      const health = await app.request('GET', path);
      expect(health.status, path).toBe(200);
      expect(health.body).toMatchObject({ ok: true, database: { ok: true }, queue: { ok: true } });
    }
  });

  it('echo a request id on every response', async () => {
    const chosen = await app.request('GET', '/api/v1/status', { headers: { 'x-request-id': 'trace-123' } });
    expect(chosen.headers.get('x-request-id')).toBe('trace-123');
    const generated = await app.request('GET', '/api/v1/status');
    expect(generated.headers.get('x-request-id')).toMatch(/^hreq_/);
  });

  it('answer unknown routes with not_found', async () => {
    const response = await app.request('GET', '/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });

  it('answer a wrong method on a known path with 405 method_not_allowed and Allow, on every route', async () => {
    for (const [method, path, allow] of [
      ['GET', '/api/v1/sms/send', 'POST'],
      ['DELETE', '/api/v1/status', 'GET'],
      ['PUT', '/api/v1/payment-intents/pi_unknown/cancel', 'POST'],
      ['PATCH', '/api/api/v1/otp/verify', 'POST'],
      ['PUT', '/graphql', 'GET, POST, OPTIONS'],
    ] as const) {
      const response = await app.request(method, path, method === 'GET' ? {} : { body: {} });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(response.body.error).toMatchObject({ code: 'method_not_allowed' });
      expect(response.body.error.message).toContain(allow);
    }
    // Both methods of a path with two are offered (GET and POST /api/v1/api-keys).
    const keys = await app.request('DELETE', '/api/v1/api-keys');
    expect(keys.status).toBe(405);
    expect(keys.headers.get('allow')).toBe('GET, POST');
  });

  it('serve Prometheus metrics', async () => {
    const response = await fetch(`${app.baseUrl}/metrics`);
    const text = await response.text();
    expect(text).toContain('yarrow_http_request_duration_seconds_bucket');
    expect(text).toContain('route="/api/v1/status"');
  });

  it('answer malformed JSON with 400, never 500, and create nothing', async () => {
    const before = await keyCount(owner.id);
    for (const body of ['{"label": "x",', 'not json', '[1,2', '{"label":"x","scopes":["account.read"]}}']) {
      const response = await app.request('POST', '/api/v1/api-keys', {
        key: owner.key,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, body).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_request', param: 'body' });
    }
    const wrongType = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body: '[]', headers: { 'content-type': 'application/json' } });
    expect(wrongType.status).toBe(400);
    expect(await keyCount(owner.id)).toBe(before);
  });

  it('answer oversized bodies with 413', async () => {
    const before = await keyCount(owner.id);
    const response = await app.request('POST', '/api/v1/api-keys', {
      key: owner.key,
      body: { label: 'x'.repeat(10_000), scopes: ['account.read'] },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
    const graphql = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.key}` },
      body: JSON.stringify({ query: `{ account { id } }`, variables: { pad: 'x'.repeat(10_000) } }),
    });
    expect(graphql.status).toBe(413);
    expect(await keyCount(owner.id)).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  const body = { label: 'Idempotent', scopes: ['account.read'] };

  it('replays the first response for the same key and body', async () => {
    const before = await keyCount(owner.id);
    const first = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'replay-1' } });
    expect(first.status).toBe(201);
    const second = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'replay-1' } });
    expect(second.status).toBe(201);
    // The same answer, but the secret was shown once: a replay never carries it.
    expect(second.body).toEqual({ ...first.body, secret: null, secret_redacted: true });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await keyCount(owner.id)).toBe(before + 1);
  });

  it('refuses the same key with a different body', async () => {
    await app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'conflict-1' } });
    const before = await keyCount(owner.id);
    const other = await app.request('POST', '/api/v1/api-keys', {
      key: owner.key,
      body: { ...body, label: 'Another' },
      headers: { 'idempotency-key': 'conflict-1' },
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'idempotency_conflict', param: 'Idempotency-Key' });
    expect(await keyCount(owner.id)).toBe(before);
  });

  it('lets one of two concurrent requests win and answers the other 409 or a replay', async () => {
    const before = await keyCount(owner.id);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'race-1' } }),
      ),
    );
    const created = attempts.filter((attempt) => attempt.status === 201 && attempt.headers.get('idempotent-replayed') !== 'true');
    const conflicts = attempts.filter((attempt) => attempt.status === 409);
    const replays = attempts.filter((attempt) => attempt.headers.get('idempotent-replayed') === 'true');
    expect(created).toHaveLength(1);
    expect(conflicts.length + replays.length).toBe(7);
    expect(conflicts.length).toBeGreaterThan(0);
    for (const conflict of conflicts) expect(conflict.body.error.code).toBe('idempotency_conflict');
    for (const replay of replays) expect(replay.body).toEqual({ ...created[0]!.body, secret: null, secret_redacted: true });
    expect(await keyCount(owner.id)).toBe(before + 1);
  });

  it('keeps keys per account', async () => {
    const other = await app.account();
    const mine = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'shared-name' } });
    const theirs = await app.request('POST', '/api/v1/api-keys', { key: other.key, body, headers: { 'idempotency-key': 'shared-name' } });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.api_key.id).not.toBe(mine.body.api_key.id);
  });

  it('stores nothing for a rejected request, so a corrected retry succeeds', async () => {
    const bad = await app.request('POST', '/api/v1/api-keys', {
      key: owner.key,
      body: { label: '', scopes: ['account.read'] },
      headers: { 'idempotency-key': 'fix-and-retry' },
    });
    expect(bad.status).toBe(400);
    const good = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'fix-and-retry' } });
    expect(good.status).toBe(201);
  });

  it('rejects keys longer than 255 characters', async () => {
    const response = await app.request('POST', '/api/v1/api-keys', { key: owner.key, body, headers: { 'idempotency-key': 'k'.repeat(256) } });
    expect(response.status).toBe(400);
    expect(response.body.error.param).toBe('Idempotency-Key');
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After past the per-key budget, counted across gateway processes', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_POINTS: '6', RATE_LIMIT_WINDOW_SECONDS: '60' } });
    const second = await limited.startExtraGateway();
    try {
      const account = await limited.account();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.request('GET', '/api/v1/account', { key: account.key })).status);
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${second.baseUrl}/api/v1/account`, { headers: { authorization: `Bearer ${account.key}` } });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      const rejected = await fetch(`${second.baseUrl}/api/v1/account`, { headers: { authorization: `Bearer ${account.key}` } });
      expect(rejected.status).toBe(429);
      expect(((await rejected.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      expect(Number(rejected.headers.get('retry-after'))).toBeGreaterThan(0);
      const onFirst = await limited.request('GET', '/api/v1/account', { key: account.key });
      expect(onFirst.status).toBe(429);
      // Another key has its own budget.
      const other = await limited.account();
      expect((await limited.request('GET', '/api/v1/account', { key: other.key })).status).toBe(200);
      // A burst spends the budget exactly, though its requests share counter updates.
      const burst = await limited.account();
      const answers = await Promise.all(Array.from({ length: 20 }, () => limited.request('GET', '/api/v1/account', { key: burst.key })));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(6);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(14);
    } finally {
      await second.stop();
      await limited.stop();
    }
  });
});
