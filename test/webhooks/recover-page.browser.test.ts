import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint } from './helpers.ts';
import { SendTest } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// The endpoint page's "Recover failed since…" control (issue 39): after an outage, one click sends
// every failed delivery again; a time further back than 14 days is refused beside the field.

let app: TestApp;
let browser: Browser;
let page: Page;
let receiver: Receiver;
let key: string;
let accountId: number;
const problems: string[] = [];

beforeAll(async () => {
  // No retries: a delivery fails at its first failed attempt.
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '' } });
  await app.startWorkers(['webhooks']);
  receiver = await startReceiver();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Recover Page Ltd');
  await page.getByLabel('Email').fill('owner@recover-page.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Recover Page Ltd' } })).id;
  await app.rt.db.prisma.account.update({ where: { id: accountId }, data: { allowPrivateWebhookUrls: true } });
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['webhooks.manage'] })).secret;
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await app?.stop();
});

describe('endpoint page: recover failed since…', () => {
  it('sends the failed deliveries again and says how many; refuses a time too far back beside the field', async () => {
    let down = true;
    receiver.on('/recover-page', () => ({ status: down ? 503 : 200 }));
    const { endpoint } = await createEndpoint(app, key, { url: receiver.url('/recover-page') });
    for (let i = 0; i < 3; i++) expect((await execute(app.baseUrl, key, SendTest, { endpointId: endpoint.id })).errors).toBeUndefined();
    await receiver.waitFor('/recover-page', 3);
    await expect.poll(() => app.rt.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'failed' } }), { timeout: 15_000 }).toBe(3);
    down = false;

    await page.goto(`${app.baseUrl}/panel/webhooks/${endpoint.id}`);
    const since = page.getByLabel('Recover failed since…');
    await since.waitFor();
    await since.fill('2000-01-01T00:00');
    await page.getByRole('button', { name: 'Recover' }).click();
    await expect.poll(() => page.locator('#recover-since-error').textContent(), { timeout: 15_000 }).toMatch(/14 days/);
    expect(await since.getAttribute('aria-invalid')).toBe('true');

    // The default is a day ago: the three failed deliveries of the outage.
    await page.reload();
    await since.waitFor();
    await page.getByRole('button', { name: 'Recover' }).click();
    await expect.poll(() => page.locator('#recover-result').textContent(), { timeout: 15_000 }).toBe('3 failed deliveries queued to be sent again, oldest first.');
    expect(await page.locator('#recover-since-error').count()).toBe(0);
    await receiver.waitFor('/recover-page', 6);
    await expect.poll(() => app.rt.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'succeeded' } }), { timeout: 15_000 }).toBe(3);
    // Nothing failed is left: a second click queues nothing.
    await page.getByRole('button', { name: 'Recover' }).click();
    await expect.poll(() => page.locator('#recover-result').textContent(), { timeout: 15_000 }).toBe('No failed delivery in that window.');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
