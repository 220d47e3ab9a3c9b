import { createHash } from 'node:crypto';
import { PostgresEventTarget } from '../core/pubsub.ts';
import { countJobRuns, parseJobData, type ClaimedJob } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { claimDeliverJobs } from './sql.ts';

export type DeliverJob = ClaimedJob<'webhook_deliver'>;

/**
 * pg-boss's wake-up channel: its insert of a job into a queue created with `notify` NOTIFYs the
 * queue's name on it (`notifyChannelSql` in node_modules/pg-boss/dist/plans.js: 'pgboss_' and the
 * first 24 hex digits of the schema name's SHA-224).
 */
const PG_BOSS_CHANNEL = `pgboss_${createHash('sha224').update('pgboss').digest('hex').slice(0, 24)}`;

/**
 * The `webhooks` worker's intake: one loop per process claims `webhook_deliver` jobs and hands each
 * to `deliver`, keeping up to WEBHOOK_CONCURRENCY × WEBHOOK_FETCH_BATCH deliveries in flight.
 *
 * One loop instead of WEBHOOK_CONCURRENCY pg-boss pollers: twenty pollers each claimed its own
 * batch of 50 whenever its whole batch had ended, so claims ran 2–3 times per 100 deliveries,
 * counted every active job each time (the endpoint cap) and stepped over each other's locked
 * rows. The loop claims a batch whenever a batch's worth of slots is free (a slow receiver holds
 * one slot, not a poller), one claim at a time across every process (`claimDeliverJobs`), so an
 * endpoint's cap (WEBHOOK_ENDPOINT_CONCURRENCY) is never exceeded, even for a moment.
 *
 * It claims when woken: by pg-boss's NOTIFY of a new job, by deliveries ending (they free slots,
 * their endpoints' among them), by `wakeAt` (a job put off over a rate limit comes due: no NOTIFY
 * says so), and once a second (retries that came due, a NOTIFY lost with its connection). After a
 * full claim it claims again at once; after a short one it waits for the next wake-up.
 *
 * `deliver` settles its job (completes it, or leaves it to a new job) and may answer when to look
 * again (a job due then, over a rate limit); one that throws is failed through pg-boss, which
 * retries it. Every delivery runs under the process's lifetime, so a stop claims nothing more and
 * waits for the requests in flight (each bounded by its timeout).
 */
export async function startDeliveryIntake(rt: Runtime, deliver: (job: DeliverJob) => Promise<Date | undefined>) {
  const capacity = rt.config.WEBHOOK_CONCURRENCY * rt.config.WEBHOOK_FETCH_BATCH;
  const batch = rt.config.WEBHOOK_FETCH_BATCH;
  let inFlight = 0;
  let claiming = false;
  let wokenWhileClaiming = false;
  // A job put off over its endpoint's rate limit is due at a time no NOTIFY announces: the intake is
  // woken then (one timer per 10 ms of due times), not at the next once-a-second look.
  const wakeTimes = new Set<number>();
  const wakeAt = (at: Date) => {
    const time = Math.ceil(at.getTime() / 10) * 10;
    if (wakeTimes.has(time)) return;
    wakeTimes.add(time);
    rt.lifetime.after(Math.max(0, time - Date.now()), () => {
      wakeTimes.delete(time);
      wake();
    });
  };

  const run = (job: DeliverJob) => {
    const started = performance.now();
    inFlight++;
    rt.lifetime.run('webhook delivery failed', async () => {
      let outcome = 'failed';
      try {
        const due = await deliver(job);
        if (due) wakeAt(due);
        outcome = 'completed';
      } catch (error) {
        // As `workQueue` does with a handler that throws: pg-boss retries it (retryLimit, retryDelay).
        await rt.boss.fail('webhook_deliver', [{ id: job.id, retryCount: job.retryCount }], error as object);
        throw error;
      } finally {
        inFlight--;
        countJobRuns('webhook_deliver', outcome, 1, (performance.now() - started) / 1000);
        wake();
      }
    });
  };

  const claim = async () => {
    while (capacity - inFlight >= batch && !rt.lifetime.ended) {
      const rows = await claimDeliverJobs(rt.db.pool, batch, rt.config.WEBHOOK_ENDPOINT_CONCURRENCY);
      // Claimed as the stop began: handed back to pg-boss at once (retried after retryDelay), not left
      // active until they expire.
      if (rt.lifetime.ended && rows.length > 0) {
        await rt.boss.fail('webhook_deliver', rows.map((row) => ({ id: row.id, retryCount: row.retry_count })), { message: 'The worker stopped.' });
        return;
      }
      for (const row of rows) {
        let data: DeliverJob['data'];
        try {
          data = parseJobData(rt.boss, 'webhook_deliver', row.data);
        } catch (error) {
          await rt.boss.fail('webhook_deliver', [{ id: row.id, retryCount: row.retry_count }], { message: String(error) });
          continue;
        }
        run({ id: row.id, retryCount: row.retry_count, data });
      }
      if (rows.length < batch) return;
    }
  };

  /** Claims now, or right after the claim under way (which may have missed what woke us). */
  function wake() {
    // Each delivery that ends wakes the intake: most find too few slots free to claim a batch.
    if (capacity - inFlight < batch) return;
    if (claiming) {
      wokenWhileClaiming = true;
      return;
    }
    claiming = true;
    rt.lifetime.run('claiming webhook jobs failed', async () => {
      try {
        do {
          wokenWhileClaiming = false;
          await claim();
        } while (wokenWhileClaiming && !rt.lifetime.ended);
      } finally {
        claiming = false;
      }
    });
  }

  const notifications = new PostgresEventTarget(rt.db.url, rt.db.pool, rt.logger, PG_BOSS_CHANNEL, (queue) => [{ topic: queue, payload: null }]);
  notifications.addEventListener('webhook_deliver', wake);
  await notifications.start();
  rt.lifetime.onEnd(() => notifications.close());
  rt.lifetime.every(1000, 'waking the webhook intake failed', async () => wake());
  wake();

}
