// Every write to the `messages` table (and to the attempts that record each hand-over), one plan
// per transition or mark of the lifecycle (./lifecycle.ts), in the manner of pg-boss's `plans.ts`.
// Nothing else writes a message. Each plan is called by the file that owns its move: ./send.ts
// (accept, schedule), ./drain.ts (dispatch), ./transitions.ts (release, requeue, fail, stuck),
// ./frames.ts and ./reports.ts (the phone's reports: send, deliver, acknowledge, hear), ./handoff.ts
// (the Android app's pull, give-backs, reroutes), ./inbound.ts (receive) and ./retention.ts (the
// text's masking): each is a service of the lifecycle, with no other caller to route through. The
// states a plan starts from, and the state it moves to, are the table's (`fromStates`, `toStates`,
// `markedStates` below), not restated here. Raw SQL where Prisma cannot say it (CTEs that write several tables,
// `unnest` arrays, `FOR UPDATE`) or where one round trip instead of several was measured on the
// accept, dispatch or device-report path (docs/performance.md#raw-sql-or-prisma); Prisma where one
// row or one simple update is all a plan does.
import type { DbClient } from '../../core/db.ts';
import { Prisma, type Message, type MessageState } from '../../generated/prisma/client.ts';
import { budgetWindowSeconds } from '../devices/index.ts';
import { markStates, messageLifecycle, messageMarks, messageMoves, takeBackOutcomes, type MessageMark, type MessageMove, type ReportedMessage } from './lifecycle.ts';
import { stateLiterals } from './state-sql.ts';

/** Each move's or mark's states, taken from the table once, as this module loads. */
function byName<K extends string>(names: readonly K[], states: (name: K) => readonly MessageState[]): Record<K, Prisma.Sql> {
  return Object.fromEntries(names.map((name) => [name, stateLiterals(states(name))])) as Record<K, Prisma.Sql>;
}
const moves = Object.keys(messageMoves) as MessageMove[];
/** The states each move may start from (`state IN (${fromStates.dispatch})`), the state it ends in, those each mark is made in. */
const fromStates = byName(moves, (move) => messageLifecycle.fromStates(move));
const toStates = byName(moves, (move) => [messageMoves[move].to]);
const markedStates = byName(Object.keys(messageMarks) as MessageMark[], markStates);

/** A message row as `queueMessages` built it, for `insertQueuedMessages`. */
export type QueuedMessageRow = Pick<
  Message,
  'id' | 'accountId' | 'to' | 'body' | 'sealedBody' | 'encoding' | 'segments' | 'requestedDeviceId' | 'reference' | 'priority' | 'simNumber' | 'isEncrypted' | 'batchId' | 'expiresAt'
  | 'state' | 'nextAttemptAt' | 'sendAt' | 'scheduleReason'
>;

/**
 * Moves `accept` and `schedule`: inserts queued messages (and scheduled ones, due at their
 * `next_attempt_at`) and sends their live events (`notify`) and the routing workers' wake-up
 * (`wake`, both `notifyQuery`) in one statement. The accept path's one write: a Prisma
 * `createManyAndReturn` and a separate notify cost the gateway more CPU than the rest of the
 * request, and a pg-boss job to wake the drain as much PostgreSQL time as the insert
 * (docs/performance.md#accept-path).
 */
