// The webhooks domain's raw SQL, one named statement each (pg-boss `plans.ts` style). Everything
// else goes through Prisma; a statement is here because Prisma cannot say it (CTEs that write
// several tables at once, `unnest` arrays, `FOR UPDATE … SKIP LOCKED`, a join into pg-boss's
// schema) and one round trip instead of several was measured on a hot path (docs/performance.md#raw-sql-or-prisma).
import type pg from 'pg';
import type { DbClient } from '../core/db.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { webhooksLocks } from './contract.ts';

export interface NewEventRow {
  id: string;
  account_id: number;
  type: string;
  object_type: string;
  object_public_id: string;
  data: unknown;
  request_log_id: string | null;
}

/**
 * Inserts events, publishes them to the account's live event feed (`notify`, `notifyQuery` of their
 * `eventCreated` events: NOTIFY at commit) and answers the enabled endpoints of their accounts,
 * which the fan-out needs: one round trip for the outbox write, the feed and the read every event
 * pays (`recordEvents`). The endpoints come back as one JSON array so the final SELECT always runs
 * both subqueries (an unreferenced CTE that only SELECTs would never notify).
 */
export async function insertEventsReadEndpoints(tx: DbClient, rows: NewEventRow[], accountIds: number[], createdAt: Date, notify: Prisma.Sql) {
  const [result] = await tx.$queryRaw<Array<{ notified: number; endpoints: Array<{ id: string; account_id: number; event_types: string[]; rate_limit: number | null; data_filter: string | null; ordering: string }> }>>`
    WITH inserted AS (
      INSERT INTO events (id, account_id, type, object_type, object_public_id, data, request_log_id, created_at)
      SELECT e.id, e.account_id, e.type, e.object_type, e.object_public_id, e.data, e.request_log_id, ${createdAt}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(id text, account_id int, type text, object_type text, object_public_id text, data jsonb, request_log_id text)
    ), notified AS (${notify})
    SELECT (SELECT count(*) FROM notified)::int AS notified,
           coalesce((SELECT json_agg(json_build_object('id', id, 'account_id', account_id, 'event_types', event_types, 'rate_limit', rate_limit, 'data_filter', data_filter, 'ordering', ordering) ORDER BY id)
                     FROM webhook_endpoints
                     WHERE account_id = ANY(${accountIds}::int[]) AND disabled_at IS NULL), '[]'::json) AS endpoints`;
  return result!.endpoints;
}

/**
 * How far apart two requests to a rate-limited endpoint go, in units of 1/rate_limit seconds: a
 * little more than one, so the few milliseconds between taking a permit and the request reaching
 * the receiver (which vary from one request to the next) never fit rate_limit + 1 requests into
 * one second at the receiver. The queue-time slots use it too, so jobs come due as permits free up.
 */
export const RATE_SPACING = 1.05;

/**
 * Takes the next `count` send slots of a rate-limited endpoint and moves its first free slot on by
 * count × RATE_SPACING/rate_limit seconds: each attempt's job starts no earlier than its slot, so the endpoint
 * never gets more than rate_limit deliveries a second and its backlog waits in the queue. The
 * first slot never starts in the past (an idle endpoint sends at once); the others follow it
 * `stepMs` apart. The worker checks the limit again right before sending (`takeSendPermits`). Null (no row) for an endpoint without a limit. Wall-clock time
 * (`clock_timestamp()`): a long transaction does not hand out slots already gone by.
 */
export async function reserveSendSlots(tx: DbClient, endpointId: string, count: number): Promise<{ first: Date; stepMs: number } | null> {
  const [row] = await tx.$queryRaw<Array<{ first: Date; rate_limit: number }>>`
    UPDATE webhook_endpoints
    SET rate_slot_at = GREATEST(rate_slot_at, clock_timestamp()) + make_interval(secs => ${count * RATE_SPACING}::float8 / rate_limit)
    WHERE id = ${endpointId} AND rate_limit IS NOT NULL
    RETURNING rate_slot_at - make_interval(secs => ${count * RATE_SPACING}::float8 / rate_limit) AS first, rate_limit`;
  return row ? { first: row.first, stepMs: (RATE_SPACING * 1000) / row.rate_limit } : null;
}

