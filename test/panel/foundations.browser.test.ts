import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';

// The panel's shared foundations (issue 15): layout, 404 page, favicon, an ended session, the
// list, form and confirm components on the API keys and webhooks pages, at desktop and phone width.


let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let accountId: number;
/** What the browser logged on this page: console errors, failed requests, HTTP errors. */
let problems: string[] = [];

const watch = (target: Page) => watchForProblems(target, problems, { ignoreStatus: (url) => url.includes('/panel/no-such-page') });

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  watch(page);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Foundations Ltd');
  await page.getByLabel('Email').fill('owner@foundations.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Foundations Ltd' } })).id;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (name: string) => page.screenshot({ path: join(screenshotsDir, `panel-${name}.png`), fullPage: true });

const accessibilityFindings = () => seriousAccessibilityFindings(page);

async function settled(path: string) {
  await page.goto(`${app.baseUrl}/panel/${path}`);
  // Best effort, and bounded: a page that keeps the network busy must not use up the test's time.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

describe('panel foundations in Chromium', () => {
  it('keeps cards hidden until they have something to show, and marks the current page in the nav', async () => {
    await settled('keys');
    expect(await page.locator('#new-secret').isVisible()).toBe(false);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('API keys');
    await settled('webhooks');
    expect(await page.locator('#endpoint-secret').isVisible()).toBe(false);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Webhooks');
    await settled('devices');
    expect(await page.locator('#pairing').isVisible()).toBe(false);
    expect(await page.locator('nav a[aria-current="page"]').count()).toBe(1);
    // Keyboard focus shows a ring.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
  });

  it('answers an unknown panel URL with an HTML page, and /favicon.ico with an icon', async () => {
    const response = await page.goto(`${app.baseUrl}/panel/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.getByRole('navigation', { name: 'Panel' }).isVisible()).toBe(true);
    await shot('not-found');
    const icon = await app.request('GET', '/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it('shows server errors beside their field in plain words', async () => {
    await settled('keys');
    await page.getByLabel('Label').fill('No scopes');
    await page.getByRole('button', { name: 'Create key' }).click();
    const scopesError = page.locator('#key-scopes-error');
    await scopesError.waitFor();
    expect(await scopesError.textContent()).not.toMatch(/input\./);
    expect(await page.locator('#panel-error').count()).toBe(0);

    await settled('webhooks');
    await page.getByLabel('URL').fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const urlError = page.locator('#endpoint-url-error');
    await urlError.waitFor();
    expect(await urlError.textContent()).toMatch(/^[A-Z].*http/);
    expect(await urlError.textContent()).not.toMatch(/input\./);
    expect(await page.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
    // Event types are checkboxes, not a multi-select.
    expect(await page.getByRole('checkbox', { name: 'payment_intent.succeeded' }).count()).toBe(1);
    await shot('webhooks-field-error');
  });

  it('pages through keys, asks before revoking one, and shows statuses as badges', async () => {
    for (let i = 1; i <= 24; i++) await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: `Key ${String(i).padStart(2, '0')}`, scopes: ['account.read'] });
    await settled('keys');
    const rows = page.locator('#keys tr');
    await expect.poll(() => rows.count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    const firstPage = await rows.first().getAttribute('data-key-id');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => rows.first().getAttribute('data-key-id')).toBe(firstPage);

    const row = rows.first();
    const label = (await row.locator('td').first().textContent())!;
    await page.getByRole('button', { name: `Revoke ${label}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await row.locator('.badge').textContent()).toBe('active');
    await page.getByRole('button', { name: `Revoke ${label}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => page.locator(`#keys tr:has-text("${label}") .badge`).textContent()).toBe('revoked');
    await shot('keys-desktop');
  });

  it('filters the delivery log, says when nothing matches, and shows a filter error instead of every row', async () => {
    await app.rt.db.prisma.account.update({ where: { id: accountId }, data: { allowPrivateWebhookUrls: true } });
    await settled('webhooks');
    await page.getByLabel('URL').fill('http://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.locator('#endpoints tr').first().waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const deliveries = page.locator('#deliveries tr');
    await deliveries.first().waitFor();
    await page.getByLabel('Status').selectOption('SUCCEEDED');
    await expect.poll(() => deliveries.count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Nothing matches these filters' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => deliveries.count()).toBe(1);
    await page.getByLabel('Event id').fill('zzz');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => deliveries.count()).toBe(0);
    await shot('webhooks-desktop');
  });

  it('has no serious or critical accessibility findings on any panel page', async () => {
    const paths = ['keys', 'webhooks', 'payments', 'devices', 'queue', 'messages', 'readiness', 'no-such-page'];
    const findings: Record<string, string[]> = {};
    for (const path of paths) {
      await settled(path);
      findings[path] = await accessibilityFindings();
    }
    expect(findings).toEqual(Object.fromEntries(paths.map((path) => [path, []])));
  });

  it('loads and leaves every page without a console error or a failed request', async () => {
    problems = [];
    for (const path of ['keys', 'webhooks', 'payments', 'devices', 'queue', 'messages', 'readiness', 'keys']) {
      await settled(path);
      await shot(`${path}-desktop-1440`);
    }
    expect(problems).toEqual([]);
  });

  it('at phone width: a compact nav in wrapping rows, and stacked rows that keep their field names', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['keys', 'webhooks']) {
      await settled(path);
      await page.locator('tbody tr').first().waitFor();
      // Compact: the links and their groups' labels wrap in at most four rows (none hidden off to the side; every link is in
      // view and clear of Sign out: test/panel/relay-controls.browser.test.ts).
      const rows = await page.locator('nav ul a').evaluateAll((links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size);
      expect(rows, path).toBeLessThanOrEqual(4);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(1);
      const shownLabel = await page
        .locator('tbody tr td')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content);
      expect(shownLabel, path).not.toBe('none');
      expect(await accessibilityFindings(), path).toEqual([]);
      await shot(`${path}-phone-stacked`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('sends the page to sign-in when the session ended in another tab', async () => {
    // Each step has its own deadline, so a slow run names the step that hung instead of timing out
    // the whole test (it did once in a clean-clone CI run on a loaded machine).
    const step = <T>(name: string, work: Promise<T>, ms = 15_000) =>
      Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`step "${name}" did not finish in ${ms} ms`)), ms).unref())]);
    await step('open keys', settled('keys'));
    const other = await context.newPage();
    await step('open keys in another tab', other.goto(`${app.baseUrl}/panel/keys`));
    // Signing out redirects to sign-in, and the tab's own live check may send it there too: the
    // first of two navigations is aborted, so the click does not wait for its navigation, and the
    // test waits for where the tab ends rather than for one load.
    await step('sign out in the other tab', other.getByRole('button', { name: 'Sign out' }).click({ noWaitAfter: true }));
    await expect.poll(() => other.url(), { timeout: 15_000 }).toMatch(/\/panel\/sign-in$/);
    await step('close the other tab', other.close());
    const wentToSignIn = page.waitForURL(/\/panel\/sign-in$/, { timeout: 15_000 });
    // The page's next request finds the session gone (its live updates may notice first and leave already).
    await step('submit a form', page.evaluate(() => document.querySelector<HTMLButtonElement>('#create-key button[type="submit"]')?.click())).catch(() => {});
    await wentToSignIn;
    expect(await page.getByText('Missing API key').count()).toBe(0);
  }, 60_000);
});
