import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { execute } from '../helpers/graphql.ts';
import { createIntent } from './checkout-client.ts';

// The payments panel page (issue 15) at desktop and phone width: badges with human names, filters
// that filter, search, pages that page, no checkout link on an intent that cannot be paid, KYC
// errors beside their field and the form gone once verified, no console errors, axe clean.


const ApproveKyc = graphql(`
  mutation PanelTestApproveKyc($id: ID!) {
    approveKycReview(id: $id) {
      id
    }
  }
`);

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
const problems: string[] = [];
const intents: Array<Record<string, any>> = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);

  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Payments Page Ltd');
  await page.getByLabel('Email').fill('owner@payments-page.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  // The overview (the first page) has read its data before any test leaves it (leaving would abort it).
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Payments Page Ltd' } })).id;
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write', 'invoices.read', 'invoices.write'] })).secret;
  for (let i = 1; i <= 22; i++) intents.push(await createIntent(app, key, { title: `Order ${i}`, customer_email: `buyer${i}@shop.example`, amount: 1250 }));
  await app.request('POST', `/api/v1/payment-intents/${intents[0]!.id}/cancel`, { key, body: {} });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const accessibilityFindings = () => seriousAccessibilityFindings(page);

const rows = () => page.locator('#intents tr');

describe('payments page', () => {
  it('lists intents with badges, one money format, pages, filters and search', async () => {
    await page.goto(`${app.baseUrl}/panel/payments`);
    await expect.poll(() => rows().count()).toBe(20);
    const first = rows().first();
    expect(await first.getAttribute('data-intent-id')).toBe(intents[21]!.id);
    expect(await first.locator('.badge').textContent()).toBe('Awaiting payment');
    expect(await first.locator('.money').textContent()).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1250));
    expect(await first.getByRole('link', { name: /Open checkout/ }).count()).toBe(1);

    const cancelled = page.locator(`#intents tr[data-intent-id="${intents[0]!.id}"]`);
    await page.getByRole('button', { name: 'Next page' }).first().click();
    await cancelled.waitFor();
    expect(await rows().count()).toBe(2);
    expect(await cancelled.locator('.badge').textContent()).toBe('Cancelled');
    expect(await cancelled.getByRole('link', { name: /Open checkout/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Previous page' }).first().click();
    await expect.poll(() => rows().count()).toBe(20);

    const filters = page.getByRole('search', { name: 'Filter Payment intents' });
    await filters.getByLabel('Status').selectOption('CANCELED');
    await expect.poll(() => rows().count()).toBe(1);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows().count()).toBe(20);

    await filters.getByLabel('Search').fill('buyer7@shop');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().getAttribute('data-intent-id')).toBe(intents[6]!.id);
    await filters.getByLabel('Search').fill('zzz');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.list .empty').first().textContent()).toContain('Nothing matches');
    await filters.getByRole('button', { name: 'Clear filters' }).first().click();

    // Created from tomorrow: nothing yet.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await filters.getByLabel('Created from').fill(day);
    await expect.poll(() => rows().count()).toBe(0);
    await filters.getByLabel('Created from').fill('');
    await expect.poll(() => rows().count()).toBe(20);
    await page.screenshot({ path: join(screenshotsDir, 'panel-payments-desktop-1440.png'), fullPage: true });
  });

  it('says what to do when there are no invoices', async () => {
    expect(await page.locator('section[aria-labelledby="invoices-heading"] .empty').textContent()).toContain('POST /api/v1/invoices');
  });

  it('shows a KYC error beside its field, then hides the form once verified', async () => {
    await page.getByLabel('Legal name').fill('Cedar and Sons LLC');
    await page.getByLabel('Country (ISO code, e.g. SA)').fill('ZZ');
    await page.getByLabel('Registration number').fill('1010101010');
    await page.getByLabel('Contact name').fill('Huda');
    await page.getByLabel('Contact email').fill('huda@cedar.example');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const countryError = page.locator('#kyc-country-error');
    await countryError.waitFor();
    expect(await countryError.textContent()).toMatch(/^Must be a two-letter ISO 3166-1 country code/);
    expect(await page.getByLabel('Country (ISO code, e.g. SA)').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Country (ISO code, e.g. SA)').fill('SA');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => page.locator('#kyc-state').getAttribute('data-status')).toBe('PENDING_REVIEW');
    expect(await page.locator('#kyc-form').count()).toBe(0);
    const review = await app.rt.db.prisma.kycReview.findFirstOrThrow({ where: { legalName: 'Cedar and Sons LLC' } });
    expect((await execute(app.baseUrl, key, ApproveKyc, { id: review.id })).errors).toBeUndefined();
    await expect.poll(() => page.locator('#kyc-state').getAttribute('data-status')).toBe('APPROVED');
    expect(await page.locator('#kyc-state .badge').textContent()).toBe('Verified');
    expect(await page.locator('#kyc-form').count()).toBe(0);
  });

  it('has no serious or critical accessibility findings and logged no errors', async () => {
    expect(await accessibilityFindings()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('opens an intent from its row: summary, timeline, and only the actions its state allows', async () => {
    await page.goto(`${app.baseUrl}/panel/payments`);
    const target = intents[21]!;
    await page.locator(`#intents tr[data-intent-id="${target.id}"]`).getByRole('link', { name: target.title, exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/panel/payments/${target.id}`);
    const summary = page.locator('#intent-summary');
    await expect.poll(() => summary.getAttribute('data-status')).toBe('REQUIRES_PAYMENT_METHOD');
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Payments');
    expect(await page.locator('#timeline li[data-event-type="payment_intent.created"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve review' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(() => summary.getAttribute('data-status')).toBe('CANCELED');
    expect(await summary.locator('.badge').textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: 'Cancel payment' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open checkout' }).count()).toBe(0);
    await expect.poll(() => page.locator('#timeline li[data-event-type="payment_intent.canceled"]').count()).toBe(1);
    expect(await accessibilityFindings()).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-payment-intent-desktop-1440.png'), fullPage: true });
    expect(problems).toEqual([]);

    // An id of no intent in this account: the page says so.
    const response = await page.goto(`${app.baseUrl}/panel/payments/pi_00000000000000000000000000`);
    expect(response?.status()).toBe(200);
    await page.getByText('There is no payment').waitFor();
    problems.length = 0;
  });

  it('opens an invoice from its row, and voids it after a confirmation', async () => {
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const created = await app.request('POST', '/api/v1/invoices', { key, body: { title: 'Design work', amount: 1500, currency: 'SAR', due_date: due } });
    expect(created.status).toBe(201);
    const invoice = created.body.invoice;
    await page.goto(`${app.baseUrl}/panel/payments`);
    const row = page.locator(`#invoices tr[data-invoice-id="${invoice.id}"]`);
    expect(await row.locator('.badge').textContent()).toBe('Open');
    await row.getByRole('link', { name: invoice.invoice_no, exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/panel/invoices/${invoice.id}`);
    const summary = page.locator('#invoice-summary');
    await expect.poll(() => summary.getAttribute('data-status')).toBe('OPEN');
    expect(await page.locator('#timeline li[data-event-type="invoice.created"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Void invoice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Void invoice' }).click();
    await expect.poll(() => summary.getAttribute('data-status')).toBe('VOID');
    expect(await page.getByRole('button', { name: 'Void invoice' }).count()).toBe(0);
    await expect.poll(() => page.locator('#timeline li[data-event-type="invoice.voided"]').count()).toBe(1);
    expect(await accessibilityFindings()).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-invoice-desktop-1440.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('at phone width: no sideways scroll, stacked rows keep their labels, axe clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/panel/payments`);
    await expect.poll(() => rows().count()).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await rows().first().locator('td').nth(3).evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Status');
    expect(await accessibilityFindings()).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-payments-phone-390.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
