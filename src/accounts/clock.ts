import { randomUUID } from 'node:crypto';
import type { SendOptions } from 'pg-boss';
import { z } from 'zod';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound } from '../core/errors.ts';
import { oneAtATimePer } from '../core/one-at-a-time.ts';
import { sendJob, sendJobs, type JobData, type QueueName } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import type { TestClock } from '../generated/prisma/client.ts';
import { clockTimeForShare, clockTimesForShareUnlessBusy, deleteHeldJobs, heldJobsDue } from './sql.ts';

// The account's time. Every rule that compares with "now" (a card session's 30 minutes, the review
// delays, an invoice's due date, the webhook retry schedule) reads it through `accountNow`, and
// every job such a rule schedules for later goes through `sendJobAt`. Without a test clock that is
// the real time and a dated pg-boss job; a sandbox account with a test clock (one per account, as
// Stripe's test clocks) lives at the clock's frozen time instead, and its dated jobs wait in
// test_clock_jobs until an advance reaches them, when they are sent at once: a day of overdue
// invoices, reviews and webhook retries plays out in seconds.

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** The account's "now": its test clock's frozen time, else the real time. */
export async function accountNow(db: DbClient, accountId: number): Promise<Date> {
  const clock = await db.testClock.findUnique({ where: { accountId }, select: { frozenTime: true } });
  return clock?.frozenTime ?? new Date();
}

/** `accountNow` of several accounts with one query (a batch of webhook attempts). */
export async function accountNows(db: DbClient, accountIds: readonly number[]): Promise<(accountId: number) => Date> {
  const now = new Date();
  const unique = [...new Set(accountIds)];
  const clocks = unique.length > 0 ? await db.testClock.findMany({ where: { accountId: { in: unique } }, select: { accountId: true, frozenTime: true } }) : [];
  const frozen = new Map(clocks.map((clock) => [clock.accountId, clock.frozenTime]));
  return (accountId) => frozen.get(accountId) ?? now;
}

/**
 * `accountNows` for work that must not wait on one account's clock (the webhook worker's batch of
 * failed attempts, shared by every account): each clock is read `FOR SHARE` as `sendJobAt` reads
 * it, except one another transaction is changing right now (an advance, a step of a deletion),
 * whose account is answered `busy`, for the caller to handle on its own.
 */
export async function accountNowsUnlessBusy(db: DbClient, accountIds: readonly number[]) {
  const now = new Date();
  const { frozen, busy } = await clockTimesForShareUnlessBusy(db, [...new Set(accountIds)]);
  return { nowOf: (accountId: number) => frozen.get(accountId) ?? now, busy };
}

/** The pg-boss options a held job keeps (JSON: it is stored until sent). */
type HeldOptions = Pick<SendOptions, 'id' | 'group' | 'expireInSeconds'>;

/**
 * Enqueues a job due at `at` (or `afterSeconds` from now) in the account's time, in `tx`. Due
 * already: sent without a start time (pg-boss wakes a worker through NOTIFY only for jobs runnable
 * at once). Later, without a clock: a dated pg-boss job. Later, under a clock: held until an
 * advance reaches it. Answers the job id.
 */
export async function sendJobAt<Q extends QueueName>(
  rt: Pick<Runtime, 'boss'>,
  tx: DbClient,
  accountId: number,
  queue: Q,
  data: JobData<Q>,
  when: { at: Date } | { afterSeconds: number },
  options: HeldOptions = {},
): Promise<string | null> {
  const frozen = await clockTimeForShare(tx, accountId);
  const now = frozen ?? new Date();
  const at = 'at' in when ? when.at : new Date(now.getTime() + when.afterSeconds * 1000);
  if (at <= now) return sendJob(rt.boss, queue, data, { ...options, tx });
  if (!frozen) return sendJob(rt.boss, queue, data, { ...options, tx, startAfter: at });
  const jobId = options.id ?? randomUUID();
  await tx.testClockJob.create({ data: { accountId, jobId, queue, data: data as object, options: { ...options, id: jobId } as object, dueAt: at } });
  return jobId;
}

/**
 * Sends held jobs, in due order, each starting `startAfter(job)` (none: at once), at most `limit`
 * of them: one insert per queue (a thousand jobs one by one held the clock's row lock for seconds).
 */
async function releaseJobs(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  upTo: Date | null,
  startAfter: (dueAt: Date) => Date | undefined,
  limit?: number,
) {
  const held = await heldJobsDue(tx, accountId, upTo, limit);
  const byQueue = Map.groupBy(held, (job) => job.queue as QueueName);
  for (const [queue, jobs] of byQueue) {
    const sent = jobs.map((job) => {
      const start = startAfter(job.due_at);
      return { ...(job.options as HeldOptions), data: job.data as never, ...(start ? { startAfter: start } : {}) };
    });
    await sendJobs(rt.boss, queue, sent, { tx });
  }
  if (held.length > 0) await deleteHeldJobs(tx, held.map((job) => job.id));
  return held.length;
}

// --- the clock itself ---

/** The farthest a clock may be set from the real time, and advanced in one call. */
const MAX_YEARS = 5;
const YEAR_MS = 366 * 86_400_000;
/** The most jobs one advance sends (in its transaction): a bounded request, as every expensive one. */
export const MAX_RELEASED_PER_ADVANCE = 1000;

const frozenTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 time such as 2026-12-01T09:00:00Z' })
  .transform((text) => new Date(text))
  .meta({ examples: ['2026-12-01T09:00:00Z'] });

export const createTestClockInput = z.strictObject({
  frozen_time: frozenTime.optional().describe('Where the clock starts; absent: the real time now.'),
});
export type CreateTestClockInput = z.output<typeof createTestClockInput>;

