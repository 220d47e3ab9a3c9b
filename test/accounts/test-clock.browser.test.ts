import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { checkoutClient, createIntent } from '../payments/checkout-client.ts';

// The test clock page (issue 24): start a clock, see the review it holds, advance past it (the real
// payment-review worker then approves the payment), a refused advance beside its field, delete
// after a confirmation. Desktop and 390 px, axe clean, no console errors.

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
let accountId: number;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: { PAYMENT_REVIEW_DELAY_SECONDS: '1200' } });
  await app.startWorkers(['payment-review']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Clockwork Ltd');
  await page.getByLabel('Email').fill('owner@clockwork.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Clockwork Ltd' } })).id;
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write'] })).secret;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the test clock page', () => {
  it('starts a clock, shows the review it holds, advances past it, refuses going back, and deletes it after a confirmation', async () => {
    await page.goto(`${app.baseUrl}/panel/test-clock`);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Test clock');
    await page.getByRole('button', { name: 'Start a test clock' }).click();
    const clock = page.locator('#clock');
    await clock.waitFor();
    const frozen = await clock.getAttribute('data-frozen-time');
    expect(new Date(frozen!).getTime()).toBe((await app.rt.db.prisma.testClock.findUniqueOrThrow({ where: { accountId } })).frozenTime.getTime());

    const intent = await createIntent(app, key);
    const pages = checkoutClient(app);
    expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-REVIEW')).status).toBe(303);
    await page.reload();
    const held = page.locator('#held-jobs tr');
    await expect.poll(() => held.count()).toBe(1);
    expect(await held.first().textContent()).toContain('Payment review');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);

    // Going back is refused beside the field, and changes nothing.
    const past = new Date(new Date(frozen!).getTime() - 3_600_000);
    const local = new Date(past.getTime() - past.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    await page.getByLabel('Advance to').fill(local);
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await page.locator('#clock-to-error').waitFor();
    expect(await page.locator('#clock-to-error').textContent()).toContain('later than');
    problems.length = 0; // the refused mutation is the test's doing

    await page.getByRole('button', { name: '+30 minutes' }).click();
    await expect.poll(() => page.locator('#released').textContent()).toBe('Advanced: 1 job ran.');
    await expect.poll(() => page.locator('#held-jobs tr').count()).toBe(0);
    expect(new Date((await clock.getAttribute('data-frozen-time'))!).getTime()).toBe(new Date(frozen!).getTime() + 30 * 60_000);
    await expect
      .poll(async () => (await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key })).body.payment_intent.status, { timeout: 10_000 })
      .toBe('succeeded');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-test-clock-desktop-1440.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-test-clock-phone-390.png'), fullPage: true });

    await page.getByRole('button', { name: 'Delete clock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await app.rt.db.prisma.testClock.count({ where: { accountId } })).toBe(1);
    await page.getByRole('button', { name: 'Delete clock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete clock' }).click();
    await page.getByRole('button', { name: 'Start a test clock' }).waitFor();
    expect(await app.rt.db.prisma.testClock.count({ where: { accountId } })).toBe(0);
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
