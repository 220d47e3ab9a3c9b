import { z } from 'zod';
import { accountNow } from '../../accounts/index.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import type { Runtime } from '../../core/runtime.ts';
import { newId } from '../contract.ts';
import { transitionInvoiceLocked } from '../invoices/index.ts';
import { metadataSchema } from '../fields.ts';
import { chargeInvoice, createPeriodInvoice, itemPrices, linesTotal, type InvoiceLine, type PriceWithProduct } from './invoicing.ts';
import type { SubscriptionWithItems } from './json.ts';
import { changeSubscription, lockSubscription, moveSubscription } from './plans.ts';
import { checkedDefaultMethod, checkedItemPrices, invoiceTitle, subscriptionItemFields } from './subscriptions.ts';

// Changing a subscription (`POST /api/v1/subscriptions/{id}`) and ending it now (`…/cancel`). A
// change of items is prorated to the second, as at Stripe: the unused time of what it had is a
// credit, the rest of the period of what it has now a charge, both lines of the next invoice
// (`create_prorations`), of an invoice charged now (`always_invoice`), or nothing (`none`).

type Rt = Pick<Runtime, 'config' | 'boss' | 'db' | 'shared'>;

export const prorationBehaviors = ['create_prorations', 'always_invoice', 'none'] as const;

export const updateSubscriptionFields = {
  items: z.array(subscriptionItemFields).min(1).max(20).optional().describe('Its prices from now on (replaces the items whole).'),
  quantity: z.number().int().min(1, 'must be at least 1').max(10_000).optional().describe('The quantity of its one item.'),
  defaultPaymentMethod: z.string().min(1).max(100).optional().describe('A saved method of its customer; the next charge (a renewal, a retry) uses it.'),
  cancelAtPeriodEnd: z.boolean().optional(),
  prorationBehavior: z.enum(prorationBehaviors).default('create_prorations'),
  metadata: metadataSchema.optional().describe('Replaces the whole metadata.'),
};
export type UpdateSubscriptionCommand = z.output<z.ZodObject<typeof updateSubscriptionFields>>;

export const cancelSubscriptionFields = {
  invoiceNow: z.boolean().default(false).describe('A final invoice now of what is pending (proration lines), and of the credit `prorate` computes: charged when it is more than nothing, else paid at once, the credit noted in its metadata.'),
  prorate: z.boolean().default(false).describe("Credit the period's unused time, as a proration line of the final invoice (needs invoice_now)."),
};
export type CancelSubscriptionCommand = z.output<z.ZodObject<typeof cancelSubscriptionFields>>;

const refuse = (param: string, reason: string) => new YarrowError('invalid_request', `${param}: ${reason}`, { param });

/** The share of the period left at `now`, to the second. */
function remainingShare(subscription: SubscriptionWithItems, now: Date) {
  const start = Math.floor(subscription.currentPeriodStart.getTime() / 1000);
  const end = Math.floor(subscription.currentPeriodEnd.getTime() / 1000);
  const at = Math.min(Math.max(Math.floor(now.getTime() / 1000), start), end);
  return { left: end - at, length: end - start };
}

/** Proration lines: a credit for each old item's unused time, a charge for each new item's remaining time (rounded to the minor unit per line). */
function prorationLines(
  subscription: SubscriptionWithItems,
  before: Array<{ price: PriceWithProduct; quantity: number }>,
  after: Array<{ price: PriceWithProduct; quantity: number }>,
  now: Date,
): InvoiceLine[] {
  const { left, length } = remainingShare(subscription, now);
  if (left === 0 || length === 0) return [];
  const line = (price: PriceWithProduct, quantity: number, sign: 1 | -1): InvoiceLine => ({
    description: `${sign < 0 ? 'Unused time on' : 'Remaining time on'} ${quantity} × ${price.product.name}${price.nickname ? ` (${price.nickname})` : ''}`,
    amount_minor: sign * Math.round((price.unitAmount * quantity * left) / length),
    quantity,
    price: price.id,
    period_start: new Date(Math.max(now.getTime(), subscription.currentPeriodStart.getTime())).toISOString(),
    period_end: subscription.currentPeriodEnd.toISOString(),
    proration: true,
  });
  return [...before.map(({ price, quantity }) => line(price, quantity, -1)), ...after.map(({ price, quantity }) => line(price, quantity, 1))];
}

