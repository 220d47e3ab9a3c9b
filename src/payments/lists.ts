import { z } from 'zod';
import type { DbClient, Prisma } from '../core/db.ts';
import { YarrowError } from '../core/errors.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../core/pagination.ts';
import type { DisputeStatus, InvoiceStatus, PaymentIntentStatus, RefundStatus } from '../generated/prisma/enums.ts';
import { cardSessionStatusWhere, type CardSessionStatus } from './json.ts';
import { intentStatuses } from './state-machine.ts';

// The payments lists: each one's filters are written here once, as a Prisma `where`, and both the
// REST list (`limit`/`starting_after`, `status=`) and the GraphQL connection (`first`/`after`,
// `status: [...]`) page over it.

export const invoiceStatuses = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const satisfies readonly InvoiceStatus[];

/** What a merchant can narrow a payments list by, beside status: a search and a creation-time range. */
export interface PaymentsListFilter {
  /** An object id (exactly), or part of a title, customer email or customer name (any case). */
  search?: string | null;
  /** Created at or after. */
  createdFrom?: Date | null;
  /** Created before. */
  createdBefore?: Date | null;
}

/** The longest search the lists accept: a search is a substring scan, bounded like every expensive request. */
export const MAX_SEARCH_LENGTH = 200;

/** Each list names its params its own way (REST `created_before`, GraphQL `createdBefore`). */
type FilterParams = { search: string; createdBefore: string };
const graphqlParams: FilterParams = { search: 'search', createdBefore: 'createdBefore' };

function createdRange(filter: PaymentsListFilter, params: FilterParams) {
  const { createdFrom, createdBefore } = filter;
  if (createdFrom && createdBefore && createdFrom >= createdBefore) {
    throw new YarrowError('invalid_request', 'The end of the date range must be after its start.', { param: params.createdBefore });
  }
  if (!createdFrom && !createdBefore) return {};
  return { createdAt: { ...(createdFrom ? { gte: createdFrom } : {}), ...(createdBefore ? { lt: createdBefore } : {}) } };
}

function searchTerm(filter: PaymentsListFilter, params: FilterParams): string | undefined {
  const term = filter.search?.trim();
  if (!term) return undefined;
  if (term.length > MAX_SEARCH_LENGTH) {
    throw new YarrowError('invalid_request', `A search is at most ${MAX_SEARCH_LENGTH} characters.`, { param: params.search });
  }
  return term;
}

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

/** The REST lists' filters: `q`, `created_from`, `created_before` (ISO 8601). */
const listFilterQuery = {
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_before: z.iso.datetime({ offset: true }).optional(),
};
const restParams: FilterParams = { search: 'q', createdBefore: 'created_before' };
const restFilter = (query: { q?: string; created_from?: string; created_before?: string }): PaymentsListFilter => ({
  search: query.q,
  createdFrom: query.created_from ? new Date(query.created_from) : null,
  createdBefore: query.created_before ? new Date(query.created_before) : null,
});

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

export const listInvoicesQuery = listQuery.extend({ status: z.enum(invoiceStatuses).optional(), ...listFilterQuery });

export async function listInvoices(db: DbClient, accountId: number, query: z.output<typeof listInvoicesQuery>) {
  await assertCursorsOwned(db.invoice, accountId, query, 'invoice');
  const rows = await db.invoice.findMany({
    where: invoicesWhere(accountId, { status: query.status ? [query.status] : null, ...restFilter(query) }, restParams),
    ...pageArgs(query),
  });
  return { rows, query };
}

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
