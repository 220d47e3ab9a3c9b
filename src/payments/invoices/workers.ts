import { workQueue } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import { overdueJob } from './invoices.ts';

// Each job is safe to run twice: it re-reads its row under a lock and does nothing when the
// object has moved on, so pg-boss retries and duplicate deliveries change nothing.

/** invoice-overdue: marks open invoices overdue the day after their due date. */
export async function runInvoiceOverdueWorker(rt: Runtime) {
  await workQueue(rt.boss, 'invoice_overdue', { batchSize: 20, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    for (const job of jobs) await overdueJob(rt, job.data.invoiceId);
  });
}