export async function updateSubscription(rt: Rt, tx: DbClient, accountId: number, id: string, command: UpdateSubscriptionCommand): Promise<SubscriptionWithItems> {
  const subscription = await lockSubscription(tx, accountId, id);
  const { prorationBehavior, ...changes } = command;
  if (Object.values(changes).every((value) => value === undefined)) {
    throw refuse('items', 'send at least one of items, quantity, default_payment_method, cancel_at_period_end, metadata');
  }
  if (command.items && command.quantity !== undefined) throw refuse('quantity', 'send items or quantity, not both');
  if (command.quantity !== undefined && subscription.items.length !== 1) throw refuse('quantity', 'is for a subscription of one item; send items');
  const wanted = command.items ?? (command.quantity !== undefined ? [{ price: subscription.items[0]!.priceId, quantity: command.quantity }] : null);
  const after = wanted ? await checkedItemPrices(tx, accountId, wanted) : null;
  if (after) {
    const first = after[0]!.price;
    if (first.currency !== subscription.currency) throw refuse('items[0].price', `is in ${first.currency}; this subscription is in ${subscription.currency}`);
    if (first.interval !== subscription.interval || first.intervalCount !== subscription.intervalCount) {
      throw refuse('items[0].price', `renews every ${first.intervalCount} ${first.interval}; this subscription every ${subscription.intervalCount} ${subscription.interval}`);
    }
  }
  const method = command.defaultPaymentMethod ? await checkedDefaultMethod(tx, accountId, subscription.customerId, command.defaultPaymentMethod) : null;
  const now = await accountNow(tx, accountId);
  const prorations = after && prorationBehavior !== 'none' && subscription.status !== 'trialing' ? prorationLines(subscription, await itemPrices(tx, subscription), after, now) : [];
  const pending = subscription.pendingLines as unknown as InvoiceLine[];
  // always_invoice of a credit (a downgrade): nothing to charge now, so the lines wait for the next invoice, as create_prorations.
  const invoiceNow = prorationBehavior === 'always_invoice' && prorations.length > 0 && linesTotal(prorations) > 0;
  const changed = await changeSubscription(
    rt,
    tx,
    subscription,
    {
      ...(method ? { defaultPaymentMethodId: method.id } : {}),
      ...(command.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: command.cancelAtPeriodEnd } : {}),
      ...(command.metadata ? { metadata: command.metadata } : {}),
      ...(prorations.length > 0 && !invoiceNow ? { pendingLines: [...pending, ...prorations] as object[] } : {}),
    },
    after?.map(({ price, quantity }) => ({ id: newId('subscriptionItem'), priceId: price.id, quantity })),
  );
  if (invoiceNow) await invoiceAndCharge(rt, tx, changed, prorations, now, after!);
  return changed;
}

/**
 * always_invoice (and cancel's invoice_now): an invoice of `lines` for the rest of the period.
 * More than nothing: charged now (or sent, send_invoice). Nothing or less (a credit, as a cancel's
 * unused time): Yarrow keeps no customer balance for Stripe's credit to go to, so the invoice lists
 * every line, is due 0 (its metadata's `unapplied_credit_minor` notes the credit) and is paid at once.
 */
async function invoiceAndCharge(rt: Rt, tx: DbClient, subscription: SubscriptionWithItems, lines: InvoiceLine[], now: Date, prices: Array<{ price: PriceWithProduct }>) {
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: subscription.customerId } });
  const invoice = await createPeriodInvoice(rt, tx, subscription, customer, lines, { start: now, end: subscription.currentPeriodEnd }, invoiceTitle(prices));
  if (invoice.amount === 0) await transitionInvoiceLocked(rt, tx, invoice, 'pay', now);
  else if (subscription.collectionMethod === 'charge_automatically') await chargeInvoice(rt, tx, subscription, invoice);
}

/**
 * Ends a live subscription now (a canceled one is 409). `prorate` credits the unused time on the
 * final invoice `invoice_now` makes, with what is pending; alone it is 400 naming invoice_now
 * (Stripe would leave the credit pending on the customer, and Yarrow has no such balance).
 * Without invoice_now, pending proration lines end with the subscription.
 */
export async function cancelSubscription(rt: Rt, tx: DbClient, accountId: number, id: string, command: CancelSubscriptionCommand): Promise<SubscriptionWithItems> {
  if (command.prorate && !command.invoiceNow) throw refuse('invoice_now', 'prorate credits the unused time on a final invoice: send invoice_now: true with it');
  const subscription = await lockSubscription(tx, accountId, id);
  const now = await accountNow(tx, accountId);
  const prices = await itemPrices(tx, subscription);
  const credit = command.prorate && subscription.status !== 'trialing' ? prorationLines(subscription, prices, [], now) : [];
  const canceled = await moveSubscription(rt, tx, subscription, 'cancel', now, { pendingLines: [] });
  const lines = [...(subscription.pendingLines as unknown as InvoiceLine[]), ...credit];
  if (command.invoiceNow && lines.length > 0) await invoiceAndCharge(rt, tx, canceled, lines, now, prices);
  return canceled;
}
