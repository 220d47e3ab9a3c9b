import { z } from 'zod';
import { sendJobAt, accountNow } from '../../accounts/index.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Invoice, PaymentIntent } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { newId } from '../contract.ts';
import { invoiceJson } from '../invoices/index.ts';
import { metadataSchema } from '../fields.ts';
import { getCustomer } from '../customers/index.ts';
import { getPrice } from './catalog.ts';
import { chargeInvoice, createPeriodInvoice, outcomeOf, periodLines, type PriceWithProduct } from './invoicing.ts';
import type { SubscriptionWithItems } from './json.ts';
import { DAY_MS, INCOMPLETE_EXPIRY_MS, REMINDER_MS, periodFrom, type Period } from './periods.ts';
import { insertSubscription } from './plans.ts';

// Creating a subscription (`sub_…`): its items' prices checked (one currency and interval, active),
// its default method the customer's, then a trial (no invoice until it ends) or a first invoice
// charged at once; declined or without a method it is `incomplete`, its invoice's intent waiting
// on its checkout page for 23 hours of the account's time. Each then waits for its period's end
// (`scheduleRenewal`): renewals.ts plays it.

type Rt = Pick<Runtime, 'config' | 'boss' | 'db' | 'shared'>;

const id = (what: string) => z.string().min(1).max(100).describe(what);

