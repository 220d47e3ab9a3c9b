// Recover (Svix's `recover`, Convoy's batch retry): after an outage, every delivery of an endpoint
// that ended `failed` in a window is sent again, in one call. The request only claims the
// deliveries (one statement, one claim row per delivery: a delivery is claimed once however often
// recover is called while its recovery runs) and queues a `webhook_recover` job; the webhooks worker
// turns the claims, oldest first, into ordinary attempts, which then wait in the delivery queue
// under the endpoint's own limits like any other.
import { YarrowError } from '../core/errors.ts';
import { lockRows } from '../core/locks.ts';
import { liveEvent, publishAll } from '../core/pubsub.ts';
import { sendJob } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import type { WebhookEndpoint } from '../generated/prisma/client.ts';
import { deliveryUpdate } from './enqueue.ts';
import { isFifo, lockLines, queueAgain } from './lines.ts';
import { getEndpoint, isEnabled } from './endpoints.ts';
import { claimFailedDeliveries, oldestRecoveryClaims, takeRecoveryClaims } from './sql.ts';

/** The longest window a recovery may reach back, as Svix's. */
export const RECOVERY_WINDOW_DAYS = 14;

export interface RecoverEndpointCommand {
  endpointId: string;
  since: Date;
  /** Absent: now. */
  until?: Date;
}

export interface Recovery {
  endpoint: WebhookEndpoint;
  since: Date;
  until: Date;
  /** Failed deliveries claimed by this call, to be sent again. */
  queued: number;
}

/**
 * Claims the endpoint's deliveries that ended `failed` in [since, until) and queues their
 * recovery. `params` names the fields as the caller's transport spells them.
 */
export async function recoverEndpoint(
  rt: Runtime,
  accountId: number,
  command: RecoverEndpointCommand,
  params: { id: string; since: string; until: string } = { id: 'id', since: 'since', until: 'until' },
): Promise<Recovery> {
  const now = new Date();
  const until = command.until ?? now;
  if (command.since.getTime() < now.getTime() - RECOVERY_WINDOW_DAYS * 86400_000) {
    throw new YarrowError('invalid_request', `${params.since}: at most ${RECOVERY_WINDOW_DAYS} days ago.`, { param: params.since });
  }
  if (command.since >= until) {
    throw new YarrowError('invalid_request', `${params.since}: must be before ${command.until ? params.until : 'now'}.`, {
      param: command.until ? params.until : params.since,
    });
  }
  return rt.db.prisma.$transaction(async (tx) => {
    const endpoint = await getEndpoint(tx, accountId, command.endpointId, params.id);
    if (!isEnabled(endpoint)) {
      throw new YarrowError('invalid_state', 'The endpoint is disabled; enable it before recovering its deliveries.', { param: params.id });
    }
    const queued = await claimFailedDeliveries(tx, endpoint.id, command.since, until);
    if (queued > 0) await sendJob(rt.boss, 'webhook_recover', { endpointId: endpoint.id }, { tx });
    return { endpoint, since: command.since, until, queued };
  });
}

/**
 * The `webhook_recover` job: takes the endpoint's claims oldest first, a few at a time (as many as
 * the endpoint may have in flight, WEBHOOK_ENDPOINT_CONCURRENCY, each group in a transaction of
 * its own, so the queue hands them out in that order), and makes each delivery still `failed`
 * pending again with a new `manual` attempt's job (on a FIFO endpoint: in its line, lines.ts). Several runs for one endpoint (recover called
 * twice) share the claims: each is taken by one of them. A disabled endpoint's claims are dropped. A
 * worker that dies midway leaves the claims it had not taken, and the job runs again.
 */
export async function runRecovery(rt: Runtime, endpointId: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const taken = await rt.db.prisma.$transaction(async (tx) => {
      const ids = await oldestRecoveryClaims(tx, endpointId, rt.config.WEBHOOK_ENDPOINT_CONCURRENCY);
      if (ids.length === 0) return null;
      // A FIFO endpoint's line before its deliveries' rows, as every plan of its line.
      const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { ordering: true } });
      if (endpoint && isFifo(endpoint)) await lockLines(tx, [endpointId]);
      // Deliveries first, claims second, as recover's claiming does: the two never deadlock, and a
      // recover call waits for these deliveries and finds them no longer failed.
      await lockRows(tx, 'webhook_deliveries', ids, { idType: 'bigint' });
      const taken = await takeRecoveryClaims(tx, ids);
      const deliveries = await tx.webhookDelivery.findMany({ where: { id: { in: [...taken] } }, include: { endpoint: true, event: true }, orderBy: { id: 'asc' } });
      const updates: string[] = [];
      let count = 0;
      for (const delivery of deliveries) {
        // Sent meanwhile (a redelivery), or its endpoint was disabled: nothing to recover.
        if (delivery.status !== 'failed' || !isEnabled(delivery.endpoint)) continue;
        // On a FIFO endpoint the first one recovered takes the line if it is free; the others wait behind it.
        const updated = await queueAgain(rt, tx, delivery, delivery.endpoint);
        updates.push(liveEvent('webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(updated, delivery.event)));
        count++;
      }
      await publishAll(tx, updates);
      return count;
    });
    if (taken === null) return sent;
    sent += taken;
  }
}