export async function insertQueuedMessages(tx: DbClient, messages: QueuedMessageRow[], maxAttempts: number, now: Date, notify: Prisma.Sql, wake: Prisma.Sql) {
  const column = <T>(pick: (message: QueuedMessageRow) => T) => messages.map(pick);
  await tx.$queryRaw`
    WITH inserted AS (
      INSERT INTO messages (id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, max_attempts,
                            failed_device_ids, reference, priority, sim_number, is_encrypted, batch_id, expires_at, next_attempt_at, queued_at, updated_at,
                            state, send_at, schedule_reason)
      SELECT m.id, m.account_id, m.to_number, m.body, m.sealed_body, m.encoding, m.segments, m.requested_device_id,
             ${maxAttempts}, '{}', m.reference, m.priority, m.sim_number, m.is_encrypted, m.batch_id, m.expires_at, m.next_attempt_at, ${now}, ${now},
             m.state::"MessageState", m.send_at, m.schedule_reason
      FROM unnest(${column((m) => m.id)}::text[], ${column((m) => m.accountId)}::int[], ${column((m) => m.to)}::text[],
                  ${column((m) => m.body)}::text[], ${column((m) => m.sealedBody)}::text[], ${column((m) => m.encoding)}::text[],
                  ${column((m) => m.segments)}::int[], ${column((m) => m.requestedDeviceId)}::text[], ${column((m) => m.reference)}::text[],
                  ${column((m) => m.priority)}::smallint[], ${column((m) => m.simNumber)}::smallint[], ${column((m) => m.isEncrypted)}::boolean[],
                  ${column((m) => m.batchId)}::text[],
                  ${column((m) => m.expiresAt.toISOString())}::timestamptz[], ${column((m) => m.nextAttemptAt.toISOString())}::timestamptz[],
                  ${column((m) => m.state)}::text[], ${column((m) => m.sendAt?.toISOString() ?? null)}::timestamptz[], ${column((m) => m.scheduleReason)}::text[])
        AS m(id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, reference, priority, sim_number, is_encrypted, batch_id, expires_at,
             next_attempt_at, state, send_at, schedule_reason)
      RETURNING 1
    ), notified AS (${notify}), woken AS (${wake})
    SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM notified)::int AS notified,
           (SELECT count(*) FROM woken)::int AS woken`;
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
  priority: number;
  sim_number: number | null;
  is_encrypted: boolean;
  expires_at: Date;
  send_at: Date | null;
}

/**
 * Move `dispatch`: a round's messages go to their devices, their attempts open and each device's
 * budget counters count them, in one statement answering what the devices' `send` signals carry (a
 * round was 11 round trips, docs/performance.md#drain-rounds). A device whose minute of sending
 * ended starts a new one now. The caller locked the devices' rows (`deviceLoadRows`) before it
 * locked the messages.
 */
export async function dispatchMessages(
  tx: DbClient,
  assignments: Array<{ messageId: string; deviceId: string; attemptId: string; simNumber?: number | null }>,
  now: Date,
) {
  // `simNumber`: the SIM Yarrow chose (devices/pacing.ts), kept as `routed_sim_number` for this
  // attempt; the work carries it, else the send's own `sim_number`.
  return tx.$queryRaw<DispatchedRow[]>`
    WITH a AS (
      SELECT * FROM unnest(${assignments.map((a) => a.messageId)}::text[], ${assignments.map((a) => a.deviceId)}::text[],
                           ${assignments.map((a) => a.attemptId)}::text[], ${assignments.map((a) => a.simNumber ?? null)}::smallint[]) AS a(id, device_id, attempt_id, sim_number)
    ), moved AS (
      UPDATE messages m SET state = ${toStates.dispatch}, device_id = a.device_id, attempts = m.attempts + 1,
        dispatched_at = ${now}, acknowledged_at = NULL, updated_at = ${now}, routed_sim_number = a.sim_number
      FROM a WHERE m.id = ANY(${assignments.map((a) => a.messageId)}::text[]) AND m.id = a.id
      RETURNING m.id, m.account_id, m.attempts, m.device_id, m.failed_device_ids, m.failure_reason, m.to_number, m.body, m.sealed_body, m.segments,
                m.encoding, m.priority, COALESCE(m.routed_sim_number, m.sim_number) AS sim_number, m.is_encrypted, m.expires_at, m.send_at, a.attempt_id
    ), opened AS (
      INSERT INTO message_attempts (id, message_id, device_id, number, dispatched_at)
      SELECT attempt_id, id, device_id, attempts, ${now} FROM moved
    ), spent AS (
      UPDATE devices d
      SET budget_spent = CASE WHEN d.budget_window_started_at > ${now}::timestamptz - make_interval(secs => ${budgetWindowSeconds})
                              THEN d.budget_spent + n.count ELSE n.count END,
          budget_window_started_at = CASE WHEN d.budget_window_started_at > ${now}::timestamptz - make_interval(secs => ${budgetWindowSeconds})
                                          THEN d.budget_window_started_at ELSE ${now} END
      FROM (SELECT device_id, count(*)::int AS count FROM moved GROUP BY device_id) n WHERE d.id = n.device_id
    )
    SELECT * FROM moved`;
}

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
    UPDATE messages SET state = ${toStates.requeue}, device_id = NULL, acknowledged_at = NULL, served_at = NULL, stuck_at = NULL, next_attempt_at = ${now},
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

