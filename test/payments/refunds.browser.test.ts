import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { checkoutClient, createIntent } from './checkout-client.ts';

// Refunds in the panel (issue 24): the refund form on a paid intent's page, a confirmation before
// anything is sent, the server's refusal beside its field, the refund settled live by the real
// payment-refund worker; then the hosted receipt showing it. Desktop and 390 px, axe clean.

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['payment-refund']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Refunds Ltd');
  await page.getByLabel('Email').fill('owner@refunds.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Refunds Ltd' } })).id;
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write'] })).secret;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function paidIntent() {
  const pages = checkoutClient(app);
  const intent = await createIntent(app, key, { title: 'Blue teapot', amount: 40 });
  expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE')).status).toBe(303);
  return intent;
}

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('refunds in the panel', () => {
  it('refunds part of a paid payment after a confirmation, shows a refusal beside its field, and follows the refund live', async () => {
    const intent = await paidIntent();
    await page.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    const summary = page.locator('#intent-summary');
    await expect.poll(() => summary.getAttribute('data-status')).toBe('SUCCEEDED');
    const form = page.locator('#refund-form');

    // Canceling the confirmation sends nothing.
    await form.getByLabel(/Amount/).fill('15');
    await form.getByRole('button', { name: 'Refund payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await app.rt.db.prisma.refund.count({ where: { paymentIntentId: intent.id } })).toBe(0);

    // More than the payment: the server's reason under the amount field.
    await form.getByLabel(/Amount/).fill('45');
    await form.getByRole('button', { name: 'Refund payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await page.locator('#refund-amount-error').waitFor();
    expect(await page.locator('#refund-amount').getAttribute('aria-invalid')).toBe('true');
    expect(await app.rt.db.prisma.refund.count({ where: { paymentIntentId: intent.id } })).toBe(0);
    problems.length = 0; // the refused mutation is the test's doing

    await form.getByLabel(/Amount/).fill('15');
    await form.getByLabel('Reason').selectOption('REQUESTED_BY_CUSTOMER');
    await form.getByRole('button', { name: 'Refund payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    const row = page.locator('#refunds tr').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('SUCCEEDED');
    expect(await row.locator('.badge').textContent()).toBe('Refunded');
    expect(await row.textContent()).toContain('requested by customer');
    expect(await page.locator('#amount-refunded').textContent()).toContain('15.00');
    expect(await page.getByLabel(/Amount/).getAttribute('placeholder')).toBe('25');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-refund-desktop-1440.png'), fullPage: true });
    expect(problems).toEqual([]);

    // The rest, with no amount: fully refunded, and the form is gone.
    await form.getByRole('button', { name: 'Refund payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => page.locator('#refunds tr').count()).toBe(2);
    await expect.poll(() => page.locator('#refund-form').count()).toBe(0);
    await page.getByText('refunded in full').waitFor();
    // The payments list says so too.
    await page.goto(`${app.baseUrl}/panel/payments`);
    await expect.poll(() => page.locator(`#intents tr[data-intent-id="${intent.id}"] .refunded`).textContent()).toBe('Refunded in full');
    expect(problems).toEqual([]);
  });

  it('at phone width the payment page and the hosted receipt have no sideways scroll and are axe clean', async () => {
    const intent = await paidIntent();
    const refund = await app.request('POST', '/api/v1/refunds', { key, body: { payment_intent: intent.id, amount: 0.13 } });
    expect(refund.status).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    const row = page.locator(`#refunds tr[data-refund-id="${refund.body.refund.id}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('FAILED');
    expect(await row.textContent()).toContain('expired or canceled card');
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-refund-phone-390.png'), fullPage: true });

    await app.request('POST', '/api/v1/refunds', { key, body: { payment_intent: intent.id, amount: 10 } });
    await expect.poll(async () => (await app.rt.db.prisma.refund.count({ where: { paymentIntentId: intent.id, status: 'succeeded' } }))).toBe(1);
    await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
    const receipt = page.getByTestId('receipt');
    expect(await receipt.locator('[data-refund-status="succeeded"] dt').textContent()).toBe('Refunded');
    expect(await receipt.locator('[data-refund-status="failed"] dt').textContent()).toBe('Refund failed');
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'checkout-receipt-refunded-390.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
