import { PostgresEventTarget } from '../core/pubsub.ts';
import { workQueue } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { coalescedDrains, presenceIntervalMs, presenceTick, sweepWaitingAccounts } from './messages/index.ts';
import { RELAY_WAKE_CHANNEL } from './messages/index.ts';
import { expireOtp } from './otp/index.ts';

/**
 * How often a routing worker looks for accounts whose queued messages no wake-up reached (a send's
 * NOTIFY lost with the listening connection), and how long a message must have waited to count.
 * The look is the presence pass's (`accountsWithOverdueMessages`), a read of every queued message's
 * index entry: 18 ms a call with 4,000 queued on the loaded bench machine, so not every second.
 */
const SWEEP_INTERVAL_MS = 5_000;
const SWEEP_OVERDUE_SECONDS = 5;

/**
 * sms-routing: drains each account's queued SMS onto its devices when its one wake-up
 * (`wakeDrain`'s NOTIFY, `relayQueued`) says so, and sweeps for wake-ups it missed. Every routing
 * worker hears every wake-up; the account's drain lock takes their passes in turn.
 */
export async function runSmsRoutingWorker(rt: Runtime) {
  const { wake } = coalescedDrains(rt);
  const events = new PostgresEventTarget(rt.db.url, rt.db.pool, rt.logger, RELAY_WAKE_CHANNEL);
  events.addEventListener('relayQueued:all', (event) => wake((event as CustomEvent<{ accountId: number }>).detail.accountId));
  // The stop closes the listening connection first: a wake-up heard after it would start a drain.
  rt.lifetime.onEnd(() => events.close());
  await events.start();
  // Listening now: what was queued before (with no worker to hear it), or whose drain died with its
  // worker, is found by this first sweep (not fatal if it fails: the next sweep comes soon).
  const sweep = (overdueSeconds: number) =>
    sweepWaitingAccounts(rt, overdueSeconds, wake).catch((error) => rt.logger.warn({ err: error }, 'sweeping waiting accounts failed'));
  await sweep(0);
  rt.lifetime.every(SWEEP_INTERVAL_MS, 'sweeping waiting accounts failed', () => sweep(SWEEP_OVERDUE_SECONDS));
}

/** otp-expiry: an OTP that was not verified in time expires. */
export async function runOtpExpiryWorker(rt: Runtime) {
  await workQueue(rt.boss, 'relay_otp_expire', { batchSize: 20, localConcurrency: 2 }, async (jobs) => {
    for (const job of jobs) await expireOtp(rt, job.data.otpId);
  });
}

/** device-presence: marks silent devices offline, takes back and flags what phones hold, expires what waits too long. */
export async function runDevicePresenceWorker(rt: Runtime) {
  rt.lifetime.every(presenceIntervalMs(rt), 'device presence pass failed', () => presenceTick(rt));
}
