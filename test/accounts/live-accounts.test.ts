// Live means live (issue 22): on YARROW_ENV=live a panel sign-up makes a live account whose keys are
// yk_live_, and no sandbox account or test key exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/core/auth.ts';
import { newId } from '../../src/accounts/contract.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { YARROW_ENV: 'live' } });
});
afterAll(() => app?.stop());

/** The panel's sign-up form, as a browser posts it; answers the session's cookie header and CSRF token. */
async function signUp(email: string) {
  const form = await fetch(`${app.baseUrl}/panel/sign-up`);
  const cookies = form.headers.getSetCookie().map((header) => header.split(';')[0]);
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(await form.text())![1]!;
  const response = await fetch(`${app.baseUrl}/panel/sign-up`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ csrf_token: csrf, email, password: 'correct horse battery', account_name: 'Live shop' }).toString(),
  });
  expect(response.status).toBe(303);
  const cookie = [...cookies, ...response.headers.getSetCookie().map((header) => header.split(';')[0])].join('; ');
  const page = await (await fetch(`${app.baseUrl}/panel/keys`, { headers: { cookie } })).text();
  return { cookie, csrfToken: /<meta name="csrf-token" content="([^"]+)"/.exec(page)![1]! };
}

describe('live sign-ups', () => {
  it('make live accounts whose keys start yk_live_, and the live instance has no sandbox account', async () => {
    const session = await signUp('owner@live.example');
    const graphql = async (query: string) => {
      const response = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as { data?: any; errors?: unknown[] };
    };
    const account = await graphql('{ account { id environment } }');
    expect(account.errors, JSON.stringify(account.errors)).toBeUndefined();
    expect(account.data.account.environment).toBe('live');
    const created = await graphql('mutation { createApiKey(input: { label: "server", scopes: [PAYMENTS_READ] }) { secret } }');
    expect(created.errors).toBeUndefined();
    const secret: string = created.data.createApiKey.secret;
    expect(secret).toMatch(/^yk_live_[0-9A-Za-z]{40}$/);
    // The key works on this instance.
    const intents = await app.request('GET', '/api/v1/payment-intents', { key: secret });
    expect(intents.status).toBe(200);
    const stored = await app.rt.db.prisma.account.findMany({ select: { environment: true } });
    expect(stored.map((row) => row.environment)).toEqual(['live']);
    expect(await app.rt.db.prisma.systemSetting.findUnique({ where: { key: 'sandbox_account_id' } })).toBeNull();
  });

  it('refuses a test key, even one stored for an account; keys made on the live instance are live', async () => {
    const account = await app.account({ name: 'Made before going live' });
    expect(account.key).toMatch(/^yk_live_/);
    const testKey = 'yk_test_0123456789abcdefghijABCDEFGHIJ0123456789';
    await app.rt.db.prisma.apiKey.create({
      data: { id: newId('apiKey'), accountId: account.id, label: 'old', prefix: testKey.slice(0, 14), secretHash: hashApiKey(app.rt.config.secret, testKey), scopes: ['payments.read'] },
    });
    const refused = await app.request('GET', '/api/v1/payment-intents', { key: testKey });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('Test keys') });
    expect((await app.request('GET', '/api/v1/payment-intents', { key: account.key })).status).toBe(200);
  });
});
