import pLimit from 'p-limit';
import type { DbClient } from '../../core/db.ts';
import { newId } from '../contract.ts';
import { publishAll } from '../../core/pubsub.ts';
import type { SignalledWork } from '../contract.ts';
import type { Runtime } from '../../core/runtime.ts';
import { deviceLoadRows, lockUnreachableHolder, markOneSilentDeviceOffline } from '../devices/index.ts';
import type { Message } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { publishDeviceChange, recordPresenceChange } from '../devices/index.ts';
import { signalledWork } from './work.ts';
import { deviceSignalEvent, signalDevices } from '../devices/index.ts';
import { dispatchMessages, type DispatchedRow } from './plans.ts';
import { accountsWithOverdueMessages, lockDrain, lockDueQueued, lockStuckDispatched, queuedTimes } from './queries.ts';
import { expireQueued, failAttempt, failStrandedPinned, flagStuck, releaseScheduled, releaseUnacknowledged, takeBack } from './transitions.ts';
import { statusEvents } from './status.ts';
import { EXPEDITED_PRIORITY } from '../priority.ts';
import { quietHoursEnd, quietHoursOf } from './schedule.ts';
import { chooseLane, type Lane, laneBudgetFrees, laneSimNumber, lanesWithBudget, lanesWithCapRoom, type LoadedDevice, pacingLanes, recordPacing, spendLane } from '../devices/index.ts';

// Messages are the queue: rows in state `queued`. A routing worker drains an account's queue onto
// devices with spare budget when it is woken, and by one wake-up only: `wakeDrain`
// (src/relay/messages/wake.ts), a NOTIFY committed with the row that needs it (a send, a requeue, a
// device back, a resume). Besides, the worker looks again by itself: by its own timer when the
// queue can next move (budget frees, TTL, retry time) and by its sweep (`sweepWaitingAccounts`) for
// a wake-up no worker heard. Wake-ups coalesce in the worker (one pass at a time per account and
// process, and one after it for every wake-up that came meanwhile, `coalescedDrains`); passes of
// several workers take the account's drain lock in turn.

const DRAIN_BATCH = 500;
const LONGEST_SLEEP_MS = 30_000;
/** Longest timer for a scheduled message's time (a pass then sets the next). */
const LONGEST_SCHEDULE_SLEEP_MS = 3_600_000;
/** After a pass that left due work it did not see (rows another transaction held): look again this soon. */
const RECHECK_MS = 250;
/** After a pass that failed (a lost connection, a deadlock): try again this soon. */
const RETRY_MS = 1_000;

/** What a pass did, and whether it stopped on something another pass at once would meet too. */
interface PassOutcome {
  total: number;
  /** Paused, no device with budget left, in quiet hours, or queued work no device could take now. */
  stalled: boolean;
  /** When the account's quiet hours end, if the last round held messages back for them. */
  quietUntil?: Date;
}

/**
 * Drains for a worker process: one at a time per account (drains of one account would only queue
 * on its lock); the requests that come while one runs share a single pass after it, which sees
 * every message committed before they were made. A pass that ends with no other coming sets the
 * account's next wake-up (`nextDrainTime`, a timer of the process) before it settles, but a new
 * pass need not wait for that: it starts as soon as the rounds have committed. `wake` is `drain`
 * for wake-ups nobody awaits: a failed pass is logged and tried again.
 */
