import { jobsProcessed } from '../core/metrics.ts';
import { workQueue } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { coalescedDrains, presenceIntervalMs, presenceTick, wakeWaitingAccounts } from './dispatch.ts';
import { expireOtp } from './otp.ts';

/** sms-routing: drains each account's queued SMS onto its devices when a send wakes it. */
export async function runSmsRoutingWorker(rt: Runtime) {
  // A drain that died with its process keeps its job claimed until the job expires: start afresh
  // (not fatal if it fails: the device-presence pass wakes overdue accounts too).
  await wakeWaitingAccounts(rt, 0).catch((error) => rt.logger.warn({ err: error }, 'waking waiting accounts failed'));
  const drain = coalescedDrains(rt);
  await workQueue(rt.boss, 'relay_dispatch', { batchSize: 50, localConcurrency: rt.config.WORKER_CONCURRENCY }, async (jobs) => {
    // Every send wakes the dispatcher: wake-ups of one account in one batch need one drain.
    await Promise.all([...new Set(jobs.map((job) => job.data.accountId))].map(drain));
    jobsProcessed.inc({ queue: 'relay_dispatch', outcome: 'completed' }, jobs.length);
  });
}

/** otp-expiry: an OTP that was not verified in time expires. */
export async function runOtpExpiryWorker(rt: Runtime) {
  await workQueue(rt.boss, 'relay_otp_expire', { batchSize: 20, localConcurrency: 2 }, async (jobs) => {
    for (const job of jobs) await expireOtp(rt, job.data.otpId);
    jobsProcessed.inc({ queue: 'relay_otp_expire', outcome: 'completed' }, jobs.length);
  });
}

/** device-presence: marks silent devices offline and wakes accounts with overdue messages. */
export async function runDevicePresenceWorker(rt: Runtime) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    presenceTick(rt)
      .catch((error) => rt.logger.error({ err: error }, 'device presence pass failed'))
      .finally(() => (running = false));
  }, presenceIntervalMs(rt));
  timer.unref();
}
