import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPanelUser } from '../../src/panel/users.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { graphqlInPage, launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { pairingCode, relayTestEnv } from '../relay/helpers.ts';

// The panel's Notifications page (issue 39) in Chromium, with no SMTP_URL (the sandbox default):
// a real phone-offline notification (a phone paired, heard from, then silent past the account's
// threshold: the presence worker records device.offline, the webhooks worker keeps a notification
// per panel user) is listed at desktop and phone width, the phone's name, typed by its owner, shown
// as text; a kind turned off in the page is saved (a reload and GraphQL read it off) and the next
// notification of that kind is kept for the colleague who left it on, not for this user. The page
// cannot be framed.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const OWNER = 'owner@notifications.example';
const COLLEAGUE = 'colleague@notifications.example';
const HOSTILE_NAME = 'Till <img src=x onerror="window.__pwned=1">';

let app: TestApp;
let browser: Browser;
let page: Page;
let apiKey: string;
let accountId: number;
const problems: string[] = [];

/** A phone of the account paired over our protocol and heard from once, then never again. */
async function phoneThatFallsSilent(name: string): Promise<string> {
  const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: (await pairingCode(app, apiKey)).code, device_name: name } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(201);
  const heartbeat = await app.request('POST', '/api/v1/relay/device/heartbeat', { headers: { authorization: `Bearer ${paired.body.device_token}` }, body: {} });
  expect(heartbeat.body.device.status).toBe('online');
  return paired.body.device.id as string;
}

/** Waits for the device.offline event of the phone and the notifications the webhooks worker keeps for it. */
async function offlineNotifications(deviceId: string, recipients: string[]) {
  const db = app.rt.db.prisma;
  return vi.waitFor(
    async () => {
      const event = await db.event.findFirst({ where: { type: 'device.offline', objectPublicId: deviceId } });
      expect(event).not.toBeNull();
      const kept = await db.notification.findMany({ where: { eventId: event!.id }, orderBy: { recipient: 'asc' } });
      expect(kept.map((row) => row.recipient)).toEqual(recipients);
      return kept;
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function visitNotifications() {
  await page.waitForLoadState('networkidle');
  const response = await page.goto(`${app.baseUrl}/panel/notifications`);
  await page.locator('main h1').waitFor();
  await page.locator('input[name="deviceOffline"]').waitFor();
  return response!;
}

/** Whether the page scrolls sideways (a row or a body wider than the screen). */
const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  // DEVICE_OFFLINE_AFTER_SECONDS 3: a silent phone goes offline within seconds (the account sets no threshold of its own).
  app = await startTestApp({ env: { ...relayTestEnv } });
  await app.startWorkers(['device-presence', 'webhooks']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: viewports[0], locale: 'en-US' })).newPage();
  watchForProblems(page, problems);
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Notified Shop');
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const created = await graphqlInPage<{ createApiKey: { secret: string } }>(
    page,
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { label: 'Server', scopes: ['DEVICES_MANAGE', 'ACCOUNT_READ'] } },
  );
  apiKey = created.createApiKey.secret;
  accountId = (await graphqlInPage<{ account: { id: number } }>(page, 'query { account { id } }')).account.id;
  // A colleague on the same account, who keeps every kind on.
  await createPanelUser(app.rt.db.prisma, accountId, COLLEAGUE, 'another long enough password');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the Notifications page in Chromium', () => {
  it('lists a kept notification at 1440 and 390 px with what the user typed as text, and cannot be framed', async () => {
    const deviceId = await phoneThatFallsSilent(HOSTILE_NAME);
    const kept = await offlineNotifications(deviceId, [COLLEAGUE, OWNER]);
    expect(kept.map((row) => ({ kind: row.kind, status: row.status }))).toEqual([
      { kind: 'device_offline', status: 'kept' },
      { kind: 'device_offline', status: 'kept' },
    ]);

    const response = await visitNotifications();
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    const rows = page.locator('#notifications tr[data-kind="device_offline"]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await rows.first().getAttribute('data-status')).toBe('kept');
    const subject = `Phone ${HOSTILE_NAME} is offline`;
    expect(await rows.locator('summary').allTextContents()).toEqual([subject, subject]);
    await rows.first().locator('summary').click();
    const body = await rows.first().locator('pre').textContent();
    expect(body).toContain(`Your phone ${HOSTILE_NAME} (${deviceId}) stopped answering`);
    // Shown as text: no element was made of it and its handler never ran.
    expect(await page.locator('#notifications-app img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'notifications-desktop.png'), fullPage: true });

    await page.setViewportSize(viewports[1]);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    expect(await rows.count()).toBe(2);
    expect(await page.locator('#notifications-app img').count()).toBe(0);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'notifications-phone.png'), fullPage: true });
    await page.setViewportSize(viewports[0]);

    expect(problems).toEqual([]);
  });

  it('turns a kind off: saved (a reload and GraphQL read it off), and the next one of that kind is kept for the colleague only', async () => {
    await visitNotifications();
    const deviceOffline = page.getByLabel('A phone goes offline');
    expect(await deviceOffline.isChecked()).toBe(true);
    const saved = page.waitForResponse(async (response) => response.url().endsWith('/graphql') && (await response.text()).includes('updateNotificationPreferences'));
    await deviceOffline.uncheck();
    await saved;

    await page.reload();
    await page.locator('input[name="deviceOffline"]').waitFor();
    expect(await page.getByLabel('A phone goes offline').isChecked()).toBe(false);
    expect(await page.getByLabel('A dispute is opened').isChecked()).toBe(true);
    const preferences = await graphqlInPage<{ notificationPreferences: Record<string, boolean> }>(
      page,
      'query { notificationPreferences { endpointDisabled deliveryExhausted deviceOffline disputeOpened } }',
    );
    expect(preferences.notificationPreferences).toEqual({ endpointDisabled: true, deliveryExhausted: true, deviceOffline: false, disputeOpened: true });

    // The colleague's notification is written in the same transaction as any of this user's would be.
    const deviceId = await phoneThatFallsSilent('Second till');
    expect((await offlineNotifications(deviceId, [COLLEAGUE]))[0]!.status).toBe('kept');

    await visitNotifications();
    const second = page.locator('#notifications tr[data-kind="device_offline"]').filter({ hasText: 'Phone Second till is offline' });
    await expect.poll(() => second.count(), { timeout: 10_000 }).toBe(1);
    expect(await second.locator('td').nth(1).textContent()).toBe(COLLEAGUE);
    expect(problems).toEqual([]);
  });
});
