import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir } from '../helpers/browser.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';
import { createIntent } from './checkout-client.ts';

const IntentStatus = graphql(`
  subscription BrowserIntentStatus($id: ID!) {
    paymentIntentUpdated(id: $id) {
      id
      status
    }
  }
`);

let app: TestApp;
let merchant: TestAccount;
let browser: Browser;

beforeAll(async () => {
  // Reviews wait for the operator here, so the page can be seen in `processing` before the
  // approval (the sandbox reviewer worker is exercised in tokens.test.ts).
  app = await startTestApp({ env: { PAYMENT_REVIEW_DELAY_SECONDS: '3600' } });
  merchant = await app.account({ name: 'Harbor Coffee' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Resolves when the intent reaches `status` (the subscription answers the current state first). */
async function intentReaches(id: string, status: string) {
  const client = wsClient(app.wsUrl, merchant.key);
  const live = subscribe(client, IntentStatus, { id });
  try {
    for (;;) {
      const result = await live.next();
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      if (result.data?.paymentIntentUpdated.status === status) return;
    }
  } finally {
    live.dispose();
    await client.dispose();
  }
}

const flows = [
  { rail: 'visa', token: 'YP-VISA-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'visa', token: 'YP-VISA-3DS', challenge: 'pass', page: 'succeeded', final: 'succeeded' },
  { rail: 'visa', token: 'YP-VISA-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'visa', token: 'YP-VISA-REVIEW', page: 'processing', final: 'succeeded' },
  { rail: 'mastercard', token: 'YP-MC-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'mastercard', token: 'YP-MC-3DS', challenge: 'fail', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'mastercard', token: 'YP-MC-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'mastercard', token: 'YP-MC-REVIEW', page: 'processing', final: 'succeeded' },
  { rail: 'google_pay', token: 'YP-GP-VISA-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'google_pay', token: 'YP-GP-MC-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'google_pay', token: 'YP-GP-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'google_pay', token: 'YP-GP-REVIEW', page: 'processing', final: 'succeeded' },
  { rail: 'apple_pay', token: 'YP-AP-VISA-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'apple_pay', token: 'YP-AP-MC-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'apple_pay', token: 'YP-AP-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'apple_pay', token: 'YP-AP-REVIEW', page: 'processing', final: 'succeeded' },
] as const;

const headings: Record<string, RegExp> = {
  succeeded: /Payment successful/,
  processing: /Payment under review/,
  requires_payment_method: /Payment declined/,
};

async function payInBrowser(page: Page, intentId: string, rail: string, token: string, challenge?: 'pass' | 'fail') {
  await page.goto(`${app.baseUrl}/checkout/${intentId}`);
  await expect.poll(() => page.getByTestId('merchant').textContent()).toBe('Harbor Coffee');
  await page.locator(`#rail-${rail}`).check();
  await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
  expect(await page.getByTestId('tokens').textContent()).toContain(token);
  await page.locator('#token').fill(token);
  await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
  if (challenge) {
    await page.locator(`#challenge-${challenge}`).waitFor();
    await page.locator(`#challenge-${challenge}`).click();
  }
  await page.locator('#result').waitFor();
}

describe('hosted checkout in headless Chromium', () => {
  it.each(flows)('$rail with $token', async ({ rail, token, ...flow }) => {
    const challenge = 'challenge' in flow ? flow.challenge : undefined;
    const intent = await createIntent(app, merchant.key, { title: `Beans (${token})`, return_url: 'https://harbor.example/done' });
    const page = await browser.newPage();
    try {
      await payInBrowser(page, intent.id, rail, token, challenge);
      expect(await page.locator('#result').getAttribute('data-status')).toBe(flow.page);
      expect(await page.getByTestId('heading').textContent()).toMatch(headings[flow.page]!);
      expect(await page.locator('#return').getAttribute('href')).toBe('https://harbor.example/done');
      await page.screenshot({ path: join(screenshotsDir, `checkout-${token}${challenge ? `-${challenge}` : ''}.png`), fullPage: true });
      if (flow.page === 'processing') {
        const approved = await app.request('POST', `/api/v1/payment-intents/${intent.id}/review/approve`, { key: merchant.key });
        expect(approved.status).toBe(200);
        await page.reload();
        expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
        expect(await page.getByTestId('heading').textContent()).toMatch(headings.succeeded!);
      }
    } finally {
      await page.close();
    }
    await intentReaches(intent.id, flow.final.toUpperCase());
    const stored = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(stored.body.payment_intent).toMatchObject({ status: flow.final, payment_method_code: rail });
  });

  it('shows a wrong token on the card page and lets the customer retry', async () => {
    const intent = await createIntent(app, merchant.key);
    const page = await browser.newPage();
    try {
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      await page.locator('#rail-mastercard').check();
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
      await page.locator('#token').fill('YP-VISA-APPROVE');
      await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
      expect(await page.getByTestId('error').textContent()).toContain('is a Visa token; this session pays with Mastercard');
      await page.locator('#token').fill('YP-MC-APPROVE');
      await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
      expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
    } finally {
      await page.close();
    }
  });

  it('pays an invoice from its hosted page through the checkout', async () => {
    const due = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const created = await app.request('POST', '/api/v1/invoices', {
      key: merchant.key,
      body: { title: 'Catering, December', amount: 320, currency: 'EUR', due_date: due },
    });
    const invoice = created.body.invoice;
    const page = await browser.newPage();
    try {
      await page.goto(`${app.baseUrl}/invoices/${invoice.id}`);
      expect(await page.getByTestId('invoice-no').textContent()).toBe(invoice.invoice_no);
      await page.locator('#customer_name').fill('Noor');
      await page.locator('#customer_email').fill('noor@example.com');
      await Promise.all([page.waitForURL(/\/checkout\/pi_/), page.locator('#pay-invoice').click()]);
      const intentId = new URL(page.url()).pathname.split('/').at(-1)!;
      await payInBrowser(page, intentId, 'google_pay', 'YP-GP-MC-APPROVE');
      expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
      await Promise.all([page.waitForURL(/\/invoices\/inv_/), page.locator('#return').click()]);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('paid');
      await page.screenshot({ path: join(screenshotsDir, 'invoice-paid.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('renders <script>alert(1)</script> in the title and customer name as text', async () => {
    const evil = '<script>alert(1)</script>';
    const intent = await createIntent(app, merchant.key, { title: evil, customer_name: evil });
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      expect(await page.getByTestId('title').textContent()).toBe(evil);
      expect(await page.getByTestId('customer').textContent()).toBe(evil);
      // The stylesheet is allowed by its CSP hash (scripts by nothing): the page is styled.
      expect(await page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: join(screenshotsDir, 'checkout-escaped-script.png'), fullPage: true });
      await page.locator('#rail-visa').check();
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
      expect(await page.getByTestId('title').textContent()).toBe(evil);
      expect(await page.locator('script').count()).toBe(0);
      expect(dialogs).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
