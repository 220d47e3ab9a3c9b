import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, watchForProblems } from '../helpers/browser.ts';

// /api/docs is Redoc (src/system/reference-page.ts), served from this server: the machine has no
// internet, so anything it fetched from a CDN would fail; it runs under its CSP with no inline script.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Redoc's sidebar shows its maker's logo from its CDN; the CSP refuses it, and nothing else is missed. */
const redoclyLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

describe('the API reference page', () => {
  it('renders every tag and operation from local scripts under its CSP: operation ids, schemas as field lists, examples', { timeout: 60_000 }, async () => {
    const spec = await (await fetch(`${app.baseUrl}/api/openapi.json`)).json();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    const origins = new Set<string>();
    watchForProblems(page, problems);
    page.on('request', (request) => {
      if (/^https?:/.test(request.url()) && request.url() !== redoclyLogo) origins.add(new URL(request.url()).origin);
    });
    try {
      const response = await page.goto(`${app.baseUrl}/api/docs`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(await page.locator('script:not([src])').count()).toBe(0);

      const createApiKey = page.locator('[id="tag/Account/operation/createApiKey"]');
      await createApiKey.waitFor({ timeout: 30_000 });
      // A section per tag, with its description; the sidebar lists them.
      for (const tag of spec.tags as Array<{ name: string; description: string }>) {
        const id = `tag/${tag.name.replaceAll(' ', '-')}`;
        await expect.poll(() => page.locator(`[id="${id}"]`).textContent()).toContain(tag.name);
        expect(await page.locator(`[data-item-id="${id}"]`).count()).toBe(1);
      }
      expect(await page.locator('body').textContent()).toContain(spec.tags.find((tag: { name: string }) => tag.name === 'Webhooks').description);
      // Every operation is there.
      const operationIds = Object.values(spec.paths).flatMap((operations) => Object.values(operations as Record<string, { operationId: string }>).map((operation) => operation.operationId));
      const shown = await page.locator('[id*="/operation/"]').evaluateAll((elements) => elements.map((element) => element.id.split('/operation/')[1]));
      expect(new Set(shown)).toEqual(new Set(operationIds));

      // The request body's fields, with their types.
      const apiKeyText = (await createApiKey.textContent()) ?? '';
      expect(apiKeyText).toMatch(/POST\s*\/api\/v1\/api-keys/i);
      expect(apiKeyText).toMatch(/Request body schema/i);
      expect(apiKeyText).toMatch(/scopes\s*required\s*Array of strings/);

      // The operation id, as code; the success body's fields and its example.
      const create = page.locator('[id="tag/Payments/operation/createPaymentIntent"]');
      expect(await create.locator('code', { hasText: /^createPaymentIntent$/ }).count()).toBe(1);
      const createText = (await create.textContent()) ?? '';
      expect(createText).toMatch(/RESPONSE SCHEMA: application\/json\s*ok\s*required[\s\S]*payment_intent\s*required\s*object/i);
      expect(createText).toMatch(/"payment_intent": \s*{/);

      // Read by people: code is marked up (no literal backticks), and the /api/api/… aliases are not listed.
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).not.toContain('/api/api/');
      expect(text.match(/.{0,80}`.{0,40}/)?.[0]).toBeUndefined();
      await page.screenshot({ path: join(screenshotsDir, 'api-reference.png') });
      expect([...origins]).toEqual([app.baseUrl]);
      expect(problems.filter((problem) => !problem.includes(redoclyLogo))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('serves only the named scripts', async () => {
    const redoc = await fetch(`${app.baseUrl}/api/docs/assets/redoc.standalone.js`);
    expect(redoc.status).toBe(200);
    expect(redoc.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${app.baseUrl}/api/docs/assets/redoc.lib.js`)).status).toBe(404);
  });
});
