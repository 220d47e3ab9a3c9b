import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJobAt } from '../../../src/accounts/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { eventTypesOf } from '../checkout-client.ts';
import { DAY, billing } from './helpers.ts';

// Renewals on the account's time (issue 38): a test clock's advance plays every due renewal in
// order, several periods if it crosses several; reminders 3 days ahead; send_invoice; and two
// worker processes at one due renewal charge it once.

let app: TestApp;
let workers: Array<{ metricsUrl: string }>;

beforeAll(async () => {
  // One billing job at a time per process (a job per fetch, one handler): two jobs under way at once are one in each process.
  app = await startTestApp({ env: { WORKER_CONCURRENCY: '1' } });
  // Two worker processes: every billing job may be taken by either.
  workers = [await app.startWorkers(['subscription-billing']), await app.startWorkers(['subscription-billing'])];
});
afterAll(() => app?.stop());

async function account(start: Date) {
  const merchant: TestAccount = await app.account();
  const api = billing(app, merchant.key);
  await api.clock(start);
  const customer = await api.customer();
  const method = await api.savedCard(customer.id);
  return { api, customer, method, accountId: merchant.id };
}

describe('renewals', () => {
  it('ends a trial, sending trial_will_end and invoice.upcoming 3 days before, then renews three times over one advance', async () => {
    const start = new Date(Date.UTC(2027, 2, 1, 12));
    const { api, customer, method } = await account(start);
    const price = await api.price(30);
    const created = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: method, trial_period_days: 7 });
    const { subscription } = created.body;
    const trialEnd = new Date(start.getTime() + 7 * DAY);
    expect(subscription).toMatchObject({ status: 'trialing', trial_start: start.toISOString(), trial_end: trialEnd.toISOString(), current_period_end: trialEnd.toISOString(), latest_invoice: null });
    expect(created.body.latest_invoice).toBeNull();

    await api.advance(new Date(trialEnd.getTime() - 3 * DAY));
    // Both reminders are due at the same moment; their order between two workers is free.
    await expect.poll(async () => (await eventTypesOf(app, subscription.id)).sort(), { timeout: 20_000 }).toEqual([
      'customer.subscription.created',
      'customer.subscription.trial_will_end',
      'invoice.upcoming',
    ]);
    expect((await api.subscription(subscription.id)).status).toBe('trialing');

    // One advance past the trial's end and two more months: three invoices, in order, each paid.
    const third = new Date(Date.UTC(2027, 4, 8, 12));
    await api.advance(new Date(third.getTime() + 3_600_000));
    const renewed = await api.until(subscription.id, (row) => row.current_period_start === third.toISOString());
    expect(renewed).toMatchObject({ status: 'active', current_period_end: new Date(Date.UTC(2027, 5, 8, 12)).toISOString() });
    const invoices = await api.invoices(subscription.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount, invoice.periodStart?.toISOString()])).toEqual([
      ['paid', 3000, trialEnd.toISOString()],
      ['paid', 3000, new Date(Date.UTC(2027, 3, 8, 12)).toISOString()],
      ['paid', 3000, third.toISOString()],
    ]);
    expect(renewed.latest_invoice).toBe(invoices[2]!.id);
    const types = await eventTypesOf(app, subscription.id);
    expect(types.filter((type) => type === 'customer.subscription.updated')).toHaveLength(3);
  });

  it('sends send_invoice subscriptions an open invoice due in days_until_due instead of charging', async () => {
    const start = new Date(Date.UTC(2027, 5, 1));
    const { api, customer } = await account(start);
    const price = await api.price(12, { interval: 'week' });
    const created = await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], collection_method: 'send_invoice', days_until_due: 10 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.subscription).toMatchObject({ status: 'active', collection_method: 'send_invoice', days_until_due: 10 });
    expect(created.body.latest_invoice).toMatchObject({ status: 'open', due_date: '2027-06-11' });
    await api.advance(new Date(start.getTime() + 7 * DAY));
    await expect.poll(async () => (await api.invoices(created.body.subscription.id)).length, { timeout: 20_000 }).toBe(2);
    const [, second] = await api.invoices(created.body.subscription.id);
    expect(second).toMatchObject({ status: 'open', paymentIntentId: null });
    expect(second!.dueDate.toISOString().slice(0, 10)).toBe('2027-06-18');
  });

  it('charges a due renewal once though its job runs three times in two worker processes', async () => {
    const start = new Date(Date.UTC(2027, 7, 1));
    const { api, customer, method, accountId } = await account(start);
    const price = await api.price(5, { interval: 'day' });
    const { subscription } = (await api.request('POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: method })).body;
    const periodEnd = subscription.current_period_end as string;
    // Two more copies of the renewal's job, due with it: the advance releases all three at once.
    await app.rt.db.prisma.$transaction(async (tx) => {
      for (let copy = 0; copy < 2; copy++) {
        await sendJobAt(app.rt, tx, accountId, 'subscription_renewal', { subscriptionId: subscription.id, periodEnd }, { at: new Date(periodEnd) });
      }
    });
    const copies = (state: string) =>
      app.rt.db.prisma.$queryRaw<Array<{ count: number }>>`
        SELECT count(*)::int AS count FROM pgboss.job
        WHERE name = 'subscription_renewal' AND state = ${state}::pgboss.job_state AND data->>'subscriptionId' = ${subscription.id} AND data->>'periodEnd' = ${periodEnd}`;
    const renewalsDone = async () => Promise.all(workers.map(async (worker) => completedRenewals(await (await fetch(worker.metricsUrl)).text())));
    const before = await renewalsDone();
    // The test holds the subscription's row lock while the advance releases the three copies: each
    // process takes one and waits on that lock (two under way at once: one in each process, as each
    // runs one billing job at a time), so both are at the renewal together when it is let go.
    await app.rt.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${subscription.id} FOR UPDATE`;
        await api.advance(new Date(new Date(periodEnd).getTime() + 60_000));
        await expect.poll(async () => (await copies('active'))[0]!.count, { timeout: 20_000 }).toBe(2);
      },
      { timeout: 40_000 },
    );
    // All three copies ran, then count: one renewal invoice, one charge of it.
    await expect.poll(async () => (await copies('completed'))[0]!.count, { timeout: 20_000 }).toBe(3);
    const after = await renewalsDone();
    // Each process completed at least one of them (its own metrics).
    expect(after.map((count, index) => count - before[index]!).every((count) => count >= 1), `${before} → ${after}`).toBe(true);
    const invoices = await api.invoices(subscription.id);
    expect(invoices).toHaveLength(2);
    expect(await app.rt.db.prisma.paymentIntent.count({ where: { invoiceId: invoices[1]!.id } })).toBe(1);
    expect(invoices[1]!.status).toBe('paid');
  });
});

/** A worker process's `yarrow_jobs_processed_total{queue="subscription_renewal",outcome="completed"}` (0 before its first). */
function completedRenewals(metrics: string): number {
  const line = metrics.split('\n').find((text) => text.startsWith('yarrow_jobs_processed_total{') && text.includes('queue="subscription_renewal"') && text.includes('outcome="completed"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
