import { newJobId } from '../core/ids.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound } from '../core/errors.ts';
import { lockRow } from '../core/locks.ts';
import { publish } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import { lockStalledDeliveries } from './sql.ts';
import type { Event, WebhookDelivery } from '../generated/prisma/client.ts';
import { deliveryUpdate, enqueueAttempt } from './enqueue.ts';
import { isFifo, lockLines, mustWait, queueAgain, sweepStalledLines } from './lines.ts';

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * Conditions on an event's data an endpoint may require beyond its types (`WebhookEndpoint.dataFilter`):
 * `has_attachments`, a non-empty `attachments` list (the reference API's `mms:downloaded` is
 * `message.received` for the messages with parts, src/relay/transports/android-app/thirdparty-json.ts).
 */
export const dataFilters = {
  has_attachments: (data: unknown) => Array.isArray((data as { attachments?: unknown } | null)?.attachments) && (data as { attachments: unknown[] }).attachments.length > 0,
} as const;
export type DataFilter = keyof typeof dataFilters;

function subscribed(endpoint: { eventTypes: string[]; dataFilter?: string | null }, event: Event) {
  if (endpoint.eventTypes.length > 0 && !endpoint.eventTypes.includes(event.type)) return false;
  return !endpoint.dataFilter || dataFilters[endpoint.dataFilter as DataFilter]?.(event.data) === true;
}

export interface FanOutOptions {
  /** To this endpoint alone, whatever it subscribes to (test events). */
  onlyEndpointId?: string;
  /** To every subscribed endpoint but this one (news about it: it is failing). */
  exceptEndpointId?: string;
}

type FanOutEndpoint = { id: string; accountId: number; eventTypes: string[]; rateLimit: number | null; ordering: string; dataFilter?: string | null };

/**
 * Fans events out to their accounts' enabled endpoints (`endpoints`, as `recordEvents` read them)
 * that subscribe to them, or, with `onlyEndpointId`, to that endpoint alone: a delivery row, its
 * first job and a live update each, all in `tx`. A FIFO endpoint's delivery gets its job only if
 * its line is free, and waits its turn otherwise (lines.ts): its line is locked first.
 */
export async function fanOutEvents(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  events: Event[],
  endpoints: FanOutEndpoint[],
  { onlyEndpointId, exceptEndpointId }: FanOutOptions = {},
): Promise<void> {
  if (endpoints.length === 0) return;
  const plan = events.map((event) => ({
    event,
    targets: endpoints.filter(
      (endpoint) =>
        endpoint.accountId === event.accountId &&
        endpoint.id !== exceptEndpointId &&
        (onlyEndpointId ? endpoint.id === onlyEndpointId : subscribed(endpoint, event)),
    ),
  }));
  const lines = plan.flatMap(({ targets }) => targets.filter(isFifo).map((endpoint) => endpoint.id));
  if (lines.length > 0) await lockLines(tx, lines);
  for (const { event, targets } of plan) await deliverToEndpoints(rt, tx, event, targets);
}

async function deliverToEndpoints(rt: Pick<Runtime, 'boss' | 'config'>, tx: DbClient, event: Event, endpoints: FanOutEndpoint[]) {
  for (const endpoint of endpoints) {
    const waits = await mustWait(tx, endpoint);
    const jobId = waits ? null : newJobId();
    const delivery = await tx.webhookDelivery.create({
      data: { accountId: event.accountId, endpointId: endpoint.id, eventId: event.id, nextAttemptAt: waits ? null : event.createdAt, jobId },
    });
    if (jobId) await enqueueAttempt(rt, tx, { ...delivery, rateLimit: endpoint.rateLimit }, { jobId, trigger: 'automatic' });
    await publish(tx, 'webhookDeliveryUpdated', event.accountId, deliveryUpdate(delivery, event));
  }
}

const MAX_DELIVERY_NUMBER = 2n ** 63n - 1n;

