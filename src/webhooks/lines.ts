// Ordered endpoints (`ordering: "fifo"`, as Svix's FIFO endpoints): a FIFO endpoint's deliveries go
// one at a time in event order. Each such endpoint has a line: its pending deliveries in delivery
// number order (the order their events were fanned out in). Only the delivery at the head of the
// line holds a job (`job_id`, and a due time); the others are `pending` with neither and no worker
// ever sees them. The plan that ends the head (succeeded, or failed after its last retry or because
// the endpoint was disabled) passes the line on, in its own transaction, to the oldest one waiting.
// A failing head therefore holds the rest through its whole retry schedule.
//
// Who holds the line and who waits changes under the endpoint's line lock (`webhooksLocks.fifoLine`,
// a transaction-scoped advisory lock), taken before any delivery row of the endpoint is locked:
// two transactions can never both find the line free and both give a job. Unordered endpoints take
// no lock and run no statement of this file.
import { newJobId } from '../core/ids.ts';
import type { DbClient } from '../core/db.ts';
import { advisoryXactLock } from '../core/locks.ts';
import { publish, publishMany } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { WebhookDelivery } from '../generated/prisma/client.ts';
import { webhooksLocks } from './contract.ts';
import { deliveryUpdate, enqueueAttempt, enqueueAttempts } from './enqueue.ts';
import { lineTaken, nextInLine, releaseWaiting, stalledLines } from './sql.ts';

export const endpointOrderings = ['unordered', 'fifo'] as const;
export type EndpointOrdering = (typeof endpointOrderings)[number];

export const isFifo = (endpoint: { ordering: string }) => endpoint.ordering === 'fifo';

/** Takes the line locks of these endpoints, in id order (two transactions never wait on each other's). */
export async function lockLines(tx: DbClient, endpointIds: Iterable<string>): Promise<void> {
  for (const id of [...new Set(endpointIds)].sort()) await advisoryXactLock(tx, webhooksLocks.fifoLine, id);
}

/**
 * Whether a delivery about to be made pending on this endpoint must wait its turn: on a FIFO
 * endpoint, when another pending delivery holds or waits for the line. The caller holds the line.
 */
export async function mustWait(tx: DbClient, endpoint: { id: string; ordering: string }, deliveryId?: bigint): Promise<boolean> {
  return isFifo(endpoint) && (await lineTaken(tx, endpoint.id, deliveryId));
}

/**
 * Makes a delivery pending for a new attempt now (a redelivery, a recovery): with its job, or, on a
 * FIFO endpoint whose line is taken, waiting its turn behind the delivery that holds it (no job, no
 * due time: `passLine` gives it one). A FIFO delivery that already holds the line takes a new job
 * (the redelivery supersedes its scheduled retry) and keeps the line. The caller holds the line of
 * a FIFO endpoint and the delivery's row.
 */
export async function queueAgain(
  rt: Pick<Runtime, 'boss' | 'config'>,
  tx: DbClient,
  delivery: WebhookDelivery,
  endpoint: { id: string; ordering: string; rateLimit: number | null },
): Promise<WebhookDelivery> {
  const holdsLine = delivery.status === 'pending' && delivery.jobId !== null;
  if (!holdsLine && (await mustWait(tx, endpoint, delivery.id))) {
    return tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'pending', nextAttemptAt: null, jobId: null } });
  }
  const jobId = newJobId();
  const updated = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'pending', nextAttemptAt: new Date(), jobId } });
  await enqueueAttempt(rt, tx, { ...updated, rateLimit: endpoint.rateLimit }, { jobId, trigger: 'manual' });
  return updated;
}

/**
 * Passes a FIFO endpoint's line on once the delivery holding it ended, in that plan's transaction:
 * the oldest waiting delivery gets its job, due now (and its live update). Nothing while another
 * delivery holds a job (an endpoint made FIFO while several were in flight) or none waits. A waiting
 * delivery that was attempted before was made pending again by a redelivery or a recovery: its
 * attempt is `manual`.
 */
export async function passLine(rt: Pick<Runtime, 'boss' | 'config'>, tx: DbClient, endpointId: string): Promise<void> {
  await lockLines(tx, [endpointId]);
  const next = await nextInLine(tx, endpointId);
  if (!next) return;
  const jobId = newJobId();
  const updated = await tx.webhookDelivery.update({ where: { id: next.id }, data: { nextAttemptAt: new Date(), jobId }, include: { event: { select: { id: true, type: true } } } });
  await enqueueAttempt(rt, tx, updated, { jobId, trigger: next.attempt_count > 0 ? 'manual' : 'automatic' });
  await publish(tx, 'webhookDeliveryUpdated', updated.accountId, deliveryUpdate(updated, updated.event));
}

/**
 * An endpoint made unordered: every delivery waiting in its line gets its job now (one statement
 * each for the rows and the jobs), so none is stranded. The caller holds the line.
 */
export async function releaseLine(rt: Pick<Runtime, 'boss' | 'config'>, tx: DbClient, endpointId: string): Promise<number> {
  const released = await releaseWaiting(tx, endpointId, new Date());
  await enqueueAttempts(
    rt,
    tx,
    endpointId,
    released.map((row) => ({ id: row.id, jobId: row.jobId, trigger: row.attemptCount > 0 ? 'manual' : 'automatic' })),
  );
  // The delivery log shows each one due now, as `passLine` shows the one it passes the line to.
  await publishMany(
    tx,
    'webhookDeliveryUpdated',
    released.map((row) => [row.accountId, deliveryUpdate(row, { id: row.eventId, type: row.eventType })]),
  );
  return released.length;
}

/** The sweeper's part for lines no plan could pass on (`stalledLines`): each is passed on now. */
export async function sweepStalledLines(rt: Runtime): Promise<number> {
  const endpointIds = await stalledLines(rt.db.prisma);
  for (const endpointId of endpointIds) await rt.db.prisma.$transaction((tx) => passLine(rt, tx, endpointId));
  if (endpointIds.length > 0) rt.logger.info({ count: endpointIds.length }, 'stalled FIFO webhook lines passed on');
  return endpointIds.length;
}
