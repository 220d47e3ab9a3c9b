import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir } from '../helpers/browser.ts';

// GraphiQL from this server only (issue 15): the machine has no internet, so any asset fetched from a
// CDN would fail and leave "Loading…"; the page runs under its CSP with no inline script.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ env: { GRAPHIQL: 'true' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('GraphiQL', () => {
  it('renders from local assets under a CSP without inline script and runs { __typename }', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    const origins = new Set<string>();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('request', (request) => {
      if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
    });
    try {
      const response = await page.goto(`${app.baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(await page.locator('script:not([src])').count()).toBe(0);

      const execute = page.getByRole('button', { name: /execute query/i });
      await execute.waitFor();
      await expect.poll(() => page.locator('.graphiql-query-editor').textContent()).toContain('__typename');
      await execute.click();
      await expect.poll(() => page.locator('.graphiql-response').textContent(), { timeout: 15_000 }).toMatch(/"__typename":\s*"Query"/);
      await page.screenshot({ path: join(screenshotsDir, 'graphiql.png') });
      expect([...origins]).toEqual([app.baseUrl]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('serves only the named assets', async () => {
    const css = await fetch(`${app.baseUrl}/graphql/assets/graphiql.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await fetch(`${app.baseUrl}/graphql/assets/index.js`)).status).toBe(404);
  });
});
