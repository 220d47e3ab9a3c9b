import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

/** A cookie jar of one browser, enough for the panel's forms. */
class Browser {
  cookies = new Map<string, string>();
  base: string;
  constructor(base: string) {
    this.base = base;
  }

  async fetch(path: string, init: RequestInit = {}) {
    const response = await fetch(`${this.base}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name!);
      else this.cookies.set(name!, value!);
    }
    return response;
  }

  async formToken(path: string) {
    const page = await (await this.fetch(path)).text();
    return /name="csrf_token" value="([^"]+)"/.exec(page)?.[1];
  }

  post(path: string, form: Record<string, string>) {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  async csrfMeta() {
    const page = await (await this.fetch('/panel/keys')).text();
    return /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1];
  }

  graphql(query: string, headers: Record<string, string> = {}) {
    return this.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  }
}

async function signedUp(email: string) {
  const browser = new Browser(app.baseUrl);
  const csrf = await browser.formToken('/panel/sign-up');
  const response = await browser.post('/panel/sign-up', { csrf_token: csrf!, email, password: 'correct horse battery', account_name: `Shop of ${email}` });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/panel');
  return browser;
}

describe('panel sessions', () => {
  it('redirects to sign-in without a session cookie', async () => {
    const browser = new Browser(app.baseUrl);
    for (const path of ['/panel', '/panel/keys']) {
      const response = await browser.fetch(path);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/panel/sign-in');
    }
  });

  it('signs up with a hashed password and an HttpOnly SameSite session cookie', async () => {
    const browser = new Browser(app.baseUrl);
    const csrf = await browser.formToken('/panel/sign-up');
    const response = await browser.post('/panel/sign-up', { csrf_token: csrf!, email: 'Owner@Example.com', password: 'correct horse battery', account_name: 'Owner Shop' });
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('yarrow_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await app.rt.db.prisma.panelUser.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain('correct horse battery');
    const sessions = await app.rt.db.prisma.panelSession.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toBe(browser.cookies.get('yarrow_session'));
    const keys = await browser.fetch('/panel/keys');
    expect(keys.status).toBe(200);
    expect(await keys.text()).toContain('owner@example.com');
  });

  it('requires the CSRF token on every form post', async () => {
    const browser = new Browser(app.baseUrl);
    await browser.formToken('/panel/sign-up');
    const missing = await browser.post('/panel/sign-up', { email: 'nocsrf@example.com', password: 'correct horse battery', account_name: 'x' });
    expect(missing.status).toBe(403);
    const wrong = await browser.post('/panel/sign-up', { csrf_token: 'forged', email: 'nocsrf@example.com', password: 'correct horse battery', account_name: 'x' });
    expect(wrong.status).toBe(403);
    expect(await app.rt.db.prisma.panelUser.count({ where: { email: 'nocsrf@example.com' } })).toBe(0);

    const user = await signedUp('csrf@example.com');
    const signOutWithout = await user.post('/panel/sign-out', {});
    expect(signOutWithout.status).toBe(403);
    expect((await user.fetch('/panel/keys')).status).toBe(200);
  });

  it('requires the CSRF header for GraphQL calls made with the session cookie', async () => {
    const browser = await signedUp('graphql@example.com');
    const without = await (await browser.graphql('mutation { createApiKey(input: {label: "x", scopes: [ACCOUNT_READ]}) { secret } }')).json();
    expect(without.errors[0].extensions.code).toBe('forbidden');
    const csrf = await browser.csrfMeta();
    const withToken = await (
      await browser.graphql('mutation { createApiKey(input: {label: "x", scopes: [ACCOUNT_READ]}) { secret } }', { 'x-csrf-token': csrf! })
    ).json();
    expect(withToken.data.createApiKey.secret).toMatch(/^yk_test_/);
  });

  it("never shows another account's objects to a session", async () => {
    const other = await app.account();
    const theirKey = await app.request('POST', '/api/v1/api-keys', { key: other.key, body: { label: 'theirs', scopes: ['account.read'] } });
    const browser = await signedUp('isolated@example.com');
    const csrf = await browser.csrfMeta();
    const revoke = await (await browser.graphql(`mutation { revokeApiKey(id: "${theirKey.body.api_key.id}") { id } }`, { 'x-csrf-token': csrf! })).json();
    expect(revoke.errors[0].extensions.code).toBe('not_found');
    const mine = await (await browser.graphql('{ account { id apiKeys(first: 50) { edges { node { id } } } } }', { 'x-csrf-token': csrf! })).json();
    expect(mine.data.account.id).not.toBe(other.id);
    expect(JSON.stringify(mine)).not.toContain(theirKey.body.api_key.id);
  });

  it('signs in, signs out, and the old cookie stops working', async () => {
    await signedUp('cycle@example.com');
    const browser = new Browser(app.baseUrl);
    const csrf = await browser.formToken('/panel/sign-in');
    const wrong = await browser.post('/panel/sign-in', { csrf_token: csrf!, email: 'cycle@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong email or password');
    const right = await browser.post('/panel/sign-in', { csrf_token: csrf!, email: 'CYCLE@example.com', password: 'correct horse battery' });
    expect(right.status).toBe(303);
    const oldCookie = browser.cookies.get('yarrow_session')!;
    const sessionCsrf = await browser.csrfMeta();
    const out = await browser.post('/panel/sign-out', { csrf_token: sessionCsrf! });
    expect(out.status).toBe(303);
    const replay = await fetch(`${app.baseUrl}/panel/keys`, { redirect: 'manual', headers: { cookie: `yarrow_session=${oldCookie}` } });
    expect(replay.status).toBe(303);
  });

  it('locks sign-in for an email after 10 failures', async () => {
    await signedUp('locked@example.com');
    const browser = new Browser(app.baseUrl);
    const csrf = await browser.formToken('/panel/sign-in');
    for (let i = 0; i < 10; i++) {
      expect((await browser.post('/panel/sign-in', { csrf_token: csrf!, email: 'locked@example.com', password: `guess-${i}` })).status).toBe(401);
    }
    const locked = await browser.post('/panel/sign-in', { csrf_token: csrf!, email: 'locked@example.com', password: 'correct horse battery' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('escapes what users typed', async () => {
    const browser = new Browser(app.baseUrl);
    const csrf = await browser.formToken('/panel/sign-in');
    const response = await browser.post('/panel/sign-in', { csrf_token: csrf!, email: '"><script>alert(1)</script>', password: 'x' });
    const page = await response.text();
    expect(page).not.toContain('<script>alert(1)</script>');
  });
});
