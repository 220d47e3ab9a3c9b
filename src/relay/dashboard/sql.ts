// The queue health's raw SQL, one named statement each (pg-boss `plans.ts` style). A statement is here because Prisma cannot
// say it (`FOR UPDATE [SKIP LOCKED]`, CTEs that write several tables, `unnest` arrays, per-minute
// series) or because one round trip instead of several was measured (docs/performance.md#raw-sql-or-prisma); each says which.
import type { DbClient } from '../../core/db.ts';

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
