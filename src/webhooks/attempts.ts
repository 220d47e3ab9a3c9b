import { newJobId } from '../core/ids.ts';
import type { Config } from '../core/config.ts';
import type { DbClient } from '../core/db.ts';
import { newId } from './contract.ts';
import { lockRows } from '../core/locks.ts';
import { batcher } from '../core/batch.ts';
import { perRuntime } from '../core/per-runtime.ts';
import { liveEvent, notifyQuery, publish, publishAll } from '../core/pubsub.ts';
import type { ClaimedJob } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import { inPgTransaction, KEYED_BEGIN, openAttempts, recordAttemptResults, type SucceededRow } from './sql.ts';
import type { Event, WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.ts';
import { accountNows, accountNowsUnlessBusy } from '../accounts/index.ts';
import { deliveryUpdate, enqueueAttempt } from './enqueue.ts';
import { isFifo, lockLines, passLine } from './lines.ts';
import { putOffOverLimit } from './pace.ts';
import { recordEvent } from './events.ts';
import { signedRequest } from './formats.ts';
import { webhookAttempts, webhookFirstAttemptLag, webhookRequestDuration } from './metrics.ts';
import { postWebhook, type PostResult } from './sender.ts';
import { privateWebhookUrlsAllowed } from './url-safety.ts';

/** The longest wait a Retry-After header can impose on the next attempt. */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;
/** ±10 % on every scheduled delay, so endpoints that failed together do not retry together. */
const JITTER = 0.1;

/**
 * Seconds until the attempt after failed attempt number `attemptCount` (1-based), or null when
 * the schedule is used up. A Retry-After from a 429 or 503 lengthens the wait, never shortens it.
 */
export function nextDelaySeconds(
  config: Pick<Config, 'WEBHOOK_RETRY_SCHEDULE'>,
  attemptCount: number,
  retryAfterSeconds: number | null,
  random = Math.random(),
): number | null {
  const scheduled = config.WEBHOOK_RETRY_SCHEDULE[attemptCount - 1];
  if (scheduled === undefined) return null;
  const jittered = scheduled * (1 - JITTER + 2 * JITTER * random);
  return Math.max(jittered, Math.min(retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS));
}

type Claimed = WebhookDelivery & { endpoint: WebhookEndpoint; event: Event };
type DeliverJob = ClaimedJob<'webhook_deliver'>;

/**
 * Locks delivery rows (in id order, so concurrent batches never deadlock): attempts, redeliveries
 * and the sweeper change a delivery one at a time.
 */
async function lockDeliveries(tx: DbClient, ids: bigint[]): Promise<Map<bigint, Claimed>> {
  await lockRows(tx, 'webhook_deliveries', ids, { idType: 'bigint' });
  const rows = await tx.webhookDelivery.findMany({ where: { id: { in: [...new Set(ids)] } }, include: { endpoint: true, event: true } });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * `allowPrivate`: the account's webhooks may reach private addresses (`privateWebhookUrlsAllowed`).
 * `putOffUntil`: over its endpoint's rate limit, the delivery went to a job due then (pace.ts).
 */
type Started = { delivery: Claimed; attemptId: string; allowPrivate: boolean } | { putOffUntil: Date } | null;

const time = (value: string | null) => (value === null ? null : new Date(value));

/**
 * A delivery, its endpoint and its event from `to_jsonb` rows (one round trip instead of four); an
 * event already in `events` (by id) is that one.
 */
// biome-ignore lint/suspicious/noExplicitAny: untyped to_jsonb rows; each field is read into its Prisma model type below
function claimedFromJson(d: any, e: any, ev: any, events: Map<string, Event>): Claimed {
  const endpoint: WebhookEndpoint = {
    id: e.id,
    accountId: e.account_id,
    url: e.url,
    description: e.description,
    eventTypes: e.event_types,
    secretEncrypted: e.secret_encrypted,
    previousSecretEncrypted: e.previous_secret_encrypted,
    previousSecretExpiresAt: time(e.previous_secret_expires_at),
    disabledAt: time(e.disabled_at),
    disabledReason: e.disabled_reason,
    failingSince: time(e.failing_since),
    payloadFormat: e.payload_format,
    headersSealed: e.headers_sealed,
    headerNames: e.header_names ?? [],
    dataFilter: e.data_filter ?? null,
    rateLimit: e.rate_limit ?? null,
    rateSlotAt: time(e.rate_slot_at ?? null),
    ordering: e.ordering ?? 'unordered',
    createdAt: new Date(e.created_at),
    updatedAt: new Date(e.updated_at),
  };
  let event = events.get(ev.id);
  if (event === undefined) {
    event = {
      id: ev.id,
      accountId: ev.account_id,
      type: ev.type,
      objectType: ev.object_type,
      objectPublicId: ev.object_public_id,
      data: ev.data,
      requestLogId: ev.request_log_id ?? null,
      createdAt: new Date(ev.created_at),
    };
    events.set(ev.id, event);
  }
  return {
    id: BigInt(d.id),
    accountId: d.account_id,
    endpointId: d.endpoint_id,
    eventId: d.event_id,
    status: d.status,
    attemptCount: d.attempt_count,
    nextAttemptAt: time(d.next_attempt_at),
    lastAttemptAt: time(d.last_attempt_at),
    lastStatusCode: d.last_status_code,
    jobId: d.job_id,
    deliveredAt: time(d.delivered_at),
    createdAt: new Date(d.created_at),
    updatedAt: new Date(d.updated_at),
    endpoint,
    event,
  };
}

/**
 * Opens the attempts of jobs that pollers took together, in one statement: for each delivery this
 * job still owns (pending, its job, endpoint enabled) the row is locked, an attempt a dead worker
 * left `in_flight` becomes `interrupted`, and the new attempt is written before the request
 * leaves, so a worker that dies mid-request leaves a trace. Then the strict rate limit.
 */
async function startAttempts(rt: Runtime, jobs: DeliverJob[]): Promise<Started[]> {
  const started = await openStarted(rt, jobs);
  // Attempts to rate-limited endpoints take their send permits now, right before they go; those
  // refused one are put off (pace.ts). The endpoint row loaded with each says whether it has a limit.
  const limited = started.flatMap((each, i) =>
    each && 'delivery' in each && each.delivery.endpoint.rateLimit !== null ? [{ job: jobs[i]!, endpointId: each.delivery.endpointId, attemptId: each.attemptId }] : [],
  );
  if (limited.length === 0) return started;
  const putOff = await putOffOverLimit(rt, limited);
  return started.map((each, i) => (putOff.has(jobs[i]!) ? { putOffUntil: putOff.get(jobs[i]!)! } : each));
}

/** The opening statement of `startAttempts`, and the disabled endpoints' deliveries it found. */
async function openStarted(rt: Runtime, jobs: DeliverJob[]): Promise<Started[]> {
  const now = new Date();
  const first = new Map<string, number>();
  for (const [i, job] of jobs.entries()) if (!first.has(job.data.deliveryId)) first.set(job.data.deliveryId, i);
  const items = [...first.values()].map((i) => ({ job: jobs[i]!, attemptId: newId('webhookAttempt') }));
  const rows = await openAttempts(
    rt.db.pool,
    items.map(({ job, attemptId }) => ({ deliveryId: job.data.deliveryId, jobId: job.id, trigger: job.data.trigger, attemptId })),
    now,
  );
  // An event's deliveries to several endpoints share one Event, whose body is then made once (deliveryBody).
  const events = new Map<string, Event>();
  const opened = new Map(rows.map((row) => {
    const delivery = claimedFromJson(row.delivery, row.endpoint, row.event, events);
    return [String(delivery.id), { delivery, allowPrivate: privateWebhookUrlsAllowed(rt.config, row.allow_private) }];
  }));
  const attemptIds = new Map(items.map(({ job, attemptId }) => [job, attemptId]));
  const started = jobs.map((job, i): Started => {
    const claimed = first.get(job.data.deliveryId) === i ? opened.get(job.data.deliveryId) : undefined;
    return claimed ? { ...claimed, attemptId: attemptIds.get(job)! } : null;
  });
  const unopened = jobs.filter((_job, i) => !started[i]);
  if (unopened.length > 0) await failDisabled(rt, unopened);
  return started;
}

/** Jobs whose delivery is still theirs but whose endpoint was disabled meanwhile: the delivery fails. */
async function failDisabled(rt: Runtime, jobs: DeliverJob[]) {
  await rt.db.prisma.$transaction(async (tx) => {
    const deliveries = await lockDeliveries(tx, jobs.map((job) => BigInt(job.data.deliveryId)));
    const events: string[] = [];
    for (const job of jobs) {
      const delivery = deliveries.get(BigInt(job.data.deliveryId));
      if (!delivery || delivery.jobId !== job.id || delivery.status !== 'pending' || !delivery.endpoint.disabledAt) continue;
      const failed = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed', nextAttemptAt: null, jobId: null } });
      events.push(liveEvent('webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(failed, delivery.event)));
      // The next one in a FIFO line takes its job and fails the same way: none is stranded.
      if (isFifo(delivery.endpoint)) await passLine(rt, tx, delivery.endpointId);
    }
    await publishAll(tx, events);
  });
}

interface Outcome {
  job: DeliverJob;
  attemptId: string;
  result: PostResult;
  /** The endpoint, when it was FIFO as the attempt opened: ending the delivery passes its line on. */
  line: string | null;
}

/**
 * Records finished attempts together, in one transaction: one statement writes every attempt's
 * result and marks the delivered ones succeeded (those their job still owns), clearing their
 * endpoints' failing streak; their live updates are published, and the delivered attempts' jobs
 * completed (pg-boss's own completion, fenced to the attempt each job was fetched at), at its
 * commit. A delivered job thus commits with its row, and a batch of them costs one commit instead
 * of the record's, the live updates' and the completions' own. A FIFO delivery that succeeded
 * passes its line on in a transaction of its own (its line locked first), so the fleet's outcomes
 * never wait on a line; its job is completed by the worker, as a failed attempt's is once
 * `recordFailures` has written it. Per outcome, true when its failure is left to its own caller
 * (its account's test clock was busy).
 */
async function recordOutcomes(rt: Runtime, outcomes: Outcome[]): Promise<boolean[]> {
  const now = new Date();
  const results = (list: Outcome[]) =>
    list.map(({ job, attemptId, result }) => ({
      attemptId,
      deliveryId: job.data.deliveryId,
      jobId: job.id,
      ok: result.ok,
      durationMs: result.durationMs,
      httpStatus: result.httpStatus,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
    }));
  const updates = (succeeded: SucceededRow[]) =>
    succeeded.map((row) =>
      liveEvent('webhookDeliveryUpdated', row.account_id, {
        deliveryId: row.id,
        endpointId: row.endpoint_id,
        eventId: row.event_id,
        eventType: row.event_type,
        status: 'succeeded',
        attemptCount: row.attempt_count,
        lastStatusCode: row.last_status_code,
        nextAttemptAt: null,
        updatedAt: now.toISOString(),
      }),
    );
  const passing = outcomes.filter((outcome) => completesItsLine(outcome));
  const fleet = passing.length === 0 ? outcomes : outcomes.filter((outcome) => !passing.includes(outcome));
  const delivered = fleet.filter((outcome) => outcome.result.ok).map(({ job }) => ({ id: job.id, retryCount: job.retryCount }));
  if (fleet.length > 0) {
    await inPgTransaction(
      rt.db.pool,
      async (client) => {
        const live = updates(await recordAttemptResults(client, results(fleet), now));
        if (live.length > 0) {
          const notify = notifyQuery(live);
          await client.query(notify.text, notify.values);
        }
        if (delivered.length > 0) await rt.boss.complete('webhook_deliver', delivered, undefined, { db: { executeSql: (text, values) => client.query(text, values) } });
      },
      KEYED_BEGIN,
    );
  }
  if (passing.length > 0) {
    const ended = await rt.db.prisma.$transaction(async (tx) => {
      await lockLines(tx, passing.map((outcome) => outcome.line!));
      const rows = await recordAttemptResults(tx, results(passing), now);
      for (const row of rows) await passLine(rt, tx, row.endpoint_id);
      return rows;
    });
    // Published once committed: a process dying right here costs a live-log update, not a delivery.
    await publishAll(rt.db.prisma, updates(ended));
  }
  const failures = outcomes.filter((outcome) => !outcome.result.ok);
  const left = new Set(failures.length > 0 ? await recordFailures(rt, failures, now) : []);
  return outcomes.map((outcome) => left.has(outcome));
}

/** A FIFO delivery that succeeded: it passes its line on (`recordOutcomes`), and the worker completes its job. */
const completesItsLine = (outcome: Outcome) => outcome.result.ok && outcome.line !== null;

/**
 * Failed attempts, in the order they finished: per delivery the next scheduled attempt or
 * failure, per endpoint the failing streak and, past its limit, disabling. The batch of a
 * worker's pollers is every account's: an account whose test clock another transaction is
 * changing (an advance, a deletion) is not waited for (that held the whole batch, every tenant's
 * retries, for as long as the clock's transaction ran); its failures are answered, left undone, for
 * their callers to record on their own (`waitForClocks`).
 */
async function recordFailures(rt: Runtime, failures: Outcome[], now: Date, options: { waitForClocks?: boolean } = {}): Promise<Outcome[]> {
  return rt.db.prisma.$transaction(async (tx) => {
    // FIFO lines before delivery rows, as every plan of a line: one that ends here passes it on.
    const lines = failures.flatMap((failure) => (failure.line ? [failure.line] : []));
    if (lines.length > 0) await lockLines(tx, lines);
    const deliveries = await lockDeliveries(tx, failures.map(({ job }) => BigInt(job.data.deliveryId)));
    // The retry schedule and the failing streak run on each account's time (a test clock's, if any).
    const accountIds = [...deliveries.values()].map((delivery) => delivery.accountId);
    const { nowOf: clockOf, busy } = options.waitForClocks
      ? { nowOf: await accountNows(tx, accountIds), busy: new Set<number>() }
      : await accountNowsUnlessBusy(tx, accountIds);
    const left: Outcome[] = [];
    // Endpoint state as of each attempt, in order; the failing streak is written once at the end.
    const endpoints = new Map<string, WebhookEndpoint>();
    const startedFailing = new Set<string>();
    const updates: string[] = [];
    for (const failure of failures) {
      const { job, result } = failure;
      const delivery = deliveries.get(BigInt(job.data.deliveryId));
      // Gone with its endpoint, or a redelivery took it over while we were sending: not ours.
      if (!delivery || delivery.jobId !== job.id || delivery.status !== 'pending') continue;
      if (busy.has(delivery.accountId)) {
        left.push(failure);
        continue;
      }
      if (!endpoints.has(delivery.endpointId)) endpoints.set(delivery.endpointId, { ...delivery.endpoint });
      const endpoint = endpoints.get(delivery.endpointId)!;
      const attemptCount = delivery.attemptCount + 1;
      const common = { attemptCount, lastAttemptAt: now, lastStatusCode: result.httpStatus };
      const accountTime = clockOf(delivery.accountId);
      const failingSince = endpoint.failingSince ?? accountTime;
      const disableReason =
        result.httpStatus === 410
          ? 'gone'
          : accountTime.getTime() - failingSince.getTime() >= rt.config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000
            ? 'failing'
            : null;
      if (disableReason && !endpoint.disabledAt) {
        await disableEndpoint(rt, tx, endpoint, disableReason, failingSince, now);
        Object.assign(endpoint, { disabledAt: now, disabledReason: disableReason, failingSince });
        startedFailing.delete(endpoint.id);
      } else if (!endpoint.failingSince) {
        endpoint.failingSince = failingSince;
        startedFailing.add(endpoint.id);
      }
      const delay = disableReason || endpoint.disabledAt ? null : nextDelaySeconds(rt.config, attemptCount, result.retryAfterSeconds);
      let updated: WebhookDelivery;
      if (delay === null) {
        updated = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { ...common, status: 'failed', nextAttemptAt: null, jobId: null } });
        if (!endpoint.disabledAt) await recordExhausted(rt, tx, updated, delivery);
        // It held its FIFO line through its retries; the next one in line goes now.
        if (isFifo(endpoint)) await passLine(rt, tx, delivery.endpointId);
      } else {
        const jobId = newJobId();
        const nextAttemptAt = new Date(accountTime.getTime() + delay * 1000);
        updated = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { ...common, nextAttemptAt, jobId } });
        await enqueueAttempt(rt, tx, { ...updated, rateLimit: endpoint.rateLimit }, { jobId, trigger: 'automatic', at: nextAttemptAt });
      }
      updates.push(liveEvent('webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(updated, delivery.event)));
    }
    for (const id of startedFailing) {
      await tx.webhookEndpoint.update({ where: { id }, data: { failingSince: endpoints.get(id)!.failingSince } });
    }
    await publishAll(tx, updates);
    return left;
  });
}

/** Per process: the attempts its pollers open and finish at about the same time share a transaction. */
const batchersOf = perRuntime((rt: Runtime) => ({
  start: batcher((jobs: DeliverJob[]) => startAttempts(rt, jobs)),
  record: batcher((outcomes: Outcome[]) => recordOutcomes(rt, outcomes)),
}));

/**
 * Handles one `webhook_deliver` job: one signed POST of the event to the endpoint, logged as an
 * attempt, then success, the next scheduled attempt, or failure. Only the job the delivery names
 * acts, so a job that pg-boss runs twice (its worker died after we recorded the attempt) does not
 * send twice; a worker that died mid-request leaves the job to be run again, which sends again
 * under the same delivery number (receivers deduplicate on it). The database work before and
 * after the request is shared with the process's other pollers (`batcher`): one transaction
 * each for every attempt that starts, or finishes, at about the same time. Answers `completed`
 * when the job was completed with its delivered attempt's record (`recordOutcomes`); a job over its
 * endpoint's rate limit sends nothing and answers when the job its delivery went to is due
 * (pace.ts); otherwise nothing, and the caller completes the job.
 */
export async function attemptDelivery(rt: Runtime, job: DeliverJob): Promise<'completed' | Date | undefined> {
  const { start, record } = batchersOf(rt);
  const started = await start(job);
  if (!started) {
    webhookAttempts.inc({ outcome: 'skipped' });
    return undefined;
  }
  // Over its endpoint's rate limit: the caller wakes a poller when the new job is due.
  if ('putOffUntil' in started) {
    webhookAttempts.inc({ outcome: 'put_off' });
    return started.putOffUntil;
  }

  const { delivery, attemptId, allowPrivate } = started;
  if (delivery.attemptCount === 0) webhookFirstAttemptLag.observe(Math.max(0, Date.now() - delivery.event.createdAt.getTime()) / 1000);
  const { body, headers } = await signedRequest(rt.config, rt.db.prisma, { endpoint: delivery.endpoint, event: delivery.event, deliveryId: String(delivery.id) });
  const result = await postWebhook({ url: delivery.endpoint.url, body, headers, timeoutMs: rt.config.WEBHOOK_TIMEOUT_SECONDS * 1000, allowPrivate });
  const line = isFifo(delivery.endpoint) ? delivery.endpointId : null;
  const left = await record({ job, attemptId, result, line });
  // Its account's test clock was being changed: recorded on its own, waiting for that clock only.
  if (left) await recordFailures(rt, [{ job, attemptId, result, line }], new Date(), { waitForClocks: true });
  const outcome = result.ok ? 'delivered' : 'failed';
  webhookAttempts.inc({ outcome });
  webhookRequestDuration.observe({ outcome }, result.durationMs / 1000);
  return result.ok && !completesItsLine({ job, attemptId, result, line }) ? 'completed' : undefined;
}

/** Disables an endpoint the worker gave up on and tells the account's other endpoints. */
async function disableEndpoint(
  rt: Runtime,
  tx: DbClient,
  endpoint: WebhookEndpoint,
  reason: 'gone' | 'failing',
  failingSince: Date,
  now: Date,
) {
  await tx.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { disabledAt: now, disabledReason: reason, failingSince },
  });
  await publish(tx, 'webhookEndpointsChanged', endpoint.accountId, { endpointId: endpoint.id });
  await recordEvent(rt, tx, {
    accountId: endpoint.accountId,
    type: 'endpoint.disabled',
    objectType: 'webhook_endpoint',
    objectPublicId: endpoint.id,
    data: {
      endpoint_id: endpoint.id,
      url: endpoint.url,
      reason,
      failing_since: failingSince.toISOString(),
      disabled_at: now.toISOString(),
    },
  });
}

/**
 * A delivery that ran out of retries (Svix's `message.attempt.exhausted`): recorded as
 * `webhook_delivery.exhausted` for the account's other endpoints (and notifications). An endpoint
 * disabled at that attempt has `endpoint.disabled` instead. The delivery of such an event that runs
 * out of retries itself records none: two failing endpoints would tell each other forever.
 */
async function recordExhausted(rt: Runtime, tx: DbClient, delivery: WebhookDelivery, claimed: Claimed) {
  if (claimed.event.type === 'webhook_delivery.exhausted') return;
  await recordEvent(
    rt,
    tx,
    {
      accountId: delivery.accountId,
      type: 'webhook_delivery.exhausted',
      objectType: 'webhook_delivery',
      objectPublicId: String(delivery.id),
      data: {
        endpoint_id: delivery.endpointId,
        url: claimed.endpoint.url,
        delivery_id: String(delivery.id),
        event_id: claimed.event.id,
        event_type: claimed.event.type,
        attempts: delivery.attemptCount,
        last_status_code: delivery.lastStatusCode,
      },
    },
    { exceptEndpointId: delivery.endpointId },
  );
}
