// The accounts domain's raw SQL (pg-boss `plans.ts` style): only what Prisma cannot say.
import type { DbClient } from '../core/db.ts';

/**
 * The account's test clock time, read `FOR SHARE` (Prisma cannot lock a row it reads): a job
 * scheduled against the clock then commits before an advance of that clock can run (the advance
 * updates the row, which waits for the share lock), so the advance sees it and sends it when due;
 * and schedulers of one account do not wait for one another. No row: no clock, nothing locked.
 */
export async function clockTimeForShare(tx: DbClient, accountId: number): Promise<Date | null> {
  const rows = await tx.$queryRaw<Array<{ frozen_time: Date }>>`
    SELECT frozen_time FROM test_clocks WHERE account_id = ${accountId} FOR SHARE`;
  return rows[0]?.frozen_time ?? null;
}
