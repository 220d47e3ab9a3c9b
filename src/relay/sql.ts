// The relay domain's raw SQL outside the message lifecycle (devices, queue health, recipients, the
// reference API's reads), one named statement each (pg-boss `plans.ts` style); what writes a
// message is src/relay/messages/plans.ts. Everything else goes through Prisma. A statement is here because Prisma cannot say it (`FOR UPDATE [SKIP
// LOCKED]`, CTEs that write several tables in one statement, `unnest` arrays, an advisory lock,
// per-minute series) or because one round trip instead of several was measured on the accept,
// dispatch or device-report path (docs/performance.md); each says which.
import type { DbClient } from '../core/db.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { referenceStates, type RecipientRow, type ReferenceListQuery, type ReferenceState } from './android-app/thirdparty-json.ts';

/** The device has an open connection (socket or events stream, on any gateway). */
export const connectedDevice = Prisma.sql`EXISTS (SELECT 1 FROM device_connections c WHERE c.device_id = d.id)`;

/**
 * Whether the dispatcher may give a device work (SQL over `devices d`): online, and either with an
 * open connection or heard from since its last connection closed (it polls over HTTP). A device
 * whose last connection closed is out of routing at once; `offline` (and `device.offline`) still
 * waits for `DEVICE_OFFLINE_AFTER_SECONDS` of silence, so a short blip does not fire it. A gateway
 * that died without closing its connections leaves their rows: those devices fall back to the
 * heartbeat rule (offline after the silence, which deletes them).
 */
/** A device's budget is per minute (`rate_per_minute`): the window its counters count in. */
export const budgetWindowSeconds = 60;

/** Whether the device's minute of sending is still under way (SQL over `devices d`). */
const budgetWindowOpen = Prisma.sql`d.budget_window_started_at > now() - make_interval(secs => ${budgetWindowSeconds})`;

export const reachableDevice = Prisma.sql`(d.status = 'online' AND (${connectedDevice} OR d.disconnected_at IS NULL OR d.last_seen_at > d.disconnected_at))`;

// --- Dispatch ---

/**
 * Each reachable device of the account with its load: its budget counters (a minute that ended
 * counts as nothing spent) and the messages it holds, in one statement a drain round (the
 * reachability rule is beyond Prisma's filters). The counters replaced a count of the device's
 * attempts of the last 60 seconds, the half-load tail's largest step (docs/performance.md).
 * `lock`: a drain round locks the rows it will count on before it locks any message, as every
 * other path that locks both (a socket closing, an unpairing) does: device first, then messages.
 */
export async function deviceLoadRows(db: DbClient, accountId: number, { lock }: { lock: boolean }) {
  const locking = lock ? Prisma.sql`FOR NO KEY UPDATE OF d` : Prisma.empty;
  return db.$queryRaw<Array<{ id: string; connected: boolean; rate_per_minute: number | null; spent: number; inflight: number; window_started_at: Date | null }>>`
    SELECT d.id, ${connectedDevice} AS connected, d.rate_per_minute,
      CASE WHEN ${budgetWindowOpen} THEN d.budget_spent ELSE 0 END AS spent,
      CASE WHEN ${budgetWindowOpen} THEN d.budget_window_started_at END AS window_started_at,
      (SELECT count(*)::int FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched') AS inflight
    FROM devices d
    WHERE d.account_id = ${accountId} AND ${reachableDevice}
    ORDER BY d.id ${locking}`;
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

/** One online but unreachable device that still holds unacknowledged work, locked (skipping held rows). */
export async function lockUnreachableHolder(tx: DbClient) {
  const [device] = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT d.id FROM devices d WHERE d.status = 'online' AND NOT ${reachableDevice}
      AND EXISTS (SELECT 1 FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched' AND m.acknowledged_at IS NULL)
    LIMIT 1 FOR UPDATE SKIP LOCKED`;
  return device;
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
