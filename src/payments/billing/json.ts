import { z } from 'zod';
import { timestamp } from '../../core/http.ts';
import type { Price, Product, Subscription, SubscriptionItem } from '../../generated/prisma/client.ts';
import { SubscriptionStatus } from '../../generated/prisma/enums.ts';
import { currencyCodes, formatAmount, toMajorUnits } from '../money.ts';

// Billing's JSON shapes (REST answers and event payloads): one zod schema per object, which is
// also its serializer's return type.

const iso = (date: Date | null) => date?.toISOString() ?? null;
const metadata = z.record(z.string(), z.string()).meta({ examples: [{ plan: 'pro' }] });

export const productSchema = z.object({
  id: z.string().meta({ examples: ['prod_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('product'),
  name: z.string().meta({ examples: ['Pro plan'] }),
  description: z.string().nullable(),
  active: z.boolean(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});

export function productJson(product: Product): z.infer<typeof productSchema> {
  return {
    id: product.id,
    object: 'product',
    name: product.name,
    description: product.description,
    active: product.active,
    metadata: product.metadata as Record<string, string>,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}

export const priceSchema = z.object({
  id: z.string().meta({ examples: ['price_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('price'),
  product: z.string(),
  unit_amount: z.number().describe('Per period and unit, in major units (12.5 = 12.50).').meta({ examples: [12.5] }),
  unit_amount_minor: z.number().int().meta({ examples: [1250] }),
  unit_amount_display: z.string().meta({ examples: ['12.50'] }),
  currency: z.enum(currencyCodes),
  recurring: z.object({ interval: z.enum(['day', 'week', 'month', 'year']), interval_count: z.number().int() }),
  nickname: z.string().nullable(),
  active: z.boolean(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});

export function priceJson(price: Price): z.infer<typeof priceSchema> {
  return {
    id: price.id,
    object: 'price',
    product: price.productId,
    unit_amount: toMajorUnits(price.unitAmount, price.currency),
    unit_amount_minor: price.unitAmount,
    unit_amount_display: formatAmount(price.unitAmount, price.currency),
    currency: price.currency as (typeof currencyCodes)[number],
    recurring: { interval: price.interval as 'month', interval_count: price.intervalCount },
    nickname: price.nickname,
    active: price.active,
    metadata: price.metadata as Record<string, string>,
    created_at: price.createdAt.toISOString(),
    updated_at: price.updatedAt.toISOString(),
  };
}

export const subscriptionSchema = z.object({
  id: z.string().meta({ examples: ['sub_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('subscription'),
  customer: z.string(),
  status: z.enum(SubscriptionStatus),
  items: z.array(z.object({ id: z.string(), object: z.literal('subscription_item'), price: z.string(), quantity: z.number().int() })),
  currency: z.enum(currencyCodes),
  default_payment_method: z.string().nullable(),
  collection_method: z.enum(['charge_automatically', 'send_invoice']),
  days_until_due: z.number().int().nullable(),
  cancel_at_period_end: z.boolean(),
  current_period_start: timestamp.describe("In the account's time (its test clock, if any)."),
  current_period_end: timestamp,
  trial_start: timestamp.nullable(),
  trial_end: timestamp.nullable(),
  latest_invoice: z.string().nullable(),
  canceled_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
});

export type SubscriptionWithItems = Subscription & { items: SubscriptionItem[] };

export function subscriptionJson(subscription: SubscriptionWithItems): z.infer<typeof subscriptionSchema> {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    status: subscription.status,
    items: subscription.items.map((item) => ({ id: item.id, object: 'subscription_item' as const, price: item.priceId, quantity: item.quantity })),
    currency: subscription.currency as (typeof currencyCodes)[number],
    default_payment_method: subscription.defaultPaymentMethodId,
    collection_method: subscription.collectionMethod as 'charge_automatically',
    days_until_due: subscription.daysUntilDue,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    current_period_start: subscription.currentPeriodStart.toISOString(),
    current_period_end: subscription.currentPeriodEnd.toISOString(),
    trial_start: iso(subscription.trialStart),
    trial_end: iso(subscription.trialEnd),
    latest_invoice: subscription.latestInvoiceId,
    canceled_at: iso(subscription.canceledAt),
    ended_at: iso(subscription.endedAt),
    metadata: subscription.metadata as Record<string, string>,
    created_at: subscription.createdAt.toISOString(),
    updated_at: subscription.updatedAt.toISOString(),
  };
}
