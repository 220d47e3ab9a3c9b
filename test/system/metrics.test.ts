// /metrics in live (issue 22): closed without METRICS_TOKEN (unless METRICS_PUBLIC=true), and with
// the token only for its bearer; open in sandbox (test/core/http.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const TOKEN = 'metrics-token-0123456789';
let closed: TestApp;
let withToken: TestApp;

beforeAll(async () => {
  [closed, withToken] = await Promise.all([
    startTestApp({ env: { YARROW_ENV: 'live' } }),
    startTestApp({ env: { YARROW_ENV: 'live', METRICS_TOKEN: TOKEN } }),
  ]);
});
afterAll(async () => {
  await closed?.stop();
  await withToken?.stop();
});

describe('/metrics in live', () => {
  it('is closed without a METRICS_TOKEN, saying how to open it', async () => {
    const response = await closed.request('GET', '/metrics');
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('METRICS_TOKEN') });
  });

  it('answers only the token as a bearer', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }]) {
      expect((await withToken.request('GET', '/metrics', { headers })).status).toBe(401);
    }
    const response = await fetch(`${withToken.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('yarrow_http_request_duration_seconds');
  });
});
