import { workQueue } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import { incompleteExpiryJob, invoicePaidJob, reminderJob, renewalJob, retryJob } from './renewals.ts';

// The billing worker: every job of a subscription's time (renewals.ts). Each is safe to run twice
// and in two processes at once: it locks the subscription and re-checks what it was scheduled for.
// One job per fetch (WORKER_CONCURRENCY of them at once): a batch runs its jobs one after another
// in one handler, so a renewal waiting on its subscription's lock held up the rest of its batch
// while other processes idled, and one job's failure failed (and retried) the whole batch. A
// subscription has a few jobs a period: the extra fetches cost nothing next to a charge.

export async function runBillingWorker(rt: Runtime) {
  const options = { batchSize: 1, localConcurrency: rt.config.WORKER_CONCURRENCY, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
  await workQueue(rt.boss, 'subscription_renewal', options, async (jobs) => {
    for (const job of jobs) await renewalJob(rt, job.data);
  });
  await workQueue(rt.boss, 'subscription_reminder', options, async (jobs) => {
    for (const job of jobs) await reminderJob(rt, job.data);
  });
  await workQueue(rt.boss, 'subscription_payment_retry', options, async (jobs) => {
    for (const job of jobs) await retryJob(rt, job.data);
  });
  await workQueue(rt.boss, 'subscription_incomplete_expiry', options, async (jobs) => {
    for (const job of jobs) await incompleteExpiryJob(rt, job.data);
  });
  await workQueue(rt.boss, 'subscription_invoice_paid', options, async (jobs) => {
    for (const job of jobs) await invoicePaidJob(rt, job.data);
  });
}
