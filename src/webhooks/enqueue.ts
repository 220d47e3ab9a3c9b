// How a delivery's next attempt is queued (its pg-boss job, its send slot when rate-limited) and how
// a delivery shows in the live delivery log: shared by the fan-out, the worker, redelivery, recovery
// and FIFO lines (lines.ts), none of which imports another for it.
import type { Config } from '../core/config.ts';
import type { DbClient } from '../core/db.ts';
import type { Topics } from '../core/pubsub.ts';
import { sendJob, sendJobs } from '../core/queue.ts';
import { sendJobAt } from '../accounts/index.ts';
import type { Runtime } from '../core/runtime.ts';
import { reserveSendSlots } from './sql.ts';
import type { Event, WebhookDelivery } from '../generated/prisma/client.ts';

export type DeliveryUpdate = Topics['webhookDeliveryUpdated'][1];

/**
 * How long a job stays claimed before another worker may take it over (its worker presumably died):
 * the request timeout plus room for the two short transactions around it.
 */
export function jobExpirySeconds(config: Pick<Config, 'WEBHOOK_TIMEOUT_SECONDS'>): number {
  return Math.ceil(config.WEBHOOK_TIMEOUT_SECONDS) + 10;
}

type Trigger = 'automatic' | 'manual';

function jobOptions(rt: Pick<Runtime, 'config'>, endpointId: string, jobId: string) {
  // One group per endpoint: WEBHOOK_ENDPOINT_CONCURRENCY caps its active jobs across workers.
  return { id: jobId, group: { id: endpointId }, expireInSeconds: jobExpirySeconds(rt.config) };
}

/**
 * Enqueues the job that makes a delivery's next attempt, in the caller's transaction. The job id is
 * written to the delivery by the caller: only the job the delivery names may attempt it.
 *
 * `rateLimit` is the endpoint's, when the caller read it: null (no limit) enqueues with no other
 * statement (the fleet's path); a number, or undefined (not read: the endpoint row answers), takes
 * the endpoint's next send slot (`reserveSendSlots`) and the job starts no earlier than it (the
 * worker checks the limit again right before sending: pace.ts).
 */
export async function enqueueAttempt(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  delivery: { id: bigint; endpointId: string; accountId: number; rateLimit?: number | null },
  options: { jobId: string; trigger: Trigger; at?: Date },
) {
  const data = { deliveryId: String(delivery.id), trigger: options.trigger };
  const job = jobOptions(rt, delivery.endpointId, options.jobId);
  const slot = delivery.rateLimit === null ? null : ((await reserveSendSlots(tx, delivery.endpointId, 1))?.first ?? null);
  // A retry is due at a time of the account's clock (a test clock holds it until an advance).
  if (options.at) await sendJobAt(rt, tx, delivery.accountId, 'webhook_deliver', data, { at: slot && slot > options.at ? slot : options.at }, job);
  else if (slot && slot.getTime() > Date.now()) await sendJob(rt.boss, 'webhook_deliver', data, { ...job, tx, startAfter: slot });
  else await sendJob(rt.boss, 'webhook_deliver', data, { ...job, tx });
}

/**
 * `enqueueAttempt` for many deliveries of one endpoint at once, due now (a FIFO endpoint's waiting
 * deliveries when it becomes unordered): one statement for their jobs, and for a rate-limited
 * endpoint one for their consecutive send slots.
 */
export async function enqueueAttempts(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  endpointId: string,
  deliveries: Array<{ id: bigint; jobId: string; trigger: Trigger }>,
) {
  if (deliveries.length === 0) return;
  const slots = await reserveSendSlots(tx, endpointId, deliveries.length);
  await sendJobs(
    rt.boss,
    'webhook_deliver',
    deliveries.map((delivery, i) => ({
      data: { deliveryId: String(delivery.id), trigger: delivery.trigger },
      ...jobOptions(rt, endpointId, delivery.jobId),
      ...(slots ? { startAfter: new Date(slots.first.getTime() + i * slots.stepMs) } : {}),
    })),
    { tx },
  );
}

export function deliveryUpdate(
  delivery: Pick<WebhookDelivery, 'id' | 'endpointId' | 'status' | 'attemptCount' | 'lastStatusCode' | 'nextAttemptAt' | 'updatedAt'>,
  event: Pick<Event, 'id' | 'type'>,
): DeliveryUpdate {
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
