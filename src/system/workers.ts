import { workQueue } from '../core/queue.ts';
import { purgeOldApiRequests } from '../core/request-log.ts';
import type { RetentionPurge } from '../core/module.ts';
import type { Runtime } from '../core/runtime.ts';
import { answerDiagnosticPing, purgeExpiredIdempotencyKeys } from './service.ts';

/** diagnostics: answers pings on the `diagnosticPong` topic (proves the queue and workers run). */
export async function runDiagnosticsWorker(rt: Runtime) {
  await workQueue(rt.boss, 'diagnostics_ping', { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    for (const job of jobs) await answerDiagnosticPing(rt, job.data);
  });
}

/** Rows one statement of a retention purge touches: short transactions, locks held briefly. */
export const RETENTION_BATCH_SIZE = 1000;
/** Batches of one purge per maintenance run; a larger backlog (retention shortened, a long stop) goes on at the next run. */
const RETENTION_BATCHES_PER_RUN = 200;

/**
 * Runs one module's purge batch after batch until a batch comes back short (nothing left past its
 * retention) or the run's cap; each batch is its own statement, so other work interleaves.
 */
export async function purgeInBatches(rt: Runtime, purge: RetentionPurge, batchSize = RETENTION_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < RETENTION_BATCHES_PER_RUN; batch++) {
    const purged = await purge.purgeBatch(rt, batchSize);
    total += purged;
    if (purged < batchSize) break;
  }
  return total;
}

/**
 * maintenance: every ten minutes, purges expired idempotency keys, API request log rows past their
 * retention, and what each module declares in `retention` (events, webhook deliveries, SMS texts).
 */
export async function runMaintenanceWorker(rt: Runtime) {
  await rt.boss.schedule('maintenance', '*/10 * * * *', {});
  await workQueue(rt.boss, 'maintenance', {}, async () => {
    const purged = await purgeExpiredIdempotencyKeys(rt);
    rt.logger.info({ purged }, 'expired idempotency keys purged');
    const requests = await purgeOldApiRequests(rt);
    rt.logger.info({ purged: requests }, 'API request log rows past API_REQUEST_LOG_RETENTION_DAYS purged');
    for (const module of rt.modules.list) {
      for (const purge of module.retention ?? []) {
        const purged = await purgeInBatches(rt, purge);
        rt.logger.info({ purged }, `${purge.what} purged`);
      }
    }
  });
}
