import { workQueue } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import { resolveReviewJob } from './intents.ts';

// Each job is safe to run twice: it re-reads its row under a lock and does nothing when the
// object has moved on, so pg-boss retries and duplicate deliveries change nothing.

/** Reviews are dated jobs (their delay), which NOTIFY does not announce: look every second. */
export const reviewPolling = (rt: Runtime) => ({
  batchSize: 5,
  localConcurrency: rt.config.WORKER_CONCURRENCY,
  pollingIntervalSeconds: 1,
  notifyPollingIntervalSeconds: 1,
});

/** payment-review: the sandbox reviewer approves payments held for review once their delay is up. */
export async function runPaymentReviewWorker(rt: Runtime) {
  await workQueue(rt.boss, 'payment_review', reviewPolling(rt), async (jobs) => {
    for (const job of jobs) await resolveReviewJob(rt, job.data);
  });
}
