import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '@yarrow/sdk/webhooks';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { createIntent } from './checkout-client.ts';

// Authorize and capture (issue 33) in headless Chromium: the customer pays a manual-capture intent
// on the hosted checkout and is told it is authorized; the merchant captures part of it on the
// intent's panel page (an over-capture refused beside the amount first), or cancels another to
// release it; the events reach a receiver that checks their signatures. Desktop and 390 px, axe clean.

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
let receiver: Receiver;
let secret: string;
const problems: string[] = [];
/** How long a page may take to show a change: the machine running the suite is shared and often loaded. */
const live = { timeout: 15_000 };

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0.1,0.2' } });
  await app.startWorkers(['webhooks', 'payment-authorization-expiry']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Harbor Hotel');
  await page.getByLabel('Email').fill('owner@harbor-hotel.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Harbor Hotel' } })).id;
  await app.rt.db.prisma.account.update({ where: { id: accountId }, data: { allowPrivateWebhookUrls: true } });
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write', 'webhooks.manage'] })).secret;
  ({ secret } = await createEndpoint(app, key, { url: receiver.url('/hotel') }));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
});

/** Waits for `type` about `intentId` at the receiver, each request's signature checked. */
async function webhookFor(intentId: string, type: string): Promise<WebhookEvent> {
  for (;;) {
    const found = receiver
      .received('/hotel')
      .map((request) => verifyWebhook(secret, request.headers, request.body))
      .find((event) => event.object_public_id === intentId && event.event === type);
    if (found) return found;
    await receiver.waitFor('/hotel', receiver.received('/hotel').length + 1);
  }
}

/** The customer's side: the hosted checkout in its own page, paid with YP-VISA-APPROVE. */
async function authorizeInBrowser(intentId: string, amountText = '$120.00') {
  const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await customer.goto(`${app.baseUrl}/checkout/${intentId}`);
    await customer.locator('#rail-visa').check();
    await Promise.all([customer.waitForURL(/\/card\/cs_/), customer.locator('#continue').click()]);
    await customer.locator('#token').fill('YP-VISA-APPROVE');
    await Promise.all([customer.waitForLoadState('load'), customer.locator('#pay').click()]);
    await customer.locator('#result').waitFor();
    expect(await customer.locator('#result').getAttribute('data-status')).toBe('requires_capture');
    expect(await customer.getByTestId('heading').textContent()).toBe('Payment authorized');
    expect(await customer.locator('#result').textContent()).toContain(`${amountText} is authorized`);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(customer)).toEqual([]);
    await customer.screenshot({ path: join(screenshotsDir, 'checkout-authorized-390.png'), fullPage: true });
    // Reopening the checkout shows the same: an authorized payment takes no new attempt.
    await customer.goto(`${app.baseUrl}/checkout/${intentId}`);
    expect(await customer.getByTestId('heading').textContent()).toBe('Payment authorized');
  } finally {
    await customer.close();
  }
}

