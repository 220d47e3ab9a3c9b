// The web pay button on a merchant's page (another origin, strict CSP), in headless Chromium: the
// snippet of docs/pay.md, the click into the hosted checkout, a test-token payment, and the error states.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir } from '../helpers/browser.ts';
import { createIntent } from './checkout-client.ts';

const doc = readFileSync(join(import.meta.dirname, '../../docs/pay.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Pay button'), doc.indexOf('## Invoices'));
const snippet = (language: string) => new RegExp(`\`\`\`${language}[^\\n]*\\n([\\s\\S]*?)\`\`\``).exec(section)![1]!;

let app: TestApp;
let merchant: TestAccount;
let browser: Browser;
let merchantSite: http.Server;
let merchantOrigin: string;
/** The merchant's page for the next visit. */
let pageHtml = '';

beforeAll(async () => {
  app = await startTestApp();
  // The test gateway binds port 0, so its configured public URL (the intents' checkout_url,
  // localhost:0) is not where it listens: point it at the real address, as PUBLIC_BASE_URL would.
  Object.assign(app.rt.config, { publicBaseUrl: app.baseUrl });
  merchant = await app.account({ name: 'Harbor Coffee' });
  browser = await launchBrowser();
  merchantSite = http.createServer((req, res) => {
    if (req.url === '/style.css') return void res.writeHead(200, { 'Content-Type': 'text/css' }).end(snippet('css'));
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        // The merchant's own strict policy: only the gateway may run scripts and be fetched.
        'Content-Security-Policy': `default-src 'none'; script-src ${app.baseUrl}; connect-src ${app.baseUrl}; style-src 'self'`,
      })
      .end(pageHtml);
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantOrigin = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
  await app?.stop();
});

/** Opens the merchant's page with the docs' snippet for `intentId`; answers the page and its console errors. */
async function merchantPage(intentId: string, attributes = ''): Promise<{ page: Page; problems: string[]; stateReads: () => number }> {
  pageHtml = `<!doctype html><html><head><title>Harbor Coffee</title><link rel="stylesheet" href="/style.css"></head><body>
<h1>Your order</h1>
${snippet('html').replaceAll('http://localhost:4000', app.baseUrl).replace('pi_…', intentId).replace('<yarrow-pay-button ', `<yarrow-pay-button ${attributes} `)}
</body></html>`;
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  let reads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/state')) reads++;
  });
  await page.goto(`${merchantOrigin}/`);
  return { page, problems, stateReads: () => reads };
}

const button = (page: Page) => page.locator('yarrow-pay-button');

