import { createHash } from 'node:crypto';
import type { DbClient } from '../../core/db.ts';
import { notFound, YarrowError } from '../../core/errors.ts';
import { lockRow } from '../../core/locks.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Customer, PaymentIntent, PaymentMethod } from '../../generated/prisma/client.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { paymentMethodJson } from './json.ts';
import { newId } from '../contract.ts';
import { findToken, type TestToken } from '../tokens.ts';

// Saved payment methods (`pm_…`). A payment intent with a `customer` and `setup_future_usage:
// "off_session"` saves the method it was paid with when it succeeds (`methodPaidWith`, called by
// the state machine in the success's transaction). Nothing secret about a card exists in the
// sandbox: the test token is the card, and a saved method keeps it (`sandbox_token`) so each later
// charge re-runs that token's outcome; it keeps the rail, brand and last four to show, and never
// answers the token (./json.ts).

type Rt = Pick<Runtime, 'config' | 'boss'>;

/**
 * The last four digits of the test card a token stands for: Stripe's test card of the same
 * outcome where there is one (4242 approves, 9995 has insufficient funds, 3184 asks for 3-D
 * Secure), else four digits derived from the token, so every token has fixed ones.
 */
const testCardLast4: Record<string, string> = {
  'YP-VISA-APPROVE': '4242',
  'YP-VISA-3DS': '3184',
  'YP-VISA-DECLINE': '9995',
  'YP-VISA-REVIEW': '9235',
  'YP-MC-APPROVE': '4444',
  'YP-MC-3DS': '3220',
  'YP-MC-DECLINE': '0002',
  'YP-MC-REVIEW': '5100',
  'YP-VISA-DECLINE-LOST': '9987',
  'YP-VISA-DECLINE-STOLEN': '9979',
  'YP-VISA-DECLINE-EXPIRED': '0069',
  'YP-VISA-DECLINE-CVC': '0127',
  'YP-VISA-DECLINE-PROCESSING': '0119',
  'YP-VISA-DECLINE-VELOCITY': '6975',
  'YP-VISA-DECLINE-FRAUD': '0019',
  'YP-VISA-DECLINE-LATER': '0341',
};

export function last4Of(token: TestToken): string {
  const known = testCardLast4[token.token];
  if (known) return known;
  const digits = createHash('sha256').update(token.token).digest().readUInt32BE(0) % 10_000;
  return String(digits).padStart(4, '0');
}

/** The token a saved method re-runs (it was valid when saved; tokens are constant data). */
export function tokenOf(method: PaymentMethod): TestToken {
  const token = findToken(method.sandboxToken);
  if (!token) throw new Error(`${method.id}: unknown sandbox token`);
  return token;
}

/** A customer of the account (customers.ts answers it; a payment intent's `customer` is read with it too). */
export async function getCustomer(db: DbClient, accountId: number, id: string, param = 'id'): Promise<Customer> {
  const customer = await db.customer.findFirst({ where: { id, accountId } });
  if (!customer) throw notFound('customer', param);
  return customer;
}

/** Locks a customer of the account for the rest of the transaction (another account's is not found). */
export async function lockCustomer(tx: DbClient, accountId: number, id: string, param = 'id'): Promise<Customer> {
  await lockRow(tx, 'customers', id, { accountId });
  return getCustomer(tx, accountId, id, param);
}

/** A payment method of the account named by a request's `payment_method` (another account's is not found). */
export async function findPaymentMethod(db: DbClient, accountId: number, methodId: string): Promise<PaymentMethod> {
  const method = await db.paymentMethod.findFirst({ where: { id: methodId, accountId } });
  if (!method) throw notFound('payment method', 'payment_method');
  return method;
}

/**
 * For `POST /api/v1/payment-intents` with `payment_method` (and the checkout's saved methods): the
 * method must be the customer's. Another customer's, or a detached one, is refused naming
 * `payment_method`.
 */
