// The relay domain's raw SQL, one named statement each (pg-boss `plans.ts` style). Everything else
// goes through Prisma. A statement is here because Prisma cannot say it (`FOR UPDATE [SKIP
// LOCKED]`, CTEs that write several tables in one statement, `unnest` arrays, an advisory lock,
// per-minute series) or because one round trip instead of several was measured on the accept,
// dispatch or device-report path (docs/performance.md); each says which.
import type { DbClient } from '../core/db.ts';
import { advisoryKey } from '../core/locks.ts';
import { relayLocks } from './module.ts';
import { Prisma, type Account, type Message } from '../generated/prisma/client.ts';
import { referenceStates, type RecipientRow, type ReferenceListQuery, type ReferenceState } from './android-app/thirdparty-json.ts';

/** The device has an open connection (socket or events stream, on any gateway). */
const connectedDevice = Prisma.sql`EXISTS (SELECT 1 FROM device_connections c WHERE c.device_id = d.id)`;

/**
 * Whether the dispatcher may give a device work (SQL over `devices d`): online, and either with an
 * open connection or heard from since its last connection closed (it polls over HTTP). A device
 * whose last connection closed is out of routing at once; `offline` (and `device.offline`) still
 * waits for `DEVICE_OFFLINE_AFTER_SECONDS` of silence, so a short blip does not fire it. A gateway
 * that died without closing its connections leaves their rows: those devices fall back to the
 * heartbeat rule (offline after the silence, which deletes them).
 */
const reachableDevice = Prisma.sql`(d.status = 'online' AND (${connectedDevice} OR d.disconnected_at IS NULL OR d.last_seen_at > d.disconnected_at))`;

// --- Accepting sends ---

/** A message row as `queueMessages` built it, for `insertQueuedMessages`. */
export type QueuedMessageRow = Pick<
  Message,
  'id' | 'accountId' | 'to' | 'body' | 'sealedBody' | 'encoding' | 'segments' | 'requestedDeviceId' | 'reference' | 'batchId' | 'expiresAt'
>;

/**
 * Inserts queued messages and sends their live events (`notify`) and the routing workers' wake-up
 * (`wake`, both `notifyQuery`) in one statement. The accept path's one write: a Prisma
 * `createManyAndReturn` and a separate notify cost the gateway more CPU than the rest of the
 * request (docs/performance.md, change 16), and a pg-boss job to wake the drain as much
 * PostgreSQL time as the insert (round 4).
 */
export async function insertQueuedMessages(tx: DbClient, messages: QueuedMessageRow[], maxAttempts: number, now: Date, notify: Prisma.Sql, wake: Prisma.Sql) {
  const column = <T>(pick: (message: QueuedMessageRow) => T) => messages.map(pick);
  await tx.$queryRaw`
    WITH inserted AS (
      INSERT INTO messages (id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, max_attempts,
                            failed_device_ids, reference, batch_id, expires_at, next_attempt_at, queued_at, updated_at)
      SELECT m.id, m.account_id, m.to_number, m.body, m.sealed_body, m.encoding, m.segments, m.requested_device_id,
             ${maxAttempts}, '{}', m.reference, m.batch_id, m.expires_at, ${now}, ${now}, ${now}
      FROM unnest(${column((m) => m.id)}::text[], ${column((m) => m.accountId)}::int[], ${column((m) => m.to)}::text[],
                  ${column((m) => m.body)}::text[], ${column((m) => m.sealedBody)}::text[], ${column((m) => m.encoding)}::text[],
                  ${column((m) => m.segments)}::int[], ${column((m) => m.requestedDeviceId)}::text[], ${column((m) => m.reference)}::text[],
                  ${column((m) => m.batchId)}::text[], ${column((m) => m.expiresAt.toISOString())}::timestamptz[])
        AS m(id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, reference, batch_id, expires_at)
      RETURNING 1
    ), notified AS (${notify}), woken AS (${wake})
    SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM notified)::int AS notified,
           (SELECT count(*) FROM woken)::int AS woken`;
}

/**
 * The accounts of sends that go together, each with its waiting messages (queued, or on a device
 * and not yet sent): one statement for the rules of a whole group commit, where Prisma would read
 * the accounts and count per account (docs/performance.md, change 6).
 */
export async function sendingAccountRows(db: DbClient, accountIds: number[]) {
  return db.$queryRaw<
    Array<{ id: number; relay_mode: Account['relayMode']; subscription_expires_at: Date | null; relay_paused_at: Date | null; relay_paused_by: string | null; relay_queue_limit: number | null; waiting: number }>
  >`
    SELECT a.id, a.relay_mode::text AS relay_mode, a.subscription_expires_at, a.relay_paused_at, a.relay_paused_by, a.relay_queue_limit,
           (SELECT count(*)::int FROM messages m WHERE m.account_id = a.id AND m.state IN ('queued', 'dispatched')) AS waiting
    FROM accounts a WHERE a.id = ANY(${accountIds}::int[])`;
}

// --- Dispatch ---

/**
 * Takes the account's drain lock (`relayDrain`) and reads what decides whether this round has work,
 * in one round trip: a drain runs per account per round, so this is the dispatcher's fixed cost
 * (docs/performance.md, change 11).
 */