export function coalescedDrains(rt: Runtime) {
  // At most WORKER_CONCURRENCY passes at once, over all accounts, as the queue's jobs had: a sweep
  // (at start, every waiting account) must not start a thousand transactions on the pool at once.
  const passes = pLimit(rt.config.WORKER_CONCURRENCY);
  const running = new Map<number, Promise<PassOutcome>>();
  const next = new Map<number, Promise<number>>();
  const timers = new Map<number, { at: number; cancel: () => void }>();
  /** The account's next pass at `at`, unless one is already set sooner; a timer of the lifetime, which the stop clears. */
  const wakeAt = (accountId: number, at: number) => {
    const set = timers.get(accountId);
    if (set && set.at <= at) return;
    set?.cancel();
    const cancel = rt.lifetime.after(Math.max(0, at - Date.now()), () => {
      timers.delete(accountId);
      wake(accountId);
    });
    timers.set(accountId, { at, cancel });
  };
  const run = (accountId: number): Promise<number> => {
    // A pass that waited for its turn past the stop's start does not begin (the pool is closing).
    const rounds: Promise<PassOutcome> = passes(() => (rt.lifetime.ended ? { total: 0, stalled: true } : drainAccount(rt, accountId))).finally(() => {
      if (running.get(accountId) === rounds) running.delete(accountId);
    });
    running.set(accountId, rounds);
    return rounds.then(async ({ total, stalled, quietUntil }) => {
      // A pass already asked for (or started) will look again when it ends.
      if (!next.has(accountId) && !running.has(accountId) && !rt.lifetime.ended) {
        const at = await nextDrainTime(rt, accountId, stalled, quietUntil);
        if (at !== undefined) wakeAt(accountId, at);
      }
      return total;
    });
  };
  const drain = (accountId: number): Promise<number> => {
    const current = running.get(accountId);
    if (!current) return run(accountId);
    const waiting = next.get(accountId);
    if (waiting !== undefined) return waiting;
    const after = current
      .catch(() => undefined)
      .then(() => {
        next.delete(accountId);
        return run(accountId);
      });
    next.set(accountId, after);
    return after;
  };
  // Through the lifetime: from the stop on no pass starts, and the stop waits for those under way.
  const wake = (accountId: number) => {
    rt.lifetime.run('drain failed', () =>
      drain(accountId).catch((error) => {
        rt.logger.warn({ err: error, accountId }, 'drain failed; trying again');
        wakeAt(accountId, Date.now() + RETRY_MS);
      }),
    );
  };
  return { wake };
}

/** The account's reachable devices with their budget counters and pacing settings; `lock` in a drain round (see `deviceLoadRows`). */
export async function deviceCapacity(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, { lock }: { lock: boolean }): Promise<LoadedDevice[]> {
  const rows = await deviceLoadRows(db, accountId, { lock });
  return rows.map((row) => ({
    id: row.id,
    connected: row.connected,
    rate: row.rate_per_minute ?? rt.config.RELAY_DEVICE_RATE_PER_MINUTE,
    recent: row.spent,
    inflight: row.inflight,
    windowStartedAt: row.window_started_at,
    simSlots: row.sim_slots,
    simSelectionMode: row.sim_selection_mode,
    dailyCap: row.daily_cap,
    monthlyRecipientsCap: row.monthly_recipients_cap,
  }));
}

type Candidate = Pick<Message, 'id' | 'attempts' | 'priority' | 'to' | 'simNumber' | 'requestedDeviceId' | 'failedDeviceIds'>;

/**
 * One pass over an account's queue: expire what is past its TTL, then hand queued messages to
 * online devices within their per-minute budget, round after round while rounds fill up.
 */