export function savedMethodOf(method: PaymentMethod, customerId: string): PaymentMethod {
  if (method.customerId === null) {
    throw new YarrowError('invalid_request', `${method.id} was detached from its customer and cannot be charged; save a new method.`, {
      param: 'payment_method',
    });
  }
  if (method.customerId !== customerId) {
    throw new YarrowError('invalid_request', `${method.id} belongs to another customer; a saved method is charged only for its own customer.`, {
      param: 'payment_method',
    });
  }
  return method;
}

/**
 * A payment intent just moved to `succeeded` (in `tx`, the intent locked): records the saved method
 * it was paid with, saving a new one when it asked to (`setup_future_usage`). An attempt with a
 * saved method at checkout names it on its card session; an off-session charge named it at
 * creation. Answers the intent as it now is.
 */
export async function methodPaidWith(rt: Rt, tx: DbClient, intent: PaymentIntent): Promise<PaymentIntent> {
  if (!intent.customerId || !intent.latestCardSessionId) return intent;
  const session = await tx.cardSession.findUnique({ where: { id: intent.latestCardSessionId } });
  if (!session?.token) return intent;
  let methodId = session.paymentMethodId;
  if (!methodId && intent.setupFutureUsage === 'off_session') {
    methodId = (await saveMethod(rt, tx, intent, session.token))?.id ?? null;
  }
  if (!methodId || methodId === intent.paymentMethodId) return intent;
  return tx.paymentIntent.update({ where: { id: intent.id }, data: { paymentMethodId: methodId } });
}

async function saveMethod(rt: Rt, tx: DbClient, intent: PaymentIntent, tokenText: string): Promise<PaymentMethod | null> {
  const token = findToken(tokenText);
  // The customer may have been deleted while the payment was under way: nothing to save it on.
  await lockRow(tx, 'customers', intent.customerId!, { accountId: intent.accountId });
  const customer = await tx.customer.findFirst({ where: { id: intent.customerId!, accountId: intent.accountId } });
  if (!token || !customer) return null;
  const method = await tx.paymentMethod.create({
    data: {
      id: newId('paymentMethod'),
      accountId: intent.accountId,
      customerId: customer.id,
      paymentMethodCode: token.rail,
      brand: token.network,
      last4: last4Of(token),
      sandboxToken: token.token,
      paymentIntentId: intent.id,
    },
  });
  await recordMethodEvent(rt, tx, method, 'payment_method.attached', customer.id);
  return method;
}

/** Detaches a saved method from its customer: it can no longer be charged (kept as history). */
export async function detachPaymentMethod(rt: Rt, tx: DbClient, accountId: number, id: string): Promise<PaymentMethod> {
  await lockRow(tx, 'payment_methods', id, { accountId });
  const method = await tx.paymentMethod.findFirst({ where: { id, accountId } });
  if (!method) throw notFound('payment method', 'id');
  if (method.customerId === null) {
    throw new YarrowError('invalid_state', `${method.id} is already detached.`, { param: 'id' });
  }
  const detached = await tx.paymentMethod.update({
    where: { id },
    data: { customerId: null, detachedAt: new Date(), updatedAt: new Date() },
  });
  await recordMethodEvent(rt, tx, detached, 'payment_method.detached', method.customerId);
  return detached;
}

export async function getPaymentMethod(db: DbClient, accountId: number, id: string): Promise<PaymentMethod> {
  const method = await db.paymentMethod.findFirst({ where: { id, accountId } });
  if (!method) throw notFound('payment method', 'id');
  return method;
}

/** A method's event names the customer it was attached to or detached from (Stripe's `previous_attributes.customer`). */
async function recordMethodEvent(rt: Rt, tx: DbClient, method: PaymentMethod, type: EventType, customerId: string) {
  await recordEvent(rt, tx, {
    accountId: method.accountId,
    type,
    objectType: 'payment_method',
    objectPublicId: method.id,
    data: { payment_method: paymentMethodJson(method), customer: customerId },
  });
}
