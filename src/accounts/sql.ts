// The accounts domain's raw SQL (pg-boss `plans.ts` style): only what Prisma cannot say.
import type { DbClient } from '../core/db.ts';
import { Prisma } from '../generated/prisma/client.ts';

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

/**
 * `clockTimeForShare` of several accounts (a batch of webhook retries) without waiting for any:
 * a clock whose row another transaction holds (an advance, a deletion step) is not read but
 * answered `busy`, so one account's clock cannot hold up the others' work. Accounts without a
 * clock are in neither.
 */
export async function clockTimesForShareUnlessBusy(tx: DbClient, accountIds: readonly number[]) {
  const frozen = new Map<number, Date>();
  const busy = new Set<number>();
  if (accountIds.length === 0) return { frozen, busy };
  const present = await tx.$queryRaw<Array<{ account_id: number }>>`
    SELECT account_id FROM test_clocks WHERE account_id = ANY(${[...accountIds]}::int[])`;
  if (present.length === 0) return { frozen, busy };
  const shared = await tx.$queryRaw<Array<{ account_id: number; frozen_time: Date }>>`
    SELECT account_id, frozen_time FROM test_clocks WHERE account_id = ANY(${present.map((row) => row.account_id)}::int[])
    ORDER BY account_id FOR SHARE SKIP LOCKED`;
  for (const row of shared) frozen.set(row.account_id, row.frozen_time);
  for (const row of present) if (!frozen.has(row.account_id)) busy.add(row.account_id);
  return { frozen, busy };
}

/**
 * Deletes held jobs by id, one array parameter: Prisma's `deleteMany` with `in: [1,000 ids]`
 * compiled a statement of a thousand parameters on the gateway's event loop (tens of ms each).
 */
export async function deleteHeldJobs(tx: DbClient, ids: bigint[]): Promise<void> {
  await tx.$executeRaw`DELETE FROM test_clock_jobs WHERE id = ANY(${ids.map(String)}::bigint[])`;
}

/** An account's held jobs in due order (due by `upTo`, if given), at most `limit` of them. */
export function heldJobsDue(tx: DbClient, accountId: number, upTo: Date | null, limit: number | undefined) {
  return tx.$queryRaw<Array<{ id: bigint; queue: string; data: unknown; options: unknown; due_at: Date }>>`
    SELECT id, queue, data, options, due_at FROM test_clock_jobs
    WHERE account_id = ${accountId} ${upTo ? Prisma.sql`AND due_at <= ${upTo}` : Prisma.empty}
    ORDER BY due_at, id ${limit ? Prisma.sql`LIMIT ${limit}` : Prisma.empty}`;
}
