import { jobsProcessed } from '../src/core/metrics.ts';
import { workQueue } from '../src/core/queue.ts';
import type { Runtime } from '../src/core/runtime.ts';
import { answerDiagnosticPing, purgeExpiredIdempotencyKeys } from '../src/system/service.ts';
// --- webhooks ---
import { attemptDelivery } from '../src/webhooks/attempts.ts';
import { sweepStalledDeliveries } from '../src/webhooks/deliveries.ts';

/** Every worker by name. `npm run worker -- <name…>` starts the named ones; `npm start` starts all. */
export const workers: Record<string, (rt: Runtime) => Promise<void>> = {
  diagnostics: async (rt) => {
    await workQueue(rt.boss, 'diagnostics_ping', { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
      for (const job of jobs) await answerDiagnosticPing(rt, job.data);
      jobsProcessed.inc({ queue: 'diagnostics_ping', outcome: 'completed' }, jobs.length);
    });
  },
  // --- payments ---

  // --- webhooks ---
  webhooks: async (rt) => {
    // One job per poller, so a slow request holds up nothing but itself; the group cap keeps one
    // endpoint from taking every poller.
    await workQueue(
      rt.boss,
      'webhook_deliver',
      {
        batchSize: 1,
        localConcurrency: rt.config.WEBHOOK_CONCURRENCY,
        groupConcurrency: rt.config.WEBHOOK_ENDPOINT_CONCURRENCY,
        pollingIntervalSeconds: 5,
      },
      async ([job]) => attemptDelivery(rt, job!),
    );
    await rt.boss.schedule('webhook_sweep', '* * * * *', {});
    await workQueue(rt.boss, 'webhook_sweep', {}, async () => {
      await sweepStalledDeliveries(rt);
    });
    await sweepStalledDeliveries(rt);
  },

  // --- relay ---

  maintenance: async (rt) => {
    await rt.boss.schedule('maintenance', '*/10 * * * *', {});
    await workQueue(rt.boss, 'maintenance', {}, async () => {
      const purged = await purgeExpiredIdempotencyKeys(rt);
      rt.logger.info({ purged }, 'expired idempotency keys purged');
    });
  },
};

export const workerNames = Object.keys(workers);
