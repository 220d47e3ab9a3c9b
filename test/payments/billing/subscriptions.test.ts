import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { checkoutClient, eventTypesOf } from '../checkout-client.ts';
import { DAY, billing } from './helpers.ts';

// Subscriptions (issue 38): created with a trial or a first invoice charged at once off-session;
// incomplete (its invoice's intent waiting on the checkout) when there is no method or it declines,
// active once paid there, incomplete_expired after 23 hours of the account's time. Bad input is a
// 400 naming the field and changes nothing.

let app: TestApp;
let merchant: TestAccount;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account();
  api = billing(app, merchant.key);
  await app.startWorkers(['subscription-billing']);
});
afterAll(() => app?.stop());

describe('POST /api/v1/subscriptions', () => {
  it('charges the first invoice at once with the default method: active, the invoice paid with its period and lines', async () => {
    const price = await api.price('9.99');
    const customer = await api.customer();
    const method = await api.savedCard(customer.id);
    const response = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id, quantity: 2 }], default_payment_method: method });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { subscription, latest_invoice: invoice, payment_intent: intent } = response.body;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, currency: 'USD', default_payment_method: method, latest_invoice: invoice.id });
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription.items).toMatchObject([{ price: price.id, quantity: 2 }]);
    const start = new Date(subscription.current_period_start);
    const end = new Date(subscription.current_period_end);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(invoice).toMatchObject({ status: 'paid', subscription: subscription.id, amount_minor: 1998, period_start: subscription.current_period_start, period_end: subscription.current_period_end });
    expect(invoice.lines).toMatchObject([{ amount_minor: 1998, quantity: 2, price: price.id, proration: false }]);
    expect(intent).toMatchObject({ status: 'succeeded', invoice: invoice.id, payment_method: method });
    expect(await eventTypesOf(app, subscription.id)).toEqual(['customer.subscription.created']);
    expect(await eventTypesOf(app, invoice.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
    const listed = await api.request('GET', `/api/v1/subscriptions?customer=${customer.id}&status=active&price=${price.id}`);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([subscription.id]);
    expect((await api.request('GET', `/api/v1/subscriptions?status=trialing&customer=${customer.id}`)).body.data).toEqual([]);
  });

  it('is incomplete without a method; paying at the checkout saves the method as default and activates it', async () => {
    const price = await api.price(20);
    const customer = await api.customer();
    const response = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { subscription, payment_intent: intent } = response.body;
    expect(subscription.status).toBe('incomplete');
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.checkout_url).toContain(`/checkout/${intent.id}`);
    const pages = checkoutClient(app);
    const session = await pages.startSession(intent.id, 'visa');
    expect((await pages.submitToken(session, 'YP-VISA-APPROVE')).status).toBe(303);
    const active = await api.until(subscription.id, (row) => row.status === 'active');
    expect(active.default_payment_method).toMatch(/^pm_/);
    expect(await eventTypesOf(app, subscription.id)).toEqual(['customer.subscription.created', 'customer.subscription.updated']);
  });

  it('is incomplete when the first charge declines, and incomplete_expired 23 hours later on the test clock', async () => {
    const account = await app.account();
    const own = billing(app, account.key);
    const start = new Date(Date.UTC(2027, 0, 10, 9));
    await own.clock(start);
    const price = await own.price(15);
    const customer = await own.customer();
    const declining = await own.savedCard(customer.id, 'YP-VISA-DECLINE', 'approve');
    const response = await own.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: declining });
    const { subscription, payment_intent: intent } = response.body;
    expect(subscription).toMatchObject({ status: 'incomplete', current_period_start: start.toISOString() });
    expect(intent.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    // 22 hours on the expiry is not due: the advance sends no job, so nothing can have moved it.
    const early = await own.advance(new Date(start.getTime() + 22 * 3_600_000));
    expect(early.released_jobs).toBe(0);
    expect((await own.subscription(subscription.id)).status).toBe('incomplete');
    await own.advance(new Date(start.getTime() + 23 * 3_600_000));
    const expired = await own.until(subscription.id, (row) => row.status === 'incomplete_expired');
    expect(expired.ended_at).toBe(new Date(start.getTime() + 23 * 3_600_000).toISOString());
    const [invoice] = await own.invoices(subscription.id);
    expect(invoice!.status).toBe('void');
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const usd = await api.price(10);
    const eur = await api.price(10, { interval: 'month' }, 'EUR');
    const yearly = await api.price(10, { interval: 'year' });
    const inactive = await api.price(10);
    await api.request('POST', `/api/v1/prices/${inactive.id}`, { active: false });
    const customer = await api.customer();
    const other = await api.customer('grace@example.com');
    const othersCard = await api.savedCard(other.id);
    const before = await app.rt.db.prisma.subscription.count({ where: { customerId: customer.id } });
    const bad = async (body: Record<string, unknown>, param: string, status = 400) => {
      const response = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: usd.id }], ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error.param).toBe(param);
    };
    await bad({ items: [{ price: usd.id }, { price: eur.id }] }, 'items[1].price');
    await bad({ items: [{ price: usd.id }, { price: yearly.id }] }, 'items[1].price');
    await bad({ items: [{ price: inactive.id }] }, 'items[0].price');
    await bad({ items: [{ price: usd.id, quantity: 0 }] }, 'items[0].quantity');
    await bad({ default_payment_method: othersCard }, 'default_payment_method');
    await bad({ trial_end: new Date(Date.now() - DAY).toISOString() }, 'trial_end');
    await bad({ items: [] }, 'items');
    const stranger = await app.account();
    const theirs = await billing(app, stranger.key).price(10);
    await bad({ items: [{ price: theirs.id }] }, 'items[0].price', 404);
    expect(await app.rt.db.prisma.subscription.count({ where: { customerId: customer.id } })).toBe(before);
  });
});
