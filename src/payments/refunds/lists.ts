import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import type { RefundStatus } from '../../generated/prisma/enums.ts';

// This list's filters, written once as a Prisma `where`: the REST list (`limit`/`starting_after`,
// `status=`) and the GraphQL connection (`first`/`after`, `status: [...]`) both page over it.

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const satisfies readonly RefundStatus[];

/** Refunds by their payment intent and status. */
export function refundsWhere(
  accountId: number,
  filter: { paymentIntentId?: string | null; status?: readonly RefundStatus[] | null },
): Prisma.RefundWhereInput {
  return {
    accountId,
    ...(filter.paymentIntentId ? { paymentIntentId: filter.paymentIntentId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
  };
}

export const listRefundsQuery = listQuery.extend({
  payment_intent: z.string().max(100).optional(),
  status: z.enum(refundStatuses).optional(),
});

export async function listRefunds(db: DbClient, accountId: number, query: z.output<typeof listRefundsQuery>) {
  await assertCursorsOwned(db.refund, accountId, query, 'refund');
  const rows = await db.refund.findMany({
    where: refundsWhere(accountId, { paymentIntentId: query.payment_intent, status: query.status ? [query.status] : null }),
    ...pageArgs(query),
  });
  return { rows, query };
}
