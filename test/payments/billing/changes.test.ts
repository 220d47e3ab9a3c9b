import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { subscribe, wsClient } from '../../helpers/graphql.ts';
import { eventTypesOf } from '../checkout-client.ts';
import { DAY, billing } from './helpers.ts';

// Changing a subscription (issue 38): an upgrade prorated to the second on the next invoice,
// always_invoice, cancel_at_period_end, cancel now; a canceled one cannot change (409).

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['subscription-billing']);
});
afterAll(() => app?.stop());

async function activeSubscription(start: Date, amount = 10) {
  const merchant: TestAccount = await app.account();
  const api = billing(app, merchant.key);
  await api.clock(start);
  const customer = await api.customer();
  const method = await api.savedCard(customer.id);
  const price = await api.price(amount);
  const created = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: method });
  expect(created.body.subscription.status).toBe('active');
  return { api, id: created.body.subscription.id as string, price, subscription: created.body.subscription };
}

describe('changes', () => {
  it('prorates an upgrade to the second: the next invoice has the credit, the charge and the new period, to the cent', async () => {
    // January: 31 days. The upgrade comes 10 days, 6 hours and 30 seconds in.
    const start = new Date(Date.UTC(2028, 0, 1));
    const { api, id } = await activeSubscription(start, 10);
    const pro = await api.price('30.00');
    const upgradeAt = new Date(start.getTime() + 10 * DAY + 6 * 3_600_000 + 30_000);
    await api.advance(upgradeAt);
    const changed = await api.request('POST', `/api/v1/subscriptions/${id}`, { items: [{ price: pro.id, quantity: 1 }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.subscription.items).toMatchObject([{ price: pro.id, quantity: 1 }]);
    const end = new Date(Date.UTC(2028, 1, 1));
    const left = (end.getTime() - upgradeAt.getTime()) / 1000;
    const length = (end.getTime() - start.getTime()) / 1000;
    const credit = -Math.round((1000 * left) / length);
    const charge = Math.round((3000 * left) / length);
    await api.advance(end);
    await expect.poll(async () => (await api.invoices(id)).length, { timeout: 20_000 }).toBe(2);
    const [, next] = await api.invoices(id);
    const lines = next!.lines as Array<{ amount_minor: number; proration: boolean }>;
    expect(lines.map((line) => [line.amount_minor, line.proration])).toEqual([
      [credit, true],
      [charge, true],
      [3000, false],
    ]);
    // 1,792,770 s of 2,678,400 left: -669 (10.00 × 0.66934…) + 2,008 (30.00 × 0.66934…) + 3,000.
    expect([credit, charge]).toEqual([-669, 2008]);
    expect(next!.amount).toBe(4339);
    expect(next!.status).toBe('paid');
  });

  it('invoices and charges a change now with always_invoice, and changes nothing with none', async () => {
    const start = new Date(Date.UTC(2028, 2, 1));
    const { api, id } = await activeSubscription(start, 10);
    const bigger = await api.price(20);
    await api.advance(new Date(start.getTime() + 15 * DAY));
    await api.request('POST', `/api/v1/subscriptions/${id}`, { items: [{ price: bigger.id }], proration_behavior: 'always_invoice' });
    const invoices = await api.invoices(id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({ status: 'paid', amount: Math.round((2000 - 1000) * (16 / 31)) });
    const none = await api.request('POST', `/api/v1/subscriptions/${id}`, { quantity: 3, proration_behavior: 'none' });
    expect(none.body.subscription.items).toMatchObject([{ price: bigger.id, quantity: 3 }]);
    expect(await api.invoices(id)).toHaveLength(2);
    // always_invoice of a credit (3 → 2, 16 of 31 days left) charges nothing now: its lines wait for the next invoice.
    const down = await api.request('POST', `/api/v1/subscriptions/${id}`, { quantity: 2, proration_behavior: 'always_invoice' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await api.invoices(id)).toHaveLength(2);
    await api.advance(new Date(Date.UTC(2028, 3, 1)));
    await expect.poll(async () => (await api.invoices(id)).length, { timeout: 20_000 }).toBe(3);
    const [, , next] = await api.invoices(id);
    // -60.00 × 16/31 = -30.97, +40.00 × 16/31 = 20.65, then April's 2 × 20.00.
    expect((next!.lines as Array<{ amount_minor: number }>).map((line) => line.amount_minor)).toEqual([-3097, 2065, 4000]);
    expect(next).toMatchObject({ amount: 2968, status: 'paid' });
  });

  it('ends with its period when cancel_at_period_end, with no new invoice', async () => {
    const start = new Date(Date.UTC(2028, 3, 1));
    const { api, id, subscription } = await activeSubscription(start, 10);
    const set = await api.request('POST', `/api/v1/subscriptions/${id}`, { cancel_at_period_end: true });
    expect(set.body.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await api.advance(new Date(subscription.current_period_end));
    const ended = await api.until(id, (row) => row.status === 'canceled');
    expect(ended.ended_at).toBe(subscription.current_period_end);
    expect(await api.invoices(id)).toHaveLength(1);
    expect((await eventTypesOf(app, id)).at(-1)).toBe('customer.subscription.deleted');
  });

  it('streams the subscription over subscriptionUpdated: now, then after each change', async () => {
    const merchant = await app.account();
    const api = billing(app, merchant.key);
    const customer = await api.customer();
    const method = await api.savedCard(customer.id);
    const price = await api.price(7);
    const { subscription } = (await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: method })).body;
    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, SubscriptionLive, { id: subscription.id });
    try {
      expect((await live.next()).data?.subscriptionUpdated).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });
      await api.request('POST', `/api/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true });
      expect((await live.next()).data?.subscriptionUpdated).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });
      await api.request('POST', `/api/v1/subscriptions/${subscription.id}/cancel`, {});
      expect((await live.next()).data?.subscriptionUpdated.status).toBe('CANCELED');
    } finally {
      live.dispose();
      await client.dispose();
    }
  });

  it('cancels now; a canceled subscription cannot change (409) and another account\'s is unknown (404)', async () => {
    // May: 31 days. An upgrade 10 days in (its lines pending), a cancel 20 days in crediting the unused time.
    const start = new Date(Date.UTC(2028, 4, 1));
    const { api, id, price } = await activeSubscription(start, 10);
    const pro = await api.price('30.00');
    await api.advance(new Date(start.getTime() + 10 * DAY));
    expect((await api.request('POST', `/api/v1/subscriptions/${id}`, { items: [{ price: pro.id }] })).status).toBe(200);
    await api.advance(new Date(start.getTime() + 20 * DAY));
    // prorate alone has no invoice to put the credit on: 400 naming invoice_now, and nothing changes.
    const alone = await api.request('POST', `/api/v1/subscriptions/${id}/cancel`, { prorate: true });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toMatchObject({ code: 'invalid_request', param: 'invoice_now' });
    expect((await api.subscription(id)).status).toBe('active');
    const canceled = await api.request('POST', `/api/v1/subscriptions/${id}/cancel`, { prorate: true, invoice_now: true });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.subscription.status).toBe('canceled');
    // The final invoice: the upgrade's pending lines (21 of 31 days left) and the credit for the 11 days unused of 30.00.
    const [, final] = await api.invoices(id);
    expect((final!.lines as Array<{ amount_minor: number; proration: boolean }>).map((line) => [line.amount_minor, line.proration])).toEqual([
      [-677, true], // -10.00 × 21/31
      [2032, true], // 30.00 × 21/31
      [-1065, true], // -30.00 × 11/31
    ]);
    expect(final).toMatchObject({ amount: 290, status: 'paid', periodStart: new Date(start.getTime() + 20 * DAY) });
    const again = await api.request('POST', `/api/v1/subscriptions/${id}`, { quantity: 2 });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'invalid_state', param: 'status' });
    expect((await api.request('POST', `/api/v1/subscriptions/${id}/cancel`, {})).status).toBe(409);
    const stranger = billing(app, (await app.account()).key);
    expect((await stranger.request('GET', `/api/v1/subscriptions/${id}`)).status).toBe(404);
    expect((await stranger.request('POST', `/api/v1/subscriptions/${id}`, { quantity: 2 })).status).toBe(404);
    expect((await stranger.request('POST', `/api/v1/prices/${price.id}`, { active: false })).status).toBe(404);
  });

  it('cancels with a credit larger than what is pending: the final invoice lists it, is due 0 and paid, the credit noted', async () => {
    const start = new Date(Date.UTC(2028, 5, 1));
    const { api, id } = await activeSubscription(start, 10);
    // June: 30 days; canceled 12 days in, 18 unused.
    await api.advance(new Date(start.getTime() + 12 * DAY));
    const canceled = await api.request('POST', `/api/v1/subscriptions/${id}/cancel`, { prorate: true, invoice_now: true });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const [, final] = await api.invoices(id);
    expect((final!.lines as Array<{ amount_minor: number }>).map((line) => line.amount_minor)).toEqual([-600]);
    expect(final).toMatchObject({ amount: 0, status: 'paid', paymentIntentId: null, metadata: { subscription: id, unapplied_credit_minor: '600' } });
    expect(await eventTypesOf(app, final!.id)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
    // Without prorate, invoice_now with nothing pending makes no invoice.
    const other = await activeSubscription(new Date(Date.UTC(2028, 6, 1)), 10);
    expect((await other.api.request('POST', `/api/v1/subscriptions/${other.id}/cancel`, { invoice_now: true })).status).toBe(200);
    expect(await other.api.invoices(other.id)).toHaveLength(1);
  });
});

const SubscriptionLive = graphql(`
  subscription BillingSubscriptionLive($id: ID!) {
    subscriptionUpdated(id: $id) {
      id
      status
      cancelAtPeriodEnd
      currentPeriodEnd
    }
  }
`);
