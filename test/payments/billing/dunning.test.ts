import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { checkoutClient, eventTypesOf } from '../checkout-client.ts';
import { DAY, billing } from './helpers.ts';

// Dunning (issue 38): a declined renewal makes the subscription past_due with
// invoice.payment_failed, retried on the account's schedule (3, 5, 7 days after the first failure
// by default); paid on a retry, on the checkout, or with a new default method it is active again;
// after the last retry canceled (or unpaid, per the setting) and its invoice uncollectible.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['subscription-billing']);
});
afterAll(() => app?.stop());

/** An account on a test clock with a subscription whose trial ends at `start` + 1 day, with a YP-VISA-DECLINE-LATER card: every renewal declines. */
async function failingSubscription(start: Date, settings?: { retry_days: number[]; after_retries: 'canceled' | 'unpaid' }, recurring = { interval: 'month' }) {
  const merchant: TestAccount = await app.account();
  const api = billing(app, merchant.key);
  if (settings) expect((await api.request('POST', '/api/v1/billing/settings', settings)).status).toBe(200);
  await api.clock(start);
  const customer = await api.customer();
  // Stripe's 0341: the payment that saves it succeeds, every later off-session charge is declined.
  const declining = await api.savedCard(customer.id, 'YP-VISA-DECLINE-LATER');
  const price = await api.price(25, recurring);
  const created = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: declining, trial_period_days: 1 });
  const id = created.body.subscription.id as string;
  const failedAt = new Date(start.getTime() + DAY);
  await api.advance(failedAt);
  const pastDue = await api.until(id, (row) => row.status === 'past_due');
  const [invoice] = await api.invoices(id);
  const attempts = () => app.rt.db.prisma.paymentIntent.count({ where: { invoiceId: invoice!.id } });
  return { api, merchant, customer, id, pastDue, invoice: invoice!, failedAt, attempts };
}

