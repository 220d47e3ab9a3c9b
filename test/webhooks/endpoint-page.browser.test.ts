import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { execute } from '../helpers/graphql.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// The webhook endpoint page (issue 15): reached from the endpoints list; its deliveries paged,
// "retrying at …" for a failed delivery awaiting its retry, each attempt's request and response,
// redeliver, and secret rotation after a confirmation. Desktop and phone, axe clean, no errors.


const SendTest = graphql(`
  mutation EndpointPageSendTest($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      delivery {
        id
      }
    }
  }
`);

let app: TestApp;
let browser: Browser;
let page: Page;
let receiver: Receiver;
let key: string;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['webhooks']);
  receiver = await startReceiver();
  receiver.on('/flaky', () => ({ status: 500, body: 'try again later' }));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Hooks Page Ltd');
  await page.getByLabel('Email').fill('owner@hooks-page.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  // The overview (the first page) has read its data before any test leaves it (leaving would abort it).
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Hooks Page Ltd' } })).id;
  await app.rt.db.prisma.account.update({ where: { id: accountId }, data: { allowPrivateWebhookUrls: true } });
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['webhooks.manage'] })).secret;
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await app?.stop();
});

const accessibilityFindings = () => seriousAccessibilityFindings(page);

describe('webhook endpoint page', () => {
  it('shows deliveries with their attempts, retrying at …, redeliver, pages and rotation', async () => {
    await page.goto(`${app.baseUrl}/panel/webhooks`);
    await page.getByLabel('URL').fill(receiver.url('/flaky'));
    await page.getByLabel('Rate limit').fill('1000');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const link = page.locator('#endpoints tr').first().getByRole('link');
    await link.waitFor();
    const endpoint = await app.rt.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { url: receiver.url('/flaky') } });
    expect(endpoint.rateLimit).toBe(1000);
    for (let i = 0; i < 21; i++) expect((await execute(app.baseUrl, key, SendTest, { endpointId: endpoint.id })).errors).toBeUndefined();
    await receiver.waitFor('/flaky', 21);
    // The webhooks page's live log has caught up (no re-read left to abort by leaving).
    await expect
      .poll(() => page.locator('#deliveries tr .badge').allTextContents(), { timeout: 15_000 })
      .toEqual(Array.from({ length: 20 }, () => expect.stringMatching(/^retrying at /)));
    await link.click();
    await page.waitForURL(`${app.baseUrl}/panel/webhooks/${endpoint.id}`);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Webhooks');
    const rows = page.locator('#deliveries tr');
    await expect.poll(() => rows.count()).toBe(20);
    const first = rows.first();
    await expect.poll(() => first.locator('.badge').textContent(), { timeout: 15_000 }).toMatch(/^retrying at /);
    await first.getByText('1 attempt').click();
    const attempt = first.locator('[data-attempt-id]').first();
    expect(await attempt.locator('pre').first().textContent()).toContain(`POST ${receiver.url('/flaky')}`);
    expect(await attempt.locator('pre').first().textContent()).toContain('"event": "webhook.test"');
    expect(await attempt.locator('pre').nth(1).textContent()).toContain('HTTP 500');
    // (The response body is kept only from public addresses; this receiver is local.)

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => rows.count()).toBe(20);

    const deliveryId = await first.getAttribute('data-delivery-id');
    await first.getByRole('button', { name: `Redeliver #${deliveryId}` }).click();
    await receiver.waitFor('/flaky', 22);

    expect(await page.locator('#endpoint-secret').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('#endpoint-secret').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate now' }).click();
    await page.locator('#endpoint-secret').waitFor({ state: 'visible' });
    expect(await page.locator('#endpoint-secret-value').textContent()).toMatch(/^whsec_/);

    // The ordering, shown and changed in place.
    expect(await page.locator('#ordering').getAttribute('data-ordering')).toBe('UNORDERED');
    await page.getByLabel('Ordering').selectOption('FIFO');
    await page.getByRole('button', { name: 'Save ordering' }).click();
    await expect.poll(() => page.locator('#ordering').getAttribute('data-ordering')).toBe('FIFO');
    expect((await app.rt.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { url: receiver.url('/flaky') } })).ordering).toBe('fifo');
    expect(await accessibilityFindings()).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-webhook-endpoint-desktop-1440.png'), fullPage: true });

    // Live re-reads settle first: a reload in the middle of one aborts it.
    await page.waitForLoadState('networkidle');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => rows.count()).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await accessibilityFindings()).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'panel-webhook-endpoint-phone-390.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
