import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/core/config.ts';
import { modules } from '../../src/modules.ts';
import { startTestApp, TEST_SECRET, type TestApp } from '../helpers/app.ts';

describe('CORS configuration', () => {
  it('defaults to no origins in live and any origin (without credentials) in sandbox', () => {
    expect(loadConfig(modules, { YARROW_ENV: 'live', YARROW_SECRET: TEST_SECRET }).corsOrigins).toEqual([]);
    expect(loadConfig(modules, { YARROW_SECRET: TEST_SECRET }).corsOrigins).toEqual(['*']);
    expect(loadConfig(modules, { YARROW_SECRET: TEST_SECRET, CORS_ORIGINS: 'https://a.example, http://localhost:3000' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
  });

  it('refuses what is not an origin, naming the variable', () => {
    for (const bad of ['https://a.example/path', 'a.example', 'ftp://a.example']) {
      expect(() => loadConfig(modules, { YARROW_SECRET: TEST_SECRET, CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig(modules, { YARROW_SECRET: TEST_SECRET, CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('CORS in live with an allow-list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { YARROW_ENV: 'live', CORS_ORIGINS: 'https://shop.example' } });
  });
  afterAll(() => app?.stop());

  const call = (path: string, origin: string, init: RequestInit = {}) =>
    fetch(`${app.baseUrl}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), origin } });

  it('never reflects an origin that is not listed, and never allows credentials', async () => {
    for (const [path, init] of [
      ['/api/v1/status', {}],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) }],
      ['/graphql', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } }],
    ] as const) {
      const response = await call(path, 'https://evil.example', init);
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('allows a listed origin, without credentials', async () => {
    const preflight = await call('/api/v1/account', 'https://shop.example', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const graphql = await call('/graphql', 'https://shop.example', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(graphql.headers.get('access-control-allow-credentials')).toBeNull();
    expect(graphql.headers.get('vary')).toMatch(/origin/i);
  });

  it('marks panel cookies Secure in live even on an http base URL', async () => {
    const page = await fetch(`${app.baseUrl}/panel/sign-up`);
    const formCookie = page.headers.getSetCookie().find((cookie) => cookie.startsWith('yarrow_form_csrf='))!;
    expect(formCookie).toMatch(/;\s*Secure/i);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const signUp = await fetch(`${app.baseUrl}/panel/sign-up`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: formCookie.split(';')[0]! },
      body: new URLSearchParams({ csrf_token: csrf, email: 'live@example.com', password: 'correct horse battery', account_name: 'Live Shop' }).toString(),
    });
    expect(signUp.status).toBe(303);
    const session = signUp.headers.getSetCookie().find((cookie) => cookie.startsWith('yarrow_session='));
    expect(session).toMatch(/;\s*Secure/i);
  });
});

describe('client addresses behind a trusted proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.stop());

  it('counts sign-in attempts per forwarded address, not per proxy', async () => {
    const page = await fetch(`${app.baseUrl}/panel/sign-in`);
    const cookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const attempt = (forwardedFor: string, i: number) =>
      fetch(`${app.baseUrl}/panel/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': forwardedFor },
        body: new URLSearchParams({ csrf_token: csrf, email: `someone-${i}@example.com`, password: 'guess' }).toString(),
      }).then((response) => response.status);
    // A client may put anything first; the proxy appends the real address last.
    const statuses = await Promise.all(Array.from({ length: 22 }, (_, i) => attempt(`10.9.9.${i}, 198.51.100.7`, i)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(await attempt('198.51.100.8', 99)).toBe(401);
  });
});

describe('CORS in sandbox by default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('lets any page read API answers, never with credentials', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/status`, { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    // The panel is not part of the API: no CORS there.
    const panel = await fetch(`${app.baseUrl}/panel/sign-in`, { headers: { origin: 'https://evil.example' } });
    expect(panel.headers.get('access-control-allow-origin')).toBeNull();
  });
});