/**
 * Acks and `sent`/`delivered` reports in one statement a batch
 * (docs/performance.md#device-frames). Of the messages the device holds in this attempt: an ack marks one
 * not yet acknowledged as acknowledged (message and attempt); a report moves one forward
 * (dispatched → sent or delivered, sent → delivered), ends the attempt and wipes the sealed text.
 * An ack and a report of one message in one batch are one row rewrite, not two. Answers per
 * frame, in order: the state before (null: not the device's account's), whether the ack took
 * effect, the state the report moved it from (null: it changed nothing) and, when it moved, the
 * message as it is now.
 */
// The frame statement finds messages by id only: states are compared as text, so the planner
// cannot pick a state index instead (on statistics that lag a table that just grew by thousands,
// that meant reading every message in flight for each batch).

export async function applyDeviceFrames(tx: DbClient, { ids, devices, accounts, attempts, statuses, acks }: FrameColumns, now: Date) {
  type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
  const rows = await tx.$queryRaw<Array<{ state: Message['state'] | null; acked: boolean | null; held: boolean; previous: Message['state'] | null; message: Json<ReportedMessage> | null }>>`
    WITH v AS (
      SELECT * FROM unnest(${ids}::text[], ${devices}::text[], ${accounts}::int[], ${attempts}::int[], ${statuses}::text[], ${acks}::boolean[])
        WITH ORDINALITY AS v(id, device_id, account_id, attempt, status, ack, n)
    ), held AS (
      SELECT m.id, m.state, v.status, m.attempts AS attempt,
             v.ack AND m.state::text IN (${markedStates.acknowledge}) AND m.acknowledged_at IS NULL AS acking,
             -- A report moves only a message the device took (acknowledged, now or before): a phone
             -- cannot report sent or delivered what it never held.
             v.status <> 'ack' AND (m.acknowledged_at IS NOT NULL OR v.ack)
               -- A sent report is the move send, a delivered one the move deliver (each ends in the state it names).
               AND ((v.status = 'sent' AND m.state::text IN (${fromStates.send})) OR (v.status = 'delivered' AND m.state::text IN (${fromStates.deliver}))) AS moving,
             -- Taken by this device in this attempt, and not failed since (an expiry, a give-back).
             m.acknowledged_at IS NOT NULL AND m.state::text NOT IN (${toStates.fail}) AS taken
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

/**
 * The Android app's pull, which is its taking: the app reports nothing until it sends, so a
 * message it pulled is in its hands (acknowledged) from then on. Answers the device's dispatched
 * messages not served yet, and those served before `reaskBefore` (its stream reconnected since, or
 * a while passed): serving an id the app holds asks it for its state, and it never sends one id
 * twice. Locks skip rows a take-back holds, so a message is either served or taken back, never both.
 */
export async function serveToApp(tx: DbClient, deviceId: string, { limit, newestFirst, reaskBefore, now }: { limit: number; newestFirst: boolean; reaskBefore: Date; now: Date }) {
  // Higher priority first whatever the app's order (its own queue picks by priority too). The
  // outer SELECT orders again: UPDATE ... RETURNING answers in the order it wrote the rows, not
  // the order `picked` chose them.
  const direction = newestFirst ? Prisma.sql`DESC` : Prisma.empty;
  const order = Prisma.sql`m.priority DESC, m.dispatched_at ${direction}, m.id ${direction}`;
  const answerOrder = Prisma.sql`s.priority DESC, s."dispatchedAt" ${direction}, s.id ${direction}`;
  return tx.$queryRaw<Array<Pick<Message, 'id' | 'attempts' | 'to' | 'body' | 'sealedBody' | 'segments' | 'encoding' | 'priority' | 'simNumber' | 'isEncrypted' | 'expiresAt' | 'sendAt' | 'queuedAt' | 'dispatchedAt'>>>`
    WITH picked AS (
      SELECT m.id FROM messages m
      WHERE m.device_id = ${deviceId} AND m.state IN (${markedStates.serve}) AND (m.served_at IS NULL OR m.served_at < ${reaskBefore})
      ORDER BY ${order} LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), served AS (
      UPDATE messages m SET served_at = ${now}, acknowledged_at = COALESCE(m.acknowledged_at, ${now})
      FROM picked WHERE m.id = picked.id
      RETURNING m.id, m.attempts, m.to_number AS "to", m.body, m.sealed_body AS "sealedBody", m.segments, m.encoding, m.priority,
                COALESCE(m.routed_sim_number, m.sim_number) AS "simNumber", m.is_encrypted AS "isEncrypted", m.expires_at AS "expiresAt", m.send_at AS "sendAt",
                m.queued_at AS "queuedAt", m.dispatched_at AS "dispatchedAt"
    ), taken AS (
      UPDATE message_attempts a SET acknowledged_at = COALESCE(a.acknowledged_at, ${now})
      FROM served WHERE a.message_id = served.id AND a.number = served.attempts
    )
    SELECT * FROM served s ORDER BY ${answerOrder}`;
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
    WHERE device_id = ${deviceId} AND state IN (${fromStates.requeue}) AND acknowledged_at < ${takenBefore} AND NOT (id = ANY(${held}::text[]))
    ORDER BY id FOR UPDATE`;
}