async function drainAccount(rt: Runtime, accountId: number): Promise<PassOutcome> {
  let total = 0;
  let stalled = false;
  let quietUntil: Date | undefined;
  for (let round = 0; round < 50; round++) {
    const outcome = await rt.db.prisma.$transaction(async (tx) => {
      // The lock, and what decides whether this round has work, in one round trip.
      const account = await lockDrain(tx, accountId);
      if (account?.expired) await expireQueued(rt, tx, accountId);
      // Scheduled messages whose time has come join the queue first (move `release`), paused or not.
      if (account?.scheduledDue && (await releaseScheduled(tx, accountId)) > 0) account.due = true;
      if (account?.paused !== false) return { assigned: 0, seen: 0, stalled: true };
      if (!account.due) return { assigned: 0, seen: 0, stalled: false };
      const devices = await deviceCapacity(rt, tx, accountId, { lock: true });
      if (devices.length === 0) return { assigned: 0, seen: 0, stalled: true };
      const now = new Date();
      // The account's quiet hours hold back what is below expedited priority, queued before they
      // began or not (a send made during them is scheduled for their end instead, ./schedule.ts):
      // one look per round, from the row `lockDrain` read; the pass wakes again at their end.
      const quiet = quietHoursOf(account);
      const quietEnd = quiet ? (quietHoursEnd(quiet, now) ?? undefined) : undefined;
      // Lanes: devices, or their SIMs where Yarrow picks the SIM (devices/pacing.ts). A device's
      // caps hold back every message; its spent minute all but expedited ones (the app's own rule,
      // `bypassesBudget`): with none left the round looks only for those, so a code goes past a list at once.
      let lanes = await pacingLanes(tx, devices, [], now);
      const budgetLeft = lanesWithBudget(lanes);
      if (!lanesWithCapRoom(lanes)) return { assigned: 0, seen: 0, stalled: true };
      const expeditedOnly = !budgetLeft || quietEnd !== undefined;
      const candidates = await lockDueQueued(tx, accountId, DRAIN_BATCH, expeditedOnly ? { minPriority: EXPEDITED_PRIORITY } : {});
      if (candidates.length === 0 && expeditedOnly) return { assigned: 0, seen: 0, stalled: true, quietEnd };
      // A monthly cap needs to know which of the round's numbers each lane already texted.
      if (devices.some((device) => device.monthlyRecipientsCap !== null)) lanes = await pacingLanes(tx, devices, candidates.map((row) => row.to_number), now);
      const assignments: Array<{ deviceId: string; message: Candidate; lane: Lane; to: string }> = [];
      for (const row of candidates) {
        const candidate = { id: row.id, attempts: row.attempts, priority: row.priority, to: row.to_number, simNumber: row.sim_number, requestedDeviceId: row.requested_device_id, failedDeviceIds: row.failed_device_ids ?? [] };
        const lane = chooseLane(candidate, lanes);
        if (!lane) continue;
        spendLane(lane, row.to_number);
        assignments.push({ deviceId: lane.deviceId, message: candidate, lane, to: row.to_number });
      }
      const placedAll = assignments.length === candidates.length;
      // Without budget (or in quiet hours) only expedited messages were looked at: the rest wait
      // for budget to free (or for the quiet hours to end).
      if (assignments.length === 0) return { assigned: 0, seen: candidates.length, stalled: !placedAll || expeditedOnly, quietEnd };
      // One statement moves the round's messages and opens their attempts, one sends every live event.
      const moved = await dispatchMessages(
        tx,
        assignments.map((a) => ({ messageId: a.message.id, deviceId: a.deviceId, attemptId: newId('messageAttempt'), simNumber: laneSimNumber(a.lane) })),
        now,
      );
      await recordPacing(tx, assignments, now);
      const events = sendSignals(moved);
      for (const row of moved) {
        const message = { id: row.id, accountId: row.account_id, state: 'dispatched' as const, deviceId: row.device_id, failedDeviceIds: row.failed_device_ids ?? [], failureReason: row.failure_reason };
        events.push(...statusEvents(message, now));
      }
      await publishAll(tx, events);
      return { assigned: assignments.length, seen: candidates.length, stalled: !placedAll || expeditedOnly, quietEnd };
    });
    total += outcome.assigned;
    stalled = outcome.stalled;
    quietUntil = 'quietEnd' in outcome ? outcome.quietEnd : undefined;
    if (outcome.assigned === 0 || outcome.seen < DRAIN_BATCH) break;
  }
  return { total, stalled, quietUntil };
}

/** Room left in a signal's notification for its work (the whole event must stay under NOTIFY's limit). */
const SIGNAL_WORK_BYTES = 6_000;

/**
 * Each device's `send` signals for a round: the messages' ids, and the work itself where it fits,
 * so the gateway holding the device pushes it without reading it back (it reads what did not fit).
 */
