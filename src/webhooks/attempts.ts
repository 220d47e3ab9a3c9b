import { randomUUID } from 'node:crypto';
import type { Job } from 'pg-boss';
import type { Config } from '../core/config.ts';
import type { DbClient } from '../core/db.ts';
import { newId } from '../core/ids.ts';
import { jobsProcessed } from '../core/metrics.ts';
import { publish } from '../core/pubsub.ts';
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

/** Locks the delivery row: attempts, redeliveries and the sweeper change a delivery one at a time. */
async function lockDelivery(tx: DbClient, id: bigint): Promise<Claimed | null> {
  await tx.$queryRaw`SELECT id FROM webhook_deliveries WHERE id = ${id} FOR UPDATE`;
  return tx.webhookDelivery.findUnique({ where: { id }, include: { endpoint: true, event: true } });
}

/**
 * Handles one `webhook_deliver` job: one signed POST of the event to the endpoint, logged as an
 * attempt, then success, the next scheduled attempt, or failure. Only the job the delivery names
 * acts, so a job that pg-boss runs twice (its worker died after we recorded the attempt) does not
 * send twice; a worker that died mid-request leaves the job to be run again, which sends again
 * under the same delivery number (receivers deduplicate on it).
 */
export async function attemptDelivery(rt: Runtime, job: Job<JobData<'webhook_deliver'>>): Promise<void> {
  const id = BigInt(job.data.deliveryId);
  const started = await rt.db.prisma.$transaction(async (tx) => {
    const delivery = await lockDelivery(tx, id);
    if (!delivery || delivery.jobId !== job.id || delivery.status !== 'pending') return null;
    const now = new Date();
    // A previous run of this job whose worker stopped mid-request.
    await tx.webhookAttempt.updateMany({
      where: { deliveryId: id, outcome: 'in_flight' },
      data: { outcome: 'interrupted', error: 'The worker stopped before the attempt finished.', finishedAt: now },
    });
    if (delivery.endpoint.disabledAt) {
      const failed = await tx.webhookDelivery.update({ where: { id }, data: { status: 'failed', nextAttemptAt: null, jobId: null } });
      await publish(tx, 'webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(failed, delivery.event));
      return null;
    }
    const attempt = await tx.webhookAttempt.create({
      data: { id: newId('webhookAttempt'), deliveryId: id, trigger: job.data.trigger, url: delivery.endpoint.url, startedAt: now },
    });
    return { delivery, attempt };
  });
  if (!started) {
    jobsProcessed.inc({ queue: 'webhook_deliver', outcome: 'skipped' });
    return;
  }

  const { delivery, attempt } = started;
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
  await rt.db.prisma.$transaction((tx) => recordOutcome(rt, tx, job, attempt.id, result));
  jobsProcessed.inc({ queue: 'webhook_deliver', outcome: result.ok ? 'delivered' : 'failed' });
}

async function recordOutcome(rt: Runtime, tx: DbClient, job: Job<JobData<'webhook_deliver'>>, attemptId: string, result: PostResult) {
  const id = BigInt(job.data.deliveryId);
  const now = new Date();
  const delivery = await lockDelivery(tx, id);
  if (!delivery) return; // its endpoint was deleted meanwhile
  await tx.webhookAttempt.update({
    where: { id: attemptId },
    data: {
      outcome: result.ok ? 'succeeded' : 'failed',
      durationMs: result.durationMs,
      httpStatus: result.httpStatus,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
      finishedAt: now,
    },
  });
  // A redelivery took the delivery over while we were sending: its job decides from here.
  if (delivery.jobId !== job.id || delivery.status !== 'pending') return;

  const attemptCount = delivery.attemptCount + 1;
  const common = { attemptCount, lastAttemptAt: now, lastStatusCode: result.httpStatus };
  let updated: WebhookDelivery;
  if (result.ok) {
    updated = await tx.webhookDelivery.update({
      where: { id },
      data: { ...common, status: 'succeeded', deliveredAt: now, nextAttemptAt: null, jobId: null },
    });
    if (delivery.endpoint.failingSince) {
      await tx.webhookEndpoint.update({ where: { id: delivery.endpointId }, data: { failingSince: null } });
    }
  } else {
    const endpoint = delivery.endpoint;
    const failingSince = endpoint.failingSince ?? now;
    const disableReason =
      result.httpStatus === 410
        ? 'gone'
        : now.getTime() - failingSince.getTime() >= rt.config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000
          ? 'failing'
          : null;
    if (disableReason && !endpoint.disabledAt) {
      await disableEndpoint(rt, tx, endpoint, disableReason, failingSince, now);
    } else if (!endpoint.failingSince) {
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince } });
    }
    const delay = disableReason || endpoint.disabledAt ? null : nextDelaySeconds(rt.config, attemptCount, result.retryAfterSeconds);
    if (delay === null) {
      updated = await tx.webhookDelivery.update({ where: { id }, data: { ...common, status: 'failed', nextAttemptAt: null, jobId: null } });
    } else {
      const jobId = randomUUID();
      const nextAttemptAt = new Date(now.getTime() + delay * 1000);
      updated = await tx.webhookDelivery.update({ where: { id }, data: { ...common, nextAttemptAt, jobId } });
      await enqueueAttempt(rt, tx, updated, { jobId, trigger: 'automatic', startAfter: nextAttemptAt });
    }
  }
  await publish(tx, 'webhookDeliveryUpdated', delivery.accountId, deliveryUpdate(updated, delivery.event));
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
