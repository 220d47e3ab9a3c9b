import { workQueue } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import { resolveReviewJob } from './intents.ts';
import { overdueJob } from '../invoices/invoices.ts';
import { sandboxKycReviewJob } from '../kyc/kyc.ts';
import { settleRefundJob } from '../refunds/refunds.ts';

// Each job is safe to run twice: it re-reads its row under a lock and does nothing when the
// object has moved on, so pg-boss retries and duplicate deliveries change nothing.

/** Reviews are dated jobs (their delay), which NOTIFY does not announce: look every second. */
const reviewPolling = (rt: Runtime) => ({
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

/** kyc-review: the sandbox KYC reviewer decides pending submissions. */
export async function runKycReviewWorker(rt: Runtime) {
  await workQueue(rt.boss, 'kyc_review', reviewPolling(rt), async (jobs) => {
    for (const job of jobs) await sandboxKycReviewJob(rt, job.data.kycReviewId);
  });
}

/** invoice-overdue: marks open invoices overdue the day after their due date. */
export async function runInvoiceOverdueWorker(rt: Runtime) {
  await workQueue(rt.boss, 'invoice_overdue', { batchSize: 20, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    for (const job of jobs) await overdueJob(rt, job.data.invoiceId);
  });
}

/** payment-refund: settles pending refunds (succeeded, or failed for the sandbox's failing amount). */
export async function runPaymentRefundWorker(rt: Runtime) {
  await workQueue(rt.boss, 'payment_refund', { batchSize: 10, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    for (const job of jobs) await settleRefundJob(rt, job.data.refundId);
  });
}
