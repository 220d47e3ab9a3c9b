import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { checkoutClient, createIntent, eventTypesOf } from './checkout-client.ts';

// Customers and saved payment methods (issue 33) through REST and the hosted checkout (driven over
// HTTP as a browser without JavaScript would): a card saved by a payment with setup_future_usage,
// charged again off-session (approved, 3-D Secure answering authentication_required, declined),
// refused for another customer, invisible to another account.

const CreateCustomer = graphql(`
  mutation TestCreateCustomer($input: CreateCustomerInput!) {
    createCustomer(input: $input) {
      id
      email
      name
    }
  }
`);

const UpdateCustomer = graphql(`
  mutation TestUpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {
    updateCustomer(id: $id, input: $input) {
      id
      name
      description
    }
  }
`);

const DeleteCustomer = graphql(`
  mutation TestDeleteCustomer($id: ID!) {
    deleteCustomer(id: $id)
  }
`);

const CustomersByEmail = graphql(`
  query TestCustomersByEmail($email: String, $search: String) {
    customers(first: 10, email: $email, search: $search) {
      edges {
        node {
          id
          paymentMethods(first: 5) {
            edges {
              node {
                id
                paymentMethodCode
                brand
                last4
              }
            }
          }
          paymentIntents(first: 5) {
            edges {
              node {
                id
                customer {
                  id
                }
                paymentMethod {
                  id
                }
              }
            }
          }
        }
      }
    }
  }
`);

const ChargeSaved = graphql(`
  mutation TestChargeSaved($input: CreatePaymentIntentInput!) {
    createPaymentIntent(input: $input) {
      id
      status
      customerId
      lastPaymentError {
        code
      }
    }
  }
`);

const DetachMethod = graphql(`
  mutation TestDetachMethod($id: ID!) {
    detachPaymentMethod(id: $id) {
      id
      customer {
        id
      }
      detachedAt
    }
  }
`);

const SessionTokens = graphql(`
  query TestSessionTokens($id: ID!) {
    cardSessions(first: 10, paymentIntentId: $id) {
      edges {
        node {
          token
          outcome
        }
      }
    }
  }
`);

let app: TestApp;
let merchant: TestAccount;
let other: TestAccount;

let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { PAYMENT_REVIEW_DELAY_SECONDS: '0' } });
  merchant = await app.account();
  other = await app.account({ scopes: ['payments.read', 'payments.write'] });
  ({ secret } = await createEndpoint(app, merchant.key, {
    url: receiver.url('/customers'),
    eventTypes: ['customer.created', 'customer.updated', 'customer.deleted', 'payment_method.attached', 'payment_method.detached'],
  }));
  await app.startWorkers(['webhooks', 'payment-review']);
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

async function createCustomer(key: string, body: Record<string, unknown> = { email: 'ada@example.com', name: 'Ada Lovelace' }) {
  const response = await app.request('POST', '/api/v1/customers', { key, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.customer as Record<string, any>;
}

/** Pays a new intent of `customer` at checkout with `token`, saving the method: answers the saved method. */
async function saveCard(customerId: string, token: string, rail = 'visa', sandboxOutcome = 'pending') {
  const pages = checkoutClient(app);
  const intent = await createIntent(app, merchant.key, { customer: customerId, setup_future_usage: 'off_session', customer_name: undefined, customer_email: undefined });
  expect(intent.customer).toBe(customerId);
  expect(intent.setup_future_usage).toBe('off_session');
  const session = await pages.startSession(intent.id, rail, sandboxOutcome);
  expect((await pages.submitToken(session, token)).status).toBe(303);
  if (token.includes('3DS')) expect((await pages.answerChallenge(session, 'pass')).status).toBe(303);
  // A review token's payment is approved by the sandbox reviewer (the payment-review worker).
  await expect.poll(async () => (await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key })).body.payment_intent.status, { timeout: 20_000 }).toBe('succeeded');
  const paid = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
  expect(paid.body.payment_intent.payment_method).toMatch(/^pm_/);
  const method = await app.request('GET', `/api/v1/payment-methods/${paid.body.payment_intent.payment_method}`, { key: merchant.key });
  expect(method.status).toBe(200);
  return method.body.payment_method as Record<string, any>;
}