export const advanceTestClockInput = z.strictObject({
  frozen_time: frozenTime.describe('The new time: later than the current one, at most five years on.'),
});
export type AdvanceTestClockInput = z.output<typeof advanceTestClockInput>;

function assertSandbox(rt: Rt, account: { environment: string }) {
  if (rt.config.YARROW_ENV === 'live' || account.environment === 'live') {
    throw new YarrowError('forbidden', 'Test clocks exist only in the sandbox: a live account always runs on the real time.', { param: 'environment' });
  }
}

async function lockClock(tx: DbClient, accountId: number): Promise<TestClock> {
  // An update takes the row lock: advances and deletes of one clock run one after another.
  const clock = await tx.testClock.updateMany({ where: { accountId }, data: { updatedAt: new Date() } });
  if (clock.count === 0) throw notFound('test clock');
  return tx.testClock.findUniqueOrThrow({ where: { accountId } });
}

export async function getTestClock(db: DbClient, accountId: number): Promise<TestClock | null> {
  return db.testClock.findUnique({ where: { accountId } });
}

export async function createTestClock(rt: Rt, tx: DbClient, accountId: number, input: CreateTestClockInput): Promise<TestClock> {
  assertSandbox(rt, await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { environment: true } }));
  const now = new Date();
  const start = input.frozen_time ?? now;
  if (Math.abs(start.getTime() - now.getTime()) > MAX_YEARS * YEAR_MS) {
    throw new YarrowError('invalid_request', `frozen_time: must be within ${MAX_YEARS} years of the real time`, { param: 'frozen_time' });
  }
  const created = await tx.testClock.createManyAndReturn({ data: [{ accountId, frozenTime: start }], skipDuplicates: true });
  if (created.length === 0) throw new YarrowError('already_exists', 'This account already has a test clock: advance it or delete it.');
  return created[0]!;
}

/** Moves the clock forward and sends every held job whose time has come, in due order. */
export async function advanceTestClock(rt: Rt, tx: DbClient, accountId: number, input: AdvanceTestClockInput) {
  assertSandbox(rt, await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { environment: true } }));
  const clock = await lockClock(tx, accountId);
  const to = input.frozen_time;
  if (to <= clock.frozenTime) {
    throw new YarrowError('invalid_request', `frozen_time: must be later than the clock's time (${clock.frozenTime.toISOString()}); a clock only moves forward`, { param: 'frozen_time' });
  }
  if (to.getTime() - clock.frozenTime.getTime() > MAX_YEARS * YEAR_MS) {
    throw new YarrowError('invalid_request', `frozen_time: a clock advances at most ${MAX_YEARS} years at a time`, { param: 'frozen_time' });
  }
  const due = await tx.testClockJob.count({ where: { accountId, dueAt: { lte: to } } });
  if (due > MAX_RELEASED_PER_ADVANCE) {
    throw new YarrowError(
      'invalid_request',
      `frozen_time: ${due} held jobs fall due by then; an advance runs at most ${MAX_RELEASED_PER_ADVANCE}: advance in smaller steps`,
      { param: 'frozen_time' },
    );
  }
  const advanced = await tx.testClock.update({ where: { accountId }, data: { frozenTime: to } });
  const released = await releaseJobs(rt, tx, accountId, to, () => undefined);
  return { clock: advanced, released };
}

/** The most held jobs one transaction of a deletion sends: each holds the clock's row lock briefly. */
const RELEASED_PER_DELETE_STEP = MAX_RELEASED_PER_ADVANCE;

/**
 * Deletes the clock: the account is back on the real time, and each held job keeps its distance
 * from the clock's time (measured from when the deletion began). However many jobs it holds, in
 * transactions of at most RELEASED_PER_DELETE_STEP jobs each (the clock goes with the last), so
 * none holds the clock's row lock for long, and one that fails keeps the steps before it (7,200
 * held jobs in one transaction ran 15 s, timed out and rolled back, every time). The deletions of
 * an account run one at a time in a process: waiting holds no database connection (a dozen at
 * once each held one while it waited for the row lock, and took the pool from every tenant).
 */
export function deleteTestClock(rt: Rt & Pick<Runtime, 'db'>, accountId: number) {
  return oneDeletionAtATime(accountId, async () => {
    const started = Date.now();
    let released = 0;
    for (;;) {
      const step = await rt.db.prisma.$transaction(async (tx) => {
        const clock = await lockClock(tx, accountId);
        const sent = await releaseJobs(
          rt,
          tx,
          accountId,
          null,
          (dueAt) => new Date(started + dueAt.getTime() - clock.frozenTime.getTime()),
          RELEASED_PER_DELETE_STEP,
        );
        const done = sent < RELEASED_PER_DELETE_STEP || (await tx.testClockJob.count({ where: { accountId } })) === 0;
        if (done) await tx.testClock.delete({ where: { accountId } });
        return { clock, sent, done };
      });
      released += step.sent;
      if (step.done) return { clock: step.clock, released };
    }
  });
}

/** An account's deletions in this process, one after another. */
const oneDeletionAtATime = oneAtATimePer<number>();

/** The earliest held jobs (what an advance would run next) and how many there are. */
export async function heldJobs(db: DbClient, accountId: number, first = 20) {
  const [jobs, count] = await Promise.all([
    db.testClockJob.findMany({ where: { accountId }, orderBy: [{ dueAt: 'asc' }, { id: 'asc' }], take: first, select: { queue: true, dueAt: true } }),
    db.testClockJob.count({ where: { accountId } }),
  ]);
  return { jobs, count };
}
