import { Counter, Histogram } from 'prom-client';
import { registry } from '../core/metrics.ts';

// The webhooks worker's own figures, on the process registry its metrics endpoint serves.

export const webhookAttempts = new Counter({
  name: 'yarrow_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome: delivered (a 2xx in time), failed (anything else), skipped (the job no longer owned its delivery), put_off (over its endpoint rate limit, handed to a later job).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookRequestDuration = new Histogram({
  name: 'yarrow_webhook_request_duration_seconds',
  help: "Time the receiver took to answer a webhook request (up to WEBHOOK_TIMEOUT_SECONDS), by outcome.",
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const webhookFirstAttemptLag = new Histogram({
  name: 'yarrow_webhook_delivery_lag_seconds',
  help: "Time from an event being recorded to its delivery's first request starting: how far behind the webhooks workers are.",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});