function chargeOffSession(key: string, customer: string, paymentMethod: string, extra: Record<string, unknown> = {}) {
  return app.request('POST', '/api/v1/payment-intents', {
    key,
    body: { amount: 9.99, currency: 'USD', title: 'Monthly plan', customer, payment_method: paymentMethod, confirm: true, off_session: true, ...extra },
  });
}

describe('customers', () => {
  it('creates, reads, updates, lists, finds by email and deletes a customer, each with its event', async () => {
    const customer = await createCustomer(merchant.key, { email: 'Grace@Example.com', name: 'Grace Hopper', metadata: { plan: 'pro' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'Grace@Example.com', name: 'Grace Hopper', metadata: { plan: 'pro' } });
    expect(customer.id).toMatch(/^cus_[0-9a-z]{26}$/);
    await createCustomer(merchant.key, { email: 'someone@example.com' });

    const shown = await app.request('GET', `/api/v1/customers/${customer.id}`, { key: merchant.key });
    expect(shown.body.customer).toEqual(customer);

    const updated = await app.request('POST', `/api/v1/customers/${customer.id}`, { key: merchant.key, body: { name: null, description: 'Admiral' } });
    expect(updated.status).toBe(200);
    expect(updated.body.customer).toMatchObject({ name: null, description: 'Admiral', email: 'Grace@Example.com' });

    const byEmail = await app.request('GET', '/api/v1/customers?email=grace@example.com', { key: merchant.key });
    expect(byEmail.body.data.map((row: { id: string }) => row.id)).toEqual([customer.id]);
    const page = await app.request('GET', '/api/v1/customers?limit=1', { key: merchant.key });
    expect(page.body).toMatchObject({ object: 'list', has_more: true });
    const next = await app.request('GET', `/api/v1/customers?limit=1&starting_after=${page.body.data[0].id}`, { key: merchant.key });
    expect(next.body.data[0].id).toBe(customer.id);

    const deleted = await app.request('DELETE', `/api/v1/customers/${customer.id}`, { key: merchant.key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true, customer: { id: customer.id } });
    expect((await app.request('GET', `/api/v1/customers/${customer.id}`, { key: merchant.key })).status).toBe(404);
    expect(await eventTypesOf(app, customer.id)).toEqual(['customer.created', 'customer.updated', 'customer.deleted']);
  });

  it('refuses bad input with the param at fault and changes nothing', async () => {
    const before = await app.rt.db.prisma.customer.count();
    const bad = await app.request('POST', '/api/v1/customers', { key: merchant.key, body: { email: 'not an email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'email' });
    const unknown = await app.request('POST', '/api/v1/customers', { key: merchant.key, body: { phone: '1' } });
    expect(unknown.body.error.param).toBe('phone');
    expect(await app.rt.db.prisma.customer.count()).toBe(before);

    const noCustomer = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      body: { amount: 5, currency: 'USD', title: 'x', customer_name: 'A', customer_email: 'a@example.com', setup_future_usage: 'off_session' },
    });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.error.param).toBe('setup_future_usage');
    const missing = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { amount: 5, currency: 'USD', title: 'x' } });
    expect(missing.body.error.param).toBe('customer_name');
    const foreignCustomer = await createCustomer(other.key);
    const notMine = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      body: { amount: 5, currency: 'USD', title: 'x', customer: foreignCustomer.id },
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.error).toMatchObject({ code: 'not_found', param: 'customer' });
  });

  it("keeps one account's customers and methods invisible to another", async () => {
    const customer = await createCustomer(merchant.key, { email: 'private@example.com' });
    const method = await saveCard(customer.id, 'YP-VISA-APPROVE');
    for (const path of [`/api/v1/customers/${customer.id}`, `/api/v1/customers/${customer.id}/payment-methods`, `/api/v1/payment-methods/${method.id}`]) {
      const answer = await app.request('GET', path, { key: other.key });
      expect(answer.status, path).toBe(404);
    }
    expect((await app.request('POST', `/api/v1/customers/${customer.id}`, { key: other.key, body: { name: 'Mallory' } })).status).toBe(404);
    expect((await app.request('DELETE', `/api/v1/customers/${customer.id}`, { key: other.key })).status).toBe(404);
    expect((await app.request('POST', `/api/v1/payment-methods/${method.id}/detach`, { key: other.key })).status).toBe(404);
    const found = await app.request('GET', '/api/v1/customers?email=private@example.com', { key: other.key });
    expect(found.body.data).toEqual([]);
    const listed = await app.request('GET', `/api/v1/customers?starting_after=${customer.id}`, { key: other.key });
    expect(listed.status).toBe(404);
    // Another account's method is not found, whichever of its customers is named.
    const theirs = await createCustomer(other.key);
    const charge = await chargeOffSession(other.key, theirs.id, method.id);
    expect(charge.status).toBe(404);
    expect(charge.body.error).toMatchObject({ code: 'not_found', param: 'payment_method' });
    expect((await app.request('GET', `/api/v1/customers/${customer.id}`, { key: merchant.key })).body.customer.name).toBeNull();
  });
});