/** The phone said it still holds these (`sync`): its word clears their stuck flag. One statement for the whole list. */
export async function clearStuckHeld(tx: DbClient, deviceId: string, held: string[]) {
  await tx.$executeRaw`
    UPDATE messages SET stuck_at = NULL
    WHERE device_id = ${deviceId} AND state IN (${markedStates.hear}) AND stuck_at IS NOT NULL AND id = ANY(${held}::text[])`;
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
      WHERE m.state IN (${markedStates.stuck}) AND m.acknowledged_at IS NOT NULL AND m.stuck_at IS NULL
        AND greatest(m.acknowledged_at, a.device_state_at) < now() - make_interval(secs => ${stuckAfterSeconds})
      ORDER BY m.id LIMIT 100 FOR UPDATE OF m SKIP LOCKED)
    RETURNING m.id, m.account_id AS "accountId", m.device_id AS "deviceId", m.acknowledged_at AS "acknowledgedAt", m.stuck_at AS "stuckAt"`;
}

/**
 * Move `fail`: the messages are final, failed with `reason`; the sealed text (if any) is wiped, as
 * nothing will send it now. Only messages the table lets fail move (a message already final stays
 * as it is), answered in the order of `ids`. The caller holds the rows' locks. Prisma: one
 * `UPDATE … RETURNING` for the whole set, where a statement each was a round trip each (a drain
 * expiring 500 at once).
 */
export async function failMessages(tx: DbClient, ids: string[], reason: string, now: Date): Promise<Message[]> {
  if (ids.length === 0) return [];
  const failed = await tx.message.updateManyAndReturn({
    where: { id: { in: ids }, state: { in: messageLifecycle.fromStates('fail') } },
    data: { state: messageMoves.fail.to, failureReason: reason, failedAt: now, sealedBody: null, updatedAt: now },
  });
  const order = new Map(ids.map((id, i) => [id, i]));
  return failed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * Move `release`: the account's scheduled messages whose time has come join its queue, each due
 * from its own time (`next_attempt_at` stays the time it was scheduled for, so the drain's order
 * among them is the order they were due in). Up to 500 a call, locked (skipping rows a cancel
 * holds), answered as they are now for their live events. The caller holds the drain lock.
 */
export async function releaseDueScheduled(tx: DbClient, accountId: number, now: Date): Promise<Message[]> {
  const due = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM messages WHERE account_id = ${accountId} AND state IN (${fromStates.release}) AND next_attempt_at <= ${now}
    ORDER BY next_attempt_at, id LIMIT 500 FOR UPDATE SKIP LOCKED`;
  if (due.length === 0) return [];
  return tx.message.updateManyAndReturn({ where: { id: { in: due.map((row) => row.id) }, state: { in: messageLifecycle.fromStates('release') } }, data: { state: messageMoves.release.to, updatedAt: now } });
}

