import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '@yarrow/sdk/webhooks';
import { createApiKey } from '../../src/accounts/service.ts';
import { scopes } from '../../src/modules.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { createIntent } from './checkout-client.ts';

// Disputes end to end (issue 33), as people do it: the customer pays on the hosted checkout in
// Chromium with a dispute test token picked from the sandbox page's token list; the merchant finds
// the dispute on the panel's disputes page, saves and submits evidence (a refusal beside its
// field), or accepts it; the real dispute-review worker decides when the account's test clock is
// advanced past the review delay or the due date, and the open panel page follows live. Every
// dispute event reaches a receiver that checks its signature; a refund of a disputed payment is refused.

const DAY_MS = 86_400_000;
const T0 = new Date(Date.now() + 3_600_000);
T0.setUTCMilliseconds(0);
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

let app: TestApp;
let receiver: Receiver;
let browser: Browser;
let panel: Page;
let key: string;
let secret: string;
const problems: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { DISPUTE_REVIEW_DELAY_SECONDS: '3600', DISPUTE_EVIDENCE_DAYS: '7', WEBHOOK_RETRY_SCHEDULE: '0.1,0.2' } });
  await app.startWorkers(['dispute-review', 'webhooks']);
  browser = await launchBrowser();
  panel = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(panel, problems);
  await panel.goto(`${app.baseUrl}/panel/sign-up`);
  await panel.getByLabel('Business name').fill('Teapots Ltd');
  await panel.getByLabel('Email').fill('owner@teapots.example');
  await panel.getByLabel('Password').fill('a long enough password');
  await Promise.all([panel.waitForURL(/\/panel\/overview$/), panel.getByRole('button', { name: 'Create account' }).click()]);
  const account = await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Teapots Ltd' } });
  await app.rt.db.prisma.account.update({ where: { id: account.id }, data: { allowPrivateWebhookUrls: true } });
  key = (await createApiKey(app.rt, app.rt.db.prisma, account.id, { label: 'test', scopes: [...scopes] })).secret;
  const clock = await app.request('POST', '/api/v1/test-clock', { key, body: { frozen_time: T0.toISOString() } });
  expect(clock.status).toBe(201);
  ({ secret } = await createEndpoint(app, key, { url: receiver.url('/disputes'), eventTypes: ['dispute.created', 'dispute.updated', 'dispute.closed'] }));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
});

/** The customer pays on the hosted checkout in the browser, choosing `token` from the card page's list. */
async function payInBrowser(rail: string, token: string) {
  const intent = await createIntent(app, key, { title: `Teapot (${token})`, amount: 40 });
  const page = await browser.newPage();
  try {
    await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
    await page.locator(`#rail-${rail}`).check();
    await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
    await page.getByRole('button', { name: `Use ${token}` }).click();
    expect(await page.locator('#token').inputValue()).toBe(token);
    await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
    await page.locator('#result').waitFor();
    expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
  } finally {
    await page.close();
  }
  const listed = await app.request('GET', `/api/v1/disputes?payment_intent=${intent.id}`, { key });
  expect(listed.body.data).toHaveLength(1);
  return { intent, dispute: listed.body.data[0] as { id: string; status: string; reason: string } };
}

/** The verified events about `disputeId` once `count` distinct ones have arrived. */
async function verifiedEvents(disputeId: string, count: number): Promise<WebhookEvent[]> {
  for (;;) {
    const events = receiver
      .received('/disputes')
      .map((request) => verifyWebhook(secret, request.headers, request.body))
      .filter((event) => event.object_public_id === disputeId);
    const unique = [...new Map(events.map((event) => [event.id, event])).values()];
    if (unique.length >= count) return unique;
    await receiver.waitFor('/disputes', receiver.received('/disputes').length + 1);
  }
}

const advance = async (to: string) => {
  const moved = await app.request('POST', '/api/v1/test-clock/advance', { key, body: { frozen_time: to } });
  expect(moved.status).toBe(200);
};
const summary = () => panel.locator('#dispute-summary');
const statusOf = (event: WebhookEvent) => (event.data as { dispute: { status: string } }).dispute.status;

