import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/accounts/service.ts';
import { graphql } from '../../gql/index.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../../helpers/browser.ts';
import { execute } from '../../helpers/graphql.ts';
import { DAY, billing } from './helpers.ts';

// Billing's panel pages (issue 38) in a real browser: the nav's four product groups; a product and a
// price made on the products page; a subscription made through the API, found on the subscriptions
// page by status and opened at 1440 and 390 px; its price changed and its cancellation at period end
// asked from its page, each confirmed, and read back through the API. The products page, the
// subscriptions list (with rows) and a subscription with several invoices (renewed on the test
// clock) at 1440 and 390 px with no sideways scroll; the dunning settings saved from the browser.

const BillingSettings = graphql(`
  query PanelTestBillingSettings {
    billingSettings {
      retryDays
      afterRetries
    }
  }
`);

let app: TestApp;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof billing>;
let key: string;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  // Renewals on the test clock (the invoices of the last test).
  await app.startWorkers(['subscription-billing']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Plans Ltd');
  await page.getByLabel('Email').fill('owner@plans.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Plans Ltd' } })).id;
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write', 'invoices.read'] })).secret;
  api = billing(app, key);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** How far the page is wider than the window (0: no sideways scroll). */
const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The page at 1440 then 390 px: no sideways scroll, axe clean at both, a screenshot of each. */
async function atBothWidths(name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize(width === 1440 ? { width, height: 900 } : { width, height: 844 });
    expect(await overflow(), `${name} at ${width} px`).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await shot(`${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

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
    await row.getByRole('button', { name: 'Add price to Team <plan>' }).click();
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

  it('shows the products, the subscriptions and a subscription\'s invoices at 1440 and 390 px', async () => {
    // A daily price renewed three times on the test clock: four invoices in the subscription's table.
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    await api.clock(start);
    const daily = await api.price(12, { interval: 'day' });
    const customer = await api.customer('lin@example.com');
    const method = await api.savedCard(customer.id);
    const created = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: daily.id }], default_payment_method: method });
    expect(created.body.subscription.status, JSON.stringify(created.body)).toBe('active');
    const subscriptionId = created.body.subscription.id as string;
    await api.advance(new Date(start.getTime() + 3 * DAY + 60_000));
    await expect.poll(async () => (await api.invoices(subscriptionId)).length, { timeout: 30_000 }).toBe(4);

    await page.goto(`${app.baseUrl}/panel/products`);
    await expect.poll(() => page.locator('#products tr[data-product-id]').count()).toBeGreaterThanOrEqual(3);
    await page.locator('#products li[data-price-id]').first().waitFor();
    await atBothWidths('products');

    await page.goto(`${app.baseUrl}/panel/subscriptions`);
    await expect.poll(() => page.locator('#subscriptions tr[data-subscription-id]').count()).toBe(2);
    await page.locator('#dunning').waitFor();
    await atBothWidths('subscriptions');

    await page.goto(`${app.baseUrl}/panel/subscriptions/${subscriptionId}`);
    await expect.poll(() => page.locator('#subscription-invoices tr[data-invoice-id]').count()).toBe(4);
    expect(await page.locator('#subscription-invoices tr[data-status="PAID"]').count()).toBe(4);
    await atBothWidths('subscription-invoices');
    // On a phone each invoice is a stack of labelled cells, not a four-column row.
    await page.setViewportSize({ width: 390, height: 844 });
    const firstRow = page.locator('#subscription-invoices tr[data-invoice-id]').first();
    expect(await firstRow.locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content))).toEqual([
      '"Invoice"',
      '"Amount"',
      '"Status"',
      '"Period"',
    ]);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });

  it('saves the dunning settings from the subscriptions page: kept across a reload, read over GraphQL', async () => {
    expect((await execute(app.baseUrl, key, BillingSettings)).data!.billingSettings).toEqual({ retryDays: [3, 5, 7], afterRetries: 'CANCELED' });
    await page.goto(`${app.baseUrl}/panel/subscriptions`);
    const form = page.locator('#dunning');
    await expect.poll(() => form.getByLabel('Retry days').inputValue()).toBe('3, 5, 7');
    await form.getByLabel('Retry days').fill('2, 4, 9');
    await form.getByLabel('After the last retry').selectOption('UNPAID');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await page.reload();
    await expect.poll(() => page.locator('#dunning').getByLabel('Retry days').inputValue()).toBe('2, 4, 9');
    expect(await page.locator('#dunning').getByLabel('After the last retry').inputValue()).toBe('UNPAID');
    expect((await execute(app.baseUrl, key, BillingSettings)).data!.billingSettings).toEqual({ retryDays: [2, 4, 9], afterRetries: 'UNPAID' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });
});