/**
 * Whether a FIFO endpoint's line is taken: a pending delivery of it (other than `exceptId`) holds a
 * job or waits for one. Its pending deliveries only (a partial index), not its history.
 */
export async function lineTaken(tx: DbClient, endpointId: string, exceptId = 0n): Promise<boolean> {
  const [row] = await tx.$queryRaw<Array<{ taken: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND status = 'pending' AND id <> ${exceptId}) AS taken`;
  return row?.taken === true;
}

/**
 * The next delivery of a FIFO endpoint's line: its oldest waiting one (pending with no job), if
 * none of its pending deliveries holds a job; nothing while one does or none waits.
 */
export async function nextInLine(tx: DbClient, endpointId: string): Promise<{ id: bigint; attempt_count: number } | undefined> {
  const [row] = await tx.$queryRaw<Array<{ id: bigint; attempt_count: number }>>`
    SELECT d.id, d.attempt_count FROM webhook_deliveries d
    WHERE d.endpoint_id = ${endpointId} AND d.status = 'pending' AND d.job_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries h WHERE h.endpoint_id = ${endpointId} AND h.status = 'pending' AND h.job_id IS NOT NULL)
    ORDER BY d.id LIMIT 1`;
  return row;
}

/**
 * Gives every waiting delivery of an endpoint (pending with no job) a new job id, due now, in one
 * statement; answers them in line order with their job ids (for `enqueueAttempts`), the rows as
 * changed and their events' types (for their live updates).
 */
export async function releaseWaiting(tx: DbClient, endpointId: string, now: Date) {
  return tx.$queryRaw<Array<ReleasedDelivery>>`
    WITH released AS (
      UPDATE webhook_deliveries SET job_id = gen_random_uuid(), next_attempt_at = ${now}, updated_at = ${now}
      WHERE endpoint_id = ${endpointId} AND status = 'pending' AND job_id IS NULL
      RETURNING id, job_id, account_id, endpoint_id, event_id, status, attempt_count, last_status_code, next_attempt_at, updated_at)
    SELECT r.id, r.job_id::text AS "jobId", r.account_id AS "accountId", r.endpoint_id AS "endpointId", r.event_id AS "eventId",
           r.status, r.attempt_count AS "attemptCount", r.last_status_code AS "lastStatusCode", r.next_attempt_at AS "nextAttemptAt",
           r.updated_at AS "updatedAt", e.type AS "eventType"
    FROM released r JOIN events e ON e.id = r.event_id
    ORDER BY r.id`;
}

/** A delivery `releaseWaiting` gave a job, with its event's type. */
interface ReleasedDelivery {
  id: bigint;
  jobId: string;
  accountId: number;
  endpointId: string;
  eventId: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  nextAttemptAt: Date | null;
  updatedAt: Date;
  eventType: string;
}

/**
 * FIFO endpoints whose line stands still: deliveries wait but none holds a job. The plans that end
 * a delivery pass the line on in their own transaction; this finds the lines no plan could (an
 * endpoint made FIFO while its deliveries were in flight as unordered ones).
 */
export async function stalledLines(db: DbClient): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT e.id FROM webhook_endpoints e
    WHERE e.ordering = 'fifo'
      AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.job_id IS NULL)
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.job_id IS NOT NULL)
    ORDER BY e.id
    LIMIT 1000`;
  return rows.map((row) => row.id);
}

/**
 * Pending deliveries due longer than `graceMinutes` whose pg-boss job is gone or gave up, locked
 * (skipping rows a worker holds): Prisma cannot join pg-boss's table nor `FOR UPDATE SKIP LOCKED`.
 * A retry a test clock holds (test_clock_jobs, src/accounts/clock.ts) is waiting, not lost.
 */
export async function lockStalledDeliveries(tx: DbClient, graceMinutes: number) {
  return tx.$queryRaw<Array<{ id: bigint; endpoint_id: string; account_id: number }>>`
    SELECT d.id, d.endpoint_id, d.account_id FROM webhook_deliveries d
    WHERE d.status = 'pending'
      AND d.next_attempt_at < now() - make_interval(mins => ${graceMinutes})
      AND NOT EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name = 'webhook_deliver' AND j.id = d.job_id AND j.state IN ('created', 'retry', 'active'))
      AND NOT EXISTS (SELECT 1 FROM test_clock_jobs h WHERE h.job_id = d.job_id::text)
    ORDER BY d.id
    LIMIT 1000
    FOR UPDATE OF d SKIP LOCKED`;
}

