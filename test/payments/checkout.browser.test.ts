import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings } from '../helpers/browser.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';
import { createIntent } from './checkout-client.ts';

const IntentStatus = graphql(`
  subscription BrowserIntentStatus($id: ID!) {
    paymentIntentUpdated(id: $id) {
      id
      status
    }
  }
`);

let app: TestApp;
let merchant: TestAccount;
let browser: Browser;

beforeAll(async () => {
  // Reviews wait for the operator here, so the page can be seen in `processing` before the
  // approval (the sandbox reviewer worker is exercised in tokens.test.ts).
  app = await startTestApp({ env: { PAYMENT_REVIEW_DELAY_SECONDS: '3600' } });
  merchant = await app.account({ name: 'Harbor Coffee' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Resolves when the intent reaches `status` (the subscription answers the current state first). */
async function intentReaches(id: string, status: string) {
  const client = wsClient(app.wsUrl, merchant.key);
  const live = subscribe(client, IntentStatus, { id });
  try {
    for (;;) {
      const result = await live.next();
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      if (result.data?.paymentIntentUpdated.status === status) return;
    }
  } finally {
    live.dispose();
    await client.dispose();
  }
}

const flows = [
  { rail: 'visa', token: 'YP-VISA-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'visa', token: 'YP-VISA-3DS', challenge: 'pass', page: 'succeeded', final: 'succeeded' },
  { rail: 'visa', token: 'YP-VISA-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'visa', token: 'YP-VISA-REVIEW', page: 'processing', final: 'succeeded' },
  { rail: 'mastercard', token: 'YP-MC-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'mastercard', token: 'YP-MC-3DS', challenge: 'fail', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'mastercard', token: 'YP-MC-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'mastercard', token: 'YP-MC-REVIEW', page: 'processing', final: 'succeeded' },
  { rail: 'google_pay', token: 'YP-GP-VISA-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'google_pay', token: 'YP-GP-MC-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'google_pay', token: 'YP-GP-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'google_pay', token: 'YP-GP-REVIEW', page: 'processing', final: 'succeeded' },
  { rail: 'apple_pay', token: 'YP-AP-VISA-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'apple_pay', token: 'YP-AP-MC-APPROVE', page: 'succeeded', final: 'succeeded' },
  { rail: 'apple_pay', token: 'YP-AP-DECLINE', page: 'requires_payment_method', final: 'requires_payment_method' },
  { rail: 'apple_pay', token: 'YP-AP-REVIEW', page: 'processing', final: 'succeeded' },
] as const;

const headings: Record<string, RegExp> = {
  succeeded: /Payment successful/,
  processing: /Payment under review/,
  requires_payment_method: /Payment declined/,
};

async function payInBrowser(page: Page, intentId: string, rail: string, token: string, challenge?: 'pass' | 'fail') {
  await page.goto(`${app.baseUrl}/checkout/${intentId}`);
  await expect.poll(() => page.getByTestId('merchant').textContent()).toBe('Harbor Coffee');
  await page.locator(`#rail-${rail}`).check();
  await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
  expect(await page.getByTestId('tokens').textContent()).toContain(token);
  await page.locator('#token').fill(token);
  await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
  if (challenge) {
    await page.locator(`#challenge-${challenge}`).waitFor();
    await page.locator(`#challenge-${challenge}`).click();
  }
  await page.locator('#result').waitFor();
}

describe('hosted checkout in headless Chromium', () => {
  it.each(flows)('$rail with $token', async ({ rail, token, ...flow }) => {
    const challenge = 'challenge' in flow ? flow.challenge : undefined;
    const intent = await createIntent(app, merchant.key, { title: `Beans (${token})`, return_url: 'https://harbor.example/done' });
    const page = await browser.newPage();
    try {
      await payInBrowser(page, intent.id, rail, token, challenge);
      expect(await page.locator('#result').getAttribute('data-status')).toBe(flow.page);
      expect(await page.getByTestId('heading').textContent()).toMatch(headings[flow.page]!);
      expect(await page.locator('#return').getAttribute('href')).toBe('https://harbor.example/done');
      await page.screenshot({ path: join(screenshotsDir, `checkout-${token}${challenge ? `-${challenge}` : ''}.png`), fullPage: true });
      if (flow.page === 'processing') {
        const approved = await app.request('POST', `/api/v1/payment-intents/${intent.id}/review/approve`, { key: merchant.key });
        expect(approved.status).toBe(200);
        // The open review page notices the decision by itself (live status stream), no reload.
        await page.locator('#result[data-status="succeeded"]').waitFor();
        expect(await page.getByTestId('heading').textContent()).toMatch(headings.succeeded!);
      }
    } finally {
      await page.close();
    }
    await intentReaches(intent.id, flow.final.toUpperCase());
    const stored = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(stored.body.payment_intent).toMatchObject({ status: flow.final, payment_method_code: rail });
  });

  it('shows a wrong token on the card page and lets the customer retry', async () => {
    const intent = await createIntent(app, merchant.key);
    const page = await browser.newPage();
    try {
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      await page.locator('#rail-mastercard').check();
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
      await page.locator('#token').fill('YP-VISA-APPROVE');
      await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
      expect(await page.getByTestId('error').textContent()).toContain('is a Visa token; this session pays with Mastercard');
      await page.locator('#token').fill('YP-MC-APPROVE');
      await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
      expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
    } finally {
      await page.close();
    }
  });

  it('pays an invoice from its hosted page through the checkout', async () => {
    const due = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const created = await app.request('POST', '/api/v1/invoices', {
      key: merchant.key,
      body: { title: 'Catering, December', amount: 320, currency: 'EUR', due_date: due },
    });
    const invoice = created.body.invoice;
    const page = await browser.newPage();
    try {
      await page.goto(`${app.baseUrl}/invoices/${invoice.id}`);
      expect(await page.getByTestId('invoice-no').textContent()).toBe(invoice.invoice_no);
      await page.locator('#customer_name').fill('Noor');
      await page.locator('#customer_email').fill('noor@example.com');
      await Promise.all([page.waitForURL(/\/checkout\/pi_/), page.locator('#pay-invoice').click()]);
      const intentId = new URL(page.url()).pathname.split('/').at(-1)!;
      await payInBrowser(page, intentId, 'google_pay', 'YP-GP-MC-APPROVE');
      expect(await page.locator('#result').getAttribute('data-status')).toBe('succeeded');
      await Promise.all([page.waitForURL(/\/invoices\/inv_/), page.locator('#return').click()]);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('paid');
      await page.screenshot({ path: join(screenshotsDir, 'invoice-paid.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('renders <script>alert(1)</script> in the title and customer name as text', async () => {
    const evil = '<script>alert(1)</script>';
    const intent = await createIntent(app, merchant.key, { title: evil, customer_name: evil });
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      expect(await page.getByTestId('title').textContent()).toBe(evil);
      expect(await page.getByTestId('customer').textContent()).toBe(evil);
      // The stylesheet is allowed by its CSP hash (scripts by nothing): the page is styled.
      expect(await page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: join(screenshotsDir, 'checkout-escaped-script.png'), fullPage: true });
      await page.locator('#rail-visa').check();
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
      expect(await page.getByTestId('title').textContent()).toBe(evil);
      // The page's own script (allowed by its CSP hash) is the only one.
      expect(await page.locator('script').count()).toBe(1);
      expect(dialogs).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

const viewports = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The primary button colour: a page has exactly one control painted with it. */
const PRIMARY = 'rgb(47, 91, 234)';
const SECONDARY = 'rgb(230, 233, 239)';

describe.each(viewports)('checkout pages at $name width ($viewport.width×$viewport.height)', ({ name: size, viewport }) => {
  /**
   * A fresh browser context at this width that records console errors and failed requests (there
   * must be none: a page that aborts its own live stream on leaving shows one).
   */
  async function openPage(options: BrowserContextOptions = {}) {
    const context = await browser.newContext({ viewport, ...options });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    return { page, problems, close: () => context.close() };
  }

  /** Colours of the visible buttons and button-styled links. */
  const buttonColours = (page: Page) =>
    page.locator('a, button').evaluateAll((elements) =>
      elements.filter((element) => (element as HTMLElement).offsetParent !== null).map((element) => getComputedStyle(element).backgroundColor),
    );

  /** Every page checked the same way: one primary action, axe clean, a screenshot. */
  async function inspect(page: Page, name: string, { primaryActions = 1 } = {}) {
    expect((await buttonColours(page)).filter((colour) => colour === PRIMARY), `${name}: one primary action`).toHaveLength(primaryActions);
    const findings = await seriousAccessibilityFindings(page);
    expect(findings, `${name}: serious or critical axe findings`).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, `checkout-${name}-${size}.png`), fullPage: true });
  }

  async function toCardPage(page: Page, intentId: string, rail: string) {
    await page.goto(`${app.baseUrl}/checkout/${intentId}`);
    await page.locator(`#rail-${rail}`).check();
    await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
  }

  async function submit(page: Page, token: string) {
    await page.locator('#token').fill(token);
    await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
  }

  it('the review page gives way to success live, and by meta refresh without JavaScript; a final page stops following', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const intent = await createIntent(app, merchant.key, { title: 'Beans on review', return_url: 'https://harbor.example/orders/8' });
      const { page, problems, close } = await openPage({ javaScriptEnabled });
      try {
        await toCardPage(page, intent.id, 'visa');
        await submit(page, 'YP-VISA-REVIEW');
        expect(await page.locator('#result').getAttribute('data-status')).toBe('processing');
        // Without JavaScript the refresh is the page's; with it, the socket reloads on the decision.
        expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(javaScriptEnabled ? 0 : 1);
        if (javaScriptEnabled) await inspect(page, 'review');
        const approved = await app.request('POST', `/api/v1/payment-intents/${intent.id}/review/approve`, { key: merchant.key });
        expect(approved.status).toBe(200);
        await page.locator('#result[data-status="succeeded"]').waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('heading').textContent()).toBe('Payment successful');
        expect(await page.getByTestId('reference').textContent()).toBe(intent.id);
        expect(await page.locator('noscript, [data-watch]').count()).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('an open checkout page and an open card page show "canceled" once the merchant cancels through the API', async () => {
    const { page, problems, close } = await openPage();
    try {
      for (const onCardPage of [false, true]) {
        const intent = await createIntent(app, merchant.key, { title: 'Beans to cancel', return_url: 'https://harbor.example/orders/9' });
        if (onCardPage) await toCardPage(page, intent.id, 'mastercard');
        else await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
        expect(await page.locator('form').count()).toBe(1);
        const canceled = await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, { key: merchant.key, body: {} });
        expect(canceled.status).toBe(200);
        await page.locator('#result[data-status="canceled"]').waitFor();
        expect(await page.getByTestId('heading').textContent()).toBe('Payment canceled');
        expect(await page.locator('form').count()).toBe(0);
        expect(await page.locator('[data-watch]').count()).toBe(0);
      }
      await inspect(page, 'canceled');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the 3-D Secure step shows the order title, follows an API cancel, and its result is final', async () => {
    const { page, problems, close } = await openPage();
    try {
      const intent = await createIntent(app, merchant.key, { title: 'Espresso machine' });
      await toCardPage(page, intent.id, 'visa');
      await inspect(page, 'card');
      await submit(page, 'YP-VISA-3DS');
      await page.locator('#challenge-pass').waitFor();
      expect(await page.getByTestId('title').textContent()).toBe('Espresso machine');
      expect(await page.getByTestId('amount').textContent()).toBe('$12.50');
      await inspect(page, 'challenge');
      await Promise.all([page.waitForLoadState('load'), page.locator('#challenge-pass').click()]);
      await page.locator('#result[data-status="succeeded"]').waitFor();
      expect(await page.locator('noscript, [data-watch]').count()).toBe(0);

      const abandoned = await createIntent(app, merchant.key, { title: 'Grinder' });
      await toCardPage(page, abandoned.id, 'mastercard');
      await submit(page, 'YP-MC-3DS');
      await page.locator('#challenge-fail').waitFor();
      expect(await page.getByTestId('title').textContent()).toBe('Grinder');
      // The checkout page while the challenge waits: continuing it is the one primary action.
      await page.goto(`${app.baseUrl}/checkout/${abandoned.id}`);
      expect(await page.locator('#continue-authentication').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PRIMARY);
      expect(await page.locator('#continue').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(SECONDARY);
      await inspect(page, 'pending-3ds');
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue-authentication').click()]);
      await page.locator('#challenge-fail').waitFor();
      const canceled = await app.request('POST', `/api/v1/payment-intents/${abandoned.id}/cancel`, { key: merchant.key, body: {} });
      expect(canceled.status).toBe(200);
      await page.locator('#result[data-status="canceled"]').waitFor();
      expect(await page.locator('#challenge-pass').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('test tokens stay on one line and each has a keyboard-reachable button that fills the field', async () => {
    const { page, problems, close } = await openPage();
    try {
      const intent = await createIntent(app, merchant.key);
      // Visa carries a decline for every code (and DECLINE-LATER); the other rails five tokens each.
      const tokensOfRail: Record<string, number> = { visa: 14, mastercard: 5, google_pay: 5, apple_pay: 5 };
      for (const [rail, count] of Object.entries(tokensOfRail)) {
        await toCardPage(page, intent.id, rail);
        const lines = await page.locator('button[data-fill] code').evaluateAll((codes) =>
          codes.map((code) => {
            const range = document.createRange();
            range.selectNodeContents(code);
            return { token: code.textContent, lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size };
          }),
        );
        expect(lines).toHaveLength(count);
        for (const line of lines) expect(line, `${line.token} on one line`).toMatchObject({ lines: 1 });
      }
      // Apple Pay's card page is open: reach its approve token with Tab alone, fill, pay with Enter.
      const wanted = 'YP-AP-MC-APPROVE';
      for (let presses = 0; presses < 20; presses++) {
        await page.keyboard.press('Tab');
        if ((await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.fill)) === wanted) break;
      }
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.fill)).toBe(wanted);
      await page.keyboard.press('Enter');
      expect(await page.locator('#token').inputValue()).toBe(wanted);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('token');
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.keyboard.press('Enter')]);
      await page.locator('#result[data-status="succeeded"]').waitFor();
      expect(await page.getByTestId('method').textContent()).toBe('Apple Pay (Mastercard)');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the decline page has one primary action (try again), one secondary, and words for the payer', async () => {
    const { page, problems, close } = await openPage();
    try {
      const intent = await createIntent(app, merchant.key, { return_url: 'https://harbor.example/cart' });
      await toCardPage(page, intent.id, 'mastercard');
      await submit(page, 'YP-MC-DECLINE');
      expect(await page.getByTestId('heading').textContent()).toBe('Payment declined');
      const decline = await page.getByTestId('decline').textContent();
      expect(decline).not.toMatch(/do not honor/i);
      expect(decline).toBe('Your bank declined this payment. Ask your bank why, or try another card or another way to pay.');
      expect(await page.locator('#retry').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PRIMARY);
      expect(await page.locator('#return').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(SECONDARY);
      expect((await buttonColours(page)).toSorted()).toEqual([PRIMARY, SECONDARY].toSorted());
      await inspect(page, 'declined');
      await Promise.all([page.waitForURL(`${app.baseUrl}/checkout/${intent.id}`), page.locator('#retry').click()]);
      expect(await page.getByTestId('last-error').textContent()).toContain('Ask your bank why');
      expect(await page.content()).not.toMatch(/do not honor/i);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the chosen payment method tile is highlighted, and stays chosen after a decline', async () => {
    const { page, problems, close } = await openPage();
    try {
      const intent = await createIntent(app, merchant.key);
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      const tileBorder = (rail: string) => page.locator(`label:has(#rail-${rail})`).evaluate((tile) => getComputedStyle(tile).borderTopColor);
      await page.locator('#rail-google_pay').check();
      expect(await tileBorder('google_pay')).toBe(PRIMARY);
      for (const rail of ['visa', 'mastercard', 'apple_pay']) expect(await tileBorder(rail)).not.toBe(PRIMARY);
      await inspect(page, 'checkout');
      await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
      await submit(page, 'YP-GP-DECLINE');
      await Promise.all([page.waitForURL(`${app.baseUrl}/checkout/${intent.id}`), page.locator('#retry').click()]);
      expect(await page.locator('#rail-google_pay').isChecked()).toBe(true);
      expect(await tileBorder('google_pay')).toBe(PRIMARY);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a 2px+ focus ring on every control reached with Tab', async () => {
    const { page, close } = await openPage();
    try {
      const intent = await createIntent(app, merchant.key);
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      const rings: Array<{ id: string; width: number; style: string; colour: string }> = [];
      for (let presses = 0; presses < 3; presses++) {
        await page.keyboard.press('Tab');
        rings.push(
          await page.evaluate(() => {
            const focused = document.activeElement as HTMLElement;
            // A radio's ring is drawn around its whole tile.
            const ringed = focused.matches('input[type=radio]') ? focused.closest('label')! : focused;
            const style = getComputedStyle(ringed);
            return { id: focused.id, width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle, colour: style.outlineColor };
          }),
        );
      }
      expect(rings.map((ring) => ring.id)).toEqual(['rail-visa', 'sandbox_outcome', 'continue']);
      for (const ring of rings) {
        expect(ring.width, ring.id).toBeGreaterThanOrEqual(2);
        expect(ring.style, ring.id).toBe('solid');
        expect(ring.colour, ring.id).toBe('rgb(26, 71, 214)');
      }
    } finally {
      await close();
    }
  });

  it('keeps a margin around the card', async () => {
    const { page, close } = await openPage();
    try {
      const intent = await createIntent(app, merchant.key, { title: 'A rather long order title: two bags of single-origin beans' });
      await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
      const box = (await page.locator('main').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(12);
      expect(viewport.width - (box.x + box.width)).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    } finally {
      await close();
    }
  });

  it("shows a receipt on success, in the payer's locale", async () => {
    const { page, problems, close } = await openPage({ locale: 'de-DE' });
    try {
      const intent = await createIntent(app, merchant.key, { amount: 1250, currency: 'EUR', title: 'Roaster, deposit', return_url: 'https://harbor.example/orders/7' });
      await toCardPage(page, intent.id, 'visa');
      await submit(page, 'YP-VISA-APPROVE');
      await page.locator('#result[data-status="succeeded"]').waitFor();
      const stored = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
      const succeededAt = new Date(stored.body.payment_intent.succeeded_at);
      expect(await page.getByTestId('amount').textContent()).toBe('1.250,00\u00a0€');
      expect(await page.getByTestId('reference').textContent()).toBe(intent.id);
      expect(await page.getByTestId('method').textContent()).toBe('Visa');
      expect(await page.getByTestId('receipt-amount').textContent()).toBe('1.250,00\u00a0€');
      const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(succeededAt);
      expect(await page.getByTestId('date').textContent()).toBe(`${date} UTC`);
      await inspect(page, 'succeeded');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the invoice page and an error page pass the same checks', async () => {
    const { page, close } = await openPage();
    try {
      const due = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const created = await app.request('POST', '/api/v1/invoices', {
        key: merchant.key,
        body: { title: 'Catering, January', amount: 1250, currency: 'EUR', due_date: due },
      });
      await page.goto(`${app.baseUrl}/invoices/${created.body.invoice.id}`);
      expect(await page.getByTestId('amount').textContent()).toBe('€1,250.00');
      await inspect(page, 'invoice');
      await page.goto(`${app.baseUrl}/checkout/pi_01jzzzzzzzzzzzzzzzzzzzzzzz`);
      expect(await page.getByTestId('heading').textContent()).toBe('Not found');
      await inspect(page, 'not-found', { primaryActions: 0 });
    } finally {
      await close();
    }
  });
});