function sendSignals(moved: DispatchedRow[]): string[] {
  const byDevice = new Map<string, DispatchedRow[]>();
  for (const row of moved) {
    if (!byDevice.has(row.device_id)) byDevice.set(row.device_id, []);
    byDevice.get(row.device_id)!.push(row);
  }
  const signals: string[] = [];
  for (const [deviceId, rows] of byDevice) {
    let ids: string[] = [];
    let work: SignalledWork[] = [];
    let bytes = 0;
    const flush = () => {
      if (ids.length > 0) signals.push(deviceSignalEvent(deviceId, { kind: 'send', messageIds: ids, work }));
      ids = [];
      work = [];
      bytes = 0;
    };
    for (const row of rows) {
      const item = signalledWork({ id: row.id, attempts: row.attempts, to: row.to_number, body: row.body, sealedBody: row.sealed_body, segments: row.segments, encoding: row.encoding, priority: row.priority, simNumber: row.sim_number, isEncrypted: row.is_encrypted, expiresAt: row.expires_at, sendAt: row.send_at });
      const size = Buffer.byteLength(JSON.stringify(item)) + row.id.length + 4;
      if (bytes + size > SIGNAL_WORK_BYTES) flush();
      ids.push(row.id);
      bytes += size;
      if (size <= SIGNAL_WORK_BYTES) work.push(item);
    }
    flush();
  }
  return signals;
}

/**
 * When the account's queue next needs a pass, if messages still wait: at once (`RECHECK_MS`) when
 * due work waits that the pass did not stall on (rows another transaction held while it looked:
 * SKIP LOCKED passes over them), else when something can change: budget frees, TTL, retry time,
 * the end of the quiet hours that held messages back (`quietUntil`), and at the latest
 * `LONGEST_SLEEP_MS` (a device back, a resume or a change of the quiet hours wakes it sooner).
 *
 * This was a dated `relay_dispatch` job (`short` policy, one waiting per account): pg-boss sends
 * no NOTIFY for a job not yet due, so a worker found it only at its next poll, up to 30 s
 * (`notifyPollingIntervalSeconds`) unless another send's job woke the poller first; a sooner
 * wake-up was dropped while a later one waited; and due work left by a pass waited the whole 30 s.
 * A timer of the worker is exact; the sweep (`sweepWaitingAccounts`) stands in for it if the
 * worker dies.
 */
async function nextDrainTime(rt: Runtime, accountId: number, stalled: boolean, quietUntil: Date | undefined): Promise<number | undefined> {
  const waiting = await queuedTimes(rt.db.prisma, accountId);
  const now = Date.now();
  // A scheduled message needs a pass at its time, which releases it into the queue: the same timer
  // as the queue's own times, so a due message reaches a phone on time without a timer per message
  // or a job per message (the sweep finds it if this worker dies). A timer holds at most
  // `LONGEST_SCHEDULE_SLEEP_MS` (Node's timers overflow past 24.8 days; the schedule goes to 30).
  const scheduled = waiting.scheduledAt ? [Math.max(now + RECHECK_MS, Math.min(waiting.scheduledAt.getTime(), now + LONGEST_SCHEDULE_SLEEP_MS))] : [];
  if (!waiting.nextAttemptAt) return scheduled[0];
  if (waiting.nextAttemptAt.getTime() <= now && !stalled) return now + RECHECK_MS;
  const devices = await deviceCapacity(rt, rt.db.prisma, accountId, { lock: false });
  const budgetFrees = laneBudgetFrees(await pacingLanes(rt.db.prisma, devices, [], new Date(now)));
  const times = [now + LONGEST_SLEEP_MS, waiting.expiresAt!.getTime() + 50, ...budgetFrees, ...scheduled];
  if (quietUntil) times.push(quietUntil.getTime());
  if (waiting.nextAttemptAt.getTime() > now) times.push(waiting.nextAttemptAt.getTime());
  return Math.max(now + RECHECK_MS, Math.min(...times));
}

/**
 * The device-presence worker's periodic pass. Each step is an atomic UPDATE … RETURNING, so
 * several worker processes may run it at once and every transition still happens exactly once.
 */
