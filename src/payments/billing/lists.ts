import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import type { SubscriptionStatus } from '../../generated/prisma/enums.ts';
import { subscriptionStatuses } from './plans.ts';

// Billing's lists: each one's filters written once as a Prisma `where`, paged by the REST list
// (`limit`/`starting_after`) and the GraphQL connection (`first`/`after`) alike.

const bool = z.enum(['true', 'false']).transform((text) => text === 'true');

export function productsWhere(accountId: number, filter: { active?: boolean | null }): Prisma.ProductWhereInput {
  return { accountId, ...(filter.active != null ? { active: filter.active } : {}) };
}

export const listProductsQuery = listQuery.extend({ active: bool.optional().describe('Only active (true) or inactive (false) products.') });

export async function listProducts(db: DbClient, accountId: number, query: z.output<typeof listProductsQuery>) {
  await assertCursorsOwned(db.product, accountId, query, 'product');
  return { rows: await db.product.findMany({ where: productsWhere(accountId, query), ...pageArgs(query) }), query };
}

export function pricesWhere(accountId: number, filter: { productId?: string | null; active?: boolean | null }): Prisma.PriceWhereInput {
  return {
    accountId,
    ...(filter.productId ? { productId: filter.productId } : {}),
    ...(filter.active != null ? { active: filter.active } : {}),
  };
}

export const listPricesQuery = listQuery.extend({
  product: z.string().max(100).optional().describe("Only this product's prices (prod_…)."),
  active: bool.optional(),
});

export async function listPrices(db: DbClient, accountId: number, query: z.output<typeof listPricesQuery>) {
  await assertCursorsOwned(db.price, accountId, query, 'price');
  return { rows: await db.price.findMany({ where: pricesWhere(accountId, { productId: query.product, active: query.active }), ...pageArgs(query) }), query };
}

export function subscriptionsWhere(
  accountId: number,
  filter: { customerId?: string | null; status?: readonly SubscriptionStatus[] | null; priceId?: string | null },
): Prisma.SubscriptionWhereInput {
  return {
    accountId,
    ...(filter.customerId ? { customerId: filter.customerId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...(filter.priceId ? { items: { some: { priceId: filter.priceId } } } : {}),
  };
}

export const listSubscriptionsQuery = listQuery.extend({
  customer: z.string().max(100).optional().describe("Only this customer's subscriptions (cus_…)."),
  status: z.enum(subscriptionStatuses).optional(),
  price: z.string().max(100).optional().describe('Only those with an item of this price (price_…).'),
});

export async function listSubscriptions(db: DbClient, accountId: number, query: z.output<typeof listSubscriptionsQuery>) {
  await assertCursorsOwned(db.subscription, accountId, query, 'subscription');
  const rows = await db.subscription.findMany({
    where: subscriptionsWhere(accountId, { customerId: query.customer, status: query.status ? [query.status] : null, priceId: query.price }),
    include: { items: { orderBy: { id: 'asc' } } },
    ...pageArgs(query),
  });
  return { rows, query };
}
