import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import type { DisputeStatus } from '../../generated/prisma/enums.ts';

// This list's filters, written once as a Prisma `where`: the REST list (`limit`/`starting_after`,
// `status=`) and the GraphQL connection (`first`/`after`, `status: [...]`) both page over it.

export const disputeStatuses = ['needs_response', 'under_review', 'won', 'lost'] as const satisfies readonly DisputeStatus[];

/** Disputes by their payment intent and status. */
export function disputesWhere(
  accountId: number,
  filter: { paymentIntentId?: string | null; status?: readonly DisputeStatus[] | null },
): Prisma.DisputeWhereInput {
  return {
    accountId,
    ...(filter.paymentIntentId ? { paymentIntentId: filter.paymentIntentId } : {}),
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
  };
}

export const listDisputesQuery = listQuery.extend({
  payment_intent: z.string().max(100).optional(),
  status: z.enum(disputeStatuses).optional(),
});

export async function listDisputes(db: DbClient, accountId: number, query: z.output<typeof listDisputesQuery>) {
  await assertCursorsOwned(db.dispute, accountId, query, 'dispute');
  const rows = await db.dispute.findMany({
    where: disputesWhere(accountId, { paymentIntentId: query.payment_intent, status: query.status ? [query.status] : null }),
    ...pageArgs(query),
  });
  return { rows, query };
}
