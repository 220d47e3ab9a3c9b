import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import type { StoredResponse } from '../../core/idempotency.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { PaymentIntent, PaymentMethod } from '../../generated/prisma/client.ts';
import { findPaymentMethod, getCustomer, savedMethodOf, tokenOf } from '../customers/index.ts';
import { chargeTestToken } from './outcomes.ts';
import { paymentIntentSchema } from './json.ts';

// A payment intent's customer fields (`customer`, `setup_future_usage`, `payment_method`,
// `confirm`, `off_session`): what they must be together, what they resolve to, and the charge of a
// saved method without the customer (Stripe's off-session confirm).

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** The fields a payment intent's create command takes for customers and saved methods. */
export const customerIntentFields = {
  customer: z.string().min(1).max(100).optional().describe('The customer (`cus_…`) the payment is for.').meta({ examples: ['cus_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  setupFutureUsage: z
    .enum(['off_session'])
    .optional()
    .describe('off_session: when the payment succeeds, the method paid with is saved on the customer to charge later.'),
  paymentMethod: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('A saved method (`pm_…`) of the customer to charge at once (with confirm and off_session).'),
  confirm: z.boolean().optional().describe('true: charge payment_method now, without the checkout.'),
  offSession: z.boolean().optional().describe('true: the customer is not there to authenticate (required with confirm).'),
};

type CustomerIntentInput = { [K in keyof typeof customerIntentFields]?: z.infer<(typeof customerIntentFields)[K]> } & {
  customerName?: string;
  customerEmail?: string;
};

/**
 * The rules of the customer fields that name no object (zod, before anything is read); the rest is
 * `combinationRefusal`, after the ids are looked up, so another account's id answers as an unknown
 * one whatever else the request gets wrong.
 */
export function checkCustomerIntentFields(input: CustomerIntentInput, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!input.customer && !input.paymentMethod) {
    if (input.customerName === undefined) issue('customerName', 'is required (or send customer)');
    if (input.customerEmail === undefined) issue('customerEmail', 'is required (or send customer)');
  }
  if (input.setupFutureUsage && !input.customer) issue('setupFutureUsage', 'needs customer: a method is saved on a customer');
}

/** Whether an intent's create takes the customer path (`resolveCustomerLink`). */
export const namesCustomerFields = (input: CustomerIntentInput) =>
  Boolean(input.customer || input.paymentMethod || input.confirm !== undefined || input.offSession !== undefined);

/**
 * How `customer`, `payment_method`, `confirm` and `off_session` must go together (the refusal names
 * the field to fix, by its REST name: GraphQL's `withGraphqlParams` names it as GraphQL spells it).
 */
function combinationRefusal(input: CustomerIntentInput): YarrowError | undefined {
  const refuse = (param: string, reason: string) => new YarrowError('invalid_request', `${param}: ${reason}`, { param });
  if (input.paymentMethod && !input.customer) return refuse('customer', 'is required with payment_method (a saved method is charged for its customer)');
  if (input.confirm && !input.paymentMethod) return refuse('payment_method', 'is required with confirm (the saved method to charge)');
  if (input.paymentMethod && input.confirm !== true) return refuse('confirm', 'must be true with payment_method (the checkout charges new methods)');
  if (input.confirm && input.offSession !== true) {
    return refuse('off_session', 'must be true with confirm: a customer who is there pays on the checkout page (checkout_url)');
  }
  if (input.offSession && !input.confirm) return refuse('confirm', 'must be true with off_session');
  return undefined;
}

/** What an intent's customer fields resolve to before it is inserted. */
export interface CustomerLink {
  customerId: string | null;
  setupFutureUsage: string | null;
  paymentMethodId: string | null;
  customerName: string;
  customerEmail: string;
}

/**
 * Resolves the customer fields in `tx`: the customer and the method must be the account's (else not
 * found, naming the field), then go together (`combinationRefusal`), the method the customer's
 * (`savedMethodOf`); a missing payer name or email comes from the customer.
 */
export async function resolveCustomerLink(db: DbClient, accountId: number, input: CustomerIntentInput): Promise<{ link: CustomerLink; method: PaymentMethod | null }> {
  const customer = input.customer ? await getCustomer(db, accountId, input.customer, 'customer') : null;
  const found = input.paymentMethod ? await findPaymentMethod(db, accountId, input.paymentMethod) : null;
  const refusal = combinationRefusal(input);
  if (refusal) throw refusal;
  if (!customer) {
    return {
      link: { customerId: null, setupFutureUsage: null, paymentMethodId: null, customerName: input.customerName!, customerEmail: input.customerEmail! },
      method: null,
    };
  }
  const method = found ? savedMethodOf(found, customer.id) : null;
  const customerEmail = input.customerEmail ?? customer.email;
  if (!customerEmail) {
    throw new YarrowError('invalid_request', `customer_email: is required (${customer.id} has no email)`, { param: 'customer_email' });
  }
  return {
    link: {
      customerId: customer.id,
      setupFutureUsage: input.setupFutureUsage ?? null,
      paymentMethodId: method?.id ?? null,
      customerName: input.customerName ?? customer.name ?? customerEmail,
      customerEmail,
    },
    method,
  };
}

/**
 * Charges a saved method without the customer (an intent just created with `confirm` and
 * `off_session`): the saved token decides as it did at checkout (`chargeTestToken`), except that a
 * 3-D Secure card cannot be authenticated, so it fails with `authentication_required` and the
 * intent waits for a payment method (as at Stripe); a dispute card's charge opens its dispute.
 */
export async function chargeOffSession(rt: Rt, tx: DbClient, intent: PaymentIntent, method: PaymentMethod): Promise<PaymentIntent> {
  const charged = await chargeTestToken(rt, tx, intent, tokenOf(method), { paymentMethodCode: method.paymentMethodCode, customerPresent: false });
  return charged.intent;
}

/** What the 402 of an off-session charge that did not go through adds to the error (`errorFields` of its route), as Stripe's error does. */
const chargeError = z.object({
  decline_code: z.string().nullable().describe("The card issuer's reason for a card_declined (insufficient_funds, …); null for authentication_required.").meta({ examples: ['insufficient_funds'] }),
  payment_intent: paymentIntentSchema.describe('The payment intent, created and committed, as it now is (requires_payment_method): retry it on its checkout_url.'),
});
export const chargeErrors = { authentication_required: chargeError.shape, card_declined: chargeError.shape };

/**
 * The answer to a create: 201 with the intent; when its off-session charge did not go through, 402
 * with the error (`authentication_required` or `card_declined`, its `decline_code`) and the intent
 * as it now is (`requires_payment_method`), as Stripe answers. Both are committed and replayed.
 */
export function createdIntentAnswer(intent: PaymentIntent, body: { payment_intent: z.infer<typeof paymentIntentSchema> }): StoredResponse {
  const error = intent.lastPaymentError as { code?: string; decline_code?: string | null; message?: string } | null;
  if (!intent.paymentMethodId || intent.status !== 'requires_payment_method' || !error) return { status: 201, body };
  const details: z.infer<typeof chargeError> = { decline_code: error.decline_code ?? null, payment_intent: body.payment_intent };
  return {
    status: 402,
    body: {
      ok: false,
      error: {
        code: error.code === 'authentication_required' ? 'authentication_required' : 'card_declined',
        message: error.message ?? 'The charge did not go through.',
        param: 'payment_method',
        ...details,
      },
    },
  };
}
