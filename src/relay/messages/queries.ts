// Reads and row locks over the relay's messages: what a drain, the presence pass and the hand-off
// lock before a transition (src/relay/messages/plans.ts) writes. Raw SQL where Prisma cannot say it
// (`FOR UPDATE [SKIP LOCKED]`, an advisory lock, LATERAL joins) or one round trip was measured
// (docs/performance.md#raw-sql-or-prisma); each says which. The states each read works on are the
// lifecycle table's (`messageStateSets`, ./lifecycle.ts), written in as literals as ./plans.ts does:
// the planner then matches partial indexes such as `messages_queued_priority_idx` (EXPLAIN: the
// same plan as the hand-written `state = 'queued'`, which `IN ('queued')` is parsed into).
import type { DbClient } from '../../core/db.ts';
import { firstIdAt } from '../../core/ids.ts';
import { advisoryKey } from '../../core/locks.ts';
import { Prisma, type Account } from '../../generated/prisma/client.ts';
import { idPrefixes, relayLocks } from '../contract.ts';
import { reachableDevice } from '../devices/index.ts';
import { messageStateSets, takeBackOutcomes } from './lifecycle.ts';
import { stateLiterals } from './state-sql.ts';

/** The states each read works on, from the lifecycle table (`messageStateSets`), as the statement's own literals (./state-sql.ts). */
const inQueue = stateLiterals(messageStateSets.inQueue);
const scheduled = stateLiterals(messageStateSets.scheduled);
const onPhone = stateLiterals(messageStateSets.onPhone);
const waiting = stateLiterals(messageStateSets.waiting);
const dueOrScheduled = stateLiterals([...messageStateSets.inQueue, ...messageStateSets.scheduled]);

/**
 * The accounts of sends that go together, each with its waiting messages (queued, or on a device
 * and not yet sent): one statement for the rules of a whole group commit, where Prisma would read
 * the accounts and count per account (docs/performance.md#accept-path).
 */
export async function sendingAccountRows(db: DbClient, accountIds: number[]) {
  return db.$queryRaw<
    Array<{ id: number; relay_mode: Account['relayMode']; subscription_expires_at: Date | null; relay_paused_at: Date | null; relay_paused_by: string | null; relay_queue_limit: number | null; waiting: number; has_opt_outs: boolean;
      relay_quiet_hours_start: number | null; relay_quiet_hours_end: number | null; relay_quiet_hours_time_zone: string | null }>
  >`
    SELECT a.id, a.relay_mode::text AS relay_mode, a.subscription_expires_at, a.relay_paused_at, a.relay_paused_by, a.relay_queue_limit,
           (SELECT count(*)::int FROM messages m WHERE m.account_id = a.id AND m.state IN (${waiting})) AS waiting,
           EXISTS (SELECT 1 FROM relay_opt_outs o WHERE o.account_id = a.id) AS has_opt_outs,
           a.relay_quiet_hours_start, a.relay_quiet_hours_end, a.relay_quiet_hours_time_zone
    FROM accounts a WHERE a.id = ANY(${accountIds}::int[])`;
}

/**
 * Takes the account's drain lock (`relayDrain`) and reads what decides whether this round has work,
 * in one round trip: a drain runs per account per round, so this is the dispatcher's fixed cost
 * (docs/performance.md#drain-rounds).
 */
export async function lockDrain(tx: DbClient, accountId: number) {
  // `due`: whether anything waits at all, so a pass with nothing to do (every routing worker hears
  // every send's NOTIFY, and the one after the pass that took the work finds the queue empty)
  // ends here instead of reading the devices' load (the round's dearest read).
  // `scheduledDue`: scheduled messages whose time has come, for the round to release into the queue.
  // The quiet hours come with the account's row (one read per round, not per message): the round
  // holds back what they hold (./drain.ts).
  const [account] = await tx.$queryRaw<
    Array<{ locked: boolean; paused: boolean | null; expired: boolean; due: boolean; scheduledDue: boolean;
      relayQuietHoursStart: number | null; relayQuietHoursEnd: number | null; relayQuietHoursTimeZone: string | null }>
  >`
    SELECT pg_advisory_xact_lock(${advisoryKey(relayLocks.relayDrain, accountId)}) IS NOT NULL AS locked,
           a.relay_paused_at IS NOT NULL AS paused,
           a.relay_quiet_hours_start AS "relayQuietHoursStart", a.relay_quiet_hours_end AS "relayQuietHoursEnd", a.relay_quiet_hours_time_zone AS "relayQuietHoursTimeZone",
           EXISTS (SELECT 1 FROM messages WHERE account_id = ${accountId} AND state IN (${inQueue}) AND expires_at <= now()) AS expired,
           EXISTS (SELECT 1 FROM messages WHERE account_id = ${accountId} AND state IN (${inQueue}) AND next_attempt_at <= now()) AS due,
           EXISTS (SELECT 1 FROM messages WHERE account_id = ${accountId} AND state IN (${scheduled}) AND next_attempt_at <= now()) AS "scheduledDue"
    FROM (VALUES (1)) AS one LEFT JOIN accounts a ON a.id = ${accountId}`;
  return account;
}

