import { z } from 'zod';
import { Prisma } from '../generated/prisma/client.ts';
import { YarrowError, notFound } from './errors.ts';
import { okSchema } from './http.ts';

/** Query parameters of every REST list, as at Stripe: newest first, cursor by object id. */
export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().min(1).max(255).optional(),
  ending_before: z.string().min(1).max(255).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * Prisma arguments for one page over a table ordered by (createdAt desc, id desc). Ids are typeids
 * (time-ordered), so `id` alone orders rows the same way and serves as the cursor.
 */
export interface PageArgs {
  take: number;
  cursor?: { id: string };
  skip?: number;
  orderBy: { id: 'desc' };
}

export function pageArgs(query: ListQuery): PageArgs {
  if (query.ending_before) {
    return { take: -(query.limit + 1), cursor: { id: query.ending_before }, skip: 1, orderBy: { id: 'desc' as const } };
  }
  if (query.starting_after) {
    return { take: query.limit + 1, cursor: { id: query.starting_after }, skip: 1, orderBy: { id: 'desc' as const } };
  }
  return { take: query.limit + 1, orderBy: { id: 'desc' as const } };
}

/**
 * For a REST list: one cursor at most (both would place the page two ways), and it must be a row of the account, or
 * a page could be placed relative to another account's row. Another account's id, or one that
 * exists nowhere, is `not_found` naming the param, the same answer as for any other foreign id.
 */
export async function assertCursorsOwned(
  model: { count(args: { where: { id: string; accountId: number } }): PromiseLike<number> },
  accountId: number,
  query: Pick<ListQuery, 'starting_after' | 'ending_before'>,
  noun: string,
): Promise<void> {
  if (query.starting_after && query.ending_before) {
    throw new YarrowError('invalid_request', 'ending_before: send starting_after or ending_before, not both (one page is placed after or before one row).', {
      param: 'ending_before',
    });
  }
  for (const param of ['starting_after', 'ending_before'] as const) {
    const id = query[param];
    if (id && (await model.count({ where: { id, accountId } })) === 0) throw notFound(noun, param);
  }
}

/** The schema of a REST list answer (`listBody` of `item`s), for a route's `response`. */
export function listSchema<Item extends z.ZodType>(item: Item) {
  return okSchema({ object: z.literal('list'), data: z.array(item), has_more: z.boolean(), url: z.string() });
}

/** `{object: "list", data, has_more, url}` from the rows `pageArgs` fetched (one extra tells has_more). */
export function listBody<Row, Json>(rows: Row[], query: ListQuery, url: string, toJson: (row: Row) => Json) {
  const backwards = !!query.ending_before && !query.starting_after;
  const hasMore = rows.length > query.limit;
  const page = hasMore ? (backwards ? rows.slice(1) : rows.slice(0, query.limit)) : rows;
  return { object: 'list' as const, data: page.map(toJson), has_more: hasMore, url };
}

/**
 * For a GraphQL connection's resolver: the page query Pothos built must have its cursor
 * (`after`/`before`) among the rows of this very list (`where`). Another account's id, or one that
 * exists nowhere, is the client's mistake: `invalid_request` naming the argument, the same answer
 * for both, instead of a page placed relative to a row the list does not hold.
 */
async function assertCursorInList(
  model: { count(args: { where: { AND: object[] } }): PromiseLike<number> },
  query: { cursor?: object },
  where: object,
  page: { before?: string | null },
): Promise<void> {
  if (!query.cursor) return;
  // A cursor of another list may carry an id of another type (a `pi_…` on a list of integer ids):
  // Prisma refuses it before any SQL, and that is a client's mistake, not a server error.
  const found = await Promise.resolve(model.count({ where: { AND: [where, query.cursor] } })).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientValidationError) return 0;
    throw error;
  });
  if (found > 0) return;
  throw notACursor(page.before != null ? 'before' : 'after');
}

/** A connection cursor (`after`/`before`) that is malformed or names no row of the list. */
export function notACursor(param: 'after' | 'before'): YarrowError {
  return new YarrowError('invalid_request', `${param}: not a cursor of this list (use a pageInfo cursor from an earlier page).`, { param });
}

/**
 * A GraphQL connection's rows: the cursor checked against the list (`assertCursorInList`), then
 * the page Pothos built over `where`, newest first. Every root `prismaConnection` resolves with it.
 */
export async function connectionRows<Rows>(
  model: {
    count(args: { where: { AND: object[] } }): PromiseLike<number>;
    findMany(args: { where: object; orderBy: { id: 'desc' } }): PromiseLike<Rows>;
  },
  query: { cursor?: object },
  where: object,
  page: { before?: string | null },
): Promise<Rows> {
  await assertCursorInList(model, query, where, page);
  return model.findMany({ ...query, where, orderBy: { id: 'desc' } });
}
