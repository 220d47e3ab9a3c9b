// The Android app's reference API (/api/3rdparty/v1) reads: its message states are computed over
// a batch's recipients (least advanced first, then failed, delivered or sent), and its lists filter
// and count on that computed state: aggregates Prisma cannot filter on. One named statement each (pg-boss `plans.ts` style). A statement is here because Prisma cannot
// say it (`FOR UPDATE [SKIP LOCKED]`, CTEs that write several tables, `unnest` arrays, per-minute
// series) or because one round trip instead of several was measured (docs/performance.md#raw-sql-or-prisma); each says which.
import type { DbClient } from '../../../core/db.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { referenceStates, type RecipientRow, type ReferenceListQuery, type ReferenceState } from './thirdparty-json.ts';

/** A recipient's reference state, in SQL (so lists can filter on it): dispatched but unacknowledged is still Pending. */
const recipientState = Prisma.sql`CASE m.state::text WHEN 'scheduled' THEN 'Pending' WHEN 'queued' THEN 'Pending'
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
           m.acknowledged_at AS "acknowledgedAt", m.sent_at AS "sentAt", m.delivered_at AS "deliveredAt", m.failed_at AS "failedAt",
           m.is_encrypted AS "isEncrypted", m.segments, m.encoding
    FROM messages m WHERE m.batch_id = ANY(${batchIds}::text[]) ORDER BY m.id`;
  const byBatch = new Map<string, RecipientRow[]>();
  for (const row of rows) byBatch.set(row.batchId, [...(byBatch.get(row.batchId) ?? []), row]);
  return byBatch;
}
