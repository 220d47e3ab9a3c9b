import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { graphqlInPage, launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { receiveSms } from '../../src/relay/messages/index.ts';
import { relayTestEnv, sendSms, startDevice, TEST_NUMBERS, waitForStatus, type DeviceProcess } from '../relay/helpers.ts';

// The relay's panel pages as a merchant uses them, at desktop (1440×900) and phone (390×844)
// width: badges, filters that filter, pages that page, a detail page from every row, the chart,
// recipients and lists, readiness that follows changes live; no console error, no failed
// request, no serious or critical axe-core finding on any of them.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let apiKey: string;
let device: DeviceProcess | undefined;
const problems: string[] = [];
const requestIds: string[] = [];

/** Every console error, page error and failed request, with the page it happened on. */
const watch = (target: Page) => watchForProblems(target, problems);



/**
 * Goes to a panel page once the current one has no request in flight. A live page (a device
 * heard every second) may still start a one-off read as the test leaves: `watchForProblems` does
 * not count that read, cut short by the navigation itself.
 */
async function visit(path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${app.baseUrl}${path}`);
}

const shot = (name: string, viewport: string) => page.screenshot({ path: join(screenshotsDir, `relay-${name}-${viewport}.png`), fullPage: true });

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  await app.startWorkers(['sms-routing', 'device-presence']);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: viewports[0], locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  watch(page);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Relay Pages Shop');
  await page.getByLabel('Email').fill('pages@relay.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const created = await graphqlInPage<{ createApiKey: { secret: string } }>(page, 
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { label: 'Server', scopes: ['SMS_SEND', 'MESSAGES_READ', 'ACCOUNT_READ', 'WEBHOOKS_MANAGE'] } },
  );
  apiKey = created.createApiKey.secret;
});
afterAll(async () => {
  await device?.kill();
  await browser?.close();
  await app?.stop();
});

describe('the relay pages in Chromium', () => {
  it('pairs a phone from the Devices page: the pairing card shows only once a code exists', async () => {
    await visit('/panel/devices');
    await page.getByText('No phone paired yet.').waitFor();
    expect(await page.locator('#pairing').count()).toBe(0);
    await page.getByRole('button', { name: 'Make a pairing code' }).click();
    await page.locator('#pairing').waitFor();
    expect(await page.locator('#pairing-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const code = (await page.locator('#pairing-code').textContent())!;
    device = await startDevice(app, { code }, { name: 'Till phone' });
    const row = page.locator(`#devices tr[data-device-id="${device.deviceId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('ONLINE');
    expect(await row.locator('[data-presence]').textContent()).toBe('online');
  });

  it('readiness: refreshes live when a webhook endpoint is added or deleted', async () => {
    await page.setViewportSize(viewports[0]);
    await visit('/panel/readiness');
    const step = page.locator('#steps li[data-step="webhook_endpoint"]');
    await expect.poll(() => step.getAttribute('data-ok')).toBe('false');
    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: apiKey, body: { url: 'http://127.0.0.1:9/hooks' } });
    expect(created.status).toBe(201);
    await expect.poll(() => step.getAttribute('data-ok')).toBe('true');
    const deleted = await app.request('DELETE', `/api/v1/webhook-endpoints/${created.body.webhook_endpoint.id}`, { key: apiKey });
    expect(deleted.status).toBe(200);
    await expect.poll(() => step.getAttribute('data-ok')).toBe('false');
    expect(await page.locator('#steps li[data-step="device_online"]').getAttribute('data-ok')).toBe('true');
    // The endpoint the messages' events go to from here on.
    const kept = await app.request('POST', '/api/v1/webhook-endpoints', { key: apiKey, body: { url: 'http://127.0.0.1:9/orders-hooks' } });
    expect(kept.status).toBe(201);
    await expect.poll(() => step.getAttribute('data-ok')).toBe('true');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await shot('readiness', 'desktop');
    await page.setViewportSize(viewports[1]);
    await shot('readiness', 'phone');
  });

  it('lists 30 messages in pages of 25, each linked to its detail page', async () => {
    for (let index = 0; index < 30; index += 1) {
      const sent = await sendSms(app, apiKey, { to: TEST_NUMBERS[index % 3], message: `Order ${index + 1} is ready` });
      expect(sent.status).toBe(202);
      requestIds.push(sent.body.request_id);
    }
    await waitForStatus(app, apiKey, requestIds.at(-1)!, ['DELIVERED']);
    for (const id of requestIds) await waitForStatus(app, apiKey, id, ['DELIVERED']);
  });

  for (const viewport of viewports) {
    describe(`at ${viewport.name} width`, () => {
      beforeAll(async () => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
      });

      it('messages: badges, pages that page, filters and a search that filter, an empty state', async () => {
        await visit('/panel/messages');
        const rows = page.locator('#messages tr[data-request-id]');
        await expect.poll(() => rows.count()).toBe(25);
        expect(await rows.first().getAttribute('data-request-id')).toBe(requestIds.at(-1));
        expect(await rows.first().locator('[data-stage]').textContent()).toBe('delivered');
        expect(await rows.first().locator('td[data-label="To"]').textContent()).toMatch(/^\+1 415 555 267\d$/);
        await shot('messages', viewport.name);
        await page.getByRole('button', { name: 'Next page' }).click();
        await expect.poll(() => rows.count()).toBe(5);
        expect(await rows.last().getAttribute('data-request-id')).toBe(requestIds[0]);
        await page.getByRole('button', { name: 'Previous page' }).click();
        await expect.poll(() => rows.count()).toBe(25);

        await page.getByLabel('Search').fill('415-555-2672');
        await page.getByRole('button', { name: 'Filter', exact: true }).click();
        await expect.poll(() => rows.count()).toBe(10);
        await page.getByLabel('Search').fill('zzz');
        await page.getByRole('button', { name: 'Filter', exact: true }).click();
        await page.locator('#messages tr.empty-row').waitFor();
        expect(await page.locator('#messages tr.empty-row').textContent()).toContain('No message matches these filters');
        await page.getByRole('button', { name: 'Clear', exact: true }).click();
        await expect.poll(() => rows.count()).toBe(25);

        await page.getByLabel('Status').selectOption('FAILED');
        await page.getByRole('button', { name: 'Filter', exact: true }).click();
        await page.locator('#messages tr.empty-row').waitFor();
        await page.getByLabel('Status').selectOption('DELIVERED');
        await page.getByLabel('Device').selectOption({ label: 'Till phone' });
        const today = new Date().toLocaleDateString('en-CA');
        await page.getByLabel('Queued from').fill(today);
        await page.getByLabel('Queued until').fill(today);
        await page.getByRole('button', { name: 'Filter', exact: true }).click();
        await expect.poll(() => rows.count()).toBe(25);
        expect(new URL(page.url()).searchParams.get('stage')).toBe('DELIVERED');

        expect(await seriousAccessibilityFindings(page)).toEqual([]);
        // Every row leads to its message.
        const links = await rows.locator('td[data-label="Request"] a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
        expect(links).toHaveLength(25);
        expect(links.every((href, index) => href === `/panel/messages/${requestIds.at(-1 - index)}`)).toBe(true);
      });

      it('a message: its tries per device with the outcome, its events', async () => {
        await visit('/panel/messages');
        await page.locator('#messages tr[data-request-id]').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.locator('#messages tr[data-request-id] a').first().click();
        await page.waitForURL(/\/panel\/messages\/req_/);
        expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Messages');
        const attempt = page.locator('#attempts tr[data-attempt="1"]');
        await attempt.waitFor();
        expect(await attempt.textContent()).toContain('Till phone');
        expect(await attempt.textContent()).toContain('delivered');
        expect(await page.locator('#message-stage').textContent()).toBe('delivered');
        const delivery = page.locator('#deliveries tr[data-event="message.delivered"][data-delivery-id]');
        expect(await delivery.textContent()).toContain('http://127.0.0.1:9/orders-hooks');
        expect(await seriousAccessibilityFindings(page)).toEqual([]);
        await shot('message', viewport.name);
      });

      it('devices: presence badge, battery, signal, budget; a detail page with presence history and recent messages', async () => {
        await visit('/panel/devices');
        const row = page.locator(`#devices tr[data-device-id="${device!.deviceId}"]`);
        await row.waitFor();
        expect(await row.locator('td[data-label="Rate budget"]').textContent()).toMatch(/of 30\/min$/);
        await page.getByLabel('Presence').selectOption('OFFLINE');
        await page.getByText('Nothing matches these filters.').waitFor();
        await page.getByRole('button', { name: 'Clear filters' }).first().click();
        await row.waitFor();
        await page.getByLabel('Search').fill('till');
        await page.getByRole('button', { name: 'Search' }).click();
        await row.waitFor();
        expect(await seriousAccessibilityFindings(page)).toEqual([]);
        await shot('devices', viewport.name);

        await page.waitForLoadState('networkidle');
        await row.getByRole('link', { name: 'Till phone' }).click();
        await page.waitForURL(/\/panel\/devices\/dev_/);
        await page.locator('#presence tr[data-change]').first().waitFor();
        expect(await page.locator('#presence tr[data-change]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-change')))).toEqual(['online', 'paired']);
        await expect.poll(() => page.locator('#recent tr[data-request-id]').count()).toBe(20);
        expect(await page.locator('#budget').textContent()).toMatch(/of 30 messages per minute/);
        expect(await seriousAccessibilityFindings(page)).toEqual([]);
        await shot('device', viewport.name);
      });

      it('queue health: a chart with axes, units and a legend naming the five stages; counts that say what they count', async () => {
        await visit('/panel/queue');
        await page.locator('#chart canvas').waitFor();
        const legend = await page.locator('#chart .u-legend').textContent();
        for (const name of ['queued', 'on phone', 'sent', 'delivered', 'failed']) expect(legend).toContain(name);
        expect(await page.locator('#chart-axes').textContent()).toBe('Vertical axis: messages per minute. Horizontal axis: time, one point per minute.');
        await expect.poll(() => page.locator('[data-count="delivered"]').textContent()).toBe('30');
        expect(await page.locator('[data-count="limit"]').textContent()).toBe('50,000');
        expect(await page.locator('#counts').textContent()).toContain('awaiting their delivery report');
        expect(await seriousAccessibilityFindings(page)).toEqual([]);
        await shot('queue', viewport.name);
        // The README's picture of the chart (docs/images/panel-queue-chart.png is a copy of it).
        if (viewport.name === 'desktop') await page.locator('section:has(#chart)').screenshot({ path: join(screenshotsDir, 'relay-queue-chart.png') });
      });
    });
  }

  it('recipients and lists: field errors beside the field, import, search, a list, members, a confirmed list send', async () => {
    await page.setViewportSize(viewports[0]);
    await visit('/panel/recipients');
    await page.getByText('No recipients yet: add one or import a CSV above.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel(/^Phone number/).fill('12');
    // The refused operation answers 400, which Chromium logs: expected here, and only here.
    const before = problems.length;
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await page.locator('#recipient-phone-error').waitFor();
    expect(problems.splice(before).every((problem) => /\b400\b/.test(problem))).toBe(true);
    expect(await page.locator('#recipient-phone-error').textContent()).toMatch(/^[A-Z][^.]*phone number[^:]*\.$/i);
    expect(await page.getByLabel(/^Phone number/).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/^Phone number/).fill(TEST_NUMBERS[3]!);
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await page.locator('#recipients tr[data-recipient-id]').waitFor();

    await page.getByLabel('…or paste it here').fill(`name,phone\nBo,${TEST_NUMBERS[4]}\nCy,${TEST_NUMBERS[0]}\nbad,123\n`);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.locator('#import-result').textContent()).toBe('Imported 2; skipped 1.');
    await expect.poll(() => page.locator('#recipients tr[data-recipient-id]').count()).toBe(3);
    await page.getByLabel('Search', { exact: true }).fill('Bo');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('#recipients tr[data-recipient-id]').count()).toBe(1);
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('#recipients tr[data-recipient-id]').count()).toBe(3);

    await page.getByLabel('List name').fill('Regulars');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.locator('#lists tr[data-list-id]').waitFor();
    for (const name of ['Ada', 'Bo']) await page.getByLabel(`Select ${name}`).check();
    await page.getByLabel(/^Add the 2 selected to/).selectOption({ label: 'Regulars' });
    await page.getByRole('button', { name: 'Add to list' }).click();
    await expect.poll(() => page.locator('#lists tr[data-list-id] td[data-label="Members"]').textContent()).toBe('2');

    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Regulars (2)' });
    // The parts are counted as one types (issue 40): one emoji makes the text UCS-2.
    await page.getByLabel('Message', { exact: true }).fill(`${'a'.repeat(150)}😀`);
    await expect.poll(() => page.locator('#send-parts').textContent()).toMatch(/3 parts\s*\(Unicode \(UCS-2\)\).*about 6 parts for 2 members/s);
    // A personal send: the preview shows each member's own text with its parts.
    await page.getByLabel('Message', { exact: true }).fill('Hi {{name}}, we open at 9');
    await page.getByLabel(/^Personal/).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.locator('#send-preview li').allTextContents()).toEqual([
      expect.stringMatching(/Hi Ada, we open at 9.*1 part, GSM-7/s),
      expect.stringMatching(/Hi Bo, we open at 9.*1 part, GSM-7/s),
    ]);
    await page.getByLabel(/^Personal/).uncheck();
    await page.getByLabel('Message', { exact: true }).fill('We open at 9 tomorrow');
    await expect.poll(() => page.locator('#send-parts').textContent()).toMatch(/21 characters · 1 part\s*\(GSM-7\)/);
    await page.getByRole('button', { name: 'Send to list…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('2 members of Regulars');
    await dialog.getByRole('button', { name: 'Send to list' }).click();
    await expect.poll(() => page.locator('#send-result').textContent()).toMatch(/^Queued 2 messages/);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await shot('recipients', 'desktop');
    await page.setViewportSize(viewports[1]);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await shot('recipients', 'phone');
    await page.setViewportSize(viewports[0]);
    // The result links to exactly this send's messages (a search by its batch id).
    const batchId = /\(batch (batch_[0-9a-z]+)\)/.exec((await page.locator('#send-result').textContent())!)![1]!;
    await Promise.all([page.waitForURL(/\/panel\/messages\?search=batch_/), page.getByRole('link', { name: 'Follow them on Messages' }).click()]);
    await expect.poll(() => page.locator('#messages tr[data-request-id]').count()).toBe(2);
    const rows = await page.locator('#messages tr[data-request-id]').evaluateAll((found) => found.map((row) => row.getAttribute('data-request-id')));
    const batch = await app.rt.db.prisma.message.findMany({ where: { batchId }, select: { id: true } });
    expect(rows.sort()).toEqual(batch.map((message) => message.id).sort());
  });

  it("a received MMS in the conversation: the picture inline at both widths, the SVG only a link, never rendered", async () => {
    const account = await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Relay Pages Shop' } });
    const code = await graphqlInPage<{ createPairingCode: { code: string } }>(page, 'mutation { createPairingCode { code } }', {});
    const paired = await app.request('POST', '/api/v1/relay/app/pair', { body: { pairing_code: code.createPairingCode.code, device_name: 'MMS phone' } });
    // The service both transports hand a received MMS to (the app's hook: test/relay/android-app/mms.test.ts).
    const jpeg = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const draw = canvas.getContext('2d')!;
      draw.fillStyle = '#c33';
      draw.fillRect(0, 0, 64, 48);
      return canvas.toDataURL('image/jpeg').split(',')[1]!;
    });
    const { message } = await receiveSms(app.rt, {
      accountId: account.id,
      deviceId: paired.body.device.id,
      from: TEST_NUMBERS[2]!,
      to: null,
      text: 'Our new sign',
      simNumber: 1,
      receivedAt: new Date(),
      key: 'mms-browser-1',
      keywords: false,
      parts: [
        { contentType: 'image/jpeg', name: 'sign.jpg', size: 0, data: Buffer.from(jpeg, 'base64') },
        { contentType: 'image/svg+xml', name: 'evil.svg', size: 0, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.svgRan=1"><script>window.svgRan=2</script></svg>') },
      ],
    });
    await visit(`/panel/messages/${message.id}`);
    const thread = page.locator(`#conversation li[data-request-id="${message.id}"]`);
    await thread.locator('img').waitFor();
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      const picture = thread.locator('img');
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
      const box = (await picture.boundingBox())!;
      expect(box.width).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await shot('mms', viewport.name);
    }
    // The SVG is a download link: no <img>, <object>, <embed>, <iframe> or inline <svg> shows it, and nothing of it ran.
    expect(await thread.locator('img').count()).toBe(1);
    expect(await page.locator('#conversation object, #conversation embed, #conversation iframe, #conversation svg').count()).toBe(0);
    const link = thread.getByRole('link', { name: /evil\.svg/ });
    expect(await link.getAttribute('download')).not.toBeNull();
    expect(await page.evaluate(() => (window as unknown as { svgRan?: number }).svgRan)).toBeUndefined();
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
  });

  it('logged no console error, page error or failed request on any page', () => {
    expect(problems).toEqual([]);
  });
});