export async function lockDrain(tx: DbClient, accountId: number) {
  // `due`: whether anything waits at all, so a pass with nothing to do (every routing worker hears
  // every send's NOTIFY, and the one after the pass that took the work finds the queue empty)
  // ends here instead of reading the devices' load (the round's dearest read).
  const [account] = await tx.$queryRaw<Array<{ locked: boolean; paused: boolean | null; expired: boolean; due: boolean }>>`
    SELECT pg_advisory_xact_lock(${advisoryKey(relayLocks.relayDrain, accountId)}) IS NOT NULL AS locked,
           (SELECT relay_paused_at IS NOT NULL FROM accounts WHERE id = ${accountId}) AS paused,
           EXISTS (SELECT 1 FROM messages WHERE account_id = ${accountId} AND state = 'queued' AND expires_at <= now()) AS expired,
           EXISTS (SELECT 1 FROM messages WHERE account_id = ${accountId} AND state = 'queued' AND next_attempt_at <= now()) AS due`;
  return account;
}

/**
 * Each reachable device of the account with its load over the last minute, in one statement a
 * drain round: the reachability rule and the oldest dispatch of the minute are beyond Prisma's filters.
 */
export async function deviceLoadRows(db: DbClient, accountId: number) {
  return db.$queryRaw<Array<{ id: string; connected: boolean; rate_per_minute: number | null; recent: number; inflight: number; oldest_recent: Date | null }>>`
    SELECT d.id, ${connectedDevice} AS connected, d.rate_per_minute,
      recent.count AS recent, recent.oldest AS oldest_recent,
      (SELECT count(*)::int FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched') AS inflight
    FROM devices d
    -- One pass over the device's last minute of attempts gives both its count and its oldest.
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS count, min(a.dispatched_at) AS oldest FROM message_attempts a
      WHERE a.device_id = d.id AND a.dispatched_at > now() - interval '60 seconds'
    ) recent
    WHERE d.account_id = ${accountId} AND ${reachableDevice}
    ORDER BY d.id`;
}

/**
 * When the account's queue next needs a drain: its earliest retry time and earliest expiry. Off
 * the queue index (Prisma's aggregate wraps the filter in a subquery the planner read as a scan
 * of every message, 4.9 ms a call once a bench had run).
 */
export async function queuedTimes(db: DbClient, accountId: number) {
  const [row] = await db.$queryRaw<Array<{ nextAttemptAt: Date | null; expiresAt: Date | null }>>`
    SELECT min(next_attempt_at) AS "nextAttemptAt", min(expires_at) AS "expiresAt"
    FROM messages WHERE account_id = ${accountId} AND state = 'queued'`;
  return row!;
}

/** The account's due queued messages, locked; rows another drain or a cancel holds are skipped. */
export async function lockDueQueued(tx: DbClient, accountId: number, limit: number) {
  return tx.$queryRaw<Array<{ id: string; attempts: number; requested_device_id: string | null; failed_device_ids: string[] | null }>>`
    SELECT id, attempts, requested_device_id, failed_device_ids FROM messages
    WHERE account_id = ${accountId} AND state = 'queued' AND next_attempt_at <= now() AND expires_at > now()
    ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

export interface DispatchedRow {
  id: string;
  account_id: number;
  attempts: number;
  device_id: string;
  failed_device_ids: string[] | null;
  failure_reason: string | null;
  to_number: string;
  body: string;
  sealed_body: string | null;
  segments: number;
  encoding: string;
  expires_at: Date;
}

/**
 * Moves a round's messages to their devices and opens their attempts in one statement, answering
 * what the devices' `send` signals carry: a round was 11 round trips (docs/performance.md, change 11).
 */
export async function dispatchMessages(tx: DbClient, assignments: Array<{ messageId: string; deviceId: string; attemptId: string }>, now: Date) {
  return tx.$queryRaw<DispatchedRow[]>`
    WITH a AS (
      SELECT * FROM unnest(${assignments.map((a) => a.messageId)}::text[], ${assignments.map((a) => a.deviceId)}::text[],
                           ${assignments.map((a) => a.attemptId)}::text[]) AS a(id, device_id, attempt_id)
    ), moved AS (
      UPDATE messages m SET state = 'dispatched', device_id = a.device_id, attempts = m.attempts + 1,
        dispatched_at = ${now}, acknowledged_at = NULL, updated_at = ${now}
      FROM a WHERE m.id = ANY(${assignments.map((a) => a.messageId)}::text[]) AND m.id = a.id
      RETURNING m.id, m.account_id, m.attempts, m.device_id, m.failed_device_ids, m.failure_reason, m.to_number, m.body, m.sealed_body, m.segments,
                m.encoding, m.expires_at, a.attempt_id
    ), opened AS (
      INSERT INTO message_attempts (id, message_id, device_id, number, dispatched_at)
      SELECT attempt_id, id, device_id, attempts, ${now} FROM moved
    )
    SELECT * FROM moved`;
}

/** The messages a device holds (all, or only those it has not acknowledged), locked in id order. */
export async function lockHeldBy(tx: DbClient, deviceId: string, { unacknowledgedOnly }: { unacknowledgedOnly: boolean }) {
  const unacknowledged = unacknowledgedOnly ? Prisma.sql`AND acknowledged_at IS NULL` : Prisma.empty;
  return tx.$queryRaw<Array<{ id: string; attempts: number }>>`
    SELECT id, attempts FROM messages WHERE device_id = ${deviceId} AND state = 'dispatched' ${unacknowledged}
    ORDER BY id FOR UPDATE`;
}

/** The queued messages pinned (`device_id` at send) to a device, locked in id order. */
export async function lockPinnedTo(tx: DbClient, deviceId: string) {
  return tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM messages WHERE requested_device_id = ${deviceId} AND state = 'queued' ORDER BY id FOR UPDATE`;
}

