import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_SOCKETS_PER_PAYMENT } from '../../src/payments/checkout/pages.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient, createIntent, eventTypesOf } from './checkout-client.ts';

let app: TestApp;
let merchant: TestAccount;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account({ name: 'Blue Bottle Books' });
  pages = checkoutClient(app);
});
afterAll(() => app?.stop());

async function expectNoChange(intentId: string) {
  const stored = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intentId } });
  expect(stored.status).toBe('requires_payment_method');
  expect(stored.lastPaymentError).toBeNull();
  expect(await eventTypesOf(app, intentId)).toEqual(['payment_intent.created']);
}

describe('GET /checkout/<pi>', () => {
  it('shows the amount, title and merchant and offers the four rails, without an API key', async () => {
    const intent = await createIntent(app, merchant.key, { amount: 1250, currency: 'JPY', title: 'Green tea' });
    const response = await fetch(`${app.baseUrl}/checkout/${intent.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(html).toContain('Blue Bottle Books');
    expect(html).toContain('Green tea');
    // Money in the payer's locale (English without Accept-Language), symbol first as Intl has it.
    expect(html).toContain('¥1,250');
    for (const rail of ['visa', 'mastercard', 'google_pay', 'apple_pay']) expect(html).toContain(`value="${rail}"`);
    for (const outcome of ['pending', 'approve', 'challenge', 'decline', 'review']) expect(html).toContain(`<option value="${outcome}"`);
  });

  it("formats money in the payer's Accept-Language, and falls back to English for a tag Intl does not know", async () => {
    const intent = await createIntent(app, merchant.key, { amount: 1250, currency: 'EUR' });
    const amountIn = async (acceptLanguage: string) => {
      const response = await fetch(`${app.baseUrl}/checkout/${intent.id}`, { headers: { 'accept-language': acceptLanguage } });
      return /data-testid="amount">([^<]+)</.exec(await response.text())![1];
    };
    expect(await amountIn('de-DE,de;q=0.9,en;q=0.5')).toBe('1.250,00\u00a0€');
    expect(await amountIn('fr;q=0.2, en-GB;q=0.8')).toBe('€1,250.00');
    expect(await amountIn('not a tag!!, *')).toBe('€1,250.00');
  });

  it('formats in the language the page is written in: ar-EG gets English of Egypt, not Arabic-Indic digits on an English page', async () => {
    const intent = await createIntent(app, merchant.key, { amount: 1250, currency: 'EUR' });
    for (const acceptLanguage of ['ar-EG', 'fa-IR', 'de-DE-u-nu-arab']) {
      const response = await fetch(`${app.baseUrl}/checkout/${intent.id}`, { headers: { 'accept-language': acceptLanguage } });
      const page = await response.text();
      expect(page).toContain('<html lang="en">');
      const amount = /data-testid="amount">([^<]+)</.exec(page)![1]!;
      expect({ acceptLanguage, amount, latinDigits: /^[^\u0660-\u06ff]*$/.test(amount) }).toEqual({
        acceptLanguage,
        amount: acceptLanguage.startsWith('de') ? '1.250,00\u00a0€' : '€1,250.00',
        latinDigits: true,
      });
    }
  });

  it('answers an unknown payment with a 404 page', async () => {
    const page = await pages.get('/checkout/pi_01jzzzzzzzzzzzzzzzzzzzzzzz');
    expect(page.status).toBe(404);
    expect(page.html).toContain('This payment does not exist.');
  });
});

describe('the card session page', () => {
  it("lists the rail's test tokens (its dispute token among them; Visa's a decline for every code) and a token field", async () => {
    const intent = await createIntent(app, merchant.key);
    for (const [rail, tokens] of [
      [
        'visa',
        [
          'YP-VISA-APPROVE',
          'YP-VISA-3DS',
          'YP-VISA-DECLINE',
          'YP-VISA-REVIEW',
          'YP-VISA-DISPUTE',
          'YP-VISA-DECLINE-LOST',
          'YP-VISA-DECLINE-STOLEN',
          'YP-VISA-DECLINE-EXPIRED',
          'YP-VISA-DECLINE-CVC',
          'YP-VISA-DECLINE-PROCESSING',
          'YP-VISA-DECLINE-VELOCITY',
          'YP-VISA-DECLINE-DO-NOT-HONOR',
          'YP-VISA-DECLINE-FRAUD',
          'YP-VISA-DECLINE-LATER',
        ],
      ],
      ['mastercard', ['YP-MC-APPROVE', 'YP-MC-3DS', 'YP-MC-DECLINE', 'YP-MC-REVIEW', 'YP-MC-DISPUTE']],
      ['google_pay', ['YP-GP-VISA-APPROVE', 'YP-GP-MC-APPROVE', 'YP-GP-DECLINE', 'YP-GP-REVIEW', 'YP-GP-DISPUTE']],
      ['apple_pay', ['YP-AP-VISA-APPROVE', 'YP-AP-MC-APPROVE', 'YP-AP-DECLINE', 'YP-AP-REVIEW', 'YP-AP-DISPUTE']],
    ] as const) {
      const page = await pages.get(await pages.startSession(intent.id, rail));
      for (const token of tokens) expect(page.html).toContain(token);
      expect(page.html.match(/<code>YP-/g)).toHaveLength(tokens.length);
      expect(page.html).toContain('name="token"');
    }
  });

  it('refuses an unknown token with the reason, keeps the session usable, changes nothing', async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const answer = await pages.submitToken(sessionPath, 'YP-VISA-STEAL');
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('&quot;YP-VISA-STEAL&quot; is not a Yarrow test token.');
    await expectNoChange(intent.id);
    expect((await pages.submitToken(sessionPath, 'YP-VISA-APPROVE')).status).toBe(303);
  });

  it("refuses another rail's token", async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'google_pay');
    const answer = await pages.submitToken(sessionPath, 'YP-AP-VISA-APPROVE');
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('YP-AP-VISA-APPROVE is an Apple Pay token; this session pays with Google Pay.');
    await expectNoChange(intent.id);
    const session = await app.rt.db.prisma.cardSession.findUniqueOrThrow({ where: { id: sessionPath.split('/').at(-1)! } });
    expect(session).toMatchObject({ status: 'open', token: null });
  });

  it('refuses a session of another payment intent', async () => {
    const mine = await createIntent(app, merchant.key);
    const theirs = await createIntent(app, merchant.key);
    const theirSession = (await pages.startSession(theirs.id, 'visa')).split('/').at(-1)!;
    const page = await pages.get(`/checkout/${mine.id}/card/${theirSession}`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('belongs to another payment');
    const { keyedHash } = await import('../../src/core/crypto.ts');
    const answer = await pages.post(`/checkout/${mine.id}/card/${theirSession}`, {
      csrf_token: keyedHash(app.rt.config.secret, `hosted-form:card:${theirSession}`),
      token: 'YP-VISA-APPROVE',
    });
    expect(answer.status).toBe(404);
    await expectNoChange(mine.id);
    await expectNoChange(theirs.id);
  });

  it('refuses an expired session (30 minutes)', async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const form = await pages.get(sessionPath);
    const session = await app.rt.db.prisma.cardSession.findUniqueOrThrow({ where: { id: sessionPath.split('/').at(-1)! } });
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(30 * 60_000);
    await app.rt.db.prisma.cardSession.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await pages.get(sessionPath);
    expect(page.status).toBe(409);
    expect(page.html).toContain('has expired');
    const answer = await pages.post(sessionPath, { csrf_token: pages.csrfToken(form.html), token: 'YP-VISA-APPROVE' });
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('has expired');
    await expectNoChange(intent.id);
  });

  it('says why a paid payment takes no new attempt in words, not its API status', async () => {
    const intent = await createIntent(app, merchant.key);
    const checkout = await pages.get(`/checkout/${intent.id}`);
    await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE');
    const again = await pages.post(`/checkout/${intent.id}/pay`, { csrf_token: pages.csrfToken(checkout.html), payment_method_code: 'visa' });
    expect(again.status).toBe(409);
    expect(again.html).toContain('This payment is already paid; it takes no new attempt.');
    expect(again.html).not.toContain('is succeeded');
  });

  it('refuses forms without the right csrf_token', async () => {
    const intent = await createIntent(app, merchant.key);
    const pay = await pages.post(`/checkout/${intent.id}/pay`, { payment_method_code: 'visa' });
    expect(pay.status).toBe(403);
    expect(await app.rt.db.prisma.cardSession.count({ where: { paymentIntentId: intent.id } })).toBe(0);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const otherForm = await pages.get(`/checkout/${intent.id}`);
    // The checkout page's token is for that form only, not for the card session's.
    const answer = await pages.post(sessionPath, { csrf_token: pages.csrfToken(otherForm.html), token: 'YP-VISA-APPROVE' });
    expect(answer.status).toBe(403);
    const json = await fetch(`${app.baseUrl}${sessionPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'YP-VISA-APPROVE' }),
    });
    expect(json.status).toBe(403);
    await expectNoChange(intent.id);
  });

  it('refuses a bad rail or sandbox_outcome on the checkout form', async () => {
    const intent = await createIntent(app, merchant.key);
    const page = await pages.get(`/checkout/${intent.id}`);
    for (const form of [{ payment_method_code: 'amex' }, { payment_method_code: 'visa', sandbox_outcome: 'explode' }] as Array<Record<string, string>>) {
      const answer = await pages.post(`/checkout/${intent.id}/pay`, { csrf_token: pages.csrfToken(page.html), ...form });
      expect(answer.status).toBe(400);
    }
    expect(await app.rt.db.prisma.cardSession.count({ where: { paymentIntentId: intent.id } })).toBe(0);
  });
});

