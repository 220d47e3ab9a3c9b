import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';

// The request log page (issue 24): the account's API requests, filtered, each one's bodies (no
// secret in them) and the events it caused. Desktop and phone, axe clean, no overflow, no errors.

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
let accountId: number;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Request Log Ltd');
  await page.getByLabel('Email').fill('owner@request-log.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Request Log Ltd' } })).id;
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'checkout server', scopes: ['payments.write', 'keys.manage'] })).secret;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('request log page', () => {
  it('lists the API requests, filters failures, shows bodies without secrets and the events caused; phone and desktop', async () => {
    const intent = { amount: '19.99', currency: 'EUR', title: 'A very long order title to wrap on a phone screen', customer_name: 'Grace Hopper', customer_email: 'grace@example.com' };
    const created = await app.request('POST', '/api/v1/payment-intents', { key, body: intent, headers: { 'Idempotency-Key': 'panel-order-1' } });
    expect(created.status).toBe(201);
    const refused = await app.request('POST', '/api/v1/payment-intents', { key, body: { ...intent, currency: 'XYZ' } });
    expect(refused.status).toBe(400);
    const newKey = await app.request('POST', '/api/v1/api-keys', { key, body: { label: 'made through the API', scopes: ['payments.read'] } });
    expect(newKey.status).toBe(201);
    await vi.waitFor(async () => expect(await app.rt.db.prisma.apiRequest.count({ where: { accountId } })).toBe(3));

    await page.goto(`${app.baseUrl}/panel/requests`);
    const rows = page.locator('#requests tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Request log');
    expect(await rows.nth(0).getAttribute('data-status')).toBe('201');
    expect(await rows.nth(1).getAttribute('data-status')).toBe('400');
    expect(await rows.nth(1).textContent()).toContain('invalid_request');
    expect(await rows.nth(2).textContent()).toContain('panel-order-1');
    expect(await rows.nth(2).textContent()).toContain('checkout server');

    // The created key's answer is logged without its secret.
    await rows.nth(0).getByText('Details').click();
    const keyBody = await rows.nth(0).locator('pre.body').last().textContent();
    expect(keyBody).toContain('"secret": "[redacted]"');
    expect(keyBody).not.toContain(newKey.body.secret);
    expect(await page.content()).not.toContain(key);

    // The create's details: its body and the event it caused.
    await rows.nth(2).getByText('Details').click();
    expect(await rows.nth(2).locator('pre.body').first().textContent()).toContain('"customer_name": "Grace Hopper"');
    expect(await rows.nth(2).textContent()).toContain('payment_intent.created');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-request-log-desktop.png'), fullPage: true });

    await page.getByLabel('Outcome').selectOption('failed');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-status')).toBe('400');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByLabel('Idempotency key').fill('panel-order-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('panel-order-1');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows.count()).toBe(3);

    await page.setViewportSize({ width: 390, height: 844 });
    await rows.nth(2).getByText('Details').click();
    await rows.nth(2).getByText('Details').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-request-log-phone-390.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