export const subscriptionItemFields = z.strictObject({
  price: id('A recurring price (`price_…`).').meta({ examples: ['price_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  quantity: z.number().int().min(1, 'must be at least 1').max(10_000).default(1),
});

export const createSubscriptionFields = {
  customer: id('The customer (`cus_…`) who pays it.').meta({ examples: ['cus_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  items: z.array(subscriptionItemFields).min(1).max(20).describe('Its prices: one currency and one interval for all.'),
  defaultPaymentMethod: id("A saved method (`pm_…`) of the customer to charge each invoice with, off-session.").optional(),
  trialPeriodDays: z.number().int().min(1).max(730).optional().describe('A trial of this many days (no invoice until it ends).'),
  trialEnd: z.iso.datetime({ offset: true }).transform((text) => new Date(text)).optional().describe('A trial until then (in the future of the account\'s time).'),
  collectionMethod: z.enum(['charge_automatically', 'send_invoice']).default('charge_automatically'),
  daysUntilDue: z.number().int().min(1).max(365).optional().describe('send_invoice: days the customer has to pay each invoice (default 30).'),
  cancelAtPeriodEnd: z.boolean().default(false),
  metadata: metadataSchema.default({}),
};
export type CreateSubscriptionCommand = z.output<z.ZodObject<typeof createSubscriptionFields>>;

const refuse = (param: string, reason: string) => new YarrowError('invalid_request', `${param}: ${reason}`, { param });

/**
 * The items' prices, each the account's (404 naming it), active, and all of one currency and
 * interval (400 naming the first that differs).
 */
export async function checkedItemPrices(db: DbClient, accountId: number, items: ReadonlyArray<{ price: string; quantity: number }>) {
  const checked: Array<{ price: PriceWithProduct; quantity: number }> = [];
  for (const [index, item] of items.entries()) {
    const param = `items[${index}].price`;
    const found = await getPrice(db, accountId, item.price, param);
    const price = await db.price.findUniqueOrThrow({ where: { id: found.id }, include: { product: true } });
    if (!price.active || !price.product.active) throw refuse(param, `${price.id} is inactive; subscribe to an active price`);
    const first = checked[0]?.price;
    if (first && price.currency !== first.currency) throw refuse(param, `is in ${price.currency}, ${first.id} in ${first.currency}: a subscription has one currency`);
    if (first && (price.interval !== first.interval || price.intervalCount !== first.intervalCount)) {
      throw refuse(param, `renews every ${price.intervalCount} ${price.interval}, ${first.id} every ${first.intervalCount} ${first.interval}: a subscription has one interval`);
    }
    if (checked.some((other) => other.price.id === price.id)) throw refuse(param, `${price.id} is already an item; raise its quantity instead`);
    checked.push({ price, quantity: item.quantity });
  }
  return checked;
}

/** A saved method of the account (404) that is the customer's and attached (400), for `param`. */
export async function checkedDefaultMethod(db: DbClient, accountId: number, customerId: string, methodId: string, param = 'default_payment_method') {
  const method = await db.paymentMethod.findFirst({ where: { id: methodId, accountId } });
  if (!method) throw notFound('payment method', param);
  if (method.customerId !== customerId) throw refuse(param, `${method.id} is not a saved method of ${customerId}`);
  return method;
}

/** The title of a subscription's invoices (shown on its checkout page). */
export const invoiceTitle = (prices: Array<{ price: PriceWithProduct }>) =>
  prices.length === 1 ? `${prices[0]!.price.product.name} subscription` : `${prices[0]!.price.product.name} and ${prices.length - 1} more`;

export async function createSubscription(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  command: CreateSubscriptionCommand,
): Promise<{ subscription: SubscriptionWithItems; invoice: Invoice | null; paymentIntent: PaymentIntent | null }> {
  const customer = await getCustomer(tx, accountId, command.customer, 'customer');
  if (!customer.email) throw refuse('customer', `${customer.id} has no email; its invoices need one (update the customer first)`);
  const prices = await checkedItemPrices(tx, accountId, command.items);
  const method = command.defaultPaymentMethod ? await checkedDefaultMethod(tx, accountId, customer.id, command.defaultPaymentMethod) : null;
  const now = await accountNow(tx, accountId);
  if (command.trialPeriodDays !== undefined && command.trialEnd !== undefined) throw refuse('trial_end', 'send trial_end or trial_period_days, not both');
  const trialEnd = command.trialEnd ?? (command.trialPeriodDays !== undefined ? new Date(now.getTime() + command.trialPeriodDays * DAY_MS) : null);
  if (trialEnd && trialEnd <= now) throw refuse('trial_end', `must be in the future (the account's time is ${now.toISOString()})`);
  if (command.daysUntilDue !== undefined && command.collectionMethod !== 'send_invoice') throw refuse('days_until_due', 'is only for collection_method send_invoice');

  const first = prices[0]!.price;
  const row = {
    id: newId('subscription'),
    accountId,
    customerId: customer.id,
    defaultPaymentMethodId: method?.id ?? null,
    collectionMethod: command.collectionMethod,
    daysUntilDue: command.collectionMethod === 'send_invoice' ? (command.daysUntilDue ?? 30) : null,
    cancelAtPeriodEnd: command.cancelAtPeriodEnd,
    currency: first.currency,
    interval: first.interval,
    intervalCount: first.intervalCount,
    metadata: command.metadata,
  };
  const items = prices.map(({ price, quantity }) => ({ id: newId('subscriptionItem'), priceId: price.id, quantity }));

  if (trialEnd) {
    const period = { start: now, end: trialEnd };
    const subscription = await insertSubscription(rt, tx, 'start_trial', { ...row, currentPeriodStart: now, currentPeriodEnd: trialEnd, trialStart: now, trialEnd }, items);
    await scheduleRenewal(rt, tx, subscription, period, now, { trial: true });
    return { subscription, invoice: null, paymentIntent: null };
  }

  const period = periodFrom(now, first);
  const invoice = await createPeriodInvoice(rt, tx, row, customer, periodLines(prices, period), period, invoiceTitle(prices));
  const base = { ...row, currentPeriodStart: period.start, currentPeriodEnd: period.end, latestInvoiceId: invoice.id };
  if (command.collectionMethod === 'send_invoice') {
    const subscription = await insertSubscription(rt, tx, 'start_active', base, items);
    await scheduleRenewal(rt, tx, subscription, period, now);
    return { subscription, invoice, paymentIntent: null };
  }
  const paymentIntent = await chargeInvoice(rt, tx, base, invoice);
  const paid = outcomeOf(paymentIntent) !== 'failed';
  const subscription = await insertSubscription(rt, tx, paid ? 'start_active' : 'start_incomplete', base, items);
  if (paid) await scheduleRenewal(rt, tx, subscription, period, now);
  else {
    // No retries for a first invoice: the customer pays it on its checkout, within Stripe's 23 hours (the account's time).
    const data = { invoice: invoiceJson(rt.config, invoice), subscription: subscription.id, attempt_count: 1 };
    if (paymentIntent.lastPaymentError) await recordEvent(rt, tx, { accountId, type: 'invoice.payment_failed', objectType: 'invoice', objectPublicId: invoice.id, data });
    await sendJobAt(rt, tx, accountId, 'subscription_incomplete_expiry', { subscriptionId: subscription.id }, { at: new Date(now.getTime() + INCOMPLETE_EXPIRY_MS) });
  }
  return { subscription, invoice: await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id } }), paymentIntent };
}

/**
 * Schedules what a period's end brings, on the account's time: the renewal at its end, and 3 days
 * before it `invoice.upcoming` (and `trial_will_end` when the period is a trial), unless that is
 * already past. A job names the period it is for, so one left from a period that changed does nothing.
 */
export async function scheduleRenewal(rt: Rt, tx: DbClient, subscription: SubscriptionWithItems, period: Period, now: Date, { trial = false } = {}) {
  const periodEnd = period.end.toISOString();
  await sendJobAt(rt, tx, subscription.accountId, 'subscription_renewal', { subscriptionId: subscription.id, periodEnd }, { at: period.end });
  const remindAt = new Date(period.end.getTime() - REMINDER_MS);
  // A trial shorter than 3 days is told at once that it will end (as at Stripe); an upcoming invoice only ahead of time.
  if (trial) await sendJobAt(rt, tx, subscription.accountId, 'subscription_reminder', { subscriptionId: subscription.id, periodEnd, kind: 'trial_will_end' }, { at: remindAt });
  if (remindAt <= now) return;
  await sendJobAt(rt, tx, subscription.accountId, 'subscription_reminder', { subscriptionId: subscription.id, periodEnd, kind: 'upcoming' }, { at: remindAt });
}

export async function getSubscription(db: DbClient, accountId: number, subscriptionId: string): Promise<SubscriptionWithItems> {
  const subscription = await db.subscription.findFirst({ where: { id: subscriptionId, accountId }, include: { items: { orderBy: { id: 'asc' } } } });
  if (!subscription) throw notFound('subscription', 'id');
  return subscription;
}