describe('the final page', () => {
  it("links back to the merchant's return URL", async () => {
    const intent = await createIntent(app, merchant.key, { return_url: 'https://shop.example/orders/1001?paid=1&x=<y>' });
    const sessionPath = await pages.startSession(intent.id, 'visa');
    await pages.submitToken(sessionPath, 'YP-VISA-APPROVE');
    const page = await pages.get(sessionPath);
    expect(page.html).toContain('Payment successful');
    expect(page.html).toContain('href="https://shop.example/orders/1001?paid=1&amp;x=&lt;y&gt;"');
    expect(page.html).toContain('Return to Blue Bottle Books');
  });

  it('shows a decline with its reason and a way to try again', async () => {
    const intent = await createIntent(app, merchant.key);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    await pages.submitToken(sessionPath, 'YP-VISA-DECLINE');
    const page = await pages.get(sessionPath);
    expect(page.html).toContain('Payment declined');
    // The payer's wording, saying what they can do, not the API's reason for the merchant.
    expect(page.html).toContain('Your card does not have enough funds for this payment. Try another card or another way to pay.');
    expect(page.html).toContain(`href="/checkout/${intent.id}"`);
  });
});

describe('user-supplied text on the pages', () => {
  const evil = '<script>alert(1)</script>';

  it('is rendered as text on the checkout, card, challenge, result and invoice pages', async () => {
    const attacker = await app.account({ name: `Shop ${evil}` });
    const intent = await createIntent(app, attacker.key, { title: evil, customer_name: evil });
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';
    const checkout = await pages.get(`/checkout/${intent.id}`);
    const sessionPath = await pages.startSession(intent.id, 'visa');
    const card = await pages.get(sessionPath);
    await pages.submitToken(sessionPath, 'YP-VISA-3DS');
    const challenge = await pages.get(sessionPath);
    await pages.answerChallenge(sessionPath, 'pass');
    const result = await pages.get(sessionPath);
    const invoice = await app.request('POST', '/api/v1/invoices', {
      key: attacker.key,
      body: { title: evil, amount: 5, currency: 'USD', due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), customer_name: evil },
    });
    const invoicePage = await pages.get(`/invoices/${invoice.body.invoice.id}`);
    for (const [name, page] of Object.entries({ checkout, card, challenge, result, invoicePage })) {
      // The page's own script (allowed by its CSP hash) is the only one.
      expect(page.html.match(/<script/g), name).toHaveLength(1);
      expect(page.html, name).not.toContain('<script>alert');
      expect(page.html, name).toContain(escaped);
    }
    expect(checkout.html.split(escaped).length - 1).toBeGreaterThanOrEqual(3); // merchant, title, customer
  });
});

