import type { DbClient } from '../../core/db.ts';
import { firstIdAt } from '../../core/ids.ts';
import { overviewWindow } from '../../core/overview-window.ts';

/** One slot of the relay overview chart: messages that reached each stage in it. */
export interface RelayOverviewBucket {
  start: Date;
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
}

export interface RelayOverview {
  days: number;
  bucketSeconds: number;
  buckets: RelayOverviewBucket[];
}

/**
 * The account's SMS over the last `days`, per slot: how many were queued (accepted), reported sent,
 * delivered and failed in it. One aggregate over the messages queued in the window only, through
 * the (account_id, id) index (ids are time-ordered), whatever the account's history.
 */
export async function relayOverview(db: DbClient, accountId: number, days: number, now = new Date()): Promise<RelayOverview> {
  const window = overviewWindow(days, now);
  const { since, bucketSeconds } = window;
  const rows = await db.$queryRaw<Array<{ slot: number; queued: number; sent: number; delivered: number; failed: number }>>`
    SELECT floor(EXTRACT(EPOCH FROM e.at - ${since}::timestamptz) / ${bucketSeconds})::int AS slot,
           count(*) FILTER (WHERE e.stage = 'queued')::int AS queued,
           count(*) FILTER (WHERE e.stage = 'sent')::int AS sent,
           count(*) FILTER (WHERE e.stage = 'delivered')::int AS delivered,
           count(*) FILTER (WHERE e.stage = 'failed')::int AS failed
    FROM messages m
    CROSS JOIN LATERAL (VALUES ('queued', m.queued_at), ('sent', m.sent_at), ('delivered', m.delivered_at), ('failed', m.failed_at)) AS e(stage, at)
    WHERE m.account_id = ${accountId} AND m.id >= ${firstIdAt('req', since)} AND e.at >= ${since}
    GROUP BY 1`;
  const buckets = window.slots(new Map(rows.map((row) => [row.slot, row])), (start, row) => ({
    start,
    queued: row?.queued ?? 0,
    sent: row?.sent ?? 0,
    delivered: row?.delivered ?? 0,
    failed: row?.failed ?? 0,
  }));
  return { days, bucketSeconds, buckets };
}
