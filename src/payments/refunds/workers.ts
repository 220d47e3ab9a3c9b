import { workQueue } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import { settleRefundJob } from './refunds.ts';

// Each job is safe to run twice: it re-reads its row under a lock and does nothing when the
// object has moved on, so pg-boss retries and duplicate deliveries change nothing.

/** payment-refund: settles pending refunds (succeeded, or failed for the sandbox's failing amount). */
export async function runPaymentRefundWorker(rt: Runtime) {
  await workQueue(rt.boss, 'payment_refund', { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    for (const job of jobs) await settleRefundJob(rt, job.data.refundId);
  });
}
