import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir } from '../helpers/browser.ts';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];
const cspViolations: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['webhooks']);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(request.headers['x-yarrowpay-event'] as string);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  page = await context.newPage();
  // The panel runs under a strict CSP (no inline script or style): Chromium reports what it blocks.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await app?.stop();
});

const shot = (name: string, target: Page = page) => target.screenshot({ path: join(screenshotsDir, `panel-${name}.png`), fullPage: true });

describe('merchant panel in Chromium', () => {
  let apiKey = '';

  it('signs up, lands on the overview, and has no API key yet', async () => {
    await page.goto(`${app.baseUrl}/panel`);
    expect(page.url()).toContain('/panel/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Business name').fill('Cedar & <b>Sons</b>');
    await page.getByLabel('Email').fill('owner@cedar.example');
    await page.getByLabel('Password').fill('a long enough password');
    await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
    await page.locator('#overview[aria-busy="false"]').waitFor();
    await page.goto(`${app.baseUrl}/panel/keys`);
    await page.locator('#keys-app .empty').first().waitFor();
    expect(await page.locator('#keys tr').count()).toBe(0);
    await shot('sign-up-done');
  });

  it('creates a key whose secret, shown once, works against REST; revoking it stops it', async () => {
    await page.getByLabel('Label').fill('Checkout server');
    await page.getByLabel('account.read').check();
    await page.getByLabel('payments.write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-secret:not([hidden])').waitFor();
    apiKey = (await page.locator('#secret-value').textContent())!;
    expect(apiKey).toMatch(/^yk_test_/);
    await page.locator('#keys tr').first().waitFor();
    await shot('keys');
    const me = await app.request('GET', '/api/v1/account', { key: apiKey });
    expect(me.status).toBe(200);
    expect(me.body.account.name).toBe('Cedar & <b>Sons</b>');
    // A second key to revoke from the page.
    await page.getByLabel('Label').fill('Temporary');
    await page.getByLabel('account.read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.locator('#keys tr').count()).toBe(2);
    const temporary = (await page.locator('#secret-value').textContent())!;
    await page.getByRole('button', { name: 'Revoke Temporary' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => page.locator('#keys tr', { hasText: 'Temporary' }).textContent()).toContain('revoked');
    expect((await app.request('GET', '/api/v1/account', { key: temporary })).status).toBe(401);
    // A key made elsewhere (the API, another tab) appears without a reload.
    const account = await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Cedar & <b>Sons</b>' } });
    await createApiKey(app.rt, app.rt.db.prisma, account.id, { label: 'Made elsewhere', scopes: ['account.read'] });
    await expect.poll(() => page.locator('#keys tr', { hasText: 'Made elsewhere' }).count()).toBe(1);
  });

  it('creates a webhook endpoint and shows a delivery appear live while a payment completes', async () => {
    // The receiver listens on loopback: only an account the operator allows may send there.
    await app.rt.db.prisma.account.updateMany({ where: { name: 'Cedar & <b>Sons</b>' }, data: { allowPrivateWebhookUrls: true } });
    await page.goto(`${app.baseUrl}/panel/webhooks`);
    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByLabel('Description').fill('Local receiver');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.locator('#endpoint-secret:not([hidden])').waitFor();
    expect(await page.locator('#endpoint-secret-value').textContent()).toMatch(/^whsec_/);
    await page.locator('#endpoints tr').first().waitFor();

    const intent = await app.request('POST', '/api/v1/payment-intents', {
      key: apiKey,
      body: { amount: 12.5, currency: 'USD', title: 'Two flat whites', customer_name: 'Rana', customer_email: 'rana@example.com' },
    });
    expect(intent.status).toBe(201);
    // The customer pays in another tab while the delivery log stays open.
    const checkout = await context.newPage();
    await checkout.goto(intent.body.payment_intent.checkout_url.replace(/^https?:\/\/[^/]+/, app.baseUrl));
    await checkout.locator('#rail-visa').check();
    await Promise.all([checkout.waitForURL(/\/card\/cs_/), checkout.locator('#continue').click()]);
    await checkout.locator('#token').fill('YP-VISA-APPROVE');
    await Promise.all([checkout.waitForLoadState('load'), checkout.locator('#pay').click()]);
    expect(await checkout.locator('#result').getAttribute('data-status')).toBe('succeeded');
    await checkout.close();

    const succeededRow = page.locator('#deliveries tr', { hasText: 'payment_intent.succeeded' });
    await expect.poll(() => succeededRow.getAttribute('data-status'), { timeout: 15_000 }).toBe('SUCCEEDED');
    expect(await succeededRow.textContent()).toContain('200');
    expect(received).toContain('payment_intent.succeeded');
    await shot('webhooks');

    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => page.locator('#deliveries tr', { hasText: 'webhook.test' }).getAttribute('data-status'), { timeout: 15_000 }).toBe('SUCCEEDED');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate now' }).click();
    await expect.poll(() => page.locator('#endpoint-secret-label').textContent()).toContain('also signs');
  });

  it('lists payments live and takes a KYC submission', async () => {
    await page.goto(`${app.baseUrl}/panel/payments`);
    await expect.poll(() => page.locator('#intents tr').first().getAttribute('data-status')).toBe('SUCCEEDED');
    const second = await app.request('POST', '/api/v1/payment-intents', {
      key: apiKey,
      body: { amount: 3, currency: 'USD', title: '<script>alert(1)</script>', customer_name: 'Ali', customer_email: 'ali@example.com' },
    });
    const row = page.locator(`#intents tr[data-intent-id="${second.body.payment_intent.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('<script>alert(1)</script>');
    await app.request('POST', `/api/v1/payment-intents/${second.body.payment_intent.id}/cancel`, { key: apiKey, body: {} });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('CANCELED');

    await page.getByLabel('Legal name').fill('Cedar and Sons LLC');
    await page.getByLabel('Country (ISO code, e.g. SA)').fill('SA');
    await page.getByLabel('Registration number').fill('1010101010');
    await page.getByLabel('Contact name').fill('Huda');
    await page.getByLabel('Contact email').fill('huda@cedar.example');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => page.locator('#kyc-state').getAttribute('data-status'), { timeout: 15_000 }).toBe('PENDING_REVIEW');
    await shot('payments');
  });

  it('is readable at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['keys', 'webhooks', 'payments']) {
      await page.goto(`${app.baseUrl}/panel/${path}`);
      await page.locator('tbody tr').first().waitFor(); // the page has loaded its data
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(1);
      await shot(`${path}-phone`);
    }
  });

  it('ran every page under the panel CSP without a violation', async () => {
    const response = await page.goto(`${app.baseUrl}/panel/keys`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(cspViolations).toEqual([]);
  });
});
