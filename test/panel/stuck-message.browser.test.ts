import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { graphqlInPage, launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { relayTestEnv, sendSms, startDevice, TEST_NUMBERS, type DeviceProcess } from '../relay/helpers.ts';

// A message a phone took and then sat on, as the merchant sees it in Chromium: the queue page
// says how many are stuck and on which phone, the message page says since when and offers to send
// it through another phone, asking first (the phone may still send it). At 1440 and 390 px, with
// no horizontal overflow, no console error and no serious axe finding.

let app: TestApp;
let browser: Browser;
let page: Page;
let apiKey: string;
let phone: DeviceProcess | undefined;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv, RELAY_STUCK_AFTER_SECONDS: '2' } });
  await app.startWorkers(['sms-routing', 'device-presence']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Stuck Shop');
  await page.getByLabel('Email').fill('stuck@relay.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const created = await graphqlInPage<{ createApiKey: { secret: string } }>(
    page,
    'mutation { createApiKey(input: {label: "Server", scopes: [SMS_SEND, MESSAGES_READ, DEVICES_MANAGE]}) { secret } }',
  );
  apiKey = created.createApiKey.secret;
});
afterAll(async () => {
  await phone?.kill();
  await browser?.close();
  await app?.stop();
});

const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a stuck message in the panel', () => {
  it('is flagged on the queue and message pages, and can be sent through another phone after a confirmation', async () => {
    const { code } = (await graphqlInPage<{ createPairingCode: { code: string } }>(page, 'mutation { createPairingCode { code } }')).createPairingCode;
    // The phone takes the message and holds it ten minutes: past RELAY_STUCK_AFTER_SECONDS.
    phone = await startDevice(app, { code }, { name: 'Sleepy phone', holdMs: 600_000 });
    const sent = await sendSms(app, apiKey, { to: TEST_NUMBERS[0], message: 'Your code is on its way' });
    const requestId = sent.body.request_id as string;
    const prisma = app.rt.db.prisma;
    for (let i = 0; i < 100 && !(await prisma.message.findUniqueOrThrow({ where: { id: requestId } })).stuckAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await prisma.message.findUniqueOrThrow({ where: { id: requestId } })).stuckAt).not.toBeNull();

    for (const viewport of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}/panel/queue`);
      await expect.poll(() => page.locator('#stuck-alert').textContent(), { timeout: 10_000 }).toContain('1 stuck');
      expect(await page.locator('[data-stuck="1"]').count()).toBe(1);
      expect(await overflow()).toBeLessThanOrEqual(1);
      expect(await seriousAccessibilityFindings(page)).toEqual([]);
      await page.screenshot({ path: join(screenshotsDir, `relay-stuck-queue-${viewport.name}.png`), fullPage: true });

      await page.goto(`${app.baseUrl}/panel/devices/${phone.deviceId}`);
      await expect.poll(() => page.locator('#device-stuck').textContent(), { timeout: 10_000 }).toContain('1 stuck');
      expect(await page.locator('#device-held').textContent()).toContain('1 message it took');
      expect(await overflow()).toBeLessThanOrEqual(1);
      expect(await seriousAccessibilityFindings(page)).toEqual([]);

      await page.goto(`${app.baseUrl}/panel/messages/${requestId}`);
      await expect.poll(() => page.locator('#stuck').textContent(), { timeout: 10_000 }).toContain('Sleepy phone has held this message since');
      expect(await page.locator('#held-since').count()).toBe(1);
      expect(await overflow()).toBeLessThanOrEqual(1);
      expect(await seriousAccessibilityFindings(page)).toEqual([]);
      await page.screenshot({ path: join(screenshotsDir, `relay-stuck-message-${viewport.name}.png`), fullPage: true });
    }

    // Asked first; cancelling the dialog changes nothing.
    await page.locator('#reroute').click();
    await expect.poll(() => page.getByRole('dialog').textContent(), { timeout: 10_000 }).toContain('may still send it');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await prisma.message.findUniqueOrThrow({ where: { id: requestId } })).state).toBe('dispatched');
    await page.locator('#reroute').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send through another phone' }).click();
    await expect.poll(async () => (await prisma.messageAttempt.findFirst({ where: { messageId: requestId, number: 1 } }))?.outcome, { timeout: 10_000 }).toBe('rerouted');
    // The page follows: a second attempt (the only other phone is this one, so it is given back to it).
    await expect.poll(() => page.locator('[data-attempt="2"]').count(), { timeout: 10_000 }).toBe(1);
    expect(problems).toEqual([]);
  });
});
