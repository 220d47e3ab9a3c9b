import { randomUUID } from 'node:crypto';
import type { Job } from 'pg-boss';
import type { Config } from '../core/config.ts';
import type { DbClient } from '../core/db.ts';
import { newId } from '../core/ids.ts';
import { jobsProcessed } from '../core/metrics.ts';
import { batcher } from '../core/batch.ts';
import { liveEvent, publishAll } from '../core/pubsub.ts';
import type { JobData } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Event, WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signatureHeader } from '../sdk/webhooks.ts';
import { deliveryUpdate, enqueueAttempt } from './deliveries.ts';
import { signingSecrets } from './endpoints.ts';
import { eventPayload, recordEvent } from './events.ts';
import { USER_AGENT, postWebhook, type PostResult } from './sender.ts';

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
type DeliverJob = Job<JobData<'webhook_deliver'>>;

/**
 * Locks delivery rows (in id order, so concurrent batches never deadlock): attempts, redeliveries
 * and the sweeper change a delivery one at a time.
 */
async function lockDeliveries(tx: DbClient, ids: bigint[]): Promise<Map<bigint, Claimed>> {
  const numbers = [...new Set(ids)].map(String);
  await tx.$queryRaw`SELECT id FROM webhook_deliveries WHERE id = ANY(${numbers}::bigint[]) ORDER BY id FOR UPDATE`;
  const rows = await tx.webhookDelivery.findMany({ where: { id: { in: [...new Set(ids)] } }, include: { endpoint: true, event: true } });
  return new Map(rows.map((row) => [row.id, row]));
}

type Started = { delivery: Claimed; attemptId: string } | null;

/**
 * Opens the attempts of jobs that pollers took together, in one transaction: the attempt row is
 * written before the request leaves, so a worker that dies mid-request leaves a trace.
 */