/**
 * Claims up to $1 runnable `webhook_deliver` jobs for the process's intake (intake.ts), oldest first,
 * skipping any endpoint (the job's `group_id`) that already has $2 active jobs: pg-boss 12.35's own
 * claim (`fetchNextJob` with `groupConcurrency`, node_modules/pg-boss/dist/plans.js), the same
 * columns set the same way, so pg-boss's expiry, retries and `complete`/`fail` (fenced to
 * `retry_count`) treat these jobs as its own. Ours instead of `boss.fetch` because it is prepared
 * (planned once per connection: pg-boss's statements are not, and planning this one was a tenth
 * of the fetch) and runs after `FETCH_SETUP` in one transaction (`claimDeliverJobs`). Its name is
 * a literal, so the planner prunes pg-boss's partitions at planning.
 */
const claimDeliverJobsStatement = {
  name: 'yarrow_webhook_jobs_claim',
  text: `
  WITH active AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(group_id, n), '{}'::jsonb) AS counts
    FROM (SELECT group_id, count(*)::int AS n FROM pgboss.job
          WHERE name = 'webhook_deliver' AND state = 'active' AND group_id IS NOT NULL GROUP BY group_id) g
  ), next AS (
    SELECT j.id, j.group_id, coalesce(((SELECT counts FROM active) ->> j.group_id)::int, 0) AS active_count
    FROM pgboss.job j
    WHERE j.name = 'webhook_deliver' AND j.state < 'active' AND NOT j.blocked AND j.start_after <= pgboss.job_now()
      AND (j.group_id IS NULL OR coalesce(((SELECT counts FROM active) ->> j.group_id)::int, 0) < $2::int)
    ORDER BY j.priority DESC, j.created_on
    LIMIT $1::int
    FOR UPDATE OF j SKIP LOCKED
  ), taken AS (
    -- Within one endpoint, its oldest first (job ids are time-ordered: newJobId), up to its cap.
    SELECT id FROM (SELECT id, group_id, active_count + row_number() OVER (PARTITION BY group_id ORDER BY id) AS slot FROM next) ranked
    WHERE group_id IS NULL OR slot <= $2::int
  )
  UPDATE pgboss.job j
  SET state = 'active', started_on = pgboss.job_now(), heartbeat_on = pgboss.job_now(),
      retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
  WHERE j.name = 'webhook_deliver' AND j.id = ANY(ARRAY(SELECT id FROM taken))
  RETURNING j.id::text, j.retry_count, j.data`,
};

/**
 * Starts a claim's transaction, in one round trip: the claims of every process one at a time
 * (the advisory lock; each claim's count of active jobs then sees the claims committed before it,
 * so an endpoint's cap holds across processes: two of pg-boss's concurrent fetches could both see
 * one free slot), and the waiting jobs read in order through pg-boss's index on them (`job_i11`)
 * rather than gathered and sorted whole: with the statistics of a queue that filled faster than
 * autovacuum analyzes it, the planner took the second, and a fetch of 50 jobs sorted 1,800.
 */
const FETCH_SETUP = `BEGIN; SET LOCAL enable_bitmapscan = off; SELECT pg_advisory_xact_lock(${webhooksLocks.deliveryFetch}, 0)`;

interface ClaimedRow {
  id: string;
  retry_count: number;
  data: unknown;
}

/** Claims up to `limit` jobs (`claimDeliverJobsStatement`), at most `endpointCap` active per endpoint, on a client of the `pg` pool. */
export async function claimDeliverJobs(pool: pg.Pool, limit: number, endpointCap: number): Promise<ClaimedRow[]> {
  return inPgTransaction(pool, async (client) => (await client.query<ClaimedRow>({ ...claimDeliverJobsStatement, values: [limit, endpointCap] })).rows, FETCH_SETUP);
}

export interface AttemptToOpen {
  deliveryId: string;
  jobId: string;
  trigger: string;
  attemptId: string;
}

