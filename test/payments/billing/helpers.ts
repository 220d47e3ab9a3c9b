import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';
import { checkoutClient, createIntent } from '../checkout-client.ts';

// Billing's tests make products, prices, customers with saved cards and subscriptions through REST,
// and move the account's time with its test clock.

export const DAY = 86_400_000;

export function billing(app: TestApp, key: string) {
  const request = (method: string, path: string, body?: Record<string, unknown>) => app.request(method, path, { key, ...(body ? { body } : {}) });

  async function created(path: string, body: Record<string, unknown>, field: string) {
    const response = await request('POST', path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body[field] as Record<string, any>;
  }

  /** A product and its price: `amount` per `interval`. */
  async function price(amount: number | string = 10, recurring: Record<string, unknown> = { interval: 'month' }, currency = 'USD') {
    const product = await created('/api/v1/products', { name: 'Pro plan' }, 'product');
    return created('/api/v1/prices', { product: product.id, unit_amount: amount, currency, recurring }, 'price');
  }

  const customer = (email = 'ada@example.com') => created('/api/v1/customers', { email, name: 'Ada Lovelace' }, 'customer');

  /** Saves a card on the customer by paying at checkout with `token` (`approve` pins the outcome: a declining token then saves a card that declines later). */
  async function savedCard(customerId: string, token = 'YP-VISA-APPROVE', outcome = 'pending') {
    const pages = checkoutClient(app);
    const intent = await createIntent(app, key, { customer: customerId, setup_future_usage: 'off_session', customer_name: undefined, customer_email: undefined });
    const session = await pages.startSession(intent.id, token.startsWith('YP-MC') ? 'mastercard' : 'visa', outcome);
    expect((await pages.submitToken(session, token)).status).toBe(303);
    const paid = await request('GET', `/api/v1/payment-intents/${intent.id}`);
    expect(paid.body.payment_intent.status).toBe('succeeded');
    return paid.body.payment_intent.payment_method as string;
  }

  async function clock(at: Date) {
    const response = await request('POST', '/api/v1/test-clock', { frozen_time: at.toISOString() });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  async function advance(to: Date) {
    const response = await request('POST', '/api/v1/test-clock/advance', { frozen_time: to.toISOString() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  const subscription = async (id: string) => (await request('GET', `/api/v1/subscriptions/${id}`)).body.subscription as Record<string, any>;

  /** Waits until the subscription reads as `check` says (the worker plays the jobs an advance released). */
  async function until(id: string, check: (subscription: Record<string, any>) => boolean, timeout = 30_000) {
    await expect.poll(async () => check(await subscription(id)), { timeout, interval: 100 }).toBe(true);
    return subscription(id);
  }

  const invoices = (subscriptionId: string) => app.rt.db.prisma.invoice.findMany({ where: { subscriptionId }, orderBy: { number: 'asc' } });

  return { request, created, price, customer, savedCard, clock, advance, subscription, until, invoices };
}
