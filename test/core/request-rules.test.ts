import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarYearsAfter } from '../../src/payments/invoices/invoices.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient, createIntent } from '../payments/checkout-client.ts';

// Issue 14, item 6: the smaller request rules, each as a client meets it over REST.

let app: TestApp;
let merchant: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account();
});
afterAll(() => app?.stop());

const today = () => new Date().toISOString().slice(0, 10);

describe('request rules', () => {
  it('names an unknown body field as the param, and creates nothing', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/api/v1/payment-intents', { amount: 12.5, currency: 'USD', title: 'T', customer_name: 'Ada', customer_email: 'ada@example.com', colour: 'red' }],
      ['/api/v1/webhook-endpoints', { url: 'https://shop.example.com/hooks', enabeld: true }],
      ['/api/v1/api-keys', { label: 'ci', scopes: ['account.read'], expires: 'never' }],
    ];
    for (const [path, body] of cases) {
      const unknown = Object.keys(body).at(-1)!;
      const response = await app.request('POST', path, { key: merchant.key, body });
      expect({ path, status: response.status, error: response.body.error }).toEqual({
        path,
        status: 400,
        error: { code: 'invalid_request', param: unknown, message: `${unknown}: unknown field; leave it out or check its spelling` },
      });
    }
    expect(await app.rt.db.prisma.paymentIntent.count({ where: { accountId: merchant.id } })).toBe(0);
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: merchant.id } })).toBe(0);
  });

  it('refuses starting_after together with ending_before on every list', async () => {
    const intent = await createIntent(app, merchant.key);
    for (const path of ['/api/v1/payment-intents', '/api/v1/invoices', '/api/v1/api-keys', '/api/v1/webhook-endpoints', '/api/v1/events', '/api/v1/relay/devices', '/api/v1/recipients']) {
      const response = await app.request('GET', `${path}?starting_after=${intent.id}&ending_before=${intent.id}`, { key: merchant.key });
      expect({ path, status: response.status, code: response.body.error?.code, param: response.body.error?.param }).toEqual({
        path,
        status: 400,
        code: 'invalid_request',
        param: 'ending_before',
      });
    }
  });

  it('answers one rule and one message for every amount with too many decimals', async () => {
    const messages = new Map<string, string>();
    for (const amount of [0.30000000000000004, 1.234, '1.234', '0.30000000000000004', 1e-7]) {
      const response = await app.request('POST', '/api/v1/payment-intents', {
        key: merchant.key,
        body: { amount, currency: 'USD', title: 'T', customer_name: 'Ada', customer_email: 'ada@example.com' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.param).toBe('amount');
      messages.set(String(amount), response.body.error.message);
    }
    expect(new Set(messages.values())).toEqual(new Set(['amount: USD allows at most 2 decimals']));
    // The same rule in a currency without decimals.
    const yen = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      body: { amount: 0.30000000000000004, currency: 'JPY', title: 'T', customer_name: 'Ada', customer_email: 'ada@example.com' },
    });
    expect(yen.body.error).toMatchObject({ param: 'amount', message: 'amount: JPY has no decimals; send a whole number' });
  });

  it('counts "within five years" of a due date in calendar years', async () => {
    expect(calendarYearsAfter('2026-11-23', 5)).toBe('2031-11-23');
    expect(calendarYearsAfter('2028-02-29', 5)).toBe('2033-02-28');
    expect(calendarYearsAfter('2028-02-29', 4)).toBe('2032-02-29');
    const invoice = (due_date: string) =>
      app.request('POST', '/api/v1/invoices', { key: merchant.key, body: { title: 'Hosting', amount: 10, currency: 'USD', due_date } });
    const last = calendarYearsAfter(today(), 5);
    const accepted = await invoice(last);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.invoice.due_date).toBe(last);
    const dayAfter = new Date(`${last}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    const refused = await invoice(dayAfter.toISOString().slice(0, 10));
    expect({ status: refused.status, error: refused.body.error }).toMatchObject({
      status: 400,
      error: { code: 'invalid_request', param: 'due_date', message: "due_date: must be within 5 years (today's date in 5 years at the latest)" },
    });
  });

  it('answers a card-session token by the session first: a used session is 409 whatever the token, a fresh one says a long token is too long', async () => {
    const pages = checkoutClient(app);
    const used = await pages.startSession((await createIntent(app, merchant.key)).id, 'visa');
    const csrf = pages.csrfToken((await pages.get(used)).html);
    const paid = await pages.post(used, { csrf_token: csrf, token: 'YP-VISA-APPROVE' });
    expect(paid.status, paid.html).toBe(303);
    for (const token of ['YP-VISA-APPROVE', 'not a token', 'x'.repeat(300), 'x'.repeat(100_000)]) {
      const answer = await pages.post(used, { csrf_token: csrf, token });
      expect({ length: token.length, status: answer.status }).toEqual({ length: token.length, status: 409 });
      expect(answer.html).toContain('This payment session was already used');
    }

    const fresh = await pages.startSession((await createIntent(app, merchant.key)).id, 'visa');
    const tooLong = await pages.submitToken(fresh, 'x'.repeat(300));
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain('too long: a test token has at most 100 characters');
    expect(tooLong.html).not.toContain('enter a test token');
    const empty = await pages.submitToken(fresh, '');
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('enter a test token');
  });
});

// Issue 24, defect 6: one validation rule, as README's "API conventions" states it.
describe('one validation rule', () => {
  const intent = { amount: 12.5, currency: 'USD', title: 'Rule', customer_name: 'Ada', customer_email: 'ada@example.com' };
  const post = (body: string, contentType: string | undefined = 'application/json') =>
    app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body, headers: contentType ? { 'content-type': contentType } : {} });
  const withAmount = (amount: string) => JSON.stringify(intent).replace('"amount":12.5', `"amount":${amount}`);

  it('says one thing for an amount over the maximum, however it is spelled', async () => {
    for (const amount of ['1e12', '1000000000000', '1000000.00', '"1000000.00"', '1E+15', '"99999999999999999999"']) {
      const response = await post(withAmount(amount));
      expect({ amount, status: response.status, error: response.body.error }).toEqual({
        amount,
        status: 400,
        error: { code: 'invalid_request', param: 'amount', message: 'amount: must be at most 999999.99 USD' },
      });
    }
  });

  it('refuses a formatted value with spaces around it (amount, currency, URLs), and trims free text', async () => {
    for (const [field, value] of [['amount', '" 12"'], ['amount', '"12 "'], ['currency', '" USD"']] as const) {
      const body = field === 'amount' ? withAmount(value) : JSON.stringify({ ...intent, currency: JSON.parse(value) });
      const response = await post(body);
      expect({ value, status: response.status, param: response.body.error?.param }).toEqual({ value, status: 400, param: field });
    }
    const spacedUrl = await post(JSON.stringify({ ...intent, return_url: ' https://shop.example/thanks' }));
    expect(spacedUrl.body.error).toMatchObject({ param: 'return_url', message: 'return_url: must not start or end with spaces' });
    const spacedHook = await app.request('POST', '/api/v1/webhook-endpoints', { key: merchant.key, body: { url: 'https://hooks.example.com/x ' } });
    expect(spacedHook.body.error).toMatchObject({ param: 'url', message: 'url: must not start or end with spaces' });
    const trimmed = await post(JSON.stringify({ ...intent, title: '  Padded title  ' }));
    expect(trimmed.status).toBe(201);
    expect(trimmed.body.payment_intent.title).toBe('Padded title');
  });

  it('names a missing field in its own words', async () => {
    for (const field of ['title', 'amount', 'currency', 'customer_email'] as const) {
      const { [field]: _left, ...rest } = intent;
      const response = await post(JSON.stringify(rest));
      // Without a saved customer (`customer`), the payer's email is needed: the message says the other way.
      const message = field === 'customer_email' ? `${field}: is required (or send customer)` : `${field}: is required`;
      expect(response.body.error).toEqual({ code: 'invalid_request', param: field, message });
    }
    const wrongType = await post(JSON.stringify({ ...intent, title: 42 }));
    expect(wrongType.body.error).toEqual({ code: 'invalid_request', param: 'title', message: 'title: must be a string' });
  });

  it('answers an unknown enum filter value with 400 on every list, REST and GraphQL', async () => {
    for (const [path, param] of [
      ['/api/v1/events?type=nope', 'type'],
      ['/api/v1/payment-intents?status=bogus', 'status'],
      ['/api/v1/invoices?status=bogus', 'status'],
    ] as const) {
      const response = await app.request('GET', path, { key: merchant.key });
      expect({ path, status: response.status, code: response.body.error?.code, param: response.body.error?.param }).toEqual({ path, status: 400, code: 'invalid_request', param });
      expect(response.body.error.message).toMatch(new RegExp(`^${param}: must be one of `));
    }
    const graphql = await app.request('POST', '/graphql', { key: merchant.key, body: { query: '{ events(type: "nope", first: 1) { edges { node { id } } } }' } });
    expect(graphql.body.errors[0].extensions).toMatchObject({ code: 'invalid_request', param: 'type' });
  });

  it('takes a body as JSON only when its Content-Type says so (415 otherwise), and creates nothing', async () => {
    const before = await app.rt.db.prisma.paymentIntent.count({ where: { accountId: merchant.id } });
    for (const contentType of ['text/plain', undefined, 'application/x-www-form-urlencoded']) {
      // fetch labels a string body text/plain; a Blob without a type goes with no Content-Type at all.
      const answer = await fetch(`${app.baseUrl}/api/v1/payment-intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${merchant.key}`, ...(contentType ? { 'content-type': contentType } : {}) },
        body: new Blob([JSON.stringify(intent)]),
      });
      const response = { status: answer.status, body: await answer.json() };
      expect({ contentType, status: response.status, error: response.body.error }).toEqual({
        contentType,
        status: 415,
        error: {
          code: 'unsupported_media_type',
          param: 'Content-Type',
          message: `Send the body as JSON with Content-Type: application/json (this request sent ${contentType ?? 'no Content-Type'}).`,
        },
      });
    }
    expect(await app.rt.db.prisma.paymentIntent.count({ where: { accountId: merchant.id } })).toBe(before);
    expect((await post(JSON.stringify(intent), 'application/json; charset=utf-8')).status).toBe(201);
  });
});
