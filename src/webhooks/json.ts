import { z } from 'zod';
import { timestamp } from '../core/http.ts';
import type { Event, WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.ts';
import { deliveryStatuses, type DeliveryStatus } from './deliveries.ts';
import { isEnabled } from './endpoints.ts';
import { eventPayload } from './events.ts';
import { payloadFormats, type PayloadFormat } from './formats.ts';
import { endpointOrderings, type EndpointOrdering } from './lines.ts';

// The JSON shapes REST answers for the webhooks domain. One shape per object, used everywhere:
// each is a zod schema (OpenAPI documents it, the tests check every answer against it) and its
// serializer's return type.

export const endpointSchema = z.object({
  id: z.string().meta({ examples: ['we_01jdx3r8t0v2x4z6b8d0f2h4k6'] }),
  object: z.literal('webhook_endpoint'),
  url: z.string().meta({ examples: ['https://shop.example.com/webhooks/yarrow'] }),
  description: z.string().meta({ examples: ['Order fulfilment'] }),
  event_types: z.array(z.string()).describe('The events it receives; empty: all of them.').meta({ examples: [['payment_intent.succeeded']] }),
  enabled: z.boolean(),
  disabled_at: timestamp.nullable(),
  disabled_reason: z.string().nullable(),
  failing_since: timestamp.nullable(),
  payload_format: z
    .enum(payloadFormats)
    .describe("The body and signature of its deliveries: `yarrow` (this page's X-YarrowPay-*), or `sms_gateway` (the SMS Gateway for Android app's, for endpoints registered through /api/3rdparty/v1/webhooks)."),
  header_names: z.array(z.string()).describe('The names of its custom headers (`headers`); their values are never answered.').meta({ examples: [['X-Api-Key']] }),
  rate_limit: z.number().int().nullable().describe('At most this many deliveries a second; null: no limit.').meta({ examples: [5] }),
  ordering: z.enum(endpointOrderings).describe('`unordered`: deliveries go in parallel. `fifo`: one at a time in event order, a failing one holding the rest through its retries.'),
  created_at: timestamp,
  updated_at: timestamp,
});

export function endpointJson(endpoint: WebhookEndpoint): z.infer<typeof endpointSchema> {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    enabled: isEnabled(endpoint),
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    payload_format: endpoint.payloadFormat as PayloadFormat,
    header_names: endpoint.headerNames,
    rate_limit: endpoint.rateLimit,
    ordering: endpoint.ordering as EndpointOrdering,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export const eventSchema = z.object({
  object: z.literal('event'),
  id: z.string().meta({ examples: ['evt_01jdx3t2w4y6a8c0e2g4j6l8n0'] }),
  event: z.string().describe('The event type.').meta({ examples: ['payment_intent.succeeded'] }),
  object_type: z.string().meta({ examples: ['payment_intent'] }),
  object_public_id: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  merchant_id: z.number().int().describe('The account.').meta({ examples: [42] }),
  data: z.unknown().describe('The object as REST answers it, under its name (`{"payment_intent": {…}}`).').meta({ examples: [{ payment_intent: { id: 'pi_01jdx3k6b8f4r2c9w0n5m7q1tz' } }] }),
  created_at: timestamp,
  request_log_id: z.string().nullable().describe('The API request that caused it (GET /api/v1/request-logs/{id}); null for a change a worker, a hosted page or the panel made.').meta({ examples: ['areq_01jdx3p4a6c8e0g2j4l6n8q0s2'] }),
});

/** An event as REST lists it: the webhook body, plus `object` and the request that caused it. */
export function eventJson(event: Event): z.infer<typeof eventSchema> {
  return { object: 'event', ...eventPayload(event), request_log_id: event.requestLogId };
}

export const deliverySchema = z.object({
  id: z.string().describe('The delivery number (a 64-bit integer, as a string).').meta({ examples: ['1042'] }),
  object: z.literal('webhook_delivery'),
  endpoint_id: z.string().meta({ examples: ['we_01jdx3r8t0v2x4z6b8d0f2h4k6'] }),
  event_id: z.string().meta({ examples: ['evt_01jdx3t2w4y6a8c0e2g4j6l8n0'] }),
  status: z.enum(deliveryStatuses).describe('`pending` (an attempt is due), `succeeded` or `failed`.'),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable().describe("The receiver's last HTTP status."),
  next_attempt_at: timestamp.nullable(),
  last_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function deliveryJson(delivery: WebhookDelivery): z.infer<typeof deliverySchema> {
  return {
    id: String(delivery.id),
    object: 'webhook_delivery',
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    status: delivery.status as DeliveryStatus,
    attempt_count: delivery.attemptCount,
    last_status_code: delivery.lastStatusCode,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}
