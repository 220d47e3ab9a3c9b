import { workQueue } from '../core/queue.ts';
import { purgeOldApiRequests } from '../core/request-log.ts';
import type { Runtime } from '../core/runtime.ts';
import { answerDiagnosticPing, purgeExpiredIdempotencyKeys } from './service.ts';

/** diagnostics: answers pings on the `diagnosticPong` topic (proves the queue and workers run). */
export async function runDiagnosticsWorker(rt: Runtime) {
  await workQueue(rt.boss, 'diagnostics_ping', { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    for (const job of jobs) await answerDiagnosticPing(rt, job.data);
  });
}

/** maintenance: every ten minutes, purges expired idempotency keys and API request log rows past their retention. */
export async function runMaintenanceWorker(rt: Runtime) {
  await rt.boss.schedule('maintenance', '*/10 * * * *', {});
  await workQueue(rt.boss, 'maintenance', {}, async () => {
    const purged = await purgeExpiredIdempotencyKeys(rt);
    rt.logger.info({ purged }, 'expired idempotency keys purged');
    const requests = await purgeOldApiRequests(rt);
    rt.logger.info({ purged: requests }, 'API request log rows past API_REQUEST_LOG_RETENTION_DAYS purged');
  });
}
