import { accountNow } from '../accounts/index.ts';
import { type builder, enumOf, perRequest, type GraphqlContext } from '../graphql/builder.ts';
import { currentThenLive, readOncePerEvent } from '../graphql/live.ts';
import { paymentMethodCodes } from './tokens.ts';

// What Pay's GraphQL files share: the caller's account, its time, a transaction, the live-update
// stream of one object, the lists' filter arguments and the rail enum. Each sub-module's graphql.ts
// declares its own types, queries, mutations and subscriptions.

export const PaymentMethodCodeEnum = enumOf('PaymentMethodCode', paymentMethodCodes);

export const accountIdOf = (ctx: GraphqlContext) => ctx.principal!.accountId;

/** The account's time (its test clock's, if any), read once per request: a page of card sessions shares it. */
const accountTimes = perRequest(() => new Map<number, Promise<Date>>());
export function accountTimeOf(ctx: GraphqlContext, accountId: number): Promise<Date> {
  const nows = accountTimes(ctx);
  if (!nows.has(accountId)) nows.set(accountId, accountNow(ctx.rt.db.prisma, accountId));
  return nows.get(accountId)!;
}
export const transaction = <T>(ctx: GraphqlContext, work: (tx: Parameters<Parameters<GraphqlContext['rt']['db']['prisma']['$transaction']>[0]>[0]) => Promise<T>) =>
  ctx.rt.db.prisma.$transaction(work);

/**
 * The object's current state first, then one result per transition, from any process. Each result
 * shows the mutable fields as of its transition (from the event) over the stored row.
 */
export function liveUpdates<Row, Update>(updates: AsyncIterator<Update>, accountId: number, load: () => Promise<Row>, apply: (row: Row, update: Update) => Row) {
  // One read per transition for all of the account's subscribers of this object (apply copies the row).
  return currentThenLive(updates, { current: load, next: async (update) => apply(await readOncePerEvent(update, String(accountId), load), update) });
}

/** An ISO time of a live update, as a Date (null stays null). */
export const date = (text: string | null) => (text ? new Date(text) : null);

/** The payments lists' filters beside status (list-filters.ts applies them, for REST too). */
export function listFilterArgs(t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) {
  return {
    search: t.arg.string({ description: 'An id (exactly), or part of a title, customer email or name, any case.' }),
    createdFrom: t.arg({ type: 'DateTime', description: 'Created at or after.' }),
    createdBefore: t.arg({ type: 'DateTime', description: 'Created before.' }),
  };
}