async function openDispute(id: string) {
  await panel.goto(`${app.baseUrl}/panel/disputes`);
  const row = panel.locator(`#disputes tr[data-dispute-id="${id}"]`);
  await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('NEEDS_RESPONSE');
  await Promise.all([panel.waitForURL(new RegExp(`/panel/disputes/${id}$`)), row.getByRole('link').click()]);
  await expect.poll(() => summary().getAttribute('data-status'), { timeout: 10_000 }).toBe('NEEDS_RESPONSE');
}

async function submitEvidence(text: string) {
  await panel.getByLabel('Other evidence').fill(text);
  await panel.getByRole('button', { name: 'Submit evidence' }).click();
  await panel.getByRole('dialog').getByRole('button', { name: 'Submit evidence' }).click();
  await expect.poll(() => summary().getAttribute('data-status'), { timeout: 10_000 }).toBe('UNDER_REVIEW');
}

describe('disputes through the hosted checkout and the panel', { timeout: 120_000 }, () => {
  it('won: evidence saved as a draft, a refusal beside the form, winning_evidence submitted, decided live when the clock passes the review', async () => {
    const { intent, dispute } = await payInBrowser('visa', 'YP-VISA-DISPUTE');
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent' });
    await openDispute(dispute.id);
    expect(await summary().textContent()).toContain('fraudulent');

    // Submitting nothing: the server's reason at the top of the form; nothing changes.
    await panel.getByRole('button', { name: 'Submit evidence' }).click();
    await panel.getByRole('dialog').getByRole('button', { name: 'Submit evidence' }).click();
    await expect.poll(() => panel.locator('#evidence-error').textContent(), { timeout: 10_000 }).toMatch(/at least one evidence field/);
    expect((await app.request('GET', `/api/v1/disputes/${dispute.id}`, { key })).body.dispute.status).toBe('needs_response');
    problems.length = 0; // the refused mutation is the test's doing

    // A draft is kept and shown again after a reload.
    await panel.getByLabel('Product description').fill('A blue teapot, shipped 3 November');
    await panel.getByRole('button', { name: 'Save draft' }).click();
    await panel.locator('#timeline li[data-event-type="dispute.updated"]').waitFor();
    await panel.reload();
    await expect.poll(() => panel.getByLabel('Product description').inputValue(), { timeout: 10_000 }).toBe('A blue teapot, shipped 3 November');
    expect(await seriousAccessibilityFindings(panel)).toEqual([]);
    await panel.screenshot({ path: join(screenshotsDir, 'panel-dispute-needs-response-1440.png'), fullPage: true });

    await submitEvidence('winning_evidence');
    expect(await panel.locator('#dispute-outcome').textContent()).toContain('with the card issuer');

    // Under review: the refund of the disputed payment is refused and creates nothing.
    const refused = await app.request('POST', '/api/v1/refunds', { key, body: { payment_intent: intent.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'invalid_state', param: 'payment_intent' });
    expect(refused.body.error.message).toMatch(/disputed/);
    expect(await app.rt.db.prisma.refund.count({ where: { paymentIntentId: intent.id } })).toBe(0);

    // The open page follows the worker's decision once the clock passes the review delay.
    await advance(at(2 * 3_600_000));
    await expect.poll(() => summary().getAttribute('data-status'), { timeout: 15_000 }).toBe('WON');
    expect(await panel.locator('#evidence-saved').textContent()).toContain('winning_evidence');
    await panel.locator('#timeline li[data-event-type="dispute.closed"]').waitFor();
    expect(await seriousAccessibilityFindings(panel)).toEqual([]);
    await panel.screenshot({ path: join(screenshotsDir, 'panel-dispute-won-1440.png'), fullPage: true });

    const events = await verifiedEvents(dispute.id, 4);
    expect(events.map((event) => [event.event, statusOf(event)])).toEqual([
      ['dispute.created', 'needs_response'],
      ['dispute.updated', 'needs_response'],
      ['dispute.updated', 'under_review'],
      ['dispute.closed', 'won'],
    ]);

    // The payment's page links its dispute; won, the payment is refundable again.
    await panel.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    await expect.poll(() => panel.locator('#intent-disputes').textContent(), { timeout: 10_000 }).toBe(`${dispute.id} (won) `);
    await panel.locator('#refund-form').waitFor();
    expect(problems).toEqual([]);
  });

  it('lost: losing_evidence on a Mastercard dispute, decided when the clock passes the review', async () => {
    const { intent, dispute } = await payInBrowser('mastercard', 'YP-MC-DISPUTE');
    expect(dispute.reason).toBe('product_not_received');
    // The payment's page offers no refund of the disputed amount, and links the dispute.
    await panel.goto(`${app.baseUrl}/panel/payments/${intent.id}`);
    await expect.poll(() => panel.locator('#intent-disputes').textContent(), { timeout: 10_000 }).toBe(`${dispute.id} (needs response) `);
    expect(await panel.locator('#refund-form').count()).toBe(0);
    await Promise.all([panel.waitForURL(new RegExp(`/panel/disputes/${dispute.id}$`)), panel.locator('#intent-disputes a').click()]);
    await expect.poll(() => summary().getAttribute('data-status'), { timeout: 10_000 }).toBe('NEEDS_RESPONSE');

    // A text file goes into Customer communication; one longer than the field holds is refused beside it.
    const file = panel.locator('#evidence-file');
    await file.setInputFiles({ name: 'thread.txt', mimeType: 'text/plain', buffer: Buffer.from('Customer: where is my teapot?') });
    await expect.poll(() => panel.getByLabel('Customer communication', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('Customer: where is my teapot?');
    await file.setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(20_001)) });
    await expect.poll(() => panel.locator('#evidence-customerCommunication-error').textContent(), { timeout: 10_000 }).toContain('The file huge.txt is too long');
    expect(await panel.getByLabel('Customer communication', { exact: true }).inputValue()).toBe('Customer: where is my teapot?');

    await submitEvidence('losing_evidence');
    await advance(at(4 * 3_600_000));
    await expect.poll(() => summary().getAttribute('data-status'), { timeout: 15_000 }).toBe('LOST');
    expect(await panel.locator('#evidence-saved').textContent()).toContain('Customer: where is my teapot?');
    const events = await verifiedEvents(dispute.id, 3);
    expect(events.map((event) => [event.event, statusOf(event)])).toEqual([
      ['dispute.created', 'needs_response'],
      ['dispute.updated', 'under_review'],
      ['dispute.closed', 'lost'],
    ]);
    expect(problems).toEqual([]);
  });

  it('lost by no response: a Google Pay dispute left alone past its due date; the list follows live', async () => {
    const { dispute } = await payInBrowser('google_pay', 'YP-GP-DISPUTE');
    await panel.goto(`${app.baseUrl}/panel/disputes`);
    const row = panel.locator(`#disputes tr[data-dispute-id="${dispute.id}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('NEEDS_RESPONSE');
    await advance(at(8 * DAY_MS));
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('LOST');
    const events = await verifiedEvents(dispute.id, 2);
    expect(events.map((event) => [event.event, statusOf(event)])).toEqual([
      ['dispute.created', 'needs_response'],
      ['dispute.closed', 'lost'],
    ]);
    expect(problems).toEqual([]);
  });

  it('accepted from the panel (Apple Pay), and at phone width the pages have no sideways scroll and are axe clean', async () => {
    const { dispute } = await payInBrowser('apple_pay', 'YP-AP-DISPUTE');
    await panel.setViewportSize({ width: 390, height: 844 });
    await openDispute(dispute.id);
    expect(await panel.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(panel)).toEqual([]);
    await panel.screenshot({ path: join(screenshotsDir, 'panel-dispute-phone-390.png'), fullPage: true });

    // Canceling the confirmation changes nothing.
    await panel.getByRole('button', { name: 'Accept dispute' }).click();
    await panel.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await app.request('GET', `/api/v1/disputes/${dispute.id}`, { key })).body.dispute.status).toBe('needs_response');
    await panel.getByRole('button', { name: 'Accept dispute' }).click();
    await panel.getByRole('dialog').getByRole('button', { name: 'Accept dispute' }).click();
    await expect.poll(() => summary().getAttribute('data-status'), { timeout: 10_000 }).toBe('LOST');
    const events = await verifiedEvents(dispute.id, 2);
    expect(events.map((event) => event.event)).toEqual(['dispute.created', 'dispute.closed']);

    await panel.goto(`${app.baseUrl}/panel/disputes`);
    await panel.locator(`#disputes tr[data-dispute-id="${dispute.id}"]`).waitFor();
    expect(await panel.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(panel)).toEqual([]);
    await panel.screenshot({ path: join(screenshotsDir, 'panel-disputes-phone-390.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
