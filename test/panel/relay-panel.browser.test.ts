import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir } from '../helpers/browser.ts';
import { relayTestEnv, sendSms, startDevice, TEST_NUMBERS, type DeviceProcess } from '../relay/helpers.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
let apiKey: string;
let device: DeviceProcess | undefined;
const cspViolations: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing', 'device-presence']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1200, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  // The panel runs under a strict CSP (no inline script or style): Chromium reports what it blocks.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  // Sign up through the pages, then make a key for REST calls the test makes as the merchant.
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Relay Shop');
  await page.getByLabel('Email').fill('ops@relay.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  await page.goto(`${app.baseUrl}/panel/keys`);
  await page.getByLabel('Label').fill('Server');
  for (const scope of ['sms.send', 'messages.read', 'account.read']) await page.getByLabel(scope, { exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.locator('#new-secret:not([hidden])').waitFor();
  apiKey = (await page.locator('#secret-value').textContent())!;
});
afterAll(async () => {
  await device?.kill();
  await browser?.close();
  await app?.stop();
});

const shot = (name: string) => page.screenshot({ path: join(screenshotsDir, `panel-${name}.png`), fullPage: true });

describe('relay pages of the merchant panel in Chromium', () => {
  it('pairs a simulated phone with the code shown, and shows it go online then offline', async () => {
    await page.goto(`${app.baseUrl}/panel/readiness`);
    await expect.poll(() => page.locator('#steps li[data-step]').count()).toBeGreaterThan(3);
    expect(await page.locator('#ready').getAttribute('data-ready')).toBe('false');
    await shot('readiness-start');

    await page.goto(`${app.baseUrl}/panel/devices`);
    await page.getByRole('button', { name: 'Make a pairing code' }).click();
    await page.locator('#pairing:not([hidden])').waitFor();
    expect(await page.locator('#pairing-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The card names the app and shows what to type into it: the API URL (with a copy button) and the grouped code.
    const card = page.locator('#pairing');
    for (const words of ['SMS Gateway for Android', 'Settings → Cloud Server', 'SSE only', 'Sign in by code']) expect(await card.textContent()).toContain(words);
    const apiUrl = `${app.rt.config.publicBaseUrl}/api/mobile/v1`;
    expect(await page.locator('#pairing-api-url').textContent()).toBe(apiUrl);
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiUrl);
    const code = (await page.locator('#pairing-code').textContent())!;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(await page.locator('#pairing-expiry').textContent()).toMatch(/^valid until .+, once$/);

    // Typed as shown, dash included. Slow delivery reports, so the page can be seen showing a message as queued first.
    device = await startDevice(app, { code }, { name: 'Shop phone', deliveryMs: 1500 });
    const row = page.locator(`#devices tr[data-device-id="${device.deviceId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('ONLINE');
    await shot('devices');
  });

  it('shows a message go from queued to delivered, live', async () => {
    await page.goto(`${app.baseUrl}/panel/messages`);
    await page.locator('#messages').waitFor({ state: 'attached' });
    const sent = await sendSms(app, apiKey, { to: TEST_NUMBERS[0], message: 'Your table is ready' });
    expect(sent.status).toBe(202);
    const row = page.locator(`#messages tr[data-request-id="${sent.body.request_id}"]`);
    await row.waitFor({ timeout: 15_000 });
    // The phone reports `sent` after 750 ms and `delivered` after 1.5 s: the row shows the way there.
    expect(['QUEUED', 'SENT']).toContain(await row.getAttribute('data-status'));
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('DELIVERED');
    expect(await row.textContent()).toContain('Shop phone');
    await shot('messages');
  });

  it('pauses the queue from the queue health page, and REST sends answer queue_blocked', async () => {
    await page.goto(`${app.baseUrl}/panel/queue`);
    await expect.poll(() => page.locator('[data-count="delivered"]').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pause now' }).click();
    await expect.poll(() => page.locator('#queue-state').getAttribute('data-paused')).toBe('true');
    const blocked = await sendSms(app, apiKey, { to: TEST_NUMBERS[1], message: 'Hello' });
    expect(blocked.status).toBe(503);
    expect(blocked.body.error.code).toBe('queue_blocked');
    await shot('queue-paused');
    await page.getByRole('button', { name: 'Resume queue' }).click();
    await expect.poll(() => page.locator('#queue-state').getAttribute('data-paused')).toBe('false');
    expect((await sendSms(app, apiKey, { to: TEST_NUMBERS[1], message: 'Hello again' })).status).toBe(202);
  });

  it('shows the phone go offline when it stops, and the readiness steps it completed', async () => {
    await page.goto(`${app.baseUrl}/panel/devices`);
    const row = page.locator(`#devices tr[data-device-id="${device!.deviceId}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('ONLINE');
    await device!.kill();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('OFFLINE');
    await shot('devices-offline');

    await page.goto(`${app.baseUrl}/panel/readiness`);
    await expect.poll(() => page.locator('#steps li[data-ok="true"]').count()).toBeGreaterThanOrEqual(3);
    await shot('readiness');
  });

  it('keeps every page readable at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['keys', 'payments', 'webhooks', 'devices', 'queue', 'messages', 'readiness']) {
      await page.goto(`${app.baseUrl}/panel/${path}`);
      await page.locator('main h1').waitFor();
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