/** Delivery numbers are positive 64-bit integers; anything else names no delivery. */
export function parseDeliveryId(raw: string | number | bigint, param = 'id'): bigint {
  const text = String(raw).trim();
  if (!/^\d{1,19}$/.test(text) || BigInt(text) > MAX_DELIVERY_NUMBER) throw notFound('webhook delivery', param);
  return BigInt(text);
}

export async function getDelivery(db: DbClient, accountId: number, rawId: string | number | bigint, param = 'id'): Promise<WebhookDelivery> {
  const delivery = await db.webhookDelivery.findFirst({ where: { id: parseDeliveryId(rawId, param), accountId } });
  if (!delivery) throw notFound('webhook delivery', param);
  return delivery;
}

/**
 * Sends a delivery again now, as a new attempt under the same delivery number. The new job takes
 * over the delivery: a retry that was scheduled finds it is no longer the owner and does nothing.
 * If the attempt fails, the delivery continues on the retry schedule from its attempt count. On a
 * FIFO endpoint whose line another delivery holds, it waits its turn instead (lines.ts).
 * GraphQL (`redeliverWebhook`, param `deliveryId`) and REST (`POST /api/v1/webhook-deliveries/{id}/redeliver`) call it.
 */
export async function redeliver(rt: Runtime, accountId: number, rawId: string, param = 'deliveryId'): Promise<WebhookDelivery> {
  return rt.db.prisma.$transaction(async (tx) => {
    const id = parseDeliveryId(rawId, param);
    // A FIFO endpoint's line is locked before the delivery's row, as every plan of its line does.
    const line = await tx.webhookDelivery.findFirst({ where: { id, accountId }, select: { endpoint: { select: { id: true, ordering: true } } } });
    if (line && isFifo(line.endpoint)) await lockLines(tx, [line.endpoint.id]);
    await lockRow(tx, 'webhook_deliveries', id, { accountId, idType: 'bigint' });
    const delivery = await tx.webhookDelivery.findFirst({ where: { id, accountId }, include: { endpoint: true, event: true } });
    if (!delivery) throw notFound('webhook delivery', param);
    if (delivery.endpoint.disabledAt) {
      throw new YarrowError('invalid_state', 'The endpoint is disabled; enable it before redelivering.', { param });
    }
    // Made FIFO since the read above: its line is locked now (nothing of it was locked yet).
    if (isFifo(delivery.endpoint) && !(line && isFifo(line.endpoint))) await lockLines(tx, [delivery.endpointId]);
    const updated = await queueAgain(rt, tx, delivery, delivery.endpoint);
    await publish(tx, 'webhookDeliveryUpdated', accountId, deliveryUpdate(updated, delivery.event));
    return updated;
  });
}

/** Minutes a due delivery may wait without a live job before the sweeper gives it a new one. */
const STALL_GRACE_MINUTES = 5;

/**
 * Finds pending deliveries whose job no longer exists or has given up (pg-boss retries exhausted,
 * e.g. during a long database outage) and gives each a new job, so no delivery is ever forgotten;
 * then passes on the FIFO lines that stand still (`sweepStalledLines`). A delivery waiting in a
 * line has no due time and is never one of the former: the sweeper cannot let it jump the line.
 */
export async function sweepStalledDeliveries(rt: Runtime): Promise<number> {
  return rt.db.prisma.$transaction(async (tx) => {
    const stalled = await lockStalledDeliveries(tx, STALL_GRACE_MINUTES);
    for (const row of stalled) {
      const jobId = newJobId();
      await tx.webhookDelivery.update({ where: { id: row.id }, data: { jobId } });
      await enqueueAttempt(rt, tx, { id: row.id, endpointId: row.endpoint_id, accountId: row.account_id }, { jobId, trigger: 'automatic' });
    }
    if (stalled.length > 0) rt.logger.warn({ count: stalled.length }, 'stalled webhook deliveries given new jobs');
    return stalled.length;
  }).then(async (count) => count + (await sweepStalledLines(rt)));
}