describe('dunning', () => {
  it('retries a declined renewal 3, 5 and 7 days after the failure, then cancels it and marks the invoice uncollectible', async () => {
    const { api, id, invoice, failedAt, attempts } = await failingSubscription(new Date(Date.UTC(2027, 8, 1)));
    expect(invoice.status).toBe('open');
    expect(await attempts()).toBe(1);
    expect(await eventTypesOf(app, invoice.id)).toContain('invoice.payment_failed');
    // Nothing before the first retry's day: the advance sends no job (the retry is held for its day).
    const early = await api.advance(new Date(failedAt.getTime() + 3 * DAY - 60_000));
    expect(early.released_jobs).toBe(0);
    expect(await attempts()).toBe(1);
    for (const [day, count] of [[3, 2], [5, 3]] as const) {
      await api.advance(new Date(failedAt.getTime() + day * DAY));
      await expect.poll(attempts, { timeout: 20_000 }).toBe(count);
      expect((await api.subscription(id)).status).toBe('past_due');
    }
    await api.advance(new Date(failedAt.getTime() + 7 * DAY));
    const canceled = await api.until(id, (row) => row.status === 'canceled');
    expect(await attempts()).toBe(4);
    expect(canceled.ended_at).toBe(new Date(failedAt.getTime() + 7 * DAY).toISOString());
    const [uncollectible] = await api.invoices(id);
    expect(uncollectible!.status).toBe('uncollectible');
    const failures = (await eventTypesOf(app, invoice.id)).filter((type) => type === 'invoice.payment_failed');
    expect(failures).toHaveLength(4);
    expect(await eventTypesOf(app, invoice.id)).toContain('invoice.marked_uncollectible');
    expect((await eventTypesOf(app, id)).at(-1)).toBe('customer.subscription.deleted');
  });

  it('recovers on its second retry, charged to a new default method', async () => {
    const { api, customer, id, failedAt, attempts } = await failingSubscription(new Date(Date.UTC(2027, 9, 1)));
    await api.advance(new Date(failedAt.getTime() + 3 * DAY));
    await expect.poll(attempts, { timeout: 20_000 }).toBe(2);
    // A new default method: the next retry charges it.
    const good = await api.savedCard(customer.id);
    const changed = await api.request('POST', `/api/v1/subscriptions/${id}`, { default_payment_method: good });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.subscription).toMatchObject({ status: 'past_due', default_payment_method: good });
    await api.advance(new Date(failedAt.getTime() + 5 * DAY));
    const active = await api.until(id, (row) => row.status === 'active');
    expect(await attempts()).toBe(3);
    expect(active.latest_invoice).toBeTruthy();
    const [paid] = await api.invoices(id);
    expect(paid!.status).toBe('paid');
  });

  it('follows the account setting: two retries, then unpaid', async () => {
    const merchantSettings = async (key: string) => {
      const set = await app.request('POST', '/api/v1/billing/settings', { key, body: { retry_days: [1, 2], after_retries: 'unpaid' } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.billing_settings).toEqual({ object: 'billing_settings', retry_days: [1, 2], after_retries: 'unpaid' });
    };
    const start = new Date(Date.UTC(2027, 10, 1));
    const merchant = await app.account();
    await merchantSettings(merchant.key);
    const api = billing(app, merchant.key);
    await api.clock(start);
    const customer = await api.customer();
    const declining = await api.savedCard(customer.id, 'YP-VISA-DECLINE', 'approve');
    const price = await api.price(8);
    const { subscription } = (await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: declining, trial_period_days: 1 })).body;
    await api.advance(new Date(start.getTime() + DAY));
    await api.until(subscription.id, (row) => row.status === 'past_due');
    await api.advance(new Date(start.getTime() + 3 * DAY));
    await api.until(subscription.id, (row) => row.status === 'unpaid');
    // Refused settings change nothing.
    const bad = await app.request('POST', '/api/v1/billing/settings', { key: merchant.key, body: { retry_days: [5, 3] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('retry_days');
    expect((await app.request('GET', '/api/v1/billing/settings', { key: merchant.key })).body.billing_settings.retry_days).toEqual([1, 2]);
  });

  it('is active again once the customer pays the invoice on its checkout page', async () => {
    const { api, invoice } = await failingSubscription(new Date(Date.UTC(2027, 11, 1)));
    const intent = await app.rt.db.prisma.paymentIntent.findFirstOrThrow({ where: { invoiceId: invoice.id, status: 'requires_payment_method' } });
    const pages = checkoutClient(app);
    const session = await pages.startSession(intent.id, 'mastercard');
    expect((await pages.submitToken(session, 'YP-MC-APPROVE')).status).toBe(303);
    const subscription = invoice.subscriptionId!;
    const active = await api.until(subscription, (row) => row.status === 'active');
    expect(active.default_payment_method).toMatch(/^pm_/);
  });

  /** Pays the last retry's intent, still waiting on its checkout, with an approving card. */
  async function payLastAttempt(invoiceId: string) {
    const intent = await app.rt.db.prisma.paymentIntent.findFirstOrThrow({ where: { invoiceId, status: 'requires_payment_method' }, orderBy: { createdAt: 'desc' } });
    const pages = checkoutClient(app);
    const session = await pages.startSession(intent.id, 'visa');
    return pages.submitToken(session, 'YP-VISA-APPROVE');
  }

  /** Jobs of `queue` completed whose data has `key` = `value` (the worker played them). */
  const completedJobs = async (queue: string, key: string, value: string) =>
    (await app.rt.db.prisma.$queryRaw<Array<{ count: number }>>`
      SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${queue} AND state = 'completed' AND data->>${key} = ${value}`)[0]!.count;

  it('unpaid after the last retry, paid at the checkout after its period ended: active again, renews at once and then every period', async () => {
    const start = new Date(Date.UTC(2028, 0, 3));
    const weekly = { interval: 'week' };
    const { api, id, invoice, failedAt, attempts } = await failingSubscription(start, { retry_days: [1, 2], after_retries: 'unpaid' }, weekly);
    await api.advance(new Date(failedAt.getTime() + 2 * DAY));
    await api.until(id, (row) => row.status === 'unpaid');
    expect(await attempts()).toBe(3);
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('uncollectible');
    // Past the period's end: its renewal falls due while unpaid and does nothing (used up).
    const periodEnd = new Date(failedAt.getTime() + 7 * DAY);
    await api.advance(new Date(periodEnd.getTime() + DAY));
    await expect.poll(() => completedJobs('subscription_renewal', 'periodEnd', periodEnd.toISOString()), { timeout: 20_000 }).toBe(1);
    expect(await api.invoices(id)).toHaveLength(1);

    // The customer pays the last retry's intent at its checkout: the uncollectible invoice is paid.
    expect((await payLastAttempt(invoice.id)).status).toBe(303);
    const active = await api.until(id, (row) => row.status === 'active' && row.current_period_start === periodEnd.toISOString());
    const paidWith = active.default_payment_method as string;
    expect(paidWith).toMatch(/^pm_/);
    expect(await eventTypesOf(app, invoice.id)).toContain('invoice.paid');
    // Recovery sent the used-up renewal again: the period since the end is billed now, with the method paid with.
    const charged = async () => (await api.invoices(id)).map((row) => [row.status, row.amount, row.periodStart?.toISOString()]);
    await expect.poll(charged, { timeout: 20_000 }).toEqual([
      ['paid', 2500, failedAt.toISOString()],
      ['paid', 2500, periodEnd.toISOString()],
    ]);
    // A period on, it renews and charges once more (once: no second renewal was left pending).
    const next = new Date(periodEnd.getTime() + 7 * DAY);
    await api.advance(new Date(next.getTime() + 60_000));
    await api.until(id, (row) => row.current_period_start === next.toISOString() && row.status === 'active');
    await expect.poll(charged, { timeout: 20_000 }).toEqual([
      ['paid', 2500, failedAt.toISOString()],
      ['paid', 2500, periodEnd.toISOString()],
      ['paid', 2500, next.toISOString()],
    ]);
    const renewals = await api.invoices(id);
    for (const renewal of renewals.slice(1)) {
      expect(await app.rt.db.prisma.paymentIntent.findMany({ where: { invoiceId: renewal.id }, select: { status: true, paymentMethodId: true } })).toEqual([{ status: 'succeeded', paymentMethodId: paidWith }]);
    }
  }, 120_000);

  it('canceled after the last retry: paying its uncollectible invoice pays the invoice, the subscription stays canceled', async () => {
    const { api, id, invoice, failedAt } = await failingSubscription(new Date(Date.UTC(2028, 1, 1)), { retry_days: [1], after_retries: 'canceled' });
    await api.advance(new Date(failedAt.getTime() + DAY));
    const canceled = await api.until(id, (row) => row.status === 'canceled');
    // Its hosted page says so and still offers to pay it.
    const page = await (await fetch(`${app.baseUrl}/invoices/${invoice.id}`)).text();
    expect(page).toContain('data-status="uncollectible">Uncollectible<');
    expect(page).toContain('id="pay-invoice"');
    expect((await payLastAttempt(invoice.id)).status).toBe(303);
    await expect.poll(() => completedJobs('subscription_invoice_paid', 'invoiceId', invoice.id), { timeout: 20_000 }).toBe(1);
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
    expect(await api.subscription(id)).toEqual(canceled);
    // Nothing renews it: its period's end passes with no new invoice.
    const advanced = await api.advance(new Date(failedAt.getTime() + 40 * DAY));
    expect(advanced.released_jobs).toBeGreaterThanOrEqual(1);
    await expect.poll(() => completedJobs('subscription_renewal', 'subscriptionId', id), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await api.invoices(id)).toHaveLength(1);
    expect((await api.subscription(id)).status).toBe('canceled');
  }, 60_000);
});
