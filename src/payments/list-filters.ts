import { z } from 'zod';
import { YarrowError } from '../core/errors.ts';

// The filters Pay's lists share (a search, a creation-time range), written once. Each list's own
// `where` lives in its sub-module's lists.ts, and both the REST list (`limit`/`starting_after`,
// `status=`) and the GraphQL connection (`first`/`after`, `status: [...]`) page over it.

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
export type FilterParams = { search: string; createdBefore: string };
export const graphqlParams: FilterParams = { search: 'search', createdBefore: 'createdBefore' };

export function createdRange(filter: PaymentsListFilter, params: FilterParams) {
  const { createdFrom, createdBefore } = filter;
  if (createdFrom && createdBefore && createdFrom >= createdBefore) {
    throw new YarrowError('invalid_request', 'The end of the date range must be after its start.', { param: params.createdBefore });
  }
  if (!createdFrom && !createdBefore) return {};
  return { createdAt: { ...(createdFrom ? { gte: createdFrom } : {}), ...(createdBefore ? { lt: createdBefore } : {}) } };
}

export function searchTerm(filter: PaymentsListFilter, params: FilterParams): string | undefined {
  const term = filter.search?.trim();
  if (!term) return undefined;
  if (term.length > MAX_SEARCH_LENGTH) {
    throw new YarrowError('invalid_request', `A search is at most ${MAX_SEARCH_LENGTH} characters.`, { param: params.search });
  }
  return term;
}

/** The REST lists' filters: `q`, `created_from`, `created_before` (ISO 8601). */
export const listFilterQuery = {
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_before: z.iso.datetime({ offset: true }).optional(),
};
export const restParams: FilterParams = { search: 'q', createdBefore: 'created_before' };
export const restFilter = (query: { q?: string; created_from?: string; created_before?: string }): PaymentsListFilter => ({
  search: query.q,
  createdFrom: query.created_from ? new Date(query.created_from) : null,
  createdBefore: query.created_before ? new Date(query.created_before) : null,
});