describe('<yarrow-pay-button>', () => {
  it('launches the hosted checkout from another origin, and the customer pays with a test token', async () => {
    const intent = await createIntent(app, merchant.key, { title: 'Beans' });
    const { page, problems, stateReads } = await merchantPage(intent.id);
    try {
      await page.locator('yarrow-pay-button[data-state="ready"]').waitFor();
      // One read of the state on load (it used to be two, both sent before the button was ready:
      // one for the attribute, one for the connection).
      expect(stateReads()).toBe(1);
      const inner = button(page).locator('button');
      expect(await inner.textContent()).toBe('Pay 12.50 USD');
      expect(await inner.isEnabled()).toBe(true);
      // The docs' look: custom properties and the `button` part reach inside the shadow root.
      const look = await inner.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, radius: style.borderTopLeftRadius, spacing: style.letterSpacing };
      });
      expect(look).toEqual({ background: 'rgb(10, 125, 79)', radius: '999px', spacing: expect.stringMatching(/px$/) });
      expect(look.spacing).not.toBe('normal');
      await page.screenshot({ path: join(screenshotsDir, 'pay-button-ready.png') });

      await Promise.all([page.waitForURL(`${app.baseUrl}/checkout/${intent.id}`), inner.click()]);
      await page.locator('#rail-visa').check();
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
      await page.locator('#token').fill('YP-VISA-APPROVE');
      await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
      expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
    const stored = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(stored.body.payment_intent).toMatchObject({ status: 'succeeded', payment_method_code: 'visa' });

    // Back on the merchant's page, the same button now says the payment is complete.
    const { page: after } = await merchantPage(intent.id);
    try {
      await after.locator('yarrow-pay-button[data-state="paid"]').waitFor();
      expect(await button(after).locator('[part~="status"]').textContent()).toBe('This payment is complete.');
      expect(await button(after).locator('button').isDisabled()).toBe(true);
    } finally {
      await after.close();
    }
  });

  it('a manual-capture intent paid in the popup shows authorized (issue 33)', async () => {
    const intent = await createIntent(app, merchant.key, { title: 'Room deposit', capture_method: 'manual' });
    const { page, problems } = await merchantPage(intent.id, 'mode="popup"');
    try {
      await page.locator('yarrow-pay-button[data-state="ready"]').waitFor();
      const [popup] = await Promise.all([page.waitForEvent('popup'), button(page).locator('button').click()]);
      await popup.waitForURL(`${app.baseUrl}/checkout/${intent.id}`);
      await popup.locator('#rail-visa').check();
      await Promise.all([popup.waitForURL(/\/card\/cs_/), popup.locator('#continue').click()]);
      await popup.locator('#token').fill('YP-VISA-APPROVE');
      await Promise.all([popup.waitForLoadState('load'), popup.locator('#pay').click()]);
      expect(await popup.locator('#result').getAttribute('data-status')).toBe('requires_capture');
      await popup.close();
      await page.locator('yarrow-pay-button[data-state="authorized"]').waitFor();
      expect(await button(page).locator('button').textContent()).toBe('Authorized');
      expect(await button(page).locator('button').isDisabled()).toBe(true);
      expect(await button(page).locator('[part~="status"]').textContent()).toBe('This payment is authorized; the merchant completes it.');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('mode="popup" opens the checkout in a popup and shows the result once it closes', async () => {
    const intent = await createIntent(app, merchant.key, { title: 'Mugs' });
    const { page, problems } = await merchantPage(intent.id, 'mode="popup" label="Buy the mugs"');
    try {
      await page.locator('yarrow-pay-button[data-state="ready"]').waitFor();
      const inner = button(page).locator('button');
      expect(await inner.textContent()).toBe('Buy the mugs');
      const [popup] = await Promise.all([page.waitForEvent('popup'), inner.click()]);
      await popup.waitForURL(`${app.baseUrl}/checkout/${intent.id}`);
      await page.locator('yarrow-pay-button[data-state="opened"]').waitFor();
      expect(await button(page).locator('[part~="status"]').textContent()).toBe('Checkout is open in another window.');
      await popup.locator('#rail-mastercard').check();
      await Promise.all([popup.waitForURL(/\/card\/cs_/), popup.locator('#continue').click()]);
      await popup.locator('#token').fill('YP-MC-APPROVE');
      await Promise.all([popup.waitForLoadState('load'), popup.locator('#pay').click()]);
      expect(await popup.locator('#result').getAttribute('data-status')).toBe('succeeded');
      await popup.close();
      await page.locator('yarrow-pay-button[data-state="paid"]').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.each([
    ['a canceled intent', 'canceled', 'This payment was canceled.'],
    ['an unknown intent', 'unknown', 'This payment does not exist.'],
    ['a malformed id', 'malformed', 'This button names no payment (payment-intent="pi_…").'],
  ])('shows %s as a visible error and cannot be clicked', async (_name, kind, message) => {
    let id = 'pi_00000000000000000000000000';
    if (kind === 'canceled') {
      id = (await createIntent(app, merchant.key)).id;
      expect((await app.request('POST', `/api/v1/payment-intents/${id}/cancel`, { key: merchant.key, body: {} })).status).toBe(200);
    } else if (kind === 'malformed') {
      id = 'order-42';
    }
    const { page, problems } = await merchantPage(id);
    try {
      await page.locator('yarrow-pay-button[data-state="error"]').waitFor();
      const status = button(page).locator('[part~="error"]');
      expect(await status.textContent()).toBe(message);
      expect(await status.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(179, 38, 30)');
      expect(await button(page).locator('button').isDisabled()).toBe(true);
      await page.screenshot({ path: join(screenshotsDir, `pay-button-${kind}.png`) });
      // The 404 of the state request is the browser's only complaint.
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('serves a cacheable script any origin may load', async () => {
    const response = await fetch(`${app.baseUrl}/js/yarrow-pay.js`, { headers: { origin: 'https://shop.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const etag = response.headers.get('etag')!;
    expect(await response.text()).toContain("customElements.define('yarrow-pay-button'");
    const again = await fetch(`${app.baseUrl}/js/yarrow-pay.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
