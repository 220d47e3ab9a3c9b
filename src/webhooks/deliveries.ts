import { newJobId } from '../core/ids.ts';
import type { Config } from '../core/config.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound } from '../core/errors.ts';
import { lockRow } from '../core/locks.ts';
import { publish, type Topics } from '../core/pubsub.ts';
import { sendJob } from '../core/queue.ts';
import { sendJobAt } from '../accounts/index.ts';
import type { Runtime } from '../core/runtime.ts';
import { lockStalledDeliveries, reserveSendSlot } from './sql.ts';
import type { Event, WebhookDelivery } from '../generated/prisma/client.ts';

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export type DeliveryUpdate = Topics['webhookDeliveryUpdated'][1];

/**
 * How long a job stays claimed before another worker may take it over (its worker presumably died):
 * the request timeout plus room for the two short transactions around it.
 */
export function jobExpirySeconds(config: Pick<Config, 'WEBHOOK_TIMEOUT_SECONDS'>): number {
  return Math.ceil(config.WEBHOOK_TIMEOUT_SECONDS) + 10;
}

/**
 * Enqueues the job that makes a delivery's next attempt, in the caller's transaction. The job id is
 * written to the delivery by the caller: only the job the delivery names may attempt it.
 *
 * `rateLimit` is the endpoint's, when the caller read it: null (no limit) enqueues with no other
 * statement (the fleet's path); a number, or undefined (not read: the endpoint row answers), takes
 * the endpoint's next send slot (`reserveSendSlot`) and the job starts no earlier than it.
 */
export async function enqueueAttempt(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  delivery: { id: bigint; endpointId: string; accountId: number; rateLimit?: number | null },
  options: { jobId: string; trigger: 'automatic' | 'manual'; at?: Date },
) {
  const data = { deliveryId: String(delivery.id), trigger: options.trigger };
  const jobOptions = {
    id: options.jobId,
    // One group per endpoint: WEBHOOK_ENDPOINT_CONCURRENCY caps its active jobs across workers.
    group: { id: delivery.endpointId },
    expireInSeconds: jobExpirySeconds(rt.config),
  };
  const slot = delivery.rateLimit === null ? null : await reserveSendSlot(tx, delivery.endpointId);
  // A retry is due at a time of the account's clock (a test clock holds it until an advance).
  if (options.at) await sendJobAt(rt, tx, delivery.accountId, 'webhook_deliver', data, { at: slot && slot > options.at ? slot : options.at }, jobOptions);
  else if (slot && slot.getTime() > Date.now()) await sendJob(rt.boss, 'webhook_deliver', data, { ...jobOptions, tx, startAfter: slot });
  else await sendJob(rt.boss, 'webhook_deliver', data, { ...jobOptions, tx });
}

export function deliveryUpdate(delivery: WebhookDelivery, event: Pick<Event, 'id' | 'type'>): DeliveryUpdate {
  return {
    deliveryId: String(delivery.id),
    endpointId: delivery.endpointId,
    eventId: event.id,
    eventType: event.type,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    lastStatusCode: delivery.lastStatusCode,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

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

/**
 * Fans events out to their accounts' enabled endpoints (`endpoints`, as `recordEvents` read them)
 * that subscribe to them, or, with `onlyEndpointId`, to that endpoint alone: a delivery row, its
 * first job and a live update each, all in `tx`.
 */
export async function fanOutEvents(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  events: Event[],
  endpoints: Array<{ id: string; accountId: number; eventTypes: string[]; rateLimit: number | null; dataFilter?: string | null }>,
  { onlyEndpointId, exceptEndpointId }: FanOutOptions = {},
): Promise<void> {
  if (endpoints.length === 0) return;
  for (const event of events) {
    const targets = endpoints.filter(
      (endpoint) =>
        endpoint.accountId === event.accountId &&
        endpoint.id !== exceptEndpointId &&
        (onlyEndpointId ? endpoint.id === onlyEndpointId : subscribed(endpoint, event)),
    );
    await deliverToEndpoints(rt, tx, event, targets);
  }
}

async function deliverToEndpoints(rt: Pick<Runtime, 'boss' | 'config'>, tx: DbClient, event: Event, endpoints: Array<{ id: string; rateLimit: number | null }>) {
  const deliveries: WebhookDelivery[] = [];
  for (const endpoint of endpoints) {
    const jobId = newJobId();
    const delivery = await tx.webhookDelivery.create({
      data: { accountId: event.accountId, endpointId: endpoint.id, eventId: event.id, nextAttemptAt: event.createdAt, jobId },
    });
    await enqueueAttempt(rt, tx, { ...delivery, rateLimit: endpoint.rateLimit }, { jobId, trigger: 'automatic' });
    await publish(tx, 'webhookDeliveryUpdated', event.accountId, deliveryUpdate(delivery, event));
    deliveries.push(delivery);
  }
  return deliveries;
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
 * If the attempt fails, the delivery continues on the retry schedule from its attempt count.
 * GraphQL (`redeliverWebhook`, param `deliveryId`) and REST (`POST /api/v1/webhook-deliveries/{id}/redeliver`) call it.
 */
export async function redeliver(rt: Runtime, accountId: number, rawId: string, param = 'deliveryId'): Promise<WebhookDelivery> {
  return rt.db.prisma.$transaction(async (tx) => {
    const id = parseDeliveryId(rawId, param);
    await lockRow(tx, 'webhook_deliveries', id, { accountId, idType: 'bigint' });
    const delivery = await tx.webhookDelivery.findFirst({ where: { id, accountId }, include: { endpoint: true, event: true } });
    if (!delivery) throw notFound('webhook delivery', param);
    if (delivery.endpoint.disabledAt) {
      throw new YarrowError('invalid_state', 'The endpoint is disabled; enable it before redelivering.', { param });
    }
    const jobId = newJobId();
    const updated = await tx.webhookDelivery.update({
      where: { id },
      data: { status: 'pending', nextAttemptAt: new Date(), jobId },
    });
    await enqueueAttempt(rt, tx, { ...updated, rateLimit: delivery.endpoint.rateLimit }, { jobId, trigger: 'manual' });
    await publish(tx, 'webhookDeliveryUpdated', accountId, deliveryUpdate(updated, delivery.event));
    return updated;
  });
}

/** Minutes a due delivery may wait without a live job before the sweeper gives it a new one. */
const STALL_GRACE_MINUTES = 5;

/**
 * Finds pending deliveries whose job no longer exists or has given up (pg-boss retries exhausted,
 * e.g. during a long database outage) and gives each a new job, so no delivery is ever forgotten.
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
  });
}