// --- Presence ---

/**
 * One device silent for longer than `offlineAfterSeconds` goes offline, atomically (UPDATE of a
 * row picked with SKIP LOCKED), so presence passes of several workers each take a different one.
 */
export async function markOneSilentDeviceOffline(tx: DbClient, offlineAfterSeconds: number) {
  // Its connections go too: a silent device's connections were left by a gateway that died.
  const [device] = await tx.$queryRaw<Array<{ id: string }>>`
    WITH offline AS (
      UPDATE devices SET status = 'offline', last_offline_at = now(), updated_at = now()
      WHERE id = (SELECT id FROM devices WHERE status = 'online' AND last_seen_at < now() - make_interval(secs => ${offlineAfterSeconds})
                  ORDER BY last_seen_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id
    ), closed AS (DELETE FROM device_connections c USING offline WHERE c.device_id = offline.id)
    SELECT id FROM offline`;
  return device;
}

/** Up to 100 dispatched messages past their ack timeout or their TTL, locked (skipping held rows). */
export async function lockStuckDispatched(tx: DbClient, ackTimeoutSeconds: number) {
  return tx.$queryRaw<Array<{ id: string; attempts: number; device_id: string | null; expired: boolean }>>`
    SELECT id, attempts, device_id, expires_at <= now() AS expired FROM messages WHERE state = 'dispatched' AND (
      (acknowledged_at IS NULL AND dispatched_at < now() - make_interval(secs => ${ackTimeoutSeconds}))
      OR expires_at <= now())
    ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`;
}

