import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJob } from '../../src/core/queue.ts';
import { parseInput } from '../../src/core/errors.ts';
import { createInvoice, createInvoiceBody } from '../../src/payments/invoices/invoices.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { checkoutClient, eventTypesOf } from './checkout-client.ts';

let app: TestApp;
let merchant: TestAccount;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account({ name: 'Oak Street Studio' });
  pages = checkoutClient(app);
  await app.startWorkers(['invoice-overdue']);
});
afterAll(() => app?.stop());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const valid = { title: 'Design work, November', amount: 1500, currency: 'SAR', due_date: day(14) };

async function newInvoice(key = merchant.key, overrides: Record<string, unknown> = {}) {
  const response = await app.request('POST', '/api/v1/invoices', { key, body: { ...valid, ...overrides } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.invoice as Record<string, any>;
}

const PaidInvoice = graphql(`
  query PaidInvoicePayer($id: ID!) {
    invoice(id: $id) {
      customerName
      customerEmail
      paymentIntentId
    }
  }
`);

const InvoiceLive = graphql(`
  subscription InvoiceLive($id: ID!) {
    invoiceUpdated(id: $id) {
      id
      status
      overdue
      overdueAt
      paidAt
    }
  }
`);

describe('POST /api/v1/invoices', () => {
  it('creates an open invoice with a public id, a number and a hosted page', async () => {
    const account = await app.account();
    const invoice = await newInvoice(account.key, { customer_email: 'billing@example.com' });
    expect(invoice).toMatchObject({
      object: 'invoice',
      invoice_no: 'INV-000001',
      status: 'open',
      overdue: false,
      title: valid.title,
      amount: 1500,
      amount_display: '1500.00',
      currency: 'SAR',
      due_date: valid.due_date,
      customer_email: 'billing@example.com',
      paid_at: null,
    });
    expect(invoice.public_id).toMatch(/^inv_[0-9a-z]{26}$/);
    expect(invoice.id).toBe(invoice.public_id);
    expect(invoice.hosted_url).toBe(`${app.rt.config.publicBaseUrl}/invoices/${invoice.public_id}`);
    expect(new Date(invoice.created_at).toISOString()).toBe(invoice.created_at);
    expect(await eventTypesOf(app, invoice.id)).toEqual(['invoice.created']);
  });

  it('numbers invoices per account, sequentially and without gaps, even when created at once', async () => {
    const account = await app.account();
    const other = await app.account();
    await newInvoice(other.key);
    // Refused requests and a rolled-back create take no number.
    expect((await app.request('POST', '/api/v1/invoices', { key: account.key, body: { ...valid, currency: 'XYZ' } })).status).toBe(400);
    await app.rt.db.prisma
      .$transaction(async (tx) => {
        await createInvoice(app.rt, tx, account.id, parseInput(createInvoiceBody, valid));
        throw new Error('roll back');
      })
      .catch(() => {});
    const created = await Promise.all(Array.from({ length: 12 }, () => newInvoice(account.key)));
    expect(created.map((invoice) => invoice.invoice_no).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `INV-${String(index + 1).padStart(6, '0')}`),
    );
    expect((await newInvoice(other.key)).invoice_no).toBe('INV-000002');
  });

  it.each([
    ['a due date in the past', { due_date: day(-1) }, 'due_date'],
    ['a due date that is no date', { due_date: '2027-02-30' }, 'due_date'],
    ['a due date in another format', { due_date: '01/02/2027' }, 'due_date'],
    ['a due date too far ahead', { due_date: day(6 * 366) }, 'due_date'],
    ['an unknown currency', { currency: 'ABC' }, 'currency'],
    ['too many decimals', { amount: 10.005 }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['no title', { title: '' }, 'title'],
  ])('refuses %s', async (_label, change, param) => {
    const before = await app.rt.db.prisma.invoice.count();
    const response = await app.request('POST', '/api/v1/invoices', { key: merchant.key, body: { ...valid, ...change } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_request', param });
    expect(await app.rt.db.prisma.invoice.count()).toBe(before);
  });

  it('accepts today as the due date', async () => {
    expect((await newInvoice(merchant.key, { due_date: day(0) })).due_date).toBe(day(0));
  });

  it('is idempotent with an Idempotency-Key (one invoice, one number)', async () => {
    const account = await app.account();
    const headers = { 'Idempotency-Key': 'invoice-nov' };
    const first = await app.request('POST', '/api/v1/invoices', { key: account.key, body: valid, headers });
    const second = await app.request('POST', '/api/v1/invoices', { key: account.key, body: valid, headers });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await newInvoice(account.key)).invoice_no).toBe('INV-000002');
  });

  it('needs invoices.write', async () => {
    const reader = await app.account({ scopes: ['invoices.read', 'payments.write'] });
    const response = await app.request('POST', '/api/v1/invoices', { key: reader.key, body: valid });
    expect(response.status).toBe(403);
    expect(response.body.error.param).toBe('invoices.write');
  });
});

describe('reading invoices', () => {
  it('gets, lists newest first, filters by status; another account sees none of it', async () => {
    const account = await app.account();
    const first = await newInvoice(account.key);
    const second = await newInvoice(account.key);
    await app.request('POST', `/api/v1/invoices/${first.id}/void`, { key: account.key });
    const got = await app.request('GET', `/api/v1/invoices/${second.id}`, { key: account.key });
    expect(got.body.invoice).toEqual(second);
    const list = await app.request('GET', '/api/v1/invoices', { key: account.key });
    expect(list.body.data.map((invoice: { id: string }) => invoice.id)).toEqual([second.id, first.id]);
    const voided = await app.request('GET', '/api/v1/invoices?status=void', { key: account.key });
    expect(voided.body.data.map((invoice: { id: string }) => invoice.id)).toEqual([first.id]);

    const stranger = await app.account();
    expect((await app.request('GET', `/api/v1/invoices/${second.id}`, { key: stranger.key })).status).toBe(404);
    expect((await app.request('POST', `/api/v1/invoices/${second.id}/void`, { key: stranger.key })).status).toBe(404);
    expect((await app.request('GET', `/api/v1/invoices?starting_after=${second.id}`, { key: stranger.key })).status).toBe(404);
    expect((await app.request('GET', '/api/v1/invoices', { key: stranger.key })).body.data).toEqual([]);
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('open');
  });
});

/** Pays an invoice through its hosted page and the checkout: answers the intent id. */
async function payThroughHostedPage(invoiceId: string, token = 'YP-VISA-APPROVE', customer?: Record<string, string>) {
  const page = await pages.get(`/invoices/${invoiceId}`);
  expect(page.status).toBe(200);
  const answer = await pages.post(`/invoices/${invoiceId}/pay`, { csrf_token: pages.csrfToken(page.html), ...customer });
  expect(answer.status, answer.html).toBe(303);
  const intentId = answer.location!.split('/').at(-1)!;
  const rail = { VISA: 'visa', MC: 'mastercard', GP: 'google_pay', AP: 'apple_pay' }[token.split('-')[1]!]!;
  await pages.submitToken(await pages.startSession(intentId, rail), token);
  return intentId;
}

describe('paying an invoice on its hosted page', () => {
  it('runs a payment intent through the checkout; its success marks the invoice paid in the same transaction', async () => {
    const invoice = await newInvoice(merchant.key, { customer_name: 'Grace Hopper', customer_email: 'grace@example.com' });
    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, InvoiceLive, { id: invoice.id });
    try {
      expect((await live.next()).data?.invoiceUpdated.status).toBe('OPEN');
      const page = await pages.get(`/invoices/${invoice.id}`);
      expect(page.html).toContain(invoice.invoice_no);
      expect(page.html).toContain('Oak Street Studio');
      expect(page.html).not.toContain('name="customer_email"');

      const intentId = await payThroughHostedPage(invoice.id);
      const update = (await live.next()).data!.invoiceUpdated;
      expect(update).toMatchObject({ id: invoice.id, status: 'PAID', overdue: false });

      const intent = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intentId } });
      expect(intent).toMatchObject({ status: 'succeeded', invoiceId: invoice.id, amount: 150000, currency: 'SAR', customerName: 'Grace Hopper' });
      const stored = await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
      expect(stored.paidAt).toEqual(intent.succeededAt);

      const paid = await app.rt.db.prisma.event.findFirstOrThrow({ where: { objectPublicId: invoice.id, type: 'invoice.paid' } });
      expect(paid.data).toEqual({
        invoice: { public_id: invoice.id, invoice_no: invoice.invoice_no, status: 'paid' },
        paid_at: stored.paidAt!.toISOString().slice(0, 19).replace('T', ' '),
      });
      expect((paid.data as { paid_at: string }).paid_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(await eventTypesOf(app, invoice.id)).toEqual(['invoice.created', 'invoice.paid']);

      const rest = await app.request('GET', `/api/v1/invoices/${invoice.id}`, { key: merchant.key });
      expect(rest.body.invoice).toMatchObject({ status: 'paid', paid_at: stored.paidAt!.toISOString() });
      const after = await pages.get(`/invoices/${invoice.id}`);
      expect(after.html).toContain('data-status="paid"');
      expect(after.html).not.toContain('name="csrf_token"');

      const again = await pages.post(`/invoices/${invoice.id}/pay`, { csrf_token: pages.csrfToken(page.html) });
      expect(again.status).toBe(409);
      const voiding = await app.request('POST', `/api/v1/invoices/${invoice.id}/void`, { key: merchant.key });
      expect(voiding.status).toBe(409);
      expect(voiding.body.error.code).toBe('invalid_state');
    } finally {
      live.dispose();
      await client.dispose();
    }
  });

  it('asks for the payer when the invoice names none, and reuses one intent across clicks and declines', async () => {
    const invoice = await newInvoice();
    const page = await pages.get(`/invoices/${invoice.id}`);
    expect(page.html).toContain('name="customer_email"');
    const missing = await pages.post(`/invoices/${invoice.id}/pay`, { csrf_token: pages.csrfToken(page.html), customer_name: 'Lin' });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('Enter your email address.');
    const customer = { customer_name: 'Lin', customer_email: 'lin@example.com' };
    const first = await pages.post(`/invoices/${invoice.id}/pay`, { csrf_token: pages.csrfToken(page.html), ...customer });
    const second = await pages.post(`/invoices/${invoice.id}/pay`, { csrf_token: pages.csrfToken(page.html), ...customer });
    expect(second.location).toBe(first.location);
    const intentId = first.location!.split('/').at(-1)!;
    await pages.submitToken(await pages.startSession(intentId, 'visa'), 'YP-VISA-DECLINE');
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
    expect(await payThroughHostedPage(invoice.id, 'YP-AP-MC-APPROVE')).toBe(intentId);
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
  });
});

