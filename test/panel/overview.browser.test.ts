import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId as paymentsId } from '../../src/payments/contract.ts';
import { newId as relayId } from '../../src/relay/contract.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';

// The overview (issue 32): the panel's first page, each domain's part (payments volume and success
// rate, messages by stage, phones online, stuck messages, failing webhook endpoints) over the last
// day or week as charts, each linking to its page. User text stays text; the page cannot be framed.

let app: TestApp;
let browser: Browser;
let page: Page;
let accountId: number;
const problems: string[] = [];
const HOSTILE_URL = 'https://example.com/<img src=x onerror=alert(1)>';
let failingEndpointId: string;

async function seed() {
  const db = app.rt.db.prisma;
  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
  const intent = { accountId, currency: 'usd', title: 'Order', customerName: 'Ada', customerEmail: 'ada@example.com' };
  await db.paymentIntent.create({ data: { ...intent, id: paymentsId('paymentIntent'), amount: 1000, status: 'succeeded', succeededAt: hoursAgo(2), createdAt: hoursAgo(2) } });
  await db.paymentIntent.create({ data: { ...intent, id: paymentsId('paymentIntent'), amount: 2000, status: 'succeeded', succeededAt: hoursAgo(5), createdAt: hoursAgo(5) } });
  await db.paymentIntent.create({ data: { ...intent, id: paymentsId('paymentIntent'), amount: 500, lastPaymentError: { code: 'card_declined', message: 'Declined' }, createdAt: hoursAgo(1) } });
  // Made three days ago: only the week shows it.
  await db.paymentIntent.create({ data: { ...intent, id: paymentsId('paymentIntent'), amount: 7000, status: 'succeeded', succeededAt: hoursAgo(72), createdAt: hoursAgo(72) } });

  const device = await db.device.create({ data: { id: relayId('device'), accountId, name: 'Front desk phone', tokenHash: 'overview-token-hash', tokenPrefix: 'ovw', status: 'online' } });
  const message = (state: 'queued' | 'dispatched' | 'sent' | 'delivered' | 'failed', extra: Record<string, unknown> = {}) =>
    db.message.create({ data: { id: relayId('message'), accountId, to: '+14155552671', body: 'Hello', encoding: 'gsm7', segments: 1, state, maxAttempts: 3, expiresAt: new Date(now + 86_400_000), queuedAt: hoursAgo(3), ...extra } });
  await message('delivered', { sentAt: hoursAgo(3), deliveredAt: hoursAgo(3), deviceId: device.id });
  await message('delivered', { sentAt: hoursAgo(2), deliveredAt: hoursAgo(2), deviceId: device.id });
  await message('failed', { failedAt: hoursAgo(2), failureReason: 'expired' });
  await message('queued');
  await message('dispatched', { deviceId: device.id, dispatchedAt: hoursAgo(1), stuckAt: hoursAgo(0.5) });

  failingEndpointId = 'we_overviewfailing';
  await db.webhookEndpoint.create({ data: { id: failingEndpointId, accountId, url: HOSTILE_URL, secretEncrypted: 'x', failingSince: hoursAgo(4) } });
  await db.webhookEndpoint.create({ data: { id: 'we_overviewhealthy', accountId, url: 'https://example.com/fine', secretEncrypted: 'x' } });
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchForProblems(page, problems);
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Overview Ltd');
  await page.getByLabel('Email').fill('owner@overview.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Overview Ltd' } })).id;
  await seed();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const figure = (part: string, name: string) => page.locator(`#${part}-overview-figures [data-figure="${name}"]`);