/** One online but unreachable device that still holds unacknowledged work, locked (skipping held rows). */
export async function lockUnreachableHolder(tx: DbClient) {
  const [device] = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT d.id FROM devices d WHERE d.status = 'online' AND NOT ${reachableDevice}
      AND EXISTS (SELECT 1 FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched' AND m.acknowledged_at IS NULL)
    LIMIT 1 FOR UPDATE SKIP LOCKED`;
  return device;
}

/**
 * Up to 100 queued messages pinned to a device that will not take them (unpaired, or unreachable
 * for `waitSeconds` since the message began waiting or the device was last heard from), locked.
 * From the devices to their pinned messages: the index on requested_device_id.
 */
export async function lockStrandedPinned(tx: DbClient, waitSeconds: number) {
  return tx.$queryRaw<Array<{ id: string; revoked: boolean }>>`
    SELECT m.id, d.status = 'revoked' AS revoked FROM devices d JOIN messages m ON m.requested_device_id = d.id AND m.state = 'queued'
    WHERE (d.status = 'revoked' OR (NOT ${reachableDevice}
      AND greatest(m.next_attempt_at, d.last_seen_at) < now() - make_interval(secs => ${waitSeconds})))
    ORDER BY m.id LIMIT 100 FOR UPDATE OF m SKIP LOCKED`;
}

/** Accounts (at most 1,000) with messages overdue by `overdueSeconds`, a reachable device and no pause. */
export async function accountsWithOverdueMessages(db: DbClient, overdueSeconds: number) {
  return db.$queryRaw<Array<{ account_id: number }>>`
    SELECT DISTINCT m.account_id FROM messages m
    JOIN devices d ON d.account_id = m.account_id AND ${reachableDevice}
    JOIN accounts a ON a.id = m.account_id AND a.relay_paused_at IS NULL
    WHERE m.state = 'queued' AND m.next_attempt_at <= now() - make_interval(secs => ${overdueSeconds}) LIMIT 1000`;
}

/** Locks the device a heartbeat or connection is about, reading whether it was reachable before. */
export async function lockDeviceReachability(tx: DbClient, deviceId: string) {
  const [before] = await tx.$queryRaw<Array<{ status: string; reachable: boolean }>>`
    SELECT status::text, ${reachableDevice} AS reachable FROM devices d WHERE id = ${deviceId} FOR UPDATE`;
  return before;
}

/** Records a connection the device opened (the caller holds the device's row lock). */
export async function openConnection(tx: DbClient, deviceId: string, connectionId: string, now: Date) {
  await tx.$executeRaw`INSERT INTO device_connections (id, device_id, opened_at) VALUES (${connectionId}, ${deviceId}, ${now})`;
}

/**
 * Closes one connection of the device (the caller holds the device's row lock, so two closes of
 * its last two connections see each other). `last`: it had no other, so the device leaves routing
 * now (`disconnected_at`). A connection already gone (the device went offline meanwhile, which
 * closed them all) changes nothing.
 */
export async function closeConnection(tx: DbClient, deviceId: string, connectionId: string, now: Date) {
  const [row] = await tx.$queryRaw<Array<{ closed: number; last: number }>>`
    WITH closed AS (
      DELETE FROM device_connections WHERE id = ${connectionId} AND device_id = ${deviceId} RETURNING device_id
    ), last AS (
      UPDATE devices d SET disconnected_at = ${now}, updated_at = ${now} FROM closed
      WHERE d.id = closed.device_id AND NOT EXISTS (SELECT 1 FROM device_connections c WHERE c.device_id = d.id AND c.id <> ${connectionId})
      RETURNING d.id
    )
    SELECT (SELECT count(*) FROM closed)::int AS closed, (SELECT count(*) FROM last)::int AS last`;
  return { closed: row!.closed > 0, last: row!.last > 0 };
}

// --- Device reports ---

/**
 * `retryOrFail` for many dispatched messages (a device that goes silent can hold hundreds), set-
 * based so the transaction stays short: ends their current attempts, then puts back in the queue
 * those with attempts and time left, answering their ids. The caller holds the rows' locks.
 */
export async function requeueDispatched(tx: DbClient, ids: string[], outcome: string, reason: string, now: Date) {
  await tx.$executeRaw`
    UPDATE message_attempts a SET finished_at = ${now}, outcome = ${outcome}, failure_reason = ${reason}
    FROM messages m
    WHERE m.id = ANY(${ids}::text[]) AND a.message_id = m.id AND a.number = m.attempts AND a.finished_at IS NULL`;
  return tx.$queryRaw<Array<{ id: string }>>`
    UPDATE messages SET state = 'queued', device_id = NULL, acknowledged_at = NULL, served_at = NULL, stuck_at = NULL, next_attempt_at = ${now},
      failure_reason = NULL, updated_at = ${now},
      failed_device_ids = CASE WHEN device_id IS NULL THEN failed_device_ids ELSE array_append(failed_device_ids, device_id) END
    WHERE id = ANY(${ids}::text[]) AND expires_at > ${now} AND attempts < max_attempts
    RETURNING id`;
}

/**
 * Device frames batched by the gateway, as parallel arrays. `statuses[i]` is `ack`, `sent` or
 * `delivered`; `acks[i]` says the frame's message is to be acknowledged too (an ack, or a report
 * that came right after the ack of the same attempt in one batch and is applied with it).
 */
export interface FrameColumns {
  ids: string[];
  devices: string[];
  accounts: number[];
  /** null: the message's current attempt (the Android app names none). */
  attempts: Array<number | null>;
  statuses: Array<'ack' | 'sent' | 'delivered'>;
  acks: boolean[];
}

/** A message a report moved forward, as it is now: what its webhook event and live events carry. */
export type ReportedMessage = Pick<
  Message,
  'id' | 'accountId' | 'to' | 'state' | 'deviceId' | 'failedDeviceIds' | 'failureReason' | 'reference' | 'batchId' | 'sentAt' | 'deliveredAt' | 'failedAt' | 'updatedAt'
>;

// The frame statement finds messages by id only: states are compared as text, so the planner
// cannot pick a state index instead (on statistics that lag a table that just grew by thousands,
// that meant reading every message in flight for each batch).

/**
 * Acks and `sent`/`delivered` reports in one statement a batch (docs/performance.md, "Device acks
 * and reports", and round 3). Of the messages the device holds in this attempt: an ack marks one
 * not yet acknowledged as acknowledged (message and attempt); a report moves one forward
 * (dispatched → sent or delivered, sent → delivered), ends the attempt and wipes the sealed text.
 * An ack and a report of one message in one batch are one row rewrite, not two. Answers per
 * frame, in order: the state before (null: not the device's account's), whether the ack took
 * effect, the state the report moved it from (null: it changed nothing) and, when it moved, the
 * message as it is now.
 */
export async function applyDeviceFrames(tx: DbClient, { ids, devices, accounts, attempts, statuses, acks }: FrameColumns, now: Date) {
  type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
  const rows = await tx.$queryRaw<Array<{ state: Message['state'] | null; acked: boolean | null; held: boolean; previous: Message['state'] | null; message: Json<ReportedMessage> | null }>>`
    WITH v AS (
      SELECT * FROM unnest(${ids}::text[], ${devices}::text[], ${accounts}::int[], ${attempts}::int[], ${statuses}::text[], ${acks}::boolean[])
        WITH ORDINALITY AS v(id, device_id, account_id, attempt, status, ack, n)
    ), held AS (
      SELECT m.id, m.state, v.status, m.attempts AS attempt,
             v.ack AND m.state::text = 'dispatched' AND m.acknowledged_at IS NULL AS acking,
             -- A report moves only a message the device took (acknowledged, now or before): a phone
             -- cannot report sent or delivered what it never held.
             v.status <> 'ack' AND (m.acknowledged_at IS NOT NULL OR v.ack)
               AND (m.state::text = 'dispatched' OR (v.status = 'delivered' AND m.state::text = 'sent')) AS moving,
             -- Taken by this device in this attempt, and not failed since (an expiry, a give-back).
             m.acknowledged_at IS NOT NULL AND m.state::text <> 'failed' AS taken
      FROM messages m JOIN v ON v.id = m.id
      WHERE m.id = ANY(${ids}::text[]) AND m.account_id = v.account_id AND m.device_id = v.device_id AND m.attempts = COALESCE(v.attempt, m.attempts)
      ORDER BY m.id FOR UPDATE OF m
    ), old AS (
      SELECT * FROM held WHERE acking OR moving
    ), moved AS (
      UPDATE messages m
      SET state = CASE WHEN old.moving THEN old.status::"MessageState" ELSE m.state END,
          sent_at = CASE WHEN old.moving THEN COALESCE(m.sent_at, ${now}) ELSE m.sent_at END,
          delivered_at = CASE WHEN old.moving AND old.status = 'delivered' THEN ${now} ELSE m.delivered_at END,
          acknowledged_at = COALESCE(m.acknowledged_at, ${now}),
          failure_reason = CASE WHEN old.moving THEN NULL ELSE m.failure_reason END,
          stuck_at = CASE WHEN old.moving THEN NULL ELSE m.stuck_at END,
          sealed_body = CASE WHEN old.moving THEN NULL ELSE m.sealed_body END,
          updated_at = ${now}
      FROM old WHERE m.id = old.id
      RETURNING m.id, m.account_id AS "accountId", m.to_number AS "to", m.state, m.device_id AS "deviceId", m.failed_device_ids AS "failedDeviceIds",
                m.failure_reason AS "failureReason", m.reference, m.batch_id AS "batchId", m.sent_at AS "sentAt", m.delivered_at AS "deliveredAt", m.failed_at AS "failedAt",
                m.updated_at AS "updatedAt"
    ), attempt AS (
      UPDATE message_attempts a
      SET acknowledged_at = CASE WHEN old.acking THEN COALESCE(a.acknowledged_at, ${now}) ELSE a.acknowledged_at END,
          outcome = CASE WHEN old.moving THEN old.status ELSE a.outcome END,
          finished_at = CASE WHEN old.moving THEN COALESCE(a.finished_at, ${now}) ELSE a.finished_at END,
          failure_reason = CASE WHEN old.moving AND a.finished_at IS NULL THEN NULL ELSE a.failure_reason END
      FROM old WHERE a.message_id = old.id AND a.number = old.attempt
    )
    SELECT (SELECT m.state::text FROM messages m WHERE m.id = v.id AND m.account_id = v.account_id) AS state,
           old.acking AS acked, (held.id IS NOT NULL AND (held.acking OR held.taken)) AS held, CASE WHEN old.moving THEN old.state::text END AS previous,
           CASE WHEN old.moving THEN to_jsonb(moved.*) END AS message
    FROM v LEFT JOIN held ON held.id = v.id LEFT JOIN old ON old.id = v.id LEFT JOIN moved ON moved.id = v.id
    ORDER BY v.n`;
  const date = (text: string | null) => (text === null ? null : new Date(text));
  return rows.map(({ message, ...row }) => ({
    ...row,
    message: message && { ...message, sentAt: date(message.sentAt), deliveredAt: date(message.deliveredAt), failedAt: date(message.failedAt), updatedAt: new Date(message.updatedAt) },
  }));
}

/** Why an attempt was taken back from a device that may still hold the message: the device is asked to drop it. */
export const takeBackOutcomes = ['device_offline', 'device_disconnected', 'ack_timeout', 'rerouted'] as const;

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

// --- The hand-off: who holds a message ---

/**
 * The Android app's pull, which is its taking: the app reports nothing until it sends, so a
 * message it pulled is in its hands (acknowledged) from then on. Answers the device's dispatched
 * messages not served yet, and those served before `reaskBefore` (its stream reconnected since, or
 * a while passed): serving an id the app holds asks it for its state, and it never sends one id
 * twice. Locks skip rows a take-back holds, so a message is either served or taken back, never both.
 */
export async function serveToApp(tx: DbClient, deviceId: string, { limit, newestFirst, reaskBefore, now }: { limit: number; newestFirst: boolean; reaskBefore: Date; now: Date }) {
  const order = newestFirst ? Prisma.sql`m.dispatched_at DESC, m.id DESC` : Prisma.sql`m.dispatched_at, m.id`;
  return tx.$queryRaw<Array<Pick<Message, 'id' | 'attempts' | 'to' | 'body' | 'sealedBody' | 'segments' | 'encoding' | 'expiresAt' | 'queuedAt' | 'dispatchedAt'>>>`
    WITH picked AS (
      SELECT m.id FROM messages m
      WHERE m.device_id = ${deviceId} AND m.state = 'dispatched' AND (m.served_at IS NULL OR m.served_at < ${reaskBefore})
      ORDER BY ${order} LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), served AS (
      UPDATE messages m SET served_at = ${now}, acknowledged_at = COALESCE(m.acknowledged_at, ${now})
      FROM picked WHERE m.id = picked.id
      RETURNING m.id, m.attempts, m.to_number AS "to", m.body, m.sealed_body AS "sealedBody", m.segments, m.encoding,
                m.expires_at AS "expiresAt", m.queued_at AS "queuedAt", m.dispatched_at AS "dispatchedAt"
    ), taken AS (
      UPDATE message_attempts a SET acknowledged_at = COALESCE(a.acknowledged_at, ${now})
      FROM served WHERE a.message_id = served.id AND a.number = served.attempts
    )
    SELECT * FROM served`;
}

/**
 * What a phone said about a message, on its latest attempt of it (of `attempt` when given), even
 * when that attempt already ended: a late report is recorded, not dropped. A word about the
 * current attempt clears the message's stuck flag. Answers whether the attempt is the current one.
 */
export async function recordDeviceWord(tx: DbClient, deviceId: string, messageId: string, attempt: number | null, state: string, now: Date) {
  const number = attempt === null ? Prisma.empty : Prisma.sql`AND number = ${attempt}`;
  const [row] = await tx.$queryRaw<Array<{ number: number; current: boolean }>>`
    WITH said AS (
      UPDATE message_attempts a SET device_state = ${state}, device_state_at = ${now}
      WHERE a.id = (SELECT id FROM message_attempts WHERE message_id = ${messageId} AND device_id = ${deviceId} ${number} ORDER BY number DESC LIMIT 1)
      RETURNING a.message_id, a.number, a.finished_at IS NULL AS current
    ), heard AS (
      UPDATE messages m SET stuck_at = NULL FROM said
      WHERE m.id = said.message_id AND said.current AND m.stuck_at IS NOT NULL
    )
    SELECT number, current FROM said`;
  return row;
}

/** A phone's word for `recordDeviceWords`: `attempt` null is its latest attempt of the message. */
export interface DeviceWord {
  deviceId: string;
  messageId: string;
  attempt: number | null;
  state: string;
}

/**
 * `recordDeviceWord` for the words of one batch of frames, in one statement (the Android app's
 * `Processed` is one for each message it sends: a statement each was a round trip each). Words
 * about one message come in separate batches (`inArrivalOrder`), so no row is written twice here.
 */
export async function recordDeviceWords(tx: DbClient, words: DeviceWord[], now: Date) {
  if (words.length === 0) return;
  await tx.$executeRaw`
    WITH w AS (
      SELECT * FROM unnest(${words.map((w) => w.deviceId)}::text[], ${words.map((w) => w.messageId)}::text[], ${words.map((w) => w.attempt)}::int[], ${words.map((w) => w.state)}::text[])
        AS w(device_id, message_id, attempt, state)
    ), said AS (
      UPDATE message_attempts a SET device_state = w.state, device_state_at = ${now}
      FROM w
      WHERE a.id = (SELECT x.id FROM message_attempts x WHERE x.message_id = w.message_id AND x.device_id = w.device_id AND (w.attempt IS NULL OR x.number = w.attempt)
                    ORDER BY x.number DESC LIMIT 1)
      RETURNING a.message_id, a.finished_at IS NULL AS current
    )
    UPDATE messages m SET stuck_at = NULL FROM said WHERE m.id = said.message_id AND said.current AND m.stuck_at IS NOT NULL`;
}

/**
 * A device that reconnects says which messages it holds (`held`): the ones it took (acknowledged,
 * still dispatched to it) and no longer has, and never reported sent, are locked for the caller
 * to queue again. Only what it took before `takenBefore` (its connection opened): an ack answered on
 * this connection may land before the sync, which the phone wrote without it. Its answer also stands for the attempts taken back from it: those it does not
 * hold need no more cancels.
 */
export async function lockNotHeld(tx: DbClient, deviceId: string, held: string[], takenBefore: Date, now: Date) {
  await tx.$executeRaw`
    UPDATE message_attempts a SET device_state = 'not_held', device_state_at = ${now}
    WHERE a.device_id = ${deviceId} AND a.finished_at IS NOT NULL AND a.device_state IS NULL
      AND a.outcome = ANY(${takeBackOutcomes as unknown as string[]}::text[]) AND NOT (a.message_id = ANY(${held}::text[]))`;
  return tx.$queryRaw<Array<{ id: string; attempts: number }>>`
    SELECT id, attempts FROM messages
    WHERE device_id = ${deviceId} AND state = 'dispatched' AND acknowledged_at < ${takenBefore} AND NOT (id = ANY(${held}::text[]))
    ORDER BY id FOR UPDATE`;
}

/** The phone said it still holds these (`sync`): its word clears their stuck flag. One statement for the whole list. */
export async function clearStuckHeld(tx: DbClient, deviceId: string, held: string[]) {
  await tx.$executeRaw`
    UPDATE messages SET stuck_at = NULL
    WHERE device_id = ${deviceId} AND state = 'dispatched' AND stuck_at IS NOT NULL AND id = ANY(${held}::text[])`;
}

/**
 * Up to 100 messages a phone took and has held for longer than `stuckAfterSeconds` without a word
 * about them, flagged stuck once each (message.stuck): the phone may still send them, so they do
 * not move by themselves; the account sees them and can act (docs/relay-protocol.md).
 */
export async function flagStuckMessages(tx: DbClient, stuckAfterSeconds: number) {
  return tx.$queryRaw<Array<Pick<Message, 'id' | 'accountId' | 'deviceId' | 'acknowledgedAt' | 'stuckAt'>>>`
    UPDATE messages m SET stuck_at = now()
    WHERE m.id IN (
      SELECT m.id FROM messages m LEFT JOIN message_attempts a ON a.message_id = m.id AND a.number = m.attempts
      WHERE m.state = 'dispatched' AND m.acknowledged_at IS NOT NULL AND m.stuck_at IS NULL
        AND greatest(m.acknowledged_at, a.device_state_at) < now() - make_interval(secs => ${stuckAfterSeconds})
      ORDER BY m.id LIMIT 100 FOR UPDATE OF m SKIP LOCKED)
    RETURNING m.id, m.account_id AS "accountId", m.device_id AS "deviceId", m.acknowledged_at AS "acknowledgedAt", m.stuck_at AS "stuckAt"`;
}

// --- Queue health ---

/** Accepted, delivered and failed messages per minute over the last `minutes` (zeros included): a series Prisma cannot group. */
export async function throughputSeries(db: DbClient, accountId: number, minutes: number) {
  return db.$queryRaw<Array<{ minute: Date; accepted: bigint; dispatched: bigint; sent: bigint; delivered: bigint; failed: bigint }>>`
    WITH minutes AS (
      SELECT generate_series(date_trunc('minute', now()) - make_interval(mins => ${minutes - 1}), date_trunc('minute', now()), interval '1 minute') AS minute
    ), recent AS (
      SELECT queued_at, dispatched_at, sent_at, delivered_at, failed_at FROM messages
      WHERE account_id = ${accountId}
        AND (queued_at >= now() - make_interval(mins => ${minutes}) OR dispatched_at >= now() - make_interval(mins => ${minutes})
             OR sent_at >= now() - make_interval(mins => ${minutes}) OR delivered_at >= now() - make_interval(mins => ${minutes})
             OR failed_at >= now() - make_interval(mins => ${minutes}))
    )
    SELECT m.minute,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', queued_at) = m.minute) AS accepted,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', dispatched_at) = m.minute) AS dispatched,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', sent_at) = m.minute) AS sent,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', delivered_at) = m.minute) AS delivered,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', failed_at) = m.minute) AS failed
    FROM minutes m ORDER BY m.minute`;
}

// --- Recipients ---

/** Adds recipients to a list (one array parameter however many; members already there stay). */
export async function addListMembers(db: DbClient, listId: string, recipientIds: string[]) {
  await db.$executeRaw`
    INSERT INTO recipient_list_members (list_id, recipient_id)
    SELECT ${listId}, id FROM unnest(${recipientIds}::text[]) AS id ON CONFLICT DO NOTHING`;
}

/**
 * A list's members of the account, in the order they were added, with their numbers: one join,
 * where Prisma reads the members and then their recipients with every id (10,000 for a big list).
 */
export async function listMemberPhones(db: DbClient, accountId: number, listId: string) {
  return db.$queryRaw<Array<{ id: string; phone: string }>>`
    SELECT r.id, r.phone FROM recipient_list_members m JOIN recipients r ON r.id = m.recipient_id
    WHERE m.list_id = ${listId} AND r.account_id = ${accountId}
    ORDER BY m.added_at, r.id`;
}

// --- The Android app's reference API (/api/3rdparty/v1) ---
// Its message states are computed over a batch's recipients (least advanced first, then failed,
// delivered or sent), and its lists filter and count on that computed state: aggregates Prisma
// cannot filter on.

/** A recipient's reference state, in SQL (so lists can filter on it): dispatched but unacknowledged is still Pending. */
const recipientState = Prisma.sql`CASE m.state::text WHEN 'queued' THEN 'Pending'
  WHEN 'dispatched' THEN CASE WHEN m.acknowledged_at IS NULL THEN 'Pending' ELSE 'Processed' END
  WHEN 'sent' THEN 'Sent' WHEN 'delivered' THEN 'Delivered' ELSE 'Failed' END`;

/**
 * The reference messages of an account (batches with an external id), each with its state: the
 * least advanced recipient's while any is still before Sent; then Failed if any failed, Delivered
 * once all are, else Sent.
 */
function referenceMessages(accountId: number, where: Prisma.Sql) {
  return Prisma.sql`
    SELECT s.id, s.external_id, s.created_at,
           CASE WHEN s.least < 3 THEN (${referenceStates as unknown as string[]}::text[])[s.least]
                WHEN s.any_failed THEN 'Failed' WHEN s.all_delivered THEN 'Delivered' ELSE 'Sent' END AS state
    FROM (
      SELECT b.id, b.external_id, b.created_at,
             min(array_position(${referenceStates as unknown as string[]}::text[], r.state)) AS least,
             bool_or(r.state = 'Failed') AS any_failed, bool_and(r.state = 'Delivered') AS all_delivered
      FROM message_batches b JOIN messages m ON m.batch_id = b.id CROSS JOIN LATERAL (SELECT ${recipientState} AS state) r
      WHERE b.account_id = ${accountId} AND b.external_id IS NOT NULL AND ${where}
      GROUP BY b.id
    ) s`;
}

export type ReferenceMessageRow = { id: string; external_id: string; created_at: Date; state: ReferenceState };

/** One reference message of the account by its external id (none: another account's, or unknown). */
export async function referenceMessageById(db: DbClient, accountId: number, externalId: string) {
  return db.$queryRaw<ReferenceMessageRow[]>(referenceMessages(accountId, Prisma.sql`b.external_id = ${externalId}`));
}

/** A page of the account's reference messages, newest first, filtered, and the total that matches. */
export async function referenceMessagePage(db: DbClient, accountId: number, query: ReferenceListQuery): Promise<[ReferenceMessageRow[], number]> {
  const conditions = [Prisma.sql`TRUE`];
  if (query.from) conditions.push(Prisma.sql`b.created_at >= ${new Date(query.from)}`);
  if (query.to) conditions.push(Prisma.sql`b.created_at < ${new Date(query.to)}`);
  if (query.deviceId) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM messages d WHERE d.batch_id = b.id AND (d.device_id = ${query.deviceId} OR d.requested_device_id = ${query.deviceId}))`);
  }
  const filtered = Prisma.sql`SELECT * FROM (${referenceMessages(accountId, Prisma.join(conditions, ' AND '))}) f
    WHERE ${query.state ? Prisma.sql`f.state = ${query.state}` : Prisma.sql`TRUE`}`;
  const [page, [count]] = await Promise.all([
    db.$queryRaw<ReferenceMessageRow[]>`${filtered} ORDER BY f.created_at DESC, f.id DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM (${filtered}) c`,
  ]);
  return [page, count?.total ?? 0];
}