describe('saved payment methods', () => {
  it('saves the card a checkout payment was made with, never answering its token, and charges it off-session', async () => {
    const customer = await createCustomer(merchant.key);
    const method = await saveCard(customer.id, 'YP-VISA-APPROVE');
    expect(method).toMatchObject({ object: 'payment_method', customer: customer.id, payment_method_code: 'visa', card: { brand: 'visa', last4: '4242' } });
    expect(JSON.stringify(method)).not.toContain('YP-');
    expect(await eventTypesOf(app, method.id)).toEqual(['payment_method.attached']);

    const listed = await app.request('GET', `/api/v1/customers/${customer.id}/payment-methods`, { key: merchant.key });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([method.id]);
    expect(JSON.stringify(listed.body)).not.toContain('YP-');

    const charge = await chargeOffSession(merchant.key, customer.id, method.id);
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    expect(charge.body.payment_intent).toMatchObject({
      status: 'succeeded',
      customer: customer.id,
      payment_method: method.id,
      payment_method_code: 'visa',
      customer_email: 'ada@example.com',
      customer_name: 'Ada Lovelace',
    });
    expect(await eventTypesOf(app, charge.body.payment_intent.id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    // Charging a saved method saves nothing new.
    expect(await app.rt.db.prisma.paymentMethod.count({ where: { customerId: customer.id } })).toBe(1);
  });

  it('answers authentication_required for a 3-D Secure card off-session, leaving the intent to the customer', async () => {
    const customer = await createCustomer(merchant.key);
    const method = await saveCard(customer.id, 'YP-MC-3DS', 'mastercard');
    expect(method.card).toEqual({ brand: 'mastercard', last4: '3220' });
    const charge = await chargeOffSession(merchant.key, customer.id, method.id);
    expect(charge.status).toBe(402);
    expect(charge.body.ok).toBe(false);
    expect(charge.body.error).toMatchObject({ code: 'authentication_required', param: 'payment_method' });
    const intent = charge.body.error.payment_intent;
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: method.id, last_payment_error: { code: 'authentication_required' } });
    expect(await eventTypesOf(app, intent.id)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);

    // Back on session, the customer pays with the saved card at checkout and authenticates.
    const pages = checkoutClient(app);
    const checkout = await pages.get(`/checkout/${intent.id}`);
    expect(checkout.html).toContain('•••• 3220');
    const chosen = await pages.post(`/checkout/${intent.id}/saved`, { csrf_token: pages.csrfToken(checkout.html), payment_method: method.id });
    expect(chosen.status, chosen.html).toBe(303);
    expect((await pages.answerChallenge(chosen.location!, 'pass')).status).toBe(303);
    const paid = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key: merchant.key });
    expect(paid.body.payment_intent).toMatchObject({ status: 'succeeded', payment_method: method.id });
    // The saved method's attempt never answers its token (the stand-in for the card).
    const sessions = await execute(app.baseUrl, merchant.key, SessionTokens, { id: intent.id });
    expect(sessions.data!.cardSessions.edges.map((edge) => edge.node)).toEqual([{ token: null, outcome: 'succeeded' }]);
  });

  it('declines off-session what the saved card declines', async () => {
    const customer = await createCustomer(merchant.key);
    // A card that paid once and declines later: the checkout's outcome pinned to approve pays with
    // YP-VISA-DECLINE; the saved method re-runs the token's own outcome.
    const method = await saveCard(customer.id, 'YP-VISA-DECLINE', 'visa', 'approve');
    expect(method.card.last4).toBe('9995');
    const charge = await chargeOffSession(merchant.key, customer.id, method.id);
    expect(charge.status).toBe(402);
    expect(charge.body.error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds', param: 'payment_method' });
    expect(charge.body.error.payment_intent.status).toBe('requires_payment_method');
  });

  it('holds an off-session charge of a review card for review, which the sandbox reviewer approves', async () => {
    const customer = await createCustomer(merchant.key);
    const method = await saveCard(customer.id, 'YP-VISA-REVIEW');
    const charge = await chargeOffSession(merchant.key, customer.id, method.id);
    expect(charge.status).toBe(201);
    expect(charge.body.payment_intent.status).toBe('processing');
    const id = charge.body.payment_intent.id;
    await expect.poll(async () => (await app.request('GET', `/api/v1/payment-intents/${id}`, { key: merchant.key })).body.payment_intent.status, { timeout: 20_000 }).toBe('succeeded');
    expect(await eventTypesOf(app, id)).toEqual(['payment_intent.created', 'payment_intent.processing', 'payment_intent.succeeded']);
  });

  it("opens the dispute of a saved dispute card's off-session charge, as the checkout and the capture do", async () => {
    const customer = await createCustomer(merchant.key);
    const method = await saveCard(customer.id, 'YP-VISA-DISPUTE');
    const charge = await chargeOffSession(merchant.key, customer.id, method.id);
    expect(charge.status).toBe(201);
    expect(charge.body.payment_intent.status).toBe('succeeded');
    const id = charge.body.payment_intent.id;
    // The card holder disputes the charge once it succeeded, in the same transaction: the answer already counts it.
    expect(charge.body.payment_intent.amount_disputed).toBe(9.99);
    const disputes = await app.request('GET', `/api/v1/disputes?payment_intent=${id}`, { key: merchant.key });
    expect(disputes.body.data).toHaveLength(1);
    expect(disputes.body.data[0]).toMatchObject({ payment_intent: id, status: 'needs_response', reason: 'fraudulent', amount_minor: 999 });
    expect(await eventTypesOf(app, id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
  });

  it("refuses a charge with another customer's method, and with a detached one, creating nothing", async () => {
    const ada = await createCustomer(merchant.key);
    const bob = await createCustomer(merchant.key, { email: 'bob@example.com' });
    const method = await saveCard(ada.id, 'YP-VISA-APPROVE');
    const before = await app.rt.db.prisma.paymentIntent.count();
    const refused = await chargeOffSession(merchant.key, bob.id, method.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'payment_method' });
    expect(refused.body.error.message).toContain('another customer');

    const detached = await app.request('POST', `/api/v1/payment-methods/${method.id}/detach`, { key: merchant.key });
    expect(detached.status).toBe(200);
    expect(detached.body.payment_method).toMatchObject({ id: method.id, customer: null });
    expect((await app.request('POST', `/api/v1/payment-methods/${method.id}/detach`, { key: merchant.key })).status).toBe(409);
    const afterDetach = await chargeOffSession(merchant.key, ada.id, method.id);
    expect(afterDetach.status).toBe(400);
    expect(afterDetach.body.error.param).toBe('payment_method');
    expect(await app.rt.db.prisma.paymentIntent.count()).toBe(before);
    const listed = await app.request('GET', `/api/v1/customers/${ada.id}/payment-methods`, { key: merchant.key });
    expect(listed.body.data).toEqual([]);
    expect(await eventTypesOf(app, method.id)).toEqual(['payment_method.attached', 'payment_method.detached']);

    const incomplete = await chargeOffSession(merchant.key, ada.id, method.id, { off_session: undefined });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.param).toBe('off_session');
  });

  it('replays an off-session decline for the same Idempotency-Key without charging twice', async () => {
    const customer = await createCustomer(merchant.key);
    const method = await saveCard(customer.id, 'YP-MC-3DS', 'mastercard');
    const body = { amount: 20, currency: 'USD', title: 'Renewal', customer: customer.id, payment_method: method.id, confirm: true, off_session: true };
    const headers = { 'Idempotency-Key': `renewal-${customer.id}` };
    const first = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body, headers });
    const again = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body, headers });
    expect(first.status).toBe(402);
    expect(again.status).toBe(402);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await app.rt.db.prisma.paymentIntent.count({ where: { customerId: customer.id, title: 'Renewal' } })).toBe(1);
  });
});