describe('/checkout/live, the status socket of an open page', () => {
  /** Opens the socket; `next()` answers its next message (listening from the start, none is missed). */
  function liveStatus(intentId: string) {
    const socket = new WebSocket(`${app.baseUrl.replace(/^http/, 'ws')}/checkout/live?payment_intent=${intentId}`);
    const received: string[] = [];
    const waiting: Array<(status: string) => void> = [];
    socket.on('message', (data) => {
      const status = String(data);
      const resolve = waiting.shift();
      if (resolve) resolve(status);
      else received.push(status);
    });
    const next = () => (received.length > 0 ? Promise.resolve(received.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
    const refusal = () => new Promise<string>((resolve) => socket.once('error', (error) => resolve(error.message)));
    return { socket, next, refusal };
  }

  it('sends the status now, then each change (a cancel through the API)', async () => {
    const intent = await createIntent(app, merchant.key);
    const live = liveStatus(intent.id);
    try {
      expect(await live.next()).toBe('requires_payment_method');
      const canceled = await app.request('POST', `/api/v1/payment-intents/${intent.id}/cancel`, { key: merchant.key, body: {} });
      expect(canceled.status).toBe(200);
      expect(await live.next()).toBe('canceled');
    } finally {
      live.socket.close();
    }
  });

  it('refuses an unknown payment (404) and more than MAX_SOCKETS_PER_PAYMENT sockets for one payment (429)', async () => {
    expect(await liveStatus('pi_01jzzzzzzzzzzzzzzzzzzzzzzz').refusal()).toContain('404');
    const intent = await createIntent(app, merchant.key);
    const open = Array.from({ length: MAX_SOCKETS_PER_PAYMENT }, () => liveStatus(intent.id));
    try {
      for (const live of open) expect(await live.next()).toBe('requires_payment_method');
      expect(await liveStatus(intent.id).refusal()).toContain('429');
      // A closed socket frees its place (once the server has seen the connection end: try until then).
      open[0]!.socket.close();
      await expect
        .poll(async () => {
          const again = liveStatus(intent.id);
          const answer = await Promise.race([again.next(), again.refusal()]);
          again.socket.close();
          return answer;
        })
        .toBe('requires_payment_method');
    } finally {
      for (const live of open) live.socket.close();
    }
  });
});
