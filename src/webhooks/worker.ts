import { workQueue } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { attemptDelivery } from './attempts.ts';
import { sweepStalledDeliveries } from './deliveries.ts';

/** How often an idle worker process looks for retries that came due and jobs a group cap held back. */
const IDLE_CHECK_MS = 1000;

/**
 * The `webhooks` worker: WEBHOOK_CONCURRENCY pollers, each holding one job at a time, so a slow
 * receiver holds up nothing but its own poller, and WEBHOOK_ENDPOINT_CONCURRENCY caps how many
 * pollers (across every process) one endpoint can occupy.
 *
 * pg-boss wakes pollers when a job is inserted, but not when a deferred retry comes due or when a
 * job of a capped endpoint finishes, and an idle poller otherwise sleeps its whole polling interval.
 * So a poller that got a job wakes one idle sibling (work ramps up while there is work), fetches
 * again as soon as it finishes, and once a second one idle poller is woken to look. An idle
 * process costs under two fetches a second (that wake-up plus the pollers' own 30 s polls).
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

  for (let i = 0; i < rt.config.WEBHOOK_CONCURRENCY; i++) {
    let id: string | undefined;
    id = await workQueue(
      rt.boss,
      'webhook_deliver',
      { batchSize: 1, localConcurrency: 1, groupConcurrency: rt.config.WEBHOOK_ENDPOINT_CONCURRENCY, pollingIntervalSeconds: 5 },
      async ([job]) => {
        if (id) idle.delete(id);
        wakeOne();
        try {
          await attemptDelivery(rt, job!);
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
  setInterval(wakeOne, IDLE_CHECK_MS).unref();

  await rt.boss.schedule('webhook_sweep', '* * * * *', {});
  await workQueue(rt.boss, 'webhook_sweep', {}, async () => {
    await sweepStalledDeliveries(rt);
  });
}
