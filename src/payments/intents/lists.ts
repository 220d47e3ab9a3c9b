import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import type { PaymentIntentStatus } from '../../generated/prisma/enums.ts';
import { createdRange, graphqlParams, listFilterQuery, restFilter, restParams, searchTerm, type PaymentsListFilter } from '../list-filters.ts';
import { intentStatuses } from './lifecycle.ts';

// This list's filters, written once as a Prisma `where`: the REST list (`limit`/`starting_after`,
// `status=`) and the GraphQL connection (`first`/`after`, `status: [...]`) both page over it.

export function paymentIntentsWhere(
  accountId: number,
  filter: PaymentsListFilter & { status?: readonly PaymentIntentStatus[] | null; customerId?: string | null },
  params = graphqlParams,
): Prisma.PaymentIntentWhereInput {
  const term = searchTerm(filter, params);
  return {
    accountId,
    ...(filter.customerId ? { customerId: filter.customerId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...createdRange(filter, params),
    ...(term
      ? {
          OR: [
            { id: term },
            { title: { contains: term, mode: 'insensitive' } },
            { customerEmail: { contains: term, mode: 'insensitive' } },
            { customerName: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

export const listPaymentIntentsQuery = listQuery.extend({
  status: z.enum(intentStatuses).optional(),
  ...listFilterQuery,
  customer: z.string().max(100).optional().describe("Only this customer's payments (cus_…)."),
});

export async function listPaymentIntents(db: DbClient, accountId: number, query: z.output<typeof listPaymentIntentsQuery>) {
  await assertCursorsOwned(db.paymentIntent, accountId, query, 'payment intent');
  const rows = await db.paymentIntent.findMany({
    where: paymentIntentsWhere(accountId, { status: query.status ? [query.status] : null, customerId: query.customer, ...restFilter(query) }, restParams),
    ...pageArgs(query),
  });
  return { rows, query };
}