/**
 * When the account's queue next needs a drain: its earliest retry time and earliest expiry, and
 * the time its earliest scheduled message is due (`scheduledAt`). Off
 * the queue index (Prisma's aggregate wraps the filter in a subquery the planner read as a scan
 * of every message, 4.9 ms a call once a bench had run).
 */
export async function queuedTimes(db: DbClient, accountId: number) {
  const [row] = await db.$queryRaw<Array<{ nextAttemptAt: Date | null; expiresAt: Date | null; scheduledAt: Date | null }>>`
    SELECT min(next_attempt_at) FILTER (WHERE state IN (${inQueue})) AS "nextAttemptAt", min(expires_at) FILTER (WHERE state IN (${inQueue})) AS "expiresAt",
           min(next_attempt_at) FILTER (WHERE state IN (${scheduled})) AS "scheduledAt"
    FROM messages WHERE account_id = ${accountId} AND state IN (${dueOrScheduled})`;
  return row!;
}

/**
 * The account's due queued messages, highest priority first, then in queue order, locked; rows
 * another drain or a cancel holds are skipped. `minPriority`: only those (a round whose devices
 * have no budget left looks only for messages that go past it). Off `messages_queued_priority_idx`.
 */
export async function lockDueQueued(tx: DbClient, accountId: number, limit: number, { minPriority }: { minPriority?: number } = {}) {
  const priority = minPriority === undefined ? Prisma.empty : Prisma.sql`AND priority >= ${minPriority}`;
  return tx.$queryRaw<
    Array<{ id: string; attempts: number; priority: number; to_number: string; sim_number: number | null; requested_device_id: string | null; failed_device_ids: string[] | null }>
  >`
    SELECT id, attempts, priority, to_number, sim_number, requested_device_id, failed_device_ids FROM messages
    WHERE account_id = ${accountId} AND state IN (${inQueue}) AND next_attempt_at <= now() AND expires_at > now() ${priority}
    ORDER BY priority DESC, next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

/** The messages a device holds (all, or only those it has not acknowledged), locked in id order. */
export async function lockHeldBy(tx: DbClient, deviceId: string, { unacknowledgedOnly }: { unacknowledgedOnly: boolean }) {
  const unacknowledged = unacknowledgedOnly ? Prisma.sql`AND acknowledged_at IS NULL` : Prisma.empty;
  return tx.$queryRaw<Array<{ id: string; attempts: number }>>`
    SELECT id, attempts FROM messages WHERE device_id = ${deviceId} AND state IN (${onPhone}) ${unacknowledged}
    ORDER BY id FOR UPDATE`;
}

/** The queued messages pinned (`device_id` at send) to a device, locked in id order. */
export async function lockPinnedTo(tx: DbClient, deviceId: string) {
  return tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM messages WHERE requested_device_id = ${deviceId} AND state IN (${inQueue}) ORDER BY id FOR UPDATE`;
}

/** Up to 100 dispatched messages past their ack timeout or their TTL, locked (skipping held rows). */
export async function lockStuckDispatched(tx: DbClient, ackTimeoutSeconds: number) {
  return tx.$queryRaw<Array<{ id: string; attempts: number; device_id: string | null; expired: boolean }>>`
    SELECT id, attempts, device_id, expires_at <= now() AS expired FROM messages WHERE state IN (${onPhone}) AND (
      (acknowledged_at IS NULL AND dispatched_at < now() - make_interval(secs => ${ackTimeoutSeconds}))
      OR expires_at <= now())
    ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`;
}

