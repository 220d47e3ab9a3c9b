import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import type { InvoiceStatus } from '../../generated/prisma/enums.ts';
import { createdRange, graphqlParams, listFilterQuery, restFilter, restParams, searchTerm, type PaymentsListFilter } from '../list-filters.ts';

// This list's filters, written once as a Prisma `where`: the REST list (`limit`/`starting_after`,
// `status=`) and the GraphQL connection (`first`/`after`, `status: [...]`) both page over it.

export const invoiceStatuses = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const satisfies readonly InvoiceStatus[];

export function invoicesWhere(
  accountId: number,
  filter: PaymentsListFilter & { status?: readonly InvoiceStatus[] | null },
  params = graphqlParams,
): Prisma.InvoiceWhereInput {
  const term = searchTerm(filter, params);
  // An invoice number as shown (INV-000042) or its digits finds that invoice.
  const number = term && /^(?:INV-)?0*(\d{1,9})$/i.exec(term)?.[1];
  return {
    accountId,
    ...(filter.status?.length ? { status: { in: [...filter.status] } } : {}),
    ...createdRange(filter, params),
    ...(term
      ? {
          OR: [
            { id: term },
            ...(number ? [{ number: Number(number) }] : []),
            { title: { contains: term, mode: 'insensitive' } },
            { customerEmail: { contains: term, mode: 'insensitive' } },
            { customerName: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

export const listInvoicesQuery = listQuery.extend({ status: z.enum(invoiceStatuses).optional(), ...listFilterQuery });

export async function listInvoices(db: DbClient, accountId: number, query: z.output<typeof listInvoicesQuery>) {
  await assertCursorsOwned(db.invoice, accountId, query, 'invoice');
  const rows = await db.invoice.findMany({
    where: invoicesWhere(accountId, { status: query.status ? [query.status] : null, ...restFilter(query) }, restParams),
    ...pageArgs(query),
  });
  return { rows, query };
}
