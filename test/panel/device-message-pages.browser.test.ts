import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { graphqlInPage, launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { TEST_NUMBERS, sendSms, startDevice, waitForStatus, type DeviceProcess } from '../relay/helpers.ts';

// What a device and a message page say about trouble, in Chromium at 1440 and 390 px: a phone
// that closed its connection reads "online" but "not connected" (the router already skips it), a
// message pinned to it says it waits for that phone and when it fails, the device page renames the
// phone and sets its budget, shows its SIMs and its last heartbeat as "… ago"; the pairing card
// warns that the app's release build refuses this test server's http:// URL; and the stacked
// attempts table at 390 px never lays a long label over the next row. No horizontal overflow, no
// console error or failed request, no serious axe finding.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let app: TestApp;
let browser: Browser;
let page: Page;
let apiKey: string;
const phones: DeviceProcess[] = [];
const problems: string[] = [];


async function visit(path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${app.baseUrl}${path}`);
}

const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const shot = (name: string, viewport: string) => page.screenshot({ path: join(screenshotsDir, `relay-${name}-${viewport}.png`), fullPage: true });

/** At every width: nothing wider than the screen, no serious axe finding, no console error. */
async function looksRight(name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    expect(await overflow(), `${name} at ${viewport.width} px`).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page), `${name} at ${viewport.width} px`).toEqual([]);
    await shot(name, viewport.name);
  }
  await page.setViewportSize(viewports[0]);
  expect(problems).toEqual([]);
}

/**
 * Stacked rows (390 px): each labelled cell is at least as tall as its label, and no cell starts
 * above the end of the one before it, so no label lies over the next row.
 */
async function stackedOverlaps(tbody: string) {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const row of document.querySelectorAll(`${selector} tr`)) {
      const cells = [...row.querySelectorAll('td[data-label]')] as HTMLElement[];
      cells.forEach((cell, index) => {
        const label = Number.parseFloat(getComputedStyle(cell, '::before').height);
        const box = cell.getBoundingClientRect();
        if (label > box.height + 0.5) found.push(`${cell.dataset.label}: label ${label}px in a ${box.height}px cell`);
        const next = cells[index + 1];
        if (next && next.getBoundingClientRect().top < box.bottom - 0.5) found.push(`${cell.dataset.label} overlaps ${next.dataset.label}`);
      });
    }
    return found;
  }, tbody);
}

beforeAll(async () => {
  app = await startTestApp({ env: { RELAY_HEARTBEAT_INTERVAL_SECONDS: '1', DEVICE_OFFLINE_AFTER_SECONDS: '300' } });
  await app.startWorkers(['sms-routing', 'device-presence']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: viewports[0], locale: 'en-US' })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Drawer Shop');
  await page.getByLabel('Email').fill('drawer@relay.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const created = await graphqlInPage<{ createApiKey: { secret: string } }>(page, 
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { label: 'Server', scopes: ['SMS_SEND', 'MESSAGES_READ', 'DEVICES_MANAGE'] } },
  );
  apiKey = created.createApiKey.secret;
});
afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.kill()));
  await browser?.close();
  await app?.stop();
});

describe('device and message pages', () => {
  it('the pairing card reads "Copy and" and warns that the release app refuses an http:// API URL', async () => {
    await visit('/panel/devices');
    await page.getByRole('button', { name: 'Make a pairing code' }).click();
    await page.locator('#pairing').waitFor();
    expect(await page.locator('#pairing-api-url').textContent()).toMatch(/^http:\/\//);
    const step = (await page.locator('#pairing li').first().textContent())!.replace(/\s+/g, ' ');
    expect(step).toContain('Copy and Notification channel');
    expect(await page.locator('#pairing-http-warning').textContent()).toContain('release build refuses it');
    const code = (await page.locator('#pairing-code').textContent())!;
    phones.push(await startDevice(app, { code }, { name: 'Till phone' }));
    await looksRight('pairing-http');
  });

  it('a phone that closed its connection reads online but not connected, on the list and its page', async () => {
    const code = (await graphqlInPage<{ createPairingCode: { code: string } }>(page, 'mutation { createPairingCode { code } }')).createPairingCode.code;
    const drawer = await startDevice(app, { code }, { name: 'Drawer phone' });
    phones.push(drawer);
    await visit('/panel/devices');
    const row = page.locator(`#devices tr[data-device-id="${drawer.deviceId}"]`);
    await row.waitFor();
    expect(await row.locator('[data-connected]').count()).toBe(0);

    // The list follows the close live: still online, no longer connected.
    await drawer.kill();
    await vi.waitFor(async () => expect(await app.rt.db.prisma.deviceConnection.count({ where: { deviceId: drawer.deviceId } })).toBe(0), { timeout: 10_000 });
    await expect.poll(() => row.locator('[data-connected="false"]').count(), { timeout: 10_000 }).toBe(1);
    expect(await row.locator('[data-presence]').textContent()).toBe('online');
    expect(await row.locator('[data-connected="false"]').textContent()).toContain('not connected');
    const till = page.locator(`#devices tr[data-device-id="${phones[0]!.deviceId}"]`);
    expect(await till.locator('[data-connected]').count()).toBe(0);
    // The last heartbeat is relative, the exact time in its title.
    const heard = till.locator('time').first();
    expect(await heard.textContent()).toMatch(/ago$/);
    expect(await heard.getAttribute('title')).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    await looksRight('devices-connection');

    await visit(`/panel/devices/${drawer.deviceId}`);
    await page.locator('#device-connection').waitFor();
    expect(await page.locator('#device-presence').textContent()).toContain('not connected');
    expect(await page.locator('#device-connection').textContent()).toContain('the router skips it until it reconnects');
    await looksRight('device-not-connected');
  });

  it('a message pinned to that phone says it waits for it and when it fails', async () => {
    const drawer = phones[1]!;
    const sent = await sendSms(app, apiKey, { to: TEST_NUMBERS[0], message: 'Only from the drawer', device_id: drawer.deviceId });
    expect(sent.status).toBe(202);
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${sent.body.request_id}`, { key: apiKey });
    await visit(`/panel/messages/${sent.body.request_id}`);
    const pinned = page.locator('#pinned');
    await pinned.waitFor();
    const text = (await pinned.textContent())!.replace(/\s+/g, ' ');
    expect(text).toMatch(/^Drawer phone; fails at .+ if it stays unreachable$/);
    expect(await pinned.locator('time').getAttribute('datetime')).toBe(status.body.pinned_fails_at);
    expect(await page.locator('#attempts').textContent()).toContain('it waits for Drawer phone');
    expect(await page.locator('dt', { hasText: /^Device$/ }).count()).toBe(0);
    await looksRight('message-pinned');
  });

  it('the device page renames the phone and sets its budget, with errors beside the field, and shows its SIMs', async () => {
    const till = phones[0]!;
    await visit(`/panel/devices/${till.deviceId}`);
    await page.locator('#device-settings').waitFor();
    expect(await page.locator('#sims tr[data-slot="0"]').textContent()).toContain('Simulated Mobile');
    expect((await page.locator('#device-heartbeat').textContent())!).toMatch(/ago$/);

    // Only spaces: the server refuses it, and says so under the name.
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#device-name-error').waitFor();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    // That refusal is the one failed request so far (GraphQL answers a refused argument with 400).
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.includes('400'))).toBe(true);
    problems.length = 0;

    await page.getByLabel('Name').fill('Counter phone');
    await page.getByLabel('Messages per minute at most').fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#device-saved').waitFor();
    await expect.poll(() => page.locator('#device-heading').textContent()).toContain('Counter phone');
    expect(await page.locator('#budget').textContent()).toContain('of 7 messages per minute');
    expect(await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: till.deviceId } })).toMatchObject({ name: 'Counter phone', ratePerMinute: 7 });
    await looksRight('device-settings');
  });

  it('the device page sets the SIM mode and pacing, a wait range the wrong way round refused beside its field', async () => {
    const till = phones[0]!;
    await visit(`/panel/devices/${till.deviceId}`);
    await page.locator('#device-settings').waitFor();
    await page.getByLabel('SIM when a send gives none').selectOption('round_robin');
    await page.getByLabel('Wait after each send, from (seconds)').fill('9');
    await page.getByLabel('to (seconds; empty: no wait)').fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#device-wait-min-error').waitFor();
    expect(await page.getByLabel('Wait after each send, from (seconds)').getAttribute('aria-invalid')).toBe('true');
    problems.length = 0;

    await page.getByLabel('to (seconds; empty: no wait)').fill('12');
    await page.getByLabel('Messages per day at most (empty: no cap)').fill('1000');
    await page.getByLabel('Different numbers per month at most (empty: no cap)').fill('250');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#device-saved').waitFor();
    expect(await app.rt.db.prisma.device.findUniqueOrThrow({ where: { id: till.deviceId } })).toMatchObject({
      simSelectionMode: 'round_robin',
      dailyCap: 1000,
      monthlyRecipientsCap: 250,
      sendIntervalMinSeconds: 9,
      sendIntervalMaxSeconds: 12,
    });
    await looksRight('device-pacing');
  });

  it('the stacked attempts table at 390 px lays no label over the next row; other stacked tables neither', async () => {
    const sent = await sendSms(app, apiKey, { to: TEST_NUMBERS[1], message: 'Through the counter' });
    await waitForStatus(app, apiKey, sent.body.request_id, ['DELIVERED']);
    await visit(`/panel/messages/${sent.body.request_id}`);
    await page.locator('#attempts tr[data-attempt="1"]').waitFor();
    await page.setViewportSize(viewports[1]);
    expect(await stackedOverlaps('#attempts')).toEqual([]);
    expect(await stackedOverlaps('#deliveries')).toEqual([]);
    await looksRight('message-attempts');

    await visit(`/panel/devices/${phones[0]!.deviceId}`);
    await page.locator('#recent tr[data-request-id]').first().waitFor();
    await page.setViewportSize(viewports[1]);
    for (const tbody of ['#recent', '#presence', '#sims']) expect(await stackedOverlaps(tbody), tbody).toEqual([]);
    await page.setViewportSize(viewports[0]);
  });
});
