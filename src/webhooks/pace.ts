// The strict per-endpoint rate limit, checked where the worker sends. The queue-time send slots
// (enqueue.ts, `reserveSendSlots`) space a rate-limited endpoint's jobs out, but slots are taken
// when a job is queued: a long transaction, or a burst of redeliveries and recoveries, can leave
// several jobs due at once, and a poller that wakes once a second picks them up together. So right
// before sending, once its attempt is open (the endpoint row it loads says whether it has a limit:
// an endpoint without one runs no statement here), each attempt to a rate-limited endpoint takes a
// send permit (`takeSendPermits`); one refused withdraws its attempt and hands its delivery to a new
// job due when the endpoint may next be sent to, and its worker is woken then (workers.ts): nothing
// waits in a worker or polls.
//
// Not rate-limiter-flexible's Postgres limiter (which the API's limits use): it counts per fixed
// window, so up to twice the limit can pass in one second across a window's end, and its way of
// spreading calls out (`execEvenly`) waits in the process. A permit here is one upsert per batch.
import { newJobId } from '../core/ids.ts';
import { sendJobs, type ClaimedJob } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { jobExpirySeconds } from './enqueue.ts';
import { RATE_SPACING, handOverDeliveries, takeSendPermits } from './sql.ts';


interface OpenedAttempt {
  job: ClaimedJob<'webhook_deliver'>;
  endpointId: string;
  attemptId: string;
}

/**
 * Takes send permits for attempts just opened to rate-limited endpoints: per endpoint at most one
 * goes now, if its time has come. Answers the attempts put off, each with the time its delivery's
 * new job is due; their attempts are withdrawn and their deliveries handed over to those jobs.
 */
export async function putOffOverLimit(rt: Pick<Runtime, 'boss' | 'config' | 'db'>, attempts: OpenedAttempt[]): Promise<Map<ClaimedJob<'webhook_deliver'>, Date>> {
  const putOff = new Map<ClaimedJob<'webhook_deliver'>, Date>();
  if (attempts.length === 0) return putOff;
  const permits = new Map((await takeSendPermits(rt.db.prisma, attempts.map((attempt) => attempt.endpointId))).map((permit) => [permit.endpoint_id, permit]));
  const now = Date.now();
  // Per endpoint, when the next of its attempts in this batch may go: each one put off goes a spacing after the one before.
  const next = new Map<string, number>();
  const refused: Array<OpenedAttempt & { at: Date }> = [];
  for (const attempt of attempts) {
    const permit = permits.get(attempt.endpointId);
    // Its endpoint is gone or has no limit any more: the attempt goes.
    if (!permit || permit.rate_limit === null) continue;
    const spacingMs = (RATE_SPACING * 1000) / permit.rate_limit;
    if (permit.granted && !next.has(attempt.endpointId)) {
      next.set(attempt.endpointId, now + spacingMs);
      continue;
    }
    const at = next.get(attempt.endpointId) ?? Math.max(now, permit.next_send_at?.getTime() ?? now);
    next.set(attempt.endpointId, at + spacingMs);
    refused.push({ ...attempt, at: new Date(at) });
    putOff.set(attempt.job, new Date(at));
  }
  if (refused.length > 0) await handOver(rt, refused);
  return putOff;
}

/** New jobs for the put-off deliveries (one statement for the rows and attempts, one for the jobs). */
async function handOver(rt: Pick<Runtime, 'boss' | 'config' | 'db'>, refused: Array<OpenedAttempt & { at: Date }>) {
  const items = refused.map((attempt) => ({ ...attempt, newJobId: newJobId() }));
  await rt.db.prisma.$transaction(async (tx) => {
    const handed = await handOverDeliveries(
      tx,
      items.map(({ job, at, newJobId, attemptId }) => ({ deliveryId: job.data.deliveryId, oldJobId: job.id, newJobId, at, attemptId })),
    );
    await sendJobs(
      rt.boss,
      'webhook_deliver',
      items
        .filter(({ job }) => handed.has(job.data.deliveryId))
        .map(({ job, at, newJobId, endpointId }) => ({
          data: job.data,
          id: newJobId,
          group: { id: endpointId },
          expireInSeconds: jobExpirySeconds(rt.config),
          startAfter: at,
        })),
      { tx },
    );
  });
}
