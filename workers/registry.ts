import { jobsProcessed } from '../src/core/metrics.ts';
import { workQueue } from '../src/core/queue.ts';
import type { Runtime } from '../src/core/runtime.ts';
import { runInvoiceOverdueWorker, runKycReviewWorker, runPaymentReviewWorker } from '../src/payments/workers.ts';
import { answerDiagnosticPing, purgeExpiredIdempotencyKeys } from '../src/system/service.ts';
// --- webhooks ---
import { startWebhookWorker } from '../src/webhooks/worker.ts';

/** Every worker by name. `npm run worker -- <name…>` starts the named ones; `npm start` starts all. */
export const workers: Record<string, (rt: Runtime) => Promise<void>> = {
  diagnostics: async (rt) => {
    await workQueue(rt.boss, 'diagnostics_ping', { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
      for (const job of jobs) await answerDiagnosticPing(rt, job.data);
      jobsProcessed.inc({ queue: 'diagnostics_ping', outcome: 'completed' }, jobs.length);
    });
  },
  // --- payments ---
  'payment-review': runPaymentReviewWorker,
  'kyc-review': runKycReviewWorker,
  'invoice-overdue': runInvoiceOverdueWorker,

  // --- webhooks ---
  webhooks: startWebhookWorker,

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