export async function presenceTick(rt: Runtime) {
  // 1. Devices silent for longer than their account's threshold (default DEVICE_OFFLINE_AFTER_SECONDS)
  //    go offline, fire device.offline and give their messages back.
  for (;;) {
    const changed = await rt.db.prisma.$transaction(async (tx) => {
      const device = await markOneSilentDeviceOffline(tx, rt.config.DEVICE_OFFLINE_AFTER_SECONDS);
      if (!device) return false;
      const offline = await tx.device.findUniqueOrThrow({ where: { id: device.id } });
      await recordEvent(rt, tx, {
        accountId: offline.accountId,
        type: 'device.offline',
        objectType: 'device',
        objectPublicId: offline.id,
        data: { device_id: offline.id, name: offline.name, status: 'offline', last_seen_at: offline.lastSeenAt.toISOString() },
      });
      // What it took stays with it: it may still send it (a phone's app sends what it holds when it
      // comes back). What it never took goes to another device now.
      await releaseUnacknowledged(rt, tx, offline.id, 'device_offline');
      await recordPresenceChange(tx, offline.id, 'offline');
      await publishDeviceChange(tx, offline);
      rt.logger.info({ deviceId: offline.id, accountId: offline.accountId }, 'device offline');
      return true;
    });
    if (!changed) break;
  }

  // 2. Messages pushed to a device that never acknowledged them reroute after the ack timeout;
  //    messages whose TTL passed while on a device fail (the device is told to drop them).
  for (;;) {
    const handled = await rt.db.prisma.$transaction(async (tx) => {
      const stuck = await lockStuckDispatched(tx, rt.config.RELAY_ACK_TIMEOUT_SECONDS);
      const expired = stuck.filter((row) => row.expired);
      await failAttempt(rt, tx, expired, 'expired', 'expired');
      await signalDevices(
        tx,
        expired.filter((row) => row.device_id).map((row) => [row.device_id!, { kind: 'cancel', messageId: row.id, attempt: row.attempts, reason: 'expired' }]),
      );
      const timedOut = new Map<string, typeof stuck>();
      for (const row of stuck.filter((row) => !row.expired && row.device_id)) {
        timedOut.set(row.device_id!, [...(timedOut.get(row.device_id!) ?? []), row]);
      }
      for (const [deviceId, held] of timedOut) await takeBack(rt, tx, deviceId, held, 'ack_timeout');
      return stuck.length;
    });
    if (handled < 100) break;
  }

  // 3. Messages a phone has held too long without a word about them are flagged (message.stuck):
  //    they do not move by themselves (the phone may still send them); the account sees them and
  //    can reroute them knowingly (rerouteMessage) or wait.
  while ((await rt.db.prisma.$transaction((tx) => flagStuck(rt, tx))) === 100);

  // 3b. Queued messages past their TTL fail even if no drain runs for their account.
  while ((await rt.db.prisma.$transaction((tx) => expireQueued(rt, tx))) === 500);

  // 4. Pinned messages whose device will not take them fail: at once when it was unpaired, after
  //    RELAY_PINNED_OFFLINE_WAIT_SECONDS when it is unreachable (since the message began waiting
  //    or the device was last heard from, whichever is later).
  while ((await rt.db.prisma.$transaction((tx) => failStrandedPinned(rt, tx))) === 100);

  // 5. Safety net for a drain that read a device as reachable just before its socket closed and
  //    committed after the close gave its work back: unacknowledged work on an online but
  //    unreachable device goes back to the queue.
  for (;;) {
    const released = await rt.db.prisma.$transaction(async (tx) => {
      const device = await lockUnreachableHolder(tx);
      if (!device) return false;
      await releaseUnacknowledged(rt, tx, device.id, 'device_disconnected');
      return true;
    });
    if (!released) break;
  }
}

/**
 * A routing worker's own sweep: drains every account with messages queued for longer than
 * `overdueSeconds` and a reachable device. With 0 when the worker starts (after it LISTENs: a send
 * committed before then was heard by nobody, or a drain died with its worker), then periodically
 * for a send's NOTIFY the worker did not hear (its listening connection was lost meanwhile).
 */
export async function sweepWaitingAccounts(rt: Runtime, overdueSeconds: number, wake: (accountId: number) => void) {
  for (const { account_id } of await accountsWithOverdueMessages(rt.db.prisma, overdueSeconds)) wake(account_id);
}

/**
 * How often the presence pass runs: often enough to notice silence within a third of the server's
 * DEVICE_OFFLINE_AFTER_SECONDS, and at least every 10 s. An account's own threshold is at least
 * 30 s (src/relay/devices/offline-threshold.ts), so it is noticed within a third of it too.
 */
export function presenceIntervalMs(rt: Pick<Runtime, 'config'>) {
  return Math.min(10_000, Math.max(500, Math.floor((rt.config.DEVICE_OFFLINE_AFTER_SECONDS * 1000) / 3)));
}
