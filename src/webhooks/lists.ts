import { z } from 'zod';
import type { DbClient, Prisma } from '../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs, type ListQuery } from '../core/pagination.ts';
import { deliveryStatuses, parseDeliveryId } from './deliveries.ts';
import type { EventType } from '../core/module.ts';

// The webhooks lists: each one's filters are written here once, as a Prisma `where`, and both the
// REST list (`limit`/`starting_after`) and the GraphQL connection (`first`/`after`) page over it.

export function endpointsWhere(accountId: number) {
  return { accountId } satisfies Prisma.WebhookEndpointWhereInput;
}

export async function listEndpoints(db: DbClient, accountId: number, query: ListQuery) {
  await assertCursorsOwned(db.webhookEndpoint, accountId, query, 'webhook endpoint');
  return db.webhookEndpoint.findMany({ where: endpointsWhere(accountId), ...pageArgs(query) });
}

/**
 * The lists' filters that name an event, given every module's event names (`rt.modules.eventTypes`):
 * an unknown name is a mistake (400), not an empty list.
 */
export function eventTypeFilters(eventTypes: readonly EventType[]) {
  const eventTypeFilter = z.enum(eventTypes);
  return {
    eventTypeFilter,
    eventListQuery: eventListQueryOf(eventTypeFilter),
    deliveryFilter: deliveryFilterOf(eventTypeFilter),
    /** `GET /api/v1/webhook-deliveries`: the delivery log's filters, in REST's snake_case. */
    deliveryListQuery: deliveryListQueryOf(eventTypeFilter),
  };
}

function eventListQueryOf(eventTypeFilter: z.ZodType<string>) {
  return listQuery.extend({
    type: eventTypeFilter.optional(),
    object_public_id: z.string().min(1).max(255).optional(),
    request_log_id: z.string().min(1).max(100).optional(),
  });
}

export function eventsWhere(accountId: number, filter: { type?: string | null; objectPublicId?: string | null; requestLogId?: string | null }) {
  return {
    accountId,
    ...(filter.requestLogId ? { requestLogId: filter.requestLogId } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.objectPublicId ? { objectPublicId: filter.objectPublicId } : {}),
  } satisfies Prisma.EventWhereInput;
}

export async function listEvents(db: DbClient, accountId: number, query: z.output<ReturnType<typeof eventListQueryOf>>) {
  await assertCursorsOwned(db.event, accountId, query, 'event');
  return db.event.findMany({ where: eventsWhere(accountId, { type: query.type, objectPublicId: query.object_public_id, requestLogId: query.request_log_id }), ...pageArgs(query) });
}

function deliveryFilterOf(eventTypeFilter: z.ZodType<string>) {
  return z.strictObject({
    endpointId: z.string().min(1).max(100).optional(),
    status: z.enum(deliveryStatuses).optional(),
    eventType: eventTypeFilter.optional(),
    eventId: z.string().min(1).max(100).optional(),
    /** The deliveries of the events one API request caused. */
    requestLogId: z.string().min(1).max(100).optional(),
  });
}

/** The delivery log's filters, as REST's query and GraphQL's `filter` parse them. */
export type DeliveryFilter = z.output<ReturnType<typeof deliveryFilterOf>>;

/** Prisma `where` for an account's deliveries, newest first by number (its callers parsed the filter: the event name checked against the modules'). */
export function deliveriesWhere(accountId: number, filter: DeliveryFilter) {
  return {
    accountId,
    ...(filter.endpointId ? { endpointId: filter.endpointId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.eventId ? { eventId: filter.eventId } : {}),
    ...(filter.eventType || filter.requestLogId
      ? { event: { ...(filter.eventType ? { type: filter.eventType } : {}), ...(filter.requestLogId ? { requestLogId: filter.requestLogId } : {}) } }
      : {}),
  } satisfies Prisma.WebhookDeliveryWhereInput;
}

function deliveryListQueryOf(eventTypeFilter: z.ZodType<string>) {
  return listQuery.extend({
    endpoint_id: z.string().min(1).max(100).optional(),
    event_type: eventTypeFilter.optional(),
    event_id: z.string().min(1).max(100).optional(),
    status: z.enum(deliveryStatuses).optional(),
    request_log_id: z.string().min(1).max(100).optional(),
  });
}

/**
 * A REST page of the delivery log. Delivery ids are 64-bit numbers, not typeids, so the cursors are
 * parsed as such (a cursor that is no number names no delivery: `not_found`, as any foreign id).
 */
export async function listDeliveries(db: DbClient, accountId: number, query: z.output<ReturnType<typeof deliveryListQueryOf>>) {
  const cursors = { starting_after: query.starting_after, ending_before: query.ending_before };
  await assertCursorsOwned(
    { count: ({ where }) => db.webhookDelivery.count({ where: { accountId: where.accountId, id: parseDeliveryId(where.id, cursorParam(cursors, where.id)) } }) },
    accountId,
    cursors,
    'webhook delivery',
  );
  const { cursor, ...page } = pageArgs(query);
  const where = deliveriesWhere(accountId, { endpointId: query.endpoint_id, eventType: query.event_type, eventId: query.event_id, status: query.status, requestLogId: query.request_log_id });
  return db.webhookDelivery.findMany({ where, ...page, ...(cursor ? { cursor: { id: parseDeliveryId(cursor.id) } } : {}) });
}

function cursorParam(cursors: { starting_after?: string; ending_before?: string }, id: string) {
  return cursors.starting_after === id ? 'starting_after' : 'ending_before';
}
