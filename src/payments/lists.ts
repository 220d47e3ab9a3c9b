import { z } from 'zod';
import type { DbClient, Prisma } from '../core/db.ts';
import { parseInput } from '../core/errors.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../core/pagination.ts';
import type { InvoiceStatus, PaymentIntentStatus } from '../generated/prisma/enums.ts';
import { cardSessionStatusWhere, type CardSessionStatus } from './json.ts';
import { intentStatuses } from './state-machine.ts';

// The payments lists: each one's filters are written here once, as a Prisma `where`, and both the
// REST list (`limit`/`starting_after`, `status=`) and the GraphQL connection (`first`/`after`,
// `status: [...]`) page over it.

export const invoiceStatuses = ['open', 'paid', 'void'] as const satisfies readonly InvoiceStatus[];

export function paymentIntentsWhere(accountId: number, filter: { status?: readonly PaymentIntentStatus[] | null }) {
  return { accountId, ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}) } satisfies Prisma.PaymentIntentWhereInput;
}

export function invoicesWhere(accountId: number, filter: { status?: readonly InvoiceStatus[] | null }) {
  return { accountId, ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}) } satisfies Prisma.InvoiceWhereInput;
}

/** Card sessions by their status as read (`expired` is derived: see `cardSessionStatus`) and intent. */
export function cardSessionsWhere(
  accountId: number,
  filter: { status?: readonly CardSessionStatus[] | null; paymentIntentId?: string | null },
  now = new Date(),
): Prisma.CardSessionWhereInput {
  return {
    accountId,
    ...(filter.paymentIntentId ? { paymentIntentId: filter.paymentIntentId } : {}),
    ...(filter.status?.length ? { OR: filter.status.map((status) => cardSessionStatusWhere(status, now)) } : {}),
  };
}

export const listPaymentIntentsQuery = listQuery.extend({ status: z.enum(intentStatuses).optional() });

export async function listPaymentIntents(db: DbClient, accountId: number, raw: unknown) {
  const query = parseInput(listPaymentIntentsQuery, raw);
  await assertCursorsOwned(db.paymentIntent, accountId, query, 'payment intent');
  const rows = await db.paymentIntent.findMany({
    where: paymentIntentsWhere(accountId, { status: query.status ? [query.status] : null }),
    ...pageArgs(query),
  });
  return { rows, query };
}

export const listInvoicesQuery = listQuery.extend({ status: z.enum(invoiceStatuses).optional() });

export async function listInvoices(db: DbClient, accountId: number, raw: unknown) {
  const query = parseInput(listInvoicesQuery, raw);
  await assertCursorsOwned(db.invoice, accountId, query, 'invoice');
  const rows = await db.invoice.findMany({
    where: invoicesWhere(accountId, { status: query.status ? [query.status] : null }),
    ...pageArgs(query),
  });
  return { rows, query };
}