async function startAttempts(rt: Runtime, jobs: DeliverJob[]): Promise<Started[]> {
  return rt.db.prisma.$transaction(async (tx) => {
    const deliveries = await lockDeliveries(tx, jobs.map((job) => BigInt(job.data.deliveryId)));
    const now = new Date();
    const taken = new Set<bigint>();
    const owned = jobs.map((job) => {
      const delivery = deliveries.get(BigInt(job.data.deliveryId));
      if (!delivery || delivery.jobId !== job.id || delivery.status !== 'pending' || taken.has(delivery.id)) return null;
      taken.add(delivery.id);
      return delivery;
    });
    if (taken.size === 0) return jobs.map(() => null);
    // A previous run of these jobs whose worker stopped mid-request.
    await tx.webhookAttempt.updateMany({
      where: { deliveryId: { in: [...taken] }, outcome: 'in_flight' },
      data: { outcome: 'interrupted', error: 'The worker stopped before the attempt finished.', finishedAt: now },
    });
    const attempts: Array<{ id: string; deliveryId: bigint; trigger: string; url: string; startedAt: Date }> = [];
    const events: string[] = [];
    const started = [];
    for (const [i, delivery] of owned.entries()) {
      if (!delivery) started.push(null);
      else if (delivery.endpoint.disabledAt) {
        const failed = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed', nextAttemptAt: null, jobId: null } });
        events.push(liveEvent('webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(failed, delivery.event)));
        started.push(null);
      } else {
        const attempt = { id: newId('webhookAttempt'), deliveryId: delivery.id, trigger: jobs[i]!.data.trigger, url: delivery.endpoint.url, startedAt: now };
        attempts.push(attempt);
        started.push({ delivery, attemptId: attempt.id });
      }
    }
    if (attempts.length > 0) await tx.webhookAttempt.createMany({ data: attempts });
    await publishAll(tx, events);
    return started;
  });
}

interface Outcome {
  job: DeliverJob;
  attemptId: string;
  result: PostResult;
}

/**
 * Records finished attempts together, in one transaction: each attempt's result, then per
 * delivery success, the next scheduled attempt, or failure, in the order the attempts finished.
 */
async function recordOutcomes(rt: Runtime, outcomes: Outcome[]): Promise<void[]> {
  await rt.db.prisma.$transaction(async (tx) => {
    const now = new Date();
    const deliveries = await lockDeliveries(tx, outcomes.map(({ job }) => BigInt(job.data.deliveryId)));
    const attempts = outcomes.filter(({ job }) => deliveries.has(BigInt(job.data.deliveryId))); // others: endpoint deleted meanwhile
    if (attempts.length === 0) return;
    await tx.$executeRaw`
      UPDATE webhook_attempts a
      SET outcome = v.outcome, duration_ms = v.duration_ms, http_status = v.http_status,
          response_excerpt = v.response_excerpt, error = v.error, finished_at = ${now}
      FROM unnest(${attempts.map((o) => o.attemptId)}::text[], ${attempts.map((o) => (o.result.ok ? 'succeeded' : 'failed'))}::text[],
                  ${attempts.map((o) => o.result.durationMs)}::int[], ${attempts.map((o) => o.result.httpStatus)}::int[],
                  ${attempts.map((o) => o.result.responseExcerpt)}::text[], ${attempts.map((o) => o.result.error)}::text[])
        AS v(id, outcome, duration_ms, http_status, response_excerpt, error)
      WHERE a.id = v.id`;

    // Endpoint state as of each attempt, in order; written once at the end.
    const endpoints = new Map<string, WebhookEndpoint>();
    const endpointOf = (delivery: Claimed) => {
      if (!endpoints.has(delivery.endpointId)) endpoints.set(delivery.endpointId, { ...delivery.endpoint });
      return endpoints.get(delivery.endpointId)!;
    };
    const changedFailingSince = new Set<string>();
    const succeeded: Array<{ delivery: Claimed; status: number | null }> = [];
    const updates: string[] = [];
    for (const { job, result } of attempts) {
      const delivery = deliveries.get(BigInt(job.data.deliveryId))!;
      // A redelivery took the delivery over while we were sending: its job decides from here.
      if (delivery.jobId !== job.id || delivery.status !== 'pending') continue;
      const endpoint = endpointOf(delivery);
      const attemptCount = delivery.attemptCount + 1;
      const common = { attemptCount, lastAttemptAt: now, lastStatusCode: result.httpStatus };
      if (result.ok) {
        succeeded.push({ delivery, status: result.httpStatus });
        if (endpoint.failingSince) {
          endpoint.failingSince = null;
          changedFailingSince.add(endpoint.id);
        }
        continue;
      }
      const failingSince = endpoint.failingSince ?? now;
      const disableReason =
        result.httpStatus === 410
          ? 'gone'
          : now.getTime() - failingSince.getTime() >= rt.config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000
            ? 'failing'
            : null;
      if (disableReason && !endpoint.disabledAt) {
        await disableEndpoint(rt, tx, endpoint, disableReason, failingSince, now);
        Object.assign(endpoint, { disabledAt: now, disabledReason: disableReason, failingSince });
        changedFailingSince.delete(endpoint.id);
      } else if (!endpoint.failingSince) {
        endpoint.failingSince = failingSince;
        changedFailingSince.add(endpoint.id);
      }
      const delay = disableReason || endpoint.disabledAt ? null : nextDelaySeconds(rt.config, attemptCount, result.retryAfterSeconds);
      let updated: WebhookDelivery;
      if (delay === null) {
        updated = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { ...common, status: 'failed', nextAttemptAt: null, jobId: null } });
      } else {
        const jobId = randomUUID();
        const nextAttemptAt = new Date(now.getTime() + delay * 1000);
        updated = await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { ...common, nextAttemptAt, jobId } });
        await enqueueAttempt(rt, tx, updated, { jobId, trigger: 'automatic', startAfter: nextAttemptAt });
      }
      updates.push(liveEvent('webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(updated, delivery.event)));
    }

    if (succeeded.length > 0) {
      await tx.$executeRaw`
        UPDATE webhook_deliveries d
        SET status = 'succeeded', attempt_count = d.attempt_count + 1, last_attempt_at = ${now}, last_status_code = v.status,
            delivered_at = ${now}, next_attempt_at = NULL, job_id = NULL, updated_at = ${now}
        FROM unnest(${succeeded.map(({ delivery }) => String(delivery.id))}::bigint[], ${succeeded.map(({ status }) => status)}::int[]) AS v(id, status)
        WHERE d.id = v.id`;
      for (const { delivery, status } of succeeded) {
        const updated = { ...delivery, status: 'succeeded', attemptCount: delivery.attemptCount + 1, lastAttemptAt: now, lastStatusCode: status, deliveredAt: now, nextAttemptAt: null, jobId: null, updatedAt: now };
        updates.push(liveEvent('webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(updated, delivery.event)));
      }
    }
    for (const id of changedFailingSince) {
      await tx.webhookEndpoint.update({ where: { id }, data: { failingSince: endpoints.get(id)!.failingSince } });
    }
    await publishAll(tx, updates);
  });
  return outcomes.map(() => undefined);
}

/** Per process: the attempts its pollers open and finish at about the same time share a transaction. */
const batchers = new WeakMap<Runtime, { start: (job: DeliverJob) => Promise<Started>; record: (outcome: Outcome) => Promise<void> }>();
function batchersOf(rt: Runtime) {
  if (!batchers.has(rt)) {
    batchers.set(rt, { start: batcher((jobs: DeliverJob[]) => startAttempts(rt, jobs)), record: batcher((outcomes: Outcome[]) => recordOutcomes(rt, outcomes)) });
  }
  return batchers.get(rt)!;
}

/**
 * Handles one `webhook_deliver` job: one signed POST of the event to the endpoint, logged as an
 * attempt, then success, the next scheduled attempt, or failure. Only the job the delivery names
 * acts, so a job that pg-boss runs twice (its worker died after we recorded the attempt) does not
 * send twice; a worker that died mid-request leaves the job to be run again, which sends again
 * under the same delivery number (receivers deduplicate on it). The database work before and
 * after the request is shared with the process's other pollers (`batcher`): one transaction
 * each for every attempt that starts, or finishes, at about the same time.
 */
export async function attemptDelivery(rt: Runtime, job: DeliverJob): Promise<void> {
  const { start, record } = batchersOf(rt);
  const started = await start(job);
  if (!started) {
    jobsProcessed.inc({ queue: 'webhook_deliver', outcome: 'skipped' });
    return;
  }

  const { delivery, attemptId } = started;
  const body = JSON.stringify(eventPayload(delivery.event));
  const timestamp = Math.floor(Date.now() / 1000);
  const result = await postWebhook({
    url: delivery.endpoint.url,
    body,
    timeoutMs: rt.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    allowPrivate: rt.config.webhookAllowPrivateUrls,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
      [EVENT_HEADER]: delivery.event.type,
      [DELIVERY_HEADER]: String(delivery.id),
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signatureHeader(signingSecrets(rt.config, delivery.endpoint), timestamp, body),
    },
  });
  await record({ job, attemptId, result });
  jobsProcessed.inc({ queue: 'webhook_deliver', outcome: result.ok ? 'delivered' : 'failed' });
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