describe('authorize on the hosted checkout, capture in the panel', () => {
  it('captures part after a refused over-capture; the rest is released and the events arrive signed', async () => {
    const intent = await createIntent(app, key, { title: 'Two nights, room 12', amount: 120, capture_method: 'manual' });
    await authorizeInBrowser(intent.id);
    await webhookFor(intent.id, 'payment_intent.amount_capturable_updated');

    await page.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    const summary = page.locator('#intent-summary');
    await expect.poll(() => summary.getAttribute('data-status'), live).toBe('REQUIRES_CAPTURE');
    expect(await summary.locator('.badge').first().textContent()).toBe('Authorized');
    const form = page.locator('#capture-form');
    expect(await form.getByLabel(/Amount/).getAttribute('placeholder')).toBe('120');

    // Canceling the confirmation sends nothing.
    await form.getByLabel(/Amount/).fill('100');
    await form.getByRole('button', { name: 'Capture payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // More than was authorized: the server's reason under the amount field, nothing captured.
    await form.getByLabel(/Amount/).fill('150');
    await form.getByRole('button', { name: 'Capture payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Capture' }).click();
    await page.locator('#capture-amount-error').waitFor();
    expect(await page.locator('#capture-amount-error').textContent()).toContain('at most the amount authorized');
    expect(await page.locator('#capture-amount').getAttribute('aria-invalid')).toBe('true');
    expect((await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key })).body.payment_intent.status).toBe('requires_capture');
    problems.length = 0; // the refused mutation is the test's doing
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-capture-desktop-1440.png'), fullPage: true });

    await form.getByLabel(/Amount/).fill('100');
    await form.getByRole('button', { name: 'Capture payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Capture' }).click();
    await expect.poll(() => summary.getAttribute('data-status'), live).toBe('SUCCEEDED');
    expect(await page.locator('#amount-received').textContent()).toContain('100.00');
    expect(await page.locator('#capture-form').count()).toBe(0);
    // Refunds reach what was captured.
    expect(await page.locator('#refund-form').getByLabel(/Amount/).getAttribute('placeholder')).toBe('100');
    const succeeded = await webhookFor(intent.id, 'payment_intent.succeeded');
    expect(succeeded.data).toMatchObject({ payment_intent: { status: 'succeeded', amount_received_minor: 10000, amount_capturable_minor: 0 } });
    await page.locator('#timeline [data-event-type="payment_intent.amount_capturable_updated"]').waitFor();
    expect(problems).toEqual([]);
    // The customer's receipt shows what was taken, not what was authorized.
    await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
    expect(await page.getByTestId('heading').textContent()).toBe('Payment successful');
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$100.00');
  }, 90_000);

  it('cancels an authorization from the panel, releasing it, at phone width', async () => {
    const intent = await createIntent(app, key, { title: 'One night, room 3', amount: 120, capture_method: 'manual' });
    await authorizeInBrowser(intent.id);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    const summary = page.locator('#intent-summary');
    await expect.poll(() => summary.getAttribute('data-status'), live).toBe('REQUIRES_CAPTURE');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-capture-phone-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel authorization' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel authorization' }).click();
    await expect.poll(() => summary.getAttribute('data-status'), live).toBe('CANCELED');
    const canceled = await webhookFor(intent.id, 'payment_intent.canceled');
    expect(canceled.data).toMatchObject({ payment_intent: { status: 'canceled', amount_capturable_minor: 0, amount_received_minor: 0 } });
    expect(problems).toEqual([]);
  }, 90_000);

  it('expires an authorization when the test clock passes 7 days, with its event, and the customer sees it released', async () => {
    // The last test of the file: the clock then holds the account's time.
    const start = new Date('2027-06-01T12:00:00Z');
    expect((await app.request('POST', '/api/v1/test-clock', { key, body: { frozen_time: start.toISOString() } })).status).toBe(201);
    const intent = await createIntent(app, key, { title: 'Late checkout', amount: 45, capture_method: 'manual' });
    await authorizeInBrowser(intent.id, '$45.00');
    const authorized = (await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key })).body.payment_intent;
    expect(authorized.capture_before).toBe('2027-06-08T12:00:00.000Z');

    const advanced = await app.request('POST', '/api/v1/test-clock/advance', { key, body: { frozen_time: '2027-06-09T12:00:00Z' } });
    expect(advanced.status).toBe(200);
    const canceled = await webhookFor(intent.id, 'payment_intent.canceled');
    expect(canceled.data).toMatchObject({ payment_intent: { status: 'canceled', cancellation_reason: 'expired', amount_capturable_minor: 0 } });

    await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
    expect(await page.getByTestId('heading').textContent()).toBe('Payment canceled');
    expect(await page.locator('#result').textContent()).toContain('The authorization expired');
    await page.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    await expect.poll(() => page.locator('#intent-summary').getAttribute('data-status'), live).toBe('CANCELED');
    expect(await page.locator('#intent-summary').textContent()).toContain('expired');
    expect(problems).toEqual([]);
  }, 90_000);
});
