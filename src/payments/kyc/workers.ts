import { workQueue } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import { reviewPolling } from '../intents/index.ts';
import { sandboxKycReviewJob } from './kyc.ts';

// Each job is safe to run twice: it re-reads its row under a lock and does nothing when the
// object has moved on, so pg-boss retries and duplicate deliveries change nothing.

/** kyc-review: the sandbox KYC reviewer decides pending submissions. */
export async function runKycReviewWorker(rt: Runtime) {
  await workQueue(rt.boss, 'kyc_review', reviewPolling(rt), async (jobs) => {
    for (const job of jobs) await sandboxKycReviewJob(rt, job.data.kycReviewId);
  });
}
