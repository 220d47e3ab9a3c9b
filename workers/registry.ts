import { jobsProcessed } from '../src/core/metrics.ts';
import { workQueue } from '../src/core/queue.ts';
import type { Runtime } from '../src/core/runtime.ts';
import { runInvoiceOverdueWorker, runKycReviewWorker, runPaymentReviewWorker } from '../src/payments/workers.ts';
import { expireOtp } from '../src/relay/otp.ts';
import { coalescedDrains, presenceIntervalMs, presenceTick, wakeWaitingAccounts } from '../src/relay/dispatch.ts';
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
  'sms-routing': async (rt) => {
    // A drain that died with its process keeps its job claimed until the job expires: start afresh
    // (not fatal if it fails: the device-presence pass wakes overdue accounts too).
    await wakeWaitingAccounts(rt, 0).catch((error) => rt.logger.warn({ err: error }, 'waking waiting accounts failed'));
    const drain = coalescedDrains(rt);
    await workQueue(rt.boss, 'relay_dispatch', { batchSize: 50, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
      // Every send wakes the dispatcher: wake-ups of one account in one batch need one drain.
      await Promise.all([...new Set(jobs.map((job) => job.data.accountId))].map(drain));
      jobsProcessed.inc({ queue: 'relay_dispatch', outcome: 'completed' }, jobs.length);
    });
  },
  'otp-expiry': async (rt) => {
    await workQueue(rt.boss, 'relay_otp_expire', { batchSize: 20, localConcurrency: 2 }, async (jobs) => {
      for (const job of jobs) await expireOtp(rt, job.data.otpId);
      jobsProcessed.inc({ queue: 'relay_otp_expire', outcome: 'completed' }, jobs.length);
    });
  },
  'device-presence': async (rt) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      presenceTick(rt)
        .catch((error) => rt.logger.error({ err: error }, 'device presence pass failed'))
        .finally(() => (running = false));
    }, presenceIntervalMs(rt));
    timer.unref();
  },

  maintenance: async (rt) => {
    await rt.boss.schedule('maintenance', '*/10 * * * *', {});
    await workQueue(rt.boss, 'maintenance', {}, async () => {
      const purged = await purgeExpiredIdempotencyKeys(rt);
      rt.logger.info({ purged }, 'expired idempotency keys purged');
    });
  },
};

export const workerNames = Object.keys(workers);