/** A `pg` pool or a client of it holding a transaction: the worker's hot statements run on `pg` (below). */
export type PgQueryable = Pick<pg.PoolClient, 'query'>;

/**
 * `work` in a transaction on a client of the `pg` pool (the worker's batch of results, attempts.ts).
 * `begin`: the statements that open it, BEGIN first, sent as one (parameterless) round trip.
 */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: PgQueryable) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
      throw error;
    }
  } finally {
    // A connection whose rollback failed is not handed out again.
    client.release(broken);
  }
}

/**
 * Opens the transaction of a batch statement of the worker (open, record), in one round trip:
 * each looks rows up by key, and a prepared statement keeps the plan it was first given for as long
 * as its connection lives (or until the table is next analyzed). Planned while `webhook_attempts`
 * was small (a new install, the start of a burst), that plan was a sequential scan, which every
 * later batch then read whole as the table grew (2,350 rows filtered by one open, 5,000 deliveries
 * into the bench). Without sequential scans the plan uses the key's index at any size.
 */
export const KEYED_BEGIN = 'BEGIN; SET LOCAL enable_seqscan = off';

// The worker's two statements a batch run on the `pg` pool as prepared statements (`name`), not
// through Prisma: each pooled connection parses and plans them once, and Prisma's raw-query path
// (its parameter and row conversion, the query compiler) was a tenth of the worker's CPU per
// delivery (docs/performance.md#webhook-worker), as it was for the request log (core/request-log.ts).
const openAttemptsStatement = {
  name: 'yarrow_webhook_attempts_open',
  text: `
  WITH v AS (
    SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[]) AS v(delivery_id, job_id, trigger, attempt_id)
  ), owned AS (
    SELECT d.id, d.event_id, d.account_id, v.trigger, v.attempt_id, e.url, to_jsonb(d) AS delivery, to_jsonb(e) AS endpoint
    FROM webhook_deliveries d JOIN v ON v.delivery_id = d.id JOIN webhook_endpoints e ON e.id = d.endpoint_id
    WHERE d.id = ANY($1::bigint[])
      AND d.job_id = v.job_id AND d.status = 'pending' AND e.disabled_at IS NULL
    ORDER BY d.id FOR UPDATE OF d
  ), interrupted AS (
    UPDATE webhook_attempts a SET outcome = 'interrupted', error = 'The worker stopped before the attempt finished.', finished_at = $5::timestamptz
    WHERE a.delivery_id = ANY(ARRAY(SELECT id FROM owned)) AND a.outcome = 'in_flight'
  ), inserted AS (
    INSERT INTO webhook_attempts (id, delivery_id, trigger, outcome, url, started_at)
    SELECT attempt_id, id, trigger, 'in_flight', url, $5::timestamptz FROM owned
  )
  SELECT o.delivery, o.endpoint, to_jsonb(ev) AS event, a.allow_private_webhook_urls AS allow_private
  FROM owned o JOIN events ev ON ev.id = o.event_id JOIN accounts a ON a.id = o.account_id`,
};

/**
 * Opens the attempts of jobs polled together, in one statement: for each delivery its job still
 * owns (pending, its job, endpoint enabled) the row is locked, an attempt a dead worker left
 * `in_flight` becomes `interrupted` and the new attempt is written; answers each opened delivery
 * with its endpoint (both as the lock read them), event and account flag as JSON. About 17 round
 * trips per delivery became about 2 (128 → 350 deliveries/s: docs/performance.md#webhook-worker).
 */
export async function openAttempts(pool: pg.Pool, items: AttemptToOpen[], now: Date) {
  const values = [items.map((item) => item.deliveryId), items.map((item) => item.jobId), items.map((item) => item.trigger), items.map((item) => item.attemptId), now];
  type Opened = { delivery: unknown; endpoint: unknown; event: unknown; allow_private: boolean };
  return inPgTransaction(pool, async (client) => (await client.query<Opened>({ ...openAttemptsStatement, values })).rows, KEYED_BEGIN);
}