describe('overview page', () => {
  it('is the first page, and shows each part with its data and charts, linking to its pages', async () => {
    const response = await page.goto(`${app.baseUrl}/panel`);
    expect(page.url()).toBe(`${app.baseUrl}/panel/overview`);
    expect(response!.headers()['x-frame-options']).toBe('DENY');
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('#overview[aria-busy="false"]').waitFor();
    expect(await page.locator('nav a').first().textContent()).toBe('Overview');
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Overview');

    // Payments over the last day: $30 collected, 2 of 3 tried succeeded.
    expect(await figure('payments', 'volume').textContent()).toBe('$30.00');
    expect(await figure('payments', 'success-rate').textContent()).toBe('67 %');
    expect(await figure('payments', 'succeeded').textContent()).toBe('2');
    expect(await page.locator('#payments-chart canvas').count()).toBe(1);
    expect(await page.locator('#payments-chart').getAttribute('aria-label')).toContain('$30.00 collected');
    expect(await page.getByRole('link', { name: 'All payments' }).getAttribute('href')).toBe('/panel/payments');

    // Messages by stage, what waits, phones, stuck.
    expect(await figure('relay', 'queued').textContent()).toBe('5');
    expect(await figure('relay', 'sent').textContent()).toBe('2');
    expect(await figure('relay', 'delivered').textContent()).toBe('2');
    expect(await figure('relay', 'failed').textContent()).toBe('1');
    expect(await figure('relay', 'waiting').textContent()).toBe('1');
    expect(await figure('relay', 'devices-online').textContent()).toBe('1 of 1');
    expect(await figure('relay', 'devices-online').locator('a').getAttribute('href')).toBe('/panel/devices');
    expect(await figure('relay', 'stuck').textContent()).toBe('1');
    expect(await figure('relay', 'stuck').locator('a').getAttribute('href')).toBe('/panel/messages?stage=on_phone');
    expect(await page.locator('#relay-chart canvas').count()).toBe(1);

    // Failing endpoints: the failing one only, its URL as text, linking to its page.
    const failing = page.locator('#failing-endpoints');
    expect(await failing.getAttribute('data-count')).toBe('1');
    const link = failing.locator('a');
    expect(await link.textContent()).toBe(HOSTILE_URL);
    expect(await link.getAttribute('href')).toBe(`/panel/webhooks/${failingEndpointId}`);
    expect(await failing.locator('img').count()).toBe(0);
    expect(await failing.textContent()).toContain('failing since');

    await page.screenshot({ path: join(screenshotsDir, 'overview-desktop.png'), fullPage: true });
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('switches a part to the last week', async () => {
    await page.getByRole('group', { name: 'Window' }).first().getByLabel('Last week').check();
    await expect.poll(() => figure('payments', 'volume').textContent(), { timeout: 10_000 }).toBe('$100.00');
    expect(await figure('payments', 'success-rate').textContent()).toBe('75 %');
    expect(await page.locator('#payments-chart canvas').count()).toBe(1);
    // The relay part keeps its own window.
    expect(await figure('relay', 'delivered').textContent()).toBe('2');
    await page.setViewportSize({ width: 390, height: 844 });
    // The charts follow the width (ResizeObserver); nothing is wider than the phone.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`)
            .slice(0, 5),
        ),
        { timeout: 10_000 },
      )
      .toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: join(screenshotsDir, 'overview-phone.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('is refused without a session, and GraphQL keeps each account to its own figures', async () => {
    const anonymous = await fetch(`${app.baseUrl}/panel/overview`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    const other = await app.account();
    const answer = await app.request('POST', '/graphql', { key: other.key, body: { query: '{ paymentsOverview(days: 7) { currency buckets { succeeded } } relayOverview(days: 7) { buckets { delivered } } }' } });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.paymentsOverview.currency).toBeNull();
    expect(answer.body.data.paymentsOverview.buckets.reduce((sum: number, bucket: { succeeded: number }) => sum + bucket.succeeded, 0)).toBe(0);
    expect(answer.body.data.relayOverview.buckets.reduce((sum: number, bucket: { delivered: number }) => sum + bucket.delivered, 0)).toBe(0);
    const tooLong = await app.request('POST', '/graphql', { key: other.key, body: { query: '{ paymentsOverview(days: 400) { days } }' } });
    expect(tooLong.body.errors[0].extensions.code).toBe('invalid_request');
  });
});