describe('a paid invoice keeps its payer and its payment', () => {
  it('names the payer given on the hosted page and the payment intent that paid it (REST, GraphQL, the invoice.paid webhook object)', async () => {
    const invoice = await newInvoice();
    expect(invoice).toMatchObject({ customer_name: null, customer_email: null, payment_intent: null });
    const intentId = await payThroughHostedPage(invoice.id, 'YP-VISA-APPROVE', { customer_name: 'Grace Hopper', customer_email: 'grace@example.com' });
    const rest = await app.request('GET', `/api/v1/invoices/${invoice.id}`, { key: merchant.key });
    expect(rest.body.invoice).toMatchObject({ status: 'paid', customer_name: 'Grace Hopper', customer_email: 'grace@example.com', payment_intent: intentId });
    const listed = await app.request('GET', `/api/v1/invoices?q=${invoice.id}`, { key: merchant.key });
    expect(listed.body.data[0]).toMatchObject({ id: invoice.id, payment_intent: intentId, customer_name: 'Grace Hopper' });
    const gql = await execute(app.baseUrl, merchant.key, PaidInvoice, { id: invoice.id });
    expect(gql.data?.invoice).toEqual({ customerName: 'Grace Hopper', customerEmail: 'grace@example.com', paymentIntentId: intentId });
  });

  it('an invoice that named its payer keeps that payer', async () => {
    const invoice = await newInvoice(merchant.key, { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' });
    const intentId = await payThroughHostedPage(invoice.id);
    const rest = await app.request('GET', `/api/v1/invoices/${invoice.id}`, { key: merchant.key });
    expect(rest.body.invoice).toMatchObject({ customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', payment_intent: intentId });
  });
});

describe('POST /api/v1/invoices/<id>/void', () => {
  it('voids an open invoice and cancels its unfinished payment', async () => {
    const invoice = await newInvoice(merchant.key, { customer_name: 'A', customer_email: 'a@example.com' });
    const page = await pages.get(`/invoices/${invoice.id}`);
    const started = await pages.post(`/invoices/${invoice.id}/pay`, { csrf_token: pages.csrfToken(page.html) });
    const intentId = started.location!.split('/').at(-1)!;
    const response = await app.request('POST', `/api/v1/invoices/${invoice.id}/void`, { key: merchant.key });
    expect(response.status).toBe(200);
    expect(response.body.invoice).toMatchObject({ status: 'void' });
    expect(response.body.invoice.voided_at).not.toBeNull();
    expect(await eventTypesOf(app, invoice.id)).toEqual(['invoice.created', 'invoice.voided']);
    const intent = await app.rt.db.prisma.paymentIntent.findUniqueOrThrow({ where: { id: intentId } });
    expect(intent).toMatchObject({ status: 'canceled', cancellationReason: 'void_invoice' });

    const again = await app.request('POST', `/api/v1/invoices/${invoice.id}/void`, { key: merchant.key });
    expect(again.status).toBe(409);
    const pay = await pages.post(`/invoices/${invoice.id}/pay`, { csrf_token: pages.csrfToken(page.html) });
    expect(pay.status).toBe(409);
    expect(pay.html).toContain('This invoice is void');
  });

  it('refuses while a payment for the invoice is under review', async () => {
    const invoice = await newInvoice(merchant.key, { customer_name: 'A', customer_email: 'a@example.com' });
    const intentId = await payThroughHostedPage(invoice.id, 'YP-GP-REVIEW');
    const response = await app.request('POST', `/api/v1/invoices/${invoice.id}/void`, { key: merchant.key });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toContain('under review');
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
    // The review's approval pays the invoice.
    await app.request('POST', `/api/v1/payment-intents/${intentId}/review/approve`, { key: merchant.key });
    expect((await app.rt.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
  });
});

describe('overdue invoices', () => {
  it('schedules the overdue job for the day after the due date, in the creating transaction', async () => {
    const invoice = await newInvoice(merchant.key, { due_date: day(3) });
    const jobs = await app.rt.db.prisma.$queryRaw<Array<{ start_after: Date }>>`
      SELECT start_after FROM pgboss.job WHERE name = 'invoice_overdue' AND data->>'invoiceId' = ${invoice.id}`;
    expect(jobs.map((job) => job.start_after.toISOString())).toEqual([`${day(4)}T00:00:00.000Z`]);
  });

  it('the worker marks an open invoice overdue once its due date has passed, once', async () => {
    const invoice = await newInvoice(merchant.key, { due_date: day(0) });
    // Time passes: the due date is now yesterday, and the scheduled job comes due.
    await app.rt.db.prisma.invoice.update({ where: { id: invoice.id }, data: { dueDate: new Date(`${day(-1)}T00:00:00Z`) } });
    const rest = await app.request('GET', `/api/v1/invoices/${invoice.id}`, { key: merchant.key });
    expect(rest.body.invoice.overdue).toBe(true);

    const client = wsClient(app.wsUrl, merchant.key);
    const live = subscribe(client, InvoiceLive, { id: invoice.id });
    try {
      expect((await live.next()).data?.invoiceUpdated).toMatchObject({ status: 'OPEN', overdue: true, overdueAt: null });
      await sendJob(app.rt.boss, 'invoice_overdue', { invoiceId: invoice.id });
      const update = (await live.next()).data!.invoiceUpdated;
      expect(update.overdueAt).not.toBeNull();
      expect(update.status).toBe('OPEN');
    } finally {
      live.dispose();
      await client.dispose();
    }
    const event = await app.rt.db.prisma.event.findFirstOrThrow({ where: { objectPublicId: invoice.id, type: 'invoice.overdue' } });
    expect(event.data).toMatchObject({ invoice: { public_id: invoice.id, status: 'open', overdue: true } });

    const { overdueJob } = await import('../../src/payments/invoices/invoices.ts');
    expect(await overdueJob(app.rt, invoice.id)).toBeNull();
    expect(await eventTypesOf(app, invoice.id)).toEqual(['invoice.created', 'invoice.overdue']);
  });

  it('leaves paid invoices alone', async () => {
    const invoice = await newInvoice(merchant.key, { customer_name: 'A', customer_email: 'a@example.com' });
    await payThroughHostedPage(invoice.id);
    await app.rt.db.prisma.invoice.update({ where: { id: invoice.id }, data: { dueDate: new Date(`${day(-1)}T00:00:00Z`) } });
    const { overdueJob } = await import('../../src/payments/invoices/invoices.ts');
    expect(await overdueJob(app.rt, invoice.id)).toBeNull();
    expect(await eventTypesOf(app, invoice.id)).toEqual(['invoice.created', 'invoice.paid']);
  });
});
