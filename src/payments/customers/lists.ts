import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import { graphqlParams, listFilterQuery, restParams, searchTerm } from '../list-filters.ts';

// This list's filters, written once as a Prisma `where`: the REST list (`limit`/`starting_after`,
// `status=`) and the GraphQL connection (`first`/`after`, `status: [...]`) both page over it.

/** Customers by email (exactly, in any case: Stripe's `email=`) or a search of email and name. */
export function customersWhere(
  accountId: number,
  filter: { email?: string | null; search?: string | null },
  params = graphqlParams,
): Prisma.CustomerWhereInput {
  const term = searchTerm(filter, params);
  const email = filter.email?.trim();
  return {
    accountId,
    ...(email ? { email: { equals: email, mode: 'insensitive' } } : {}),
    ...(term
      ? {
          OR: [
            { id: term },
            { email: { contains: term, mode: 'insensitive' } },
            { name: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

export const listCustomersQuery = listQuery.extend({
  email: z.string().max(254).optional().describe('Only the customers with this email (any case).'),
  q: listFilterQuery.q.describe('Part of an email or name, or a customer id.'),
});

export async function listCustomers(db: DbClient, accountId: number, query: z.output<typeof listCustomersQuery>) {
  await assertCursorsOwned(db.customer, accountId, query, 'customer');
  const rows = await db.customer.findMany({ where: customersWhere(accountId, { email: query.email, search: query.q }, restParams), ...pageArgs(query) });
  return { rows, query };
}

/** A customer's saved payment methods (attached ones: a detached method belongs to no customer). */
export function paymentMethodsWhere(accountId: number, customerId: string): Prisma.PaymentMethodWhereInput {
  return { accountId, customerId };
}

export const listPaymentMethodsQuery = listQuery;

export async function listPaymentMethods(db: DbClient, accountId: number, customerId: string, query: z.output<typeof listPaymentMethodsQuery>) {
  await assertCursorsOwned(db.paymentMethod, accountId, query, 'payment method');
  const rows = await db.paymentMethod.findMany({ where: paymentMethodsWhere(accountId, customerId), ...pageArgs(query) });
  return { rows, query };
}
