import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

/**
 * One HTTP request from a chosen local address (all of 127.0.0.0/8 is loopback), so tests can be
 * several clients; redirects are not followed.
 */
function fetchFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<Response>((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const headers = new Headers();
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
        resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode, headers }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** A cookie jar of one browser, enough for the panel's forms, at one client address. */
class Browser {
  cookies = new Map<string, string>();
  base: string;
  address: string;
  constructor(base: string, address = '127.0.0.1') {
    this.base = base;
    this.address = address;
  }

  async fetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const response = await fetchFrom(this.address, `${this.base}${path}`, {
      ...init,
      headers: { ...init.headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
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

async function signedUp(email: string, address?: string) {
  const browser = new Browser(app.baseUrl, address);
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

  it('refuses an email from one address after 10 failures there', async () => {
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

  it('counts each attempt before checking it: 40 concurrent wrong passwords get exactly 10 answers, and the owner still signs in', async () => {
    await signedUp('target@example.com', '127.0.0.20');
    const stranger = new Browser(app.baseUrl, '127.0.0.21');
    const csrf = await stranger.formToken('/panel/sign-in');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stranger.post('/panel/sign-in', { csrf_token: csrf!, email: 'target@example.com', password: `guess-${i}` }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    // Even with the right password, that address stays refused for this email...
    const strangerRight = await stranger.post('/panel/sign-in', { csrf_token: csrf!, email: 'target@example.com', password: 'correct horse battery' });
    expect(strangerRight.status).toBe(429);
    // ...while the owner, from their own address, is only delayed, not locked out.
    const owner = new Browser(app.baseUrl, '127.0.0.22');
    const ownerCsrf = await owner.formToken('/panel/sign-in');
    const signedIn = await owner.post('/panel/sign-in', { csrf_token: ownerCsrf!, email: 'target@example.com', password: 'correct horse battery' });
    expect(signedIn.status).toBe(303);
    expect((await owner.fetch('/panel/keys')).status).toBe(200);
  });

  it('strangers at many addresses cannot lock the owner out', { timeout: 60_000 }, async () => {
    await signedUp('many@example.com', '127.0.0.30');
    for (let host = 31; host < 34; host++) {
      const stranger = new Browser(app.baseUrl, `127.0.0.${host}`);
      const csrf = await stranger.formToken('/panel/sign-in');
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => stranger.post('/panel/sign-in', { csrf_token: csrf!, email: 'many@example.com', password: `guess-${i}` }).then((r) => r.status)),
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    }
    const owner = new Browser(app.baseUrl, '127.0.0.36');
    const csrf = await owner.formToken('/panel/sign-in');
    expect((await owner.post('/panel/sign-in', { csrf_token: csrf!, email: 'many@example.com', password: 'correct horse battery' })).status).toBe(303);
  });

  it('limits sign-in attempts per client address across emails', async () => {
    const client = new Browser(app.baseUrl, '127.0.0.40');
    const csrf = await client.formToken('/panel/sign-in');
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => client.post('/panel/sign-in', { csrf_token: csrf!, email: `nobody-${i}@example.com`, password: 'guess' }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    const refused = statuses.filter((status) => status === 429);
    expect(refused).toHaveLength(5);
    // Another address is not affected.
    const other = new Browser(app.baseUrl, '127.0.0.41');
    const otherCsrf = await other.formToken('/panel/sign-in');
    expect((await other.post('/panel/sign-in', { csrf_token: otherCsrf!, email: 'nobody-0@example.com', password: 'guess' })).status).toBe(401);
  });

  it('sign-up does not say that an email has an account, and changes nothing for a taken one', async () => {
    await signedUp('taken@example.com', '127.0.0.50');
    const accountsBefore = await app.rt.db.prisma.account.count();
    const browser = new Browser(app.baseUrl, '127.0.0.51');
    const csrf = await browser.formToken('/panel/sign-up');
    const response = await browser.post('/panel/sign-up', { csrf_token: csrf!, email: 'taken@example.com', password: 'another long password', account_name: 'Imposter' });
    expect(response.status).toBe(400);
    const message = /role="alert">([^<]*)</.exec(await response.text())?.[1];
    expect(message).toContain('could not create an account');
    expect(message).not.toMatch(/exist|taken|registered|in use/i);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('yarrow_session='))).toBe(false);
    expect(await app.rt.db.prisma.account.count()).toBe(accountsBefore);
  });

  it('limits sign-ups per client address', async () => {
    const browser = new Browser(app.baseUrl, '127.0.0.60');
    const csrf = await browser.formToken('/panel/sign-up');
    const statuses = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        browser.post('/panel/sign-up', { csrf_token: csrf!, email: `bulk-${i}@example.com`, password: 'correct horse battery', account_name: `Bulk ${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 303)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(await app.rt.db.prisma.panelUser.count({ where: { email: { startsWith: 'bulk-' } } })).toBe(10);
  });

  it('sends its security headers on every panel response', async () => {
    const browser = await signedUp('headers@example.com', '127.0.0.70');
    for (const path of ['/panel/sign-in', '/panel/keys', '/panel', '/panel/assets/panel.js', '/panel/no-such-page']) {
      const response = await browser.fetch(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });
});
