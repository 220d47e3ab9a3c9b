import type { DbClient } from '../../core/db.ts';
import { firstIdAt } from '../../core/ids.ts';
import { overviewWindow } from '../../core/overview-window.ts';

/** One slot of the payments overview chart. */
export interface PaymentsOverviewBucket {
  start: Date;
  /** Intents created in the slot that succeeded. */
  succeeded: number;
  /** Intents created in the slot that a customer tried to pay (succeeded, or with a declined attempt). */
  attempted: number;
  /** What the succeeded ones collected, in minor units of `currency`. */
  volumeMinor: number;
}

export interface PaymentsOverview {
  days: number;
  bucketSeconds: number;
  /** The currency most of the window's succeeded payments are in (null: none succeeded); volumes are in it. */
  currency: string | null;
  buckets: PaymentsOverviewBucket[];
}

/**
 * The account's payments over the last `days`: volume and success per slot. Reads only the intents
 * created in the window, through the (account_id, id) index (ids are time-ordered), in two
 * aggregates whatever the account's history.
 */
export async function paymentsOverview(db: DbClient, accountId: number, days: number, now = new Date()): Promise<PaymentsOverview> {
  const window = overviewWindow(days, now);
  const { since, bucketSeconds } = window;
  const firstId = firstIdAt('pi', since);
  const [top] = await db.$queryRaw<Array<{ currency: string }>>`
    SELECT currency FROM payment_intents
    WHERE account_id = ${accountId} AND id >= ${firstId} AND created_at >= ${since} AND status = 'succeeded'
    GROUP BY currency ORDER BY count(*) DESC, currency LIMIT 1`;
  const currency = top?.currency ?? null;
  const rows = await db.$queryRaw<Array<{ slot: number; succeeded: number; attempted: number; volume: number }>>`
    SELECT floor(EXTRACT(EPOCH FROM created_at - ${since}::timestamptz) / ${bucketSeconds})::int AS slot,
           count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
           count(*) FILTER (WHERE status = 'succeeded' OR last_payment_error IS NOT NULL)::int AS attempted,
           COALESCE(sum(amount) FILTER (WHERE status = 'succeeded' AND currency = ${currency}), 0)::float8 AS volume
    FROM payment_intents
    WHERE account_id = ${accountId} AND id >= ${firstId} AND created_at >= ${since}
    GROUP BY 1`;
  const buckets = window.slots(new Map(rows.map((row) => [row.slot, row])), (start, row) => ({
    start,
    succeeded: row?.succeeded ?? 0,
    attempted: row?.attempted ?? 0,
    volumeMinor: row?.volume ?? 0,
  }));
  return { days, bucketSeconds, currency, buckets };
}
