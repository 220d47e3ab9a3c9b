import type { Job } from 'pg-boss';
import { batcher } from '../core/batch.ts';
import { workQueue, type JobData } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { attemptDelivery } from './attempts.ts';
import { sweepStalledDeliveries } from './deliveries.ts';
import { runRecovery } from './recovery.ts';
import { notificationHandler } from './notifications/worker.ts';

/** How often an idle worker process looks for retries that came due and jobs a group cap held back. */
const IDLE_CHECK_MS = 1000;

type DeliverJob = Job<JobData<'webhook_deliver'>>;

/**
 * The `webhooks` worker: WEBHOOK_CONCURRENCY pollers, each fetching up to WEBHOOK_FETCH_BATCH jobs
 * at a time and sending them all at once. WEBHOOK_ENDPOINT_CONCURRENCY caps how many jobs of one
 * endpoint are active across every process (pg-boss applies the cap inside a batch too).
 *
 * Each job is completed as soon as its own attempt is recorded, not when its batch ends: a slow
 * receiver then holds up its poller (which fetches again once the whole batch is done) but not its
 * batch-mates, whose jobs would otherwise stay `active`, count against their endpoints' caps and
 * wait for the slowest request of the batch. Jobs finishing at about the same time in a process
 * are completed by one statement. pg-boss's own completion when the handler returns then finds
 * them no longer active and changes nothing. A job whose attempt threw is left active, and the
 * handler throws once the batch is done: pg-boss fails (and retries) exactly the jobs still active.
 *
 * pg-boss wakes pollers when a job is inserted, but not when a deferred retry comes due or when a
 * job of a capped endpoint finishes, and an idle poller otherwise sleeps its whole polling interval.
 * So one idle poller is woken whenever a poller gets jobs (work ramps up while there is work) and
 * whenever finished jobs are completed (they freed endpoint slots), a poller fetches again as soon
 * as its batch ends, and once a second one idle poller is woken to look. An idle process costs
 * under two fetches a second (that wake-up plus the pollers' own 30 s polls).
 */
export async function startWebhookWorker(rt: Runtime) {
  // Before the pollers start: once they run, they hold the connection pool, and a start that
  // cannot get a connection in time would kill the process. Failing here is not fatal either:
  // the sweep runs every minute.
  await sweepStalledDeliveries(rt).catch((error) => rt.logger.warn({ err: error }, 'first stalled-delivery sweep failed; the scheduled one will retry'));
  const idle = new Set<string>();
  const wakeOne = () => {
    const [id] = idle;
    if (id) rt.boss.notifyWorker(id);
  };
  // Fenced to the attempt each job was fetched at (its retry count), as pg-boss's own completion is.
  // Completed jobs free their endpoints' slots, which the busy pollers cannot take up before their
  // batches end: an idle poller is woken to.
  const complete = batcher(async (jobs: DeliverJob[]) => {
    await rt.boss.complete('webhook_deliver', jobs.map(({ id, retryCount }) => ({ id, retryCount })));
    wakeOne();
    return jobs.map(() => undefined);
  });

  // A job put off over its endpoint's rate limit is due at a time no NOTIFY announces: a poller is
  // woken then (one timer per 10 ms of due times), not at the next once-a-second look.
  const wakeTimes = new Set<number>();
  const wakeAt = (at: Date) => {
    const time = Math.ceil(at.getTime() / 10) * 10;
    if (wakeTimes.has(time)) return;
    wakeTimes.add(time);
    rt.lifetime.after(Math.max(0, time - Date.now()), () => {
      wakeTimes.delete(time);
      wakeOne();
    });
  };

  const deliver = async (job: DeliverJob) => {
    const putOffUntil = await attemptDelivery(rt, job);
    if (putOffUntil) wakeAt(putOffUntil);
    // Left to pg-boss's completion at the end of the batch if this one cannot be written.
    await complete(job).catch((error) => rt.logger.warn({ err: error, jobId: job.id }, 'early job completion failed; left to the end of its batch'));
  };

  for (let i = 0; i < rt.config.WEBHOOK_CONCURRENCY; i++) {
    let id: string | undefined;
    id = await workQueue(
      rt.boss,
      'webhook_deliver',
      {
        batchSize: rt.config.WEBHOOK_FETCH_BATCH,
        localConcurrency: 1,
        groupConcurrency: rt.config.WEBHOOK_ENDPOINT_CONCURRENCY,
        pollingIntervalSeconds: 5,
      },
      async (jobs) => {
        if (id) idle.delete(id);
        wakeOne();
        try {
          const outcomes = await Promise.allSettled(jobs.map(deliver));
          const failed = outcomes.find((outcome) => outcome.status === 'rejected');
          if (failed) throw failed.reason;
        } finally {
          if (id) {
            idle.add(id);
            rt.boss.notifyWorker(id);
          }
        }
      },
    );
    idle.add(id);
  }
  // A timer of the lifetime: a woken poller fetches, and the stop starts no fetch.
  rt.lifetime.every(IDLE_CHECK_MS, 'waking an idle webhook poller failed', async () => wakeOne());

  await workQueue(rt.boss, 'webhook_recover', {}, async ([job]) => {
    await runRecovery(rt, job!.data.endpointId);
  });

  const notify = notificationHandler(rt);
  await workQueue(rt.boss, 'webhook_notify', {}, async ([job]) => notify(job!.data.eventId));

  await rt.boss.schedule('webhook_sweep', '* * * * *', {});
  await workQueue(rt.boss, 'webhook_sweep', {}, async () => {
    await sweepStalledDeliveries(rt);
  });
}
