import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Customer, Invoice, PaymentIntent, Price, Product } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { invoiceJson } from '../invoices/index.ts';
import { insertInvoice } from '../invoices/index.ts';
import { createPaymentIntent, transitionIntent } from '../intents/index.ts';
import type { Currency } from '../money.ts';
import type { SubscriptionWithItems } from './json.ts';
import { DAY_MS, type Period } from './periods.ts';

// A subscription's invoices: one per period (the existing `inv_…`, with its subscription, period
// and lines), and each charge of one: a payment intent of its own, for the customer, charged
// off-session with the default method when there is one, so its outcome is the one every saved
// method's charge has (the token mapping). Without a method, or declined, the intent waits on its
// checkout page, where paying saves the method (`setup_future_usage`).

type Rt = Pick<Runtime, 'config' | 'boss' | 'db' | 'shared'>;

/** An invoice line as stored (`invoices.lines`); amounts in minor units, a proration credit negative. */
export interface InvoiceLine {
  description: string;
  amount_minor: number;
  quantity: number;
  price: string | null;
  period_start: string;
  period_end: string;
  proration: boolean;
}

export type PriceWithProduct = Price & { product: Product };

/** The lines of a period: one per item, its price times its quantity. */
export function periodLines(items: Array<{ price: PriceWithProduct; quantity: number }>, period: Period): InvoiceLine[] {
  return items.map(({ price, quantity }) => ({
    description: `${quantity} × ${price.product.name}${price.nickname ? ` (${price.nickname})` : ''}`,
    amount_minor: price.unitAmount * quantity,
    quantity,
    price: price.id,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    proration: false,
  }));
}

export const linesTotal = (lines: InvoiceLine[]) => lines.reduce((sum, line) => sum + line.amount_minor, 0);

/** The prices of a subscription's items, with their products, in item order. */
export async function itemPrices(db: DbClient, subscription: Pick<SubscriptionWithItems, 'accountId' | 'items'>) {
  const prices = await db.price.findMany({ where: { accountId: subscription.accountId, id: { in: subscription.items.map((item) => item.priceId) } }, include: { product: true } });
  const byId = new Map(prices.map((price) => [price.id, price]));
  return subscription.items.map((item) => ({ price: byId.get(item.priceId)!, quantity: item.quantity }));
}

/**
 * Creates a period's open invoice (records invoice.created, then invoice.finalized: it is numbered
 * and final at once, as Stripe's automatic finalization). `send_invoice` subscriptions' invoices are
 * due `days_until_due` days after the period starts; others on its first day.
 */
export async function createPeriodInvoice(
  rt: Rt,
  tx: DbClient,
  subscription: Pick<SubscriptionWithItems, 'id' | 'accountId' | 'currency' | 'collectionMethod' | 'daysUntilDue'>,
  customer: Customer,
  lines: InvoiceLine[],
  period: Period,
  title: string,
): Promise<Invoice> {
  const dueDays = subscription.collectionMethod === 'send_invoice' ? (subscription.daysUntilDue ?? 30) : 0;
  const total = linesTotal(lines);
  const invoice = await insertInvoice(rt, tx, {
    accountId: subscription.accountId,
    title,
    // A credit is never due: a negative total is due 0, the credit noted (a final invoice, billing/changes.ts).
    amount: Math.max(total, 0),
    currency: subscription.currency,
    dueDate: new Date(`${new Date(period.start.getTime() + dueDays * DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`),
    customerName: customer.name ?? customer.email,
    customerEmail: customer.email,
    metadata: { subscription: subscription.id, ...(total < 0 ? { unapplied_credit_minor: String(-total) } : {}) },
    subscriptionId: subscription.id,
    periodStart: period.start,
    periodEnd: period.end,
    lines: lines as object[],
  });
  await recordEvent(rt, tx, { accountId: invoice.accountId, type: 'invoice.finalized', objectType: 'invoice', objectPublicId: invoice.id, data: { invoice: invoiceJson(rt.config, invoice) } });
  return invoice;
}

/** How a charge of an invoice ended: paid, still under way (a review), or waiting for the customer (declined, or no method). */
export type ChargeOutcome = 'paid' | 'pending' | 'failed';

export function outcomeOf(intent: PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded') return 'paid';
  if (intent.status === 'processing') return 'pending';
  return 'failed';
}

/**
 * Charges an open invoice of the subscription: a new payment intent (its own id: a retry never
 * re-runs an earlier attempt), the previous attempt waiting for the customer canceled first, so
 * the invoice has one payable intent (its hosted page and the checkout pay that one). With a usable
 * default method it is charged off-session at once; without, it waits on its checkout page.
 */
export async function chargeInvoice(
  rt: Rt,
  tx: DbClient,
  subscription: Pick<SubscriptionWithItems, 'id' | 'customerId' | 'defaultPaymentMethodId'>,
  invoice: Invoice,
  /** Dunning's retry number (its intent's `metadata.retry`, so a retry is made once). */
  retry?: number,
): Promise<PaymentIntent> {
  const waiting = await tx.paymentIntent.findMany({ where: { invoiceId: invoice.id, status: 'requires_payment_method' }, select: { id: true } });
  for (const { id } of waiting) await transitionIntent(rt, tx, invoice.accountId, id, 'cancel', { cancellationReason: 'abandoned' });
  const method = subscription.defaultPaymentMethodId
    ? await tx.paymentMethod.findFirst({ where: { id: subscription.defaultPaymentMethodId, accountId: invoice.accountId, customerId: subscription.customerId } })
    : null;
  return createPaymentIntent(
    rt,
    invoice.accountId,
    {
      amount: invoice.amount,
      currency: invoice.currency as Currency,
      title: invoice.title,
      customer: subscription.customerId,
      setupFutureUsage: 'off_session',
      metadata: { subscription: subscription.id, invoice: invoice.id, ...(retry ? { retry: String(retry) } : {}) },
      captureMethod: 'automatic',
      ...(method ? { paymentMethod: method.id, confirm: true, offSession: true } : {}),
    },
    { tx, invoiceId: invoice.id },
  );
}