export interface AttemptResult {
  attemptId: string;
  deliveryId: string;
  jobId: string;
  ok: boolean;
  durationMs: number | null;
  httpStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

const recordAttemptResultsStatement = {
  name: 'yarrow_webhook_attempts_record',
  text: `
  WITH v AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::bool[], $5::int[], $6::int[], $7::text[], $8::text[])
      AS v(attempt_id, delivery_id, job_id, ok, duration_ms, http_status, response_excerpt, error)
  ), attempts AS (
    UPDATE webhook_attempts a
    SET outcome = CASE WHEN v.ok THEN 'succeeded' ELSE 'failed' END, duration_ms = v.duration_ms, http_status = v.http_status,
        response_excerpt = v.response_excerpt, error = v.error, finished_at = $9::timestamptz
    FROM v WHERE a.id = v.attempt_id
  ), succeeded AS (
    UPDATE webhook_deliveries d
    SET status = 'succeeded', attempt_count = d.attempt_count + 1, last_attempt_at = $9::timestamptz, last_status_code = v.http_status,
        delivered_at = $9::timestamptz, next_attempt_at = NULL, job_id = NULL, updated_at = $9::timestamptz
    FROM v WHERE v.ok AND d.id = v.delivery_id AND d.job_id = v.job_id AND d.status = 'pending'
    RETURNING d.id, d.account_id, d.endpoint_id, d.event_id, d.attempt_count, d.last_status_code
  ), cleared AS (
    UPDATE webhook_endpoints e SET failing_since = NULL, updated_at = $9::timestamptz
    WHERE e.id IN (SELECT endpoint_id FROM succeeded) AND e.failing_since IS NOT NULL
  )
  SELECT s.id::text AS id, s.account_id, s.endpoint_id, s.event_id, s.attempt_count, s.last_status_code FROM succeeded s`,
};

/** A delivery `recordAttemptResults` marked succeeded, for its live update. */
export interface SucceededRow {
  id: string;
  account_id: number;
  endpoint_id: string;
  event_id: string;
  attempt_count: number;
  last_status_code: number | null;
}

/**
 * Writes finished attempts' results, marks the delivered ones succeeded (those their job still
 * owns) and clears their endpoints' failing streak, in one statement a batch; answers the
 * succeeded deliveries with their event type, for the live updates. On the `pg` pool (the fleet's
 * batches), or in a Prisma transaction (a FIFO line's, which passes the line on in it).
 */
export async function recordAttemptResults(db: PgQueryable | DbClient, results: AttemptResult[], now: Date): Promise<SucceededRow[]> {
  const column = <T>(value: (result: AttemptResult) => T) => results.map(value);
  const values = [
    column((r) => r.attemptId),
    column((r) => r.deliveryId),
    column((r) => r.jobId),
    column((r) => r.ok),
    column((r) => r.durationMs),
    column((r) => r.httpStatus),
    column((r) => r.responseExcerpt),
    column((r) => r.error),
    now,
  ];
  if ('$queryRawUnsafe' in db) return db.$queryRawUnsafe<SucceededRow[]>(recordAttemptResultsStatement.text, ...values);
  const { rows } = await db.query<SucceededRow>({ ...recordAttemptResultsStatement, values });
  return rows;
}

/**
 * Claims every delivery of an endpoint that ended `failed` in [since, until) for a recovery
 * (`recoverEndpoint`); a delivery already claimed is skipped. The deliveries are locked first, as
 * the worker taking claims locks them (`takeRecoveryClaims`): a delivery the worker is making
 * pending is waited for and then found no longer failed, so a call while a recovery runs never
 * claims one again. When a delivery ended is its last attempt's time (one failed without an
 * attempt, its endpoint disabled, has its last change's). Answers how many it claimed.
 */
export async function claimFailedDeliveries(tx: DbClient, endpointId: string, since: Date, until: Date): Promise<number> {
  return tx.$executeRaw`
    WITH failed AS (
      SELECT d.id, d.endpoint_id FROM webhook_deliveries d
      WHERE d.endpoint_id = ${endpointId} AND d.status = 'failed'
        AND coalesce(d.last_attempt_at, d.updated_at) >= ${since} AND coalesce(d.last_attempt_at, d.updated_at) < ${until}
      ORDER BY d.id FOR UPDATE)
    INSERT INTO webhook_recovery_claims (delivery_id, endpoint_id)
    SELECT id, endpoint_id FROM failed
    ON CONFLICT (delivery_id) DO NOTHING`;
}

/** The oldest `limit` recovery claims of an endpoint (read, not taken: `takeRecoveryClaims`). */
export async function oldestRecoveryClaims(tx: DbClient, endpointId: string, limit: number): Promise<bigint[]> {
  const rows = await tx.webhookRecoveryClaim.findMany({ where: { endpointId }, orderBy: { deliveryId: 'asc' }, take: limit, select: { deliveryId: true } });
  return rows.map((row) => row.deliveryId);
}

/**
 * Takes (deletes) the claims of these deliveries, whose rows the caller has locked: a claim is taken
 * by one transaction only; answers the delivery ids it took.
 */
export async function takeRecoveryClaims(tx: DbClient, deliveryIds: bigint[]): Promise<Set<bigint>> {
  const rows = await tx.$queryRaw<Array<{ delivery_id: bigint }>>`
    DELETE FROM webhook_recovery_claims WHERE delivery_id = ANY(${deliveryIds}::bigint[]) RETURNING delivery_id`;
  return new Set(rows.map((row) => row.delivery_id));
}

export interface SendPermit {
  endpoint_id: string;
  /** Null: the endpoint has no limit (any more); send. */
  rate_limit: number | null;
  granted: boolean;
  /** When refused: the earliest time of the next request. */
  next_send_at: Date | null;
}

/**
 * The strict rate limit, right before sending (`startAttempts`): for each rate-limited endpoint, one
 * request may go if its `next_send_at` has come, which then moves RATE_SPACING/rate_limit seconds
 * past now (wall-clock time); otherwise it is refused with the time it may go. One statement for a
 * batch's endpoints; an upsert on `webhook_send_pace`, whose row no transaction holds for long.
 */
export async function takeSendPermits(db: DbClient, endpointIds: string[]): Promise<SendPermit[]> {
  return db.$queryRaw<SendPermit[]>`
    WITH limits AS (
      SELECT e.id, e.rate_limit FROM webhook_endpoints e WHERE e.id = ANY(${[...new Set(endpointIds)]}::text[])
    ), taken AS (
      INSERT INTO webhook_send_pace AS p (endpoint_id, next_send_at)
      SELECT id, clock_timestamp() + make_interval(secs => ${RATE_SPACING}::float8 / rate_limit) FROM limits WHERE rate_limit IS NOT NULL
      ON CONFLICT (endpoint_id) DO UPDATE SET next_send_at = EXCLUDED.next_send_at
      WHERE p.next_send_at <= clock_timestamp()
      RETURNING p.endpoint_id
    )
    SELECT l.id AS endpoint_id, l.rate_limit, (l.rate_limit IS NULL OR t.endpoint_id IS NOT NULL) AS granted, s.next_send_at
    FROM limits l LEFT JOIN taken t ON t.endpoint_id = l.id LEFT JOIN webhook_send_pace s ON s.endpoint_id = l.id`;
}

/**
 * Hands deliveries from the jobs that were refused a send permit to new jobs (`newJobId`), due at
 * `at`, withdrawing the attempts those jobs had opened (nothing was sent): only deliveries the old
 * job still owns (pending, its job). Answers the delivery ids handed over.
 */
export async function handOverDeliveries(tx: DbClient, items: Array<{ deliveryId: string; oldJobId: string; newJobId: string; at: Date; attemptId: string }>) {
  const rows = await tx.$queryRaw<Array<{ id: bigint }>>`
    WITH withdrawn AS (DELETE FROM webhook_attempts WHERE id = ANY(${items.map((item) => item.attemptId)}::text[]) AND outcome = 'in_flight')
    UPDATE webhook_deliveries d SET job_id = v.new_job_id, next_attempt_at = v.at, updated_at = now()
    FROM unnest(${items.map((item) => item.deliveryId)}::bigint[], ${items.map((item) => item.oldJobId)}::uuid[],
                ${items.map((item) => item.newJobId)}::uuid[], ${items.map((item) => item.at)}::timestamptz[]) AS v(delivery_id, old_job_id, new_job_id, at)
    WHERE d.id = v.delivery_id AND d.job_id = v.old_job_id AND d.status = 'pending'
    RETURNING d.id`;
  return new Set(rows.map((row) => String(row.id)));
}
