import { batcher } from '../core/batch.ts';
import { workQueue } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { attemptDelivery } from './attempts.ts';
import { sweepStalledDeliveries } from './deliveries.ts';
import { startDeliveryIntake, type DeliverJob } from './intake.ts';
import { runRecovery } from './recovery.ts';
import { notificationHandler } from './notifications/worker.ts';

/**
 * The `webhooks` worker: its intake (intake.ts) claims `webhook_deliver` jobs and sends each as it
 * comes, up to WEBHOOK_CONCURRENCY × WEBHOOK_FETCH_BATCH at once; WEBHOOK_ENDPOINT_CONCURRENCY caps
 * how many jobs of one endpoint are active across every process.
 *
 * Each job is completed as soon as its own attempt is recorded: a delivered one in the transaction
 * that records it (`recordOutcomes`), the others just after, those finishing at about the same time
 * in a process by one statement. A completed job frees its slot, and its endpoint's, so the intake
 * is woken to claim again. A job whose attempt threw is failed through pg-boss, which retries it.
 */
export async function startWebhookWorker(rt: Runtime) {
  // Before the intake starts: once it runs, it holds the connection pool, and a start that
  // cannot get a connection in time would kill the process. Failing here is not fatal either:
  // the sweep runs every minute.
  await sweepStalledDeliveries(rt).catch((error) => rt.logger.warn({ err: error }, 'first stalled-delivery sweep failed; the scheduled one will retry'));
  // Fenced to the attempt each job was claimed at (its retry count), as pg-boss's own completion is.
  const complete = batcher(async (jobs: DeliverJob[]) => {
    await rt.boss.complete('webhook_deliver', jobs.map(({ id, retryCount }) => ({ id, retryCount })));
    return jobs.map(() => undefined);
  });

  await startDeliveryIntake(rt, async (job) => {
    const end = await attemptDelivery(rt, job);
    // A delivered job was completed with its attempt's record, in the same transaction.
    if (end === 'completed') return;
    await complete(job);
    // Over its endpoint's rate limit: the intake looks again when the job its delivery went to is due.
    return end;
  });

  await workQueue(rt.boss, 'webhook_recover', {}, async ([job]) => {
    await runRecovery(rt, job!.data.endpointId);
  });

  const notify = notificationHandler(rt);
  await workQueue(rt.boss, 'webhook_notify', {}, async ([job]) => notify(job!.data.eventId));

  await rt.boss.schedule('webhook_sweep', '* * * * *', {});
  await workQueue(rt.boss, 'webhook_sweep', {}, async () => {
    await sweepStalledDeliveries(rt);
  });
}