/** The recipients of batches, in the order they were given. */
export async function referenceRecipients(db: DbClient, batchIds: string[]) {
  const rows = await db.$queryRaw<RecipientRow[]>`
    SELECT m.batch_id AS "batchId", m.to_number AS "to", ${recipientState} AS state, m.device_id AS "deviceId",
           m.requested_device_id AS "requestedDeviceId", m.failure_reason AS "failureReason", m.queued_at AS "queuedAt",
           m.acknowledged_at AS "acknowledgedAt", m.sent_at AS "sentAt", m.delivered_at AS "deliveredAt", m.failed_at AS "failedAt"
    FROM messages m WHERE m.batch_id = ANY(${batchIds}::text[]) ORDER BY m.id`;
  const byBatch = new Map<string, RecipientRow[]>();
  for (const row of rows) byBatch.set(row.batchId, [...(byBatch.get(row.batchId) ?? []), row]);
  return byBatch;
}

// --- Recipient search ---

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search condition: a query that looks like a number (digits, spaces, + - . ( )) matches the
 * digits of the phone (a national leading 0 is dropped: "0612…" finds "+33612…"); anything else
 * is a substring of the name ignoring case and accents. Both are served by trigram GIN indexes. One SQL
 * condition shared by REST and GraphQL search, and the one the index test explains (`EXPLAIN`).
 */
