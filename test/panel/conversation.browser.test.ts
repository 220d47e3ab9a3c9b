import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { graphqlInPage, launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { TEST_NUMBERS, sendSms, startDevice, type DeviceProcess } from '../relay/helpers.ts';

// A message's conversation on the panel (issue 31), in Chromium at 1440 and 390 px: a phone's
// recipients answer (the simulator's `--reply`); the reply's page and the page of the text it
// answers both show "Conversation with +1…": that number's messages both ways, oldest first (the
// text sent, then its answer), without the other number's, the texts as text (markup in them is
// not markup), and the message of the page marked. No horizontal overflow, no console error or
// failed request, no serious axe finding.

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const REPLY = '<i>Yes</i>, 7 pm works';

let app: TestApp;
let browser: Browser;
let page: Page;
let apiKey: string;
let phone: DeviceProcess | undefined;
const problems: string[] = [];

async function visit(path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${app.baseUrl}${path}`);
}

/** At every width: nothing wider than the screen, no serious axe finding, no console error. */
async function looksRight(name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} at ${viewport.width} px`).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityFindings(page), `${name} at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, `relay-${name}-${viewport.name}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports[0]);
  expect(problems).toEqual([]);
}

/** The thread on the page: each message's direction, request id and text, top to bottom. */
async function thread() {
  await page.locator('#conversation li').first().waitFor();
  return page.locator('#conversation li').evaluateAll((items) =>
    items.map((item) => ({
      direction: (item as HTMLElement).dataset.direction,
      requestId: (item as HTMLElement).dataset.requestId,
      text: item.querySelector('p.text')!.textContent,
      current: item.getAttribute('aria-current') === 'true',
    })),
  );
}

beforeAll(async () => {
  app = await startTestApp({ env: { RELAY_HEARTBEAT_INTERVAL_SECONDS: '1', DEVICE_OFFLINE_AFTER_SECONDS: '300' } });
  await app.startWorkers(['sms-routing', 'device-presence']);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: viewports[0], locale: 'en-US' })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Thread Bistro');
  await page.getByLabel('Email').fill('thread@relay.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const created = await graphqlInPage<{ createApiKey: { secret: string } }>(page, 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }', {
    input: { label: 'Server', scopes: ['SMS_SEND', 'MESSAGES_READ', 'DEVICES_MANAGE'] },
  });
  apiKey = created.createApiKey.secret;
});
afterAll(async () => {
  await phone?.kill();
  await browser?.close();
  await app?.stop();
});

describe('a conversation on the message page', () => {
  it('shows the text sent and the reply to it in order, on the reply’s page and on the page of what it answers', async () => {
    const code = (await graphqlInPage<{ createPairingCode: { code: string } }>(page, 'mutation { createPairingCode { code } }')).createPairingCode.code;
    phone = await startDevice(app, { code }, { name: 'Bistro phone', reply: REPLY });

    const asked = await sendSms(app, apiKey, { to: TEST_NUMBERS[0], message: 'Table for two: <b>7 pm</b> tonight?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const reply = await phone.waitFor('replied', (event) => event.messageId === asked.body.request_id);
    // Another number's exchange is not part of this conversation.
    const other = await sendSms(app, apiKey, { to: TEST_NUMBERS[1], message: 'Your order is ready' });
    await phone.waitFor('replied', (event) => event.messageId === other.body.request_id);

    await visit(`/panel/messages/${reply.requestId}`);
    // Every number written one way, received or sent.
    expect(await page.locator('#conversation-heading').textContent()).toBe('Conversation with +1 415 555 2671');
    expect(await page.locator('#message-from').textContent()).toBe('+1 415 555 2671');
    expect(await page.locator('#in-reply-to').textContent()).toBe(asked.body.request_id);
    expect(await thread()).toEqual([
      { direction: 'OUTBOUND', requestId: asked.body.request_id, text: 'Table for two: <b>7 pm</b> tonight?', current: false },
      { direction: 'INBOUND', requestId: reply.requestId, text: REPLY, current: true },
    ]);
    // Markup in a text is shown as written, never made into elements.
    expect(await page.locator('#conversation b, #conversation i').count()).toBe(0);
    // A received SMS was given to no phone: no attempts table.
    expect(await page.locator('#attempts').count()).toBe(0);
    await looksRight('conversation-inbound');

    // The same thread from the text it answers, by its link.
    await Promise.all([
      page.waitForURL(new RegExp(`/panel/messages/${asked.body.request_id}$`)),
      page.locator(`#conversation li[data-request-id="${asked.body.request_id}"]`).getByRole('link').click(),
    ]);
    expect(await page.locator('#conversation-heading').textContent()).toBe('Conversation with +1 415 555 2671');
    expect(await thread()).toEqual([
      { direction: 'OUTBOUND', requestId: asked.body.request_id, text: 'Table for two: <b>7 pm</b> tonight?', current: true },
      { direction: 'INBOUND', requestId: reply.requestId, text: REPLY, current: false },
    ]);
    expect(await page.locator('#conversation [data-stage]').getAttribute('data-stage')).toMatch(/^(SENT|DELIVERED)$/);
    await looksRight('conversation-outbound');

    // The message list writes the reply's sender as the sent text's number, and shows when it was
    // received (a received SMS was given to no phone: no attempts, no queue time).
    await visit(`/panel/messages?counterparty=${encodeURIComponent(TEST_NUMBERS[0]!)}`);
    const row = (requestId: string) => page.locator(`#messages tr[data-request-id="${requestId}"]`);
    await row(reply.requestId).waitFor();
    expect(await row(reply.requestId).locator('td[data-label="To"]').textContent()).toBe('from +1 415 555 2671');
    expect(await row(asked.body.request_id).locator('td[data-label="To"]').textContent()).toBe('+1 415 555 2671');
    expect(await row(reply.requestId).locator('td[data-label="Attempts"]').textContent()).toBe('—');
    expect(await row(reply.requestId).locator('td[data-label="Queued"]').count()).toBe(0);
    expect(await row(reply.requestId).locator('td[data-label="Received"]').textContent()).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(await row(asked.body.request_id).locator('td[data-label="Queued"]').textContent()).toMatch(/\d{1,2}:\d{2}:\d{2}/);
  });
});
