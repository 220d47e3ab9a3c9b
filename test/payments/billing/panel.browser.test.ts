import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../../helpers/browser.ts';
import { billing } from './helpers.ts';

// Billing's panel pages (issue 38) in a real browser: the nav's four product groups; a product and a
// price made on the products page; a subscription made through the API, found on the subscriptions
// page by status and opened at 1440 and 390 px; its price changed and its cancellation at period end
// asked from its page, each confirmed, and read back through the API.

let app: TestApp;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof billing>;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Plans Ltd');
  await page.getByLabel('Email').fill('owner@plans.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Plans Ltd' } })).id;
  const key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write', 'invoices.read'] })).secret;
  api = billing(app, key);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (name: string) => page.screenshot({ path: join(screenshotsDir, `billing-${name}.png`), fullPage: true });

describe('Billing panel pages in Chromium', () => {
  it('groups the nav by product: Payments, Billing, Messaging, Developers', async () => {
    await page.goto(`${app.baseUrl}/panel/products`);
    expect(await page.locator('nav .nav-group-label').allTextContents()).toEqual(['Payments', 'Billing', 'Messaging', 'Developers']);
    expect(await page.locator('nav [data-group="Billing"] a').allTextContents()).toEqual(['Products', 'Subscriptions']);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Products');
  });

  it('creates a product and a price for it on the products page', async () => {
    await page.getByLabel('Name').fill('Team <plan>');
    await page.getByRole('button', { name: 'Create product' }).click();
    const row = page.locator('#products tr', { hasText: 'Team <plan>' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Add a price to Team <plan>' }).click();
    await row.getByLabel('Amount').fill('49');
    await row.getByRole('button', { name: 'Create price' }).click();
    await page.locator('li[data-price-id], .error').first().waitFor();
    expect(await page.locator('.error').allTextContents()).toEqual([]);
    await row.locator('li[data-price-id]').first().waitFor();
    expect(await row.locator('li[data-price-id]').first().textContent()).toContain('49.00 USD / month');
    const productId = await row.getAttribute('data-product-id');
    const prices = await api.request('GET', `/api/v1/prices?product=${productId}`);
    expect(prices.body.data).toMatchObject([{ unit_amount: 49, currency: 'USD', recurring: { interval: 'month' } }]);
    expect(problems).toEqual([]);
  });

  it('shows a subscription made through the API, changes its price and cancels it at period end', async () => {
    const basic = await api.price(10);
    const team = (await api.request('GET', '/api/v1/prices')).body.data.find((price: { unit_amount: number }) => price.unit_amount === 49);
    const customer = await api.customer('grace@example.com');
    const method = await api.savedCard(customer.id);
    const created = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: basic.id }], default_payment_method: method, trial_period_days: 7 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const subscriptionId = created.body.subscription.id as string;

    await page.goto(`${app.baseUrl}/panel/subscriptions`);
    await page.locator(`#subscriptions tr[data-subscription-id="${subscriptionId}"]`).waitFor();
    await page.getByLabel('Status').selectOption('ACTIVE');
    await page.getByText('Nothing matches these filters.').or(page.locator('#subscriptions tr[data-status="ACTIVE"]')).first().waitFor();
    expect(await page.locator(`#subscriptions tr[data-subscription-id="${subscriptionId}"]`).count()).toBe(0);
    await page.getByLabel('Status').selectOption('TRIALING');
    await page.locator(`#subscriptions tr[data-subscription-id="${subscriptionId}"]`).waitFor();
    await shot('subscriptions-1440');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);

    await page.locator(`#subscriptions a[href="/panel/subscriptions/${subscriptionId}"]`).click();
    await page.locator('#subscription-summary').waitFor();
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Subscriptions');
    expect(await page.locator('#subscription-summary').getAttribute('data-status')).toBe('TRIALING');
    expect(await page.locator('#subscription-price').textContent()).toContain('10.00 USD / month');
    expect(await page.locator('#subscription-summary dt').allTextContents()).toEqual(expect.arrayContaining(['Current period', 'Trial', 'Next renewal']));
    await shot('subscription-1440');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await shot('subscription-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.locator('#new-price').selectOption(team.id);
    await page.locator('#change-price').getByRole('button', { name: 'Change price' }).click();
    await page.locator('dialog button[value="confirm"]').click();
    await expect.poll(() => page.locator('#subscription-price').textContent()).toContain('49.00 USD / month');
    expect((await api.subscription(subscriptionId)).items).toMatchObject([{ price: team.id }]);

    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.locator('dialog button[value="confirm"]').click();
    await page.getByRole('button', { name: "Don't cancel" }).waitFor();
    expect(await page.locator('#next-renewal').textContent()).toContain('None: it cancels on');
    expect(await api.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });
    await shot('subscription-canceling-1440');
    expect(problems).toEqual([]);
  });
});