export function recipientSearchCondition(search: string | undefined): Prisma.Sql {
  if (!search) return Prisma.sql`TRUE`;
  if (/^[\d\s()+.-]+$/.test(search) && /\d{2}/.test(search.replace(/\D/g, ''))) {
    const digits = search.replace(/\D/g, '').replace(/^0+/, '') || '0';
    return Prisma.sql`phone_digits LIKE ${likePattern(digits)}`;
  }
  // Accents ignored on both sides ("zoe" finds "Zoë"), on the trigram index of yarrow_unaccent(name).
  return Prisma.sql`yarrow_unaccent(name) ILIKE yarrow_unaccent(${likePattern(search)})`;
}

/**
 * A page of the account's recipients matching `search`, newest first, by Stripe-style cursors
 * (`take` rows after `startingAfter`, or before `endingBefore`): ids only, read back with Prisma.
 */
export async function searchRecipientIds(
  db: DbClient,
  accountId: number,
  search: string | undefined,
  { startingAfter, endingBefore, take }: { startingAfter?: string; endingBefore?: string; take: number },
): Promise<Array<{ id: string }>> {
  const condition = recipientSearchCondition(search);
  if (endingBefore) {
    const rows = await db.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM recipients WHERE account_id = ${accountId} AND ${condition} AND id > ${endingBefore}
      ORDER BY id ASC LIMIT ${take}`;
    return rows.reverse();
  }
  const after = startingAfter ? Prisma.sql`AND id < ${startingAfter}` : Prisma.empty;
  return db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM recipients WHERE account_id = ${accountId} AND ${condition} ${after}
    ORDER BY id DESC LIMIT ${take}`;
}

/** Every id of the account's recipients matching `search` (the GraphQL connection pages over them). */
export async function recipientIdsMatching(db: DbClient, accountId: number, search: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM recipients WHERE account_id = ${accountId} AND ${recipientSearchCondition(search)}`;
  return rows.map((row) => row.id);
}

// --- Recipient imports (issue 22) ---

/**
 * Inserts an import's batch of recipients in one statement, skipping any whose number the account
 * already has (`ON CONFLICT` on the unique (account_id, phone) index: the database tells, no read
 * of the account's recipients), and answers the ids it inserted. SQL: Prisma's `createMany` with
 * `skipDuplicates` does not say which rows it skipped.
 */
export async function insertNewRecipients(db: DbClient, accountId: number, rows: Array<{ id: string; name: string; phone: string; tags: string[] }>) {
  const inserted = await db.$queryRaw<Array<{ id: string }>>`
    INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags, updated_at)
    SELECT r.id, ${accountId}, r.name, r.phone, regexp_replace(r.phone, '\\D', '', 'g'),
           COALESCE(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows.map(({ id, name, phone, tags }) => ({ id, name, phone, tags })))}::jsonb) AS r(id text, name text, phone text, tags jsonb)
    ON CONFLICT (account_id, phone) DO NOTHING
    RETURNING id`;
  return inserted.map((row) => row.id);
}
