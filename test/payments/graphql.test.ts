import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { checkoutClient, eventTypesOf } from './checkout-client.ts';

const CreateIntent = graphql(`
  mutation CreateIntent($input: CreatePaymentIntentInput!) {
    createPaymentIntent(input: $input) {
      id
      status
      amount
      amountMinor
      amountDisplay
      currency
      title
      customerName
      checkoutUrl
      metadata
      paymentMethodCode
      lastPaymentError {
        code
      }
    }
  }
`);

const CancelIntent = graphql(`
  mutation CancelIntent($id: ID!, $reason: CancellationReason) {
    cancelPaymentIntent(id: $id, cancellationReason: $reason) {
      id
      status
      cancellationReason
    }
  }
`);

const ApproveReview = graphql(`
  mutation ApproveReview($id: ID!) {
    approvePaymentReview(id: $id) {
      id
      status
    }
  }
`);

const RejectReview = graphql(`
  mutation RejectReview($id: ID!, $reason: String!) {
    rejectPaymentReview(id: $id, reason: $reason) {
      id
      status
      lastPaymentError {
        code
        declineCode
      }
    }
  }
`);

const Intents = graphql(`
  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {
    paymentIntents(status: $status, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          status
          cardSessions {
            edges {
              node {
                id
                paymentMethodCode
                status
                token
                outcome
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const Sessions = graphql(`
  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {
    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {
      edges {
        node {
          id
          status
          sandboxOutcome
          url
          paymentIntent {
            id
          }
        }
      }
    }
  }
`);

const CreateInvoice = graphql(`
  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {
    createInvoice(input: $input) {
      id
      invoiceNo
      status
      overdue
      amount
      amountDisplay
      currency
      dueDate
      hostedUrl
      paymentIntent {
        id
      }
    }
  }
`);

const VoidInvoice = graphql(`
  mutation VoidInvoiceGql($id: ID!) {
    voidInvoice(id: $id) {
      id
      status
      voidedAt
    }
  }
`);

const Invoices = graphql(`
  query InvoicesGql($status: [InvoiceStatus!]) {
    invoices(status: $status) {
      edges {
        node {
          id
          invoiceNo
          status
        }
      }
    }
  }
`);

const InvoiceById = graphql(`
  query InvoiceById($id: ID!) {
    invoice(id: $id) {
      id
      status
    }
  }
`);

let app: TestApp;
let merchant: TestAccount;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account();
  pages = checkoutClient(app);
});
afterAll(() => app?.stop());

const input = { amount: 49.99, currency: 'eur', title: 'Annual plan', customerName: 'Mia', customerEmail: 'mia@example.com' };

describe('payment intents over GraphQL', () => {
  it('creates one as REST does', async () => {
    const result = await execute(app.baseUrl, merchant.key, CreateIntent, { input: { ...input, metadata: { plan: 'annual' } } });
    expect(result.errors).toBeUndefined();
    expect(result.data!.createPaymentIntent).toMatchObject({
      status: 'REQUIRES_PAYMENT_METHOD',
      amount: 49.99,
      amountMinor: 4999,
      amountDisplay: '49.99',
      currency: 'EUR',
      metadata: { plan: 'annual' },
      paymentMethodCode: null,
      lastPaymentError: null,
    });
    const id = result.data!.createPaymentIntent.id;
    expect(result.data!.createPaymentIntent.checkoutUrl).toBe(`${app.rt.config.publicBaseUrl}/checkout/${id}`);
    expect(await eventTypesOf(app, id)).toEqual(['payment_intent.created']);
  });

  it('names the GraphQL param of a validation error and stores nothing', async () => {
    const before = await app.rt.db.prisma.paymentIntent.count();
    for (const [change, param] of [
      [{ customerEmail: 'mia' }, 'input.customerEmail'],
      [{ amount: 0.001 }, 'input.amount'],
      [{ currency: 'ZZZ' }, 'input.currency'],
      [{ metadata: { nested: { no: true } } }, 'input.metadata.nested'],
    ] as const) {
      const result = await execute(app.baseUrl, merchant.key, CreateIntent, { input: { ...input, ...change } });
      expect(result.errors?.[0]?.extensions, param).toMatchObject({ code: 'invalid_request', param });
    }
    expect(await app.rt.db.prisma.paymentIntent.count()).toBe(before);
  });

  it('needs payments.write', async () => {
    const reader = await app.account({ scopes: ['payments.read'] });
    const result = await execute(app.baseUrl, reader.key, CreateIntent, { input });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'forbidden', param: 'payments.write' });
  });

  it('cancels, and refuses to cancel twice', async () => {
    const id = (await execute(app.baseUrl, merchant.key, CreateIntent, { input })).data!.createPaymentIntent.id;
    const canceled = await execute(app.baseUrl, merchant.key, CancelIntent, { id, reason: 'DUPLICATE' });
    expect(canceled.data?.cancelPaymentIntent).toMatchObject({ status: 'CANCELED', cancellationReason: 'duplicate' });
    const again = await execute(app.baseUrl, merchant.key, CancelIntent, { id });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });
  });

  it('approves and rejects reviews', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 2; index++) {
      const id = (await execute(app.baseUrl, merchant.key, CreateIntent, { input })).data!.createPaymentIntent.id;
      await pages.submitToken(await pages.startSession(id, 'apple_pay'), 'YP-AP-REVIEW');
      ids.push(id);
    }
    expect((await execute(app.baseUrl, merchant.key, ApproveReview, { id: ids[0]! })).data?.approvePaymentReview.status).toBe('SUCCEEDED');
    const rejected = await execute(app.baseUrl, merchant.key, RejectReview, { id: ids[1]!, reason: 'Velocity limits' });
    expect(rejected.data?.rejectPaymentReview).toMatchObject({
      status: 'REQUIRES_PAYMENT_METHOD',
      lastPaymentError: { code: 'card_declined', declineCode: 'review_rejected' },
    });
    const late = await execute(app.baseUrl, merchant.key, ApproveReview, { id: ids[1]! });
    expect(late.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });
  });

  it('lists as a Relay connection filtered by status, with card sessions', async () => {
    const account = await app.account();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await execute(app.baseUrl, account.key, CreateIntent, { input })).data!.createPaymentIntent.id);
    await pages.submitToken(await pages.startSession(ids[0]!, 'mastercard'), 'YP-MC-APPROVE');
    await pages.startSession(ids[1]!, 'google_pay');

    const page1 = await execute(app.baseUrl, account.key, Intents, { first: 2 });
    expect(page1.data!.paymentIntents.edges.map((edge) => edge.node.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data!.paymentIntents.pageInfo.hasNextPage).toBe(true);
    const page2 = await execute(app.baseUrl, account.key, Intents, { first: 2, after: page1.data!.paymentIntents.pageInfo.endCursor });
    expect(page2.data!.paymentIntents.edges.map((edge) => edge.node.id)).toEqual([ids[0]]);
    const succeeded = page2.data!.paymentIntents.edges[0]!.node;
    expect(succeeded.cardSessions.edges.map((edge) => edge.node)).toMatchObject([
      { paymentMethodCode: 'MASTERCARD', status: 'COMPLETED', token: 'YP-MC-APPROVE', outcome: 'succeeded' },
    ]);

    const filtered = await execute(app.baseUrl, account.key, Intents, { status: ['SUCCEEDED'] });
    expect(filtered.data!.paymentIntents.edges.map((edge) => edge.node.id)).toEqual([ids[0]]);
    const others = await execute(app.baseUrl, merchant.key, Intents, { first: 100 });
    expect(others.data!.paymentIntents.edges.some((edge) => ids.includes(edge.node.id))).toBe(false);
  });

  it('lists card sessions by status, expired included', async () => {
    const account = await app.account();
    const id = (await execute(app.baseUrl, account.key, CreateIntent, { input })).data!.createPaymentIntent.id;
    const openPath = await pages.startSession(id, 'visa', 'decline');
    const stalePath = await pages.startSession(id, 'visa');
    const staleId = stalePath.split('/').at(-1)!;
    await app.rt.db.prisma.cardSession.update({ where: { id: staleId }, data: { expiresAt: new Date(Date.now() - 1) } });

    const open = await execute(app.baseUrl, account.key, Sessions, { status: ['OPEN'] });
    expect(open.data!.cardSessions.edges.map((edge) => edge.node)).toMatchObject([
      { id: openPath.split('/').at(-1), status: 'OPEN', sandboxOutcome: 'DECLINE', paymentIntent: { id } },
    ]);
    expect(open.data!.cardSessions.edges[0]!.node.url).toBe(`${app.rt.config.publicBaseUrl}${openPath}`);
    const expired = await execute(app.baseUrl, account.key, Sessions, { status: ['EXPIRED'] });
    expect(expired.data!.cardSessions.edges.map((edge) => edge.node)).toMatchObject([{ id: staleId, status: 'EXPIRED' }]);
    const all = await execute(app.baseUrl, account.key, Sessions, { paymentIntentId: id });
    expect(all.data!.cardSessions.edges).toHaveLength(2);
    const stranger = await app.account();
    expect((await execute(app.baseUrl, stranger.key, Sessions, { status: null })).data!.cardSessions.edges).toEqual([]);
  });
});

describe('invoices over GraphQL', () => {
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  it('creates, lists by status, voids; another account gets not_found', async () => {
    const account = await app.account();
    const created = await execute(app.baseUrl, account.key, CreateInvoice, {
      input: { title: 'Rent', amount: 120000, currency: 'JPY', dueDate: due },
    });
    expect(created.errors).toBeUndefined();
    const invoice = created.data!.createInvoice;
    expect(invoice).toMatchObject({
      invoiceNo: 'INV-000001',
      status: 'OPEN',
      overdue: false,
      amount: 120000,
      amountDisplay: '120000',
      dueDate: due,
      paymentIntent: null,
    });
    const second = (await execute(app.baseUrl, account.key, CreateInvoice, { input: { title: 'Rent', amount: 1, currency: 'JPY', dueDate: due } }))
      .data!.createInvoice;
    expect(second.invoiceNo).toBe('INV-000002');

    const voided = await execute(app.baseUrl, account.key, VoidInvoice, { id: invoice.id });
    expect(voided.data?.voidInvoice.status).toBe('VOID');
    const again = await execute(app.baseUrl, account.key, VoidInvoice, { id: invoice.id });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });

    const open = await execute(app.baseUrl, account.key, Invoices, { status: ['OPEN'] });
    expect(open.data!.invoices.edges.map((edge) => edge.node.id)).toEqual([second.id]);
    const all = await execute(app.baseUrl, account.key, Invoices, { status: null });
    expect(all.data!.invoices.edges.map((edge) => edge.node.invoiceNo)).toEqual(['INV-000002', 'INV-000001']);

    const stranger = await app.account();
    const read = await execute(app.baseUrl, stranger.key, InvoiceById, { id: second.id });
    expect(read.errors?.[0]?.extensions).toMatchObject({ code: 'not_found' });
    const voidTheirs = await execute(app.baseUrl, stranger.key, VoidInvoice, { id: second.id });
    expect(voidTheirs.errors?.[0]?.extensions).toMatchObject({ code: 'not_found' });
  });

  it('names the GraphQL param of a bad due date', async () => {
    const result = await execute(app.baseUrl, merchant.key, CreateInvoice, {
      input: { title: 'Rent', amount: 10, currency: 'USD', dueDate: '2020-01-01' },
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.dueDate' });
  });
});
