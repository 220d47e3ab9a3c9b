import type { DbClient } from '../core/db.ts';
import { newId } from './contract.ts';
import { currentRequestLogId } from '../core/request-log.ts';
import { liveEvent, notifyQuery } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import { insertEventsReadEndpoints } from './sql.ts';
import type { Event } from '../generated/prisma/client.ts';
import type { EventType } from '../core/module.ts';
import { fanOutEvents, type FanOutOptions } from './deliveries.ts';
import { queueNotifications } from './notifications/queue.ts';

/** Every event name Yarrow records: each module declares its own (`eventTypes` in its module.ts), `rt.modules.eventTypes` has them all. Webhook endpoints subscribe to these (or to all). */
export type { EventType } from '../core/module.ts';

export interface EventInput {
  accountId: number;
  type: EventType;
  objectType: string;
  objectPublicId: string;
  data: Record<string, unknown>;
}

/** The JSON body a webhook receiver gets for an event: the same shape for every event. */
export function eventPayload(event: Event) {
  return {
    id: event.id,
    event: event.type,
    object_type: event.objectType,
    object_public_id: event.objectPublicId,
    merchant_id: event.accountId,
    data: event.data,
    created_at: event.createdAt.toISOString(),
  };
}

/**
 * Records an event inside the caller's transaction (`tx`), so the event exists exactly when the
 * change it describes does. The webhook system fans it out to matching endpoints in the same
 * transaction (deliveries and their jobs), so nothing accepted is lost. `onlyEndpointId` sends it to
 * that one endpoint whatever it subscribes to (test events); `exceptEndpointId` sends it to every
 * matching endpoint but that one (news about that endpoint, which is failing).
 */
export async function recordEvent(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  input: EventInput,
  options: FanOutOptions = {},
): Promise<Event> {
  return (await recordEvents(rt, tx, [input], options))[0]!;
}

/**
 * `recordEvent` for several events at once. One statement inserts them, publishes them to the
 * account's live event feed (`eventCreated`, heard at commit) and reads the enabled webhook
 * endpoints of their accounts, which the fan-out needs; with no endpoint that is all.
 */
export async function recordEvents(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  inputs: EventInput[],
  options: FanOutOptions = {},
): Promise<Event[]> {
  if (inputs.length === 0) return [];
  const createdAt = new Date();
  // The API request being handled, if any: its log entry lists the events it caused.
  const requestLogId = currentRequestLogId();
  const events: Event[] = inputs.map((input) => ({
    id: newId('event'),
    accountId: input.accountId,
    type: input.type,
    objectType: input.objectType,
    objectPublicId: input.objectPublicId,
    data: input.data as Event['data'],
    requestLogId,
    createdAt,
  }));
  const rows = events.map((event) => ({ id: event.id, account_id: event.accountId, type: event.type, object_type: event.objectType, object_public_id: event.objectPublicId, data: event.data, request_log_id: requestLogId }));
  const feed = notifyQuery(events.map((event) => liveEvent('eventCreated', event.accountId, { id: event.id, type: event.type })));
  const endpoints = await insertEventsReadEndpoints(tx, rows, [...new Set(events.map((event) => event.accountId))], createdAt, feed);
  await fanOutEvents(
    rt,
    tx,
    events,
    endpoints.map((endpoint) => ({ id: endpoint.id, accountId: endpoint.account_id, eventTypes: endpoint.event_types, rateLimit: endpoint.rate_limit, ordering: endpoint.ordering, dataFilter: endpoint.data_filter })),
    options,
  );
  // Emails to the account's panel users (an endpoint disabled, a phone offline, …), queued with the event.
  await queueNotifications(rt, tx, events);
  return events;
}