/**
 * Up to 100 queued messages pinned to a device that will not take them (unpaired, or unreachable
 * for `waitSeconds` since the message began waiting or the device was last heard from), locked.
 * From the devices to their pinned messages: the index on requested_device_id.
 */
export async function lockStrandedPinned(tx: DbClient, waitSeconds: number) {
  return tx.$queryRaw<Array<{ id: string; revoked: boolean }>>`
    SELECT m.id, d.status = 'revoked' AS revoked FROM devices d JOIN messages m ON m.requested_device_id = d.id AND m.state IN (${inQueue})
    WHERE (d.status = 'revoked' OR (NOT ${reachableDevice}
      AND greatest(m.next_attempt_at, d.last_seen_at) < now() - make_interval(secs => ${waitSeconds})))
    ORDER BY m.id LIMIT 100 FOR UPDATE OF m SKIP LOCKED`;
}

/**
 * Accounts (at most 1,000) with messages overdue by `overdueSeconds`, a reachable device and no
 * pause: queued messages due, or scheduled ones whose time has come (a worker's timer for it lost
 * with the worker).
 */
export async function accountsWithOverdueMessages(db: DbClient, overdueSeconds: number) {
  return db.$queryRaw<Array<{ account_id: number }>>`
    SELECT DISTINCT m.account_id FROM messages m
    JOIN devices d ON d.account_id = m.account_id AND ${reachableDevice}
    JOIN accounts a ON a.id = m.account_id AND a.relay_paused_at IS NULL
    WHERE m.state IN (${dueOrScheduled}) AND m.next_attempt_at <= now() - make_interval(secs => ${overdueSeconds}) LIMIT 1000`;
}

/**
 * Attempts taken back from a device (connection closed, offline, ack timeout, rerouted by the
 * account) that the device has not answered yet (no `device_state`: it may still hold the
 * message), of messages not yet expired, newest first, at most 1,000.
 */
export async function attemptsTakenBackFrom(db: DbClient, deviceId: string) {
  return db.$queryRaw<Array<{ message_id: string; number: number; outcome: string; acknowledged: boolean }>>`
    SELECT a.message_id, a.number, a.outcome, a.acknowledged_at IS NOT NULL AS acknowledged FROM message_attempts a JOIN messages m ON m.id = a.message_id
    WHERE a.device_id = ${deviceId} AND a.outcome = ANY(${takeBackOutcomes as unknown as string[]}::text[]) AND a.device_state IS NULL
      AND m.expires_at > now()
    ORDER BY a.finished_at DESC LIMIT 1000`;
}

/**
 * Which (account, number) pairs of sends that go together are on their account's opt-out list:
 * one statement with two array parameters however many numbers (a 50,000-number list), where
 * Prisma's `OR` of pairs would send every pair as its own parameters.
 */
export async function optedOutRows(db: DbClient, accountIds: number[], phones: string[]) {
  return db.$queryRaw<Array<{ account_id: number; phone: string }>>`
    SELECT o.account_id, o.phone FROM relay_opt_outs o
    JOIN unnest(${accountIds}::int[], ${phones}::text[]) AS s(account_id, phone) ON s.account_id = o.account_id AND s.phone = o.phone`;
}

/**
 * The request id of the account's last SMS to `phone` sent since `since` (an inbound SMS's
 * `in_reply_to`). Walks the account's messages newest first by id (`(account_id, id)`, with
 * `firstIdAt` bounding the window) and stops at the first one to that number, so outbound rows
 * need no index by number: a reply soon after its text reads a few rows, and no read goes past
 * the window. Only an SMS a phone was given (`attempts > 0`) can be answered: a scheduled one, or
 * one cancelled or refused before any phone had it, never reached the sender of the reply.
 */
export async function lastOutboundTo(db: DbClient, accountId: number, phone: string, since: Date): Promise<string | null> {
  const [row] = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM messages
    WHERE account_id = ${accountId} AND id >= ${firstIdAt(idPrefixes.message, since)} AND to_number = ${phone} AND direction = 'outbound' AND attempts > 0
    ORDER BY id DESC LIMIT 1`;
  return row?.id ?? null;
}