describe('customers in GraphQL', () => {
  it('creates, finds, updates and deletes a customer, lists its methods and payments, charges and detaches a method, as REST does', async () => {
    const created = await execute(app.baseUrl, merchant.key, CreateCustomer, { input: { email: 'linus@example.com', name: 'Linus' } });
    expect(created.errors).toBeUndefined();
    const customer = created.data!.createCustomer;
    expect(customer.id).toMatch(/^cus_/);
    const bad = await execute(app.baseUrl, merchant.key, CreateCustomer, { input: { email: 'nope' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.email' });

    const updated = await execute(app.baseUrl, merchant.key, UpdateCustomer, { id: customer.id, input: { name: null, description: 'Chemist' } });
    expect(updated.data!.updateCustomer).toEqual({ id: customer.id, name: null, description: 'Chemist' });

    const method = await saveCard(customer.id, 'YP-VISA-APPROVE');
    const found = await execute(app.baseUrl, merchant.key, CustomersByEmail, { email: 'LINUS@example.com' });
    const node = found.data!.customers.edges[0]!.node;
    expect(found.data!.customers.edges).toHaveLength(1);
    expect(node.paymentMethods.edges.map((edge) => edge.node)).toEqual([{ id: method.id, paymentMethodCode: 'VISA', brand: 'visa', last4: '4242' }]);
    expect(node.paymentIntents.edges[0]!.node).toMatchObject({ customer: { id: customer.id }, paymentMethod: { id: method.id } });
    expect((await execute(app.baseUrl, other.key, CustomersByEmail, { search: 'linus' })).data!.customers.edges).toEqual([]);

    const charged = await execute(app.baseUrl, merchant.key, ChargeSaved, {
      input: { amount: 3, currency: 'USD', title: 'Top-up', customer: customer.id, paymentMethod: method.id, confirm: true, offSession: true },
    });
    expect(charged.data!.createPaymentIntent).toMatchObject({ status: 'SUCCEEDED', customerId: customer.id, lastPaymentError: null });

    const detached = await execute(app.baseUrl, merchant.key, DetachMethod, { id: method.id });
    expect(detached.data!.detachPaymentMethod).toMatchObject({ id: method.id, customer: null });
    const deleted = await execute(app.baseUrl, merchant.key, DeleteCustomer, { id: customer.id });
    expect(deleted.data!.deleteCustomer).toBe(customer.id);
    expect(await app.rt.db.prisma.customer.count({ where: { id: customer.id } })).toBe(0);
  });
});

describe('customer and payment method webhooks', () => {
  it('delivers customer.* and payment_method.attached/detached, signed, with the REST objects and never the token', async () => {
    const customer = await createCustomer(merchant.key, { email: 'hooks@example.com' });
    const method = await saveCard(customer.id, 'YP-MC-APPROVE', 'mastercard');
    expect((await app.request('POST', `/api/v1/payment-methods/${method.id}/detach`, { key: merchant.key })).status).toBe(200);
    expect((await app.request('DELETE', `/api/v1/customers/${customer.id}`, { key: merchant.key })).status).toBe(200);
    const about = (id: string) =>
      receiver
        .received('/customers')
        .map((request) => ({ event: verifyWebhook(secret, request.headers, request.body), body: request.body }))
        .filter(({ event }) => event.object_public_id === id);
    for (;;) {
      if (about(customer.id).length >= 2 && about(method.id).length >= 2) break;
      await receiver.waitFor('/customers', receiver.received('/customers').length + 1);
    }
    expect(about(customer.id).map(({ event }) => event.event).sort()).toEqual(['customer.created', 'customer.deleted']);
    const attached = about(method.id).find(({ event }) => event.event === 'payment_method.attached')!;
    expect(attached.event.data).toMatchObject({ customer: customer.id, payment_method: { id: method.id, card: { brand: 'mastercard', last4: '4444' } } });
    const detached = about(method.id).find(({ event }) => event.event === 'payment_method.detached')!;
    expect(detached.event.data).toMatchObject({ customer: customer.id, payment_method: { id: method.id, customer: null } });
    for (const { body } of [...about(customer.id), ...about(method.id)]) expect(body).not.toContain('YP-');
  });
});