/**
 * Ends the current attempt of each message (`outcome`, and the reason it did not send): an
 * attempt that already ended (a `sent` report ends it) keeps its outcome. Before a `fail` whose
 * cause is the attempt itself (it expired on the phone, the phone failed after `sent`).
 */
export async function finishAttempts(tx: DbClient, messages: Array<Pick<Message, 'id' | 'attempts'>>, outcome: string, reason: string | null, now: Date) {
  if (messages.length === 0) return;
  await tx.$executeRaw`
    UPDATE message_attempts a SET finished_at = ${now}, outcome = ${outcome}, failure_reason = ${reason}
    FROM unnest(${messages.map((m) => m.id)}::text[], ${messages.map((m) => m.attempts)}::int[]) AS m(id, number)
    WHERE a.message_id = m.id AND a.number = m.number AND a.finished_at IS NULL`;
}

/** An inbound SMS as `receiveInbound` (./inbound.ts) built it, for `insertInboundMessage`. */
export type InboundMessageRow = Pick<
  Message,
  'id' | 'accountId' | 'deviceId' | 'from' | 'to' | 'body' | 'encoding' | 'segments' | 'simNumber' | 'receivedAt' | 'inReplyTo' | 'inboundKey' | 'expiresAt'
>;

/**
 * Move `receive`: an SMS a phone received becomes a message, `received` from birth. A phone says
 * one SMS more than once (the app retries its webhook with the same event, re-exports its inbox;
 * our protocol's phone resends an unacknowledged frame), so the row is keyed by the device and its
 * `inbound_key` (`messages_inbound_key_key`) and a repeat inserts nothing: answers the row, or null
 * for a repeat. Prisma: one row, and `skipDuplicates` is the ON CONFLICT DO NOTHING it needs.
 */
export async function insertInboundMessage(tx: DbClient, row: InboundMessageRow, now: Date): Promise<Message | null> {
  const [inserted] = await tx.message.createManyAndReturn({
    data: [{ ...row, direction: 'inbound', state: messageMoves.receive.to, maxAttempts: 0, failedDeviceIds: [], queuedAt: now, nextAttemptAt: now, updatedAt: now }],
    skipDuplicates: true,
  });
  return inserted ?? null;
}

/**
 * Mark `allowAnotherAttempt`: a reroute is the account's choice, not a failure of the message, so
 * it never spends the message's last attempt: the requeue that follows always finds one left.
 */
export async function allowAnotherAttempt(tx: DbClient, message: Pick<Message, 'id' | 'attempts' | 'maxAttempts'>) {
  await tx.message.update({ where: { id: message.id }, data: { maxAttempts: Math.max(message.maxAttempts, message.attempts + 1) } });
}

/**
 * Mark `maskText`: one batch of texts past the retention window (./retention.ts). The row stays
 * (state, number, times, segments) and its text is masked as an OTP's code is, one `•` per
 * character, with any sealed copy wiped: only in the states whose text no phone will be given again
 * (the table's mark `maskText`), so a text still to be sent is kept. Oldest first, by the index of
 * messages whose text is kept (`messages_queued_at_idx`, WHERE text_purged_at IS NULL), which the
 * mark takes the row out of; SKIP LOCKED leaves a row a move holds to the next batch. A plan here,
 * like every write of a message, so the lifecycle's one writer stays one.
 */
export async function maskOldTexts(db: DbClient, before: Date, batchSize: number, now: Date): Promise<number> {
  return db.$executeRaw`
    UPDATE messages m
    SET body = repeat('•', char_length(m.body)), sealed_body = NULL, text_purged_at = ${now}
    FROM (
      SELECT id FROM messages
      WHERE text_purged_at IS NULL AND queued_at < ${before} AND state IN (${markedStates.maskText})
      ORDER BY queued_at
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    ) batch
    WHERE m.id = batch.id`;
}
