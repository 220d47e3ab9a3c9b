import { z } from 'zod';
import { timestamp } from '../core/http.ts';
import type { Account, ApiKey, ApiRequest, TestClock } from '../generated/prisma/client.ts';
import { RelayMode } from '../generated/prisma/enums.ts';

// The JSON shapes REST answers for the accounts domain. One shape per object, used everywhere:
// each is a zod schema (OpenAPI documents it, the tests check every answer against it) and its
// serializer's return type.

export const accountSchema = z.object({
  id: z.number().int().meta({ examples: [42] }),
  object: z.literal('account'),
  name: z.string().meta({ examples: ['Acme Shop'] }),
  environment: z.string().describe('`sandbox` or `live`.').meta({ examples: ['sandbox'] }),
  relay_mode: z.enum(RelayMode),
  subscription_expires_at: timestamp.nullable(),
  created_at: timestamp,
});

export function accountJson(account: Account): z.infer<typeof accountSchema> {
  return {
    id: account.id,
    object: 'account',
    name: account.name,
    environment: account.environment,
    relay_mode: account.relayMode,
    subscription_expires_at: account.subscriptionExpiresAt?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
  };
}

export const apiKeySchema = z.object({
  id: z.string().meta({ examples: ['key_01jdx3p4a6c8e0g2j4l6n8q0s2'] }),
  object: z.literal('api_key'),
  label: z.string().meta({ examples: ['Checkout server'] }),
  prefix: z.string().describe('The start of the secret, to recognise the key.').meta({ examples: ['yk_test_a1b2'] }),
  scopes: z.array(z.string()).meta({ examples: [['payments.read', 'payments.write']] }),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});

export function apiKeyJson(key: ApiKey): z.infer<typeof apiKeySchema> {
  return {
    id: key.id,
    object: 'api_key',
    label: key.label,
    prefix: key.prefix,
    scopes: key.scopes,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

export const testClockSchema = z.object({
  object: z.literal('test_clock'),
  frozen_time: timestamp.describe("The account's time while the clock exists."),
  held_jobs_count: z.number().int().describe('Jobs waiting for the clock to reach their time.'),
  held_jobs: z
    .array(z.object({ queue: z.string().meta({ examples: ['invoice_overdue'] }), due_at: timestamp }))
    .describe('The 20 due first (what the next advance runs).'),
  created_at: timestamp,
  updated_at: timestamp,
});

export function testClockJson(clock: TestClock, held: { count: number; jobs: Array<{ queue: string; dueAt: Date }> }): z.infer<typeof testClockSchema> {
  return {
    object: 'test_clock',
    frozen_time: clock.frozenTime.toISOString(),
    held_jobs_count: held.count,
    held_jobs: held.jobs.map((job) => ({ queue: job.queue, due_at: job.dueAt.toISOString() })),
    created_at: clock.createdAt.toISOString(),
    updated_at: clock.updatedAt.toISOString(),
  };
}

export const apiRequestSchema = z.object({
  id: z.string().meta({ examples: ['areq_01jdx3p4a6c8e0g2j4l6n8q0s2'] }),
  object: z.literal('api_request'),
  method: z.string().meta({ examples: ['POST'] }),
  path: z.string().meta({ examples: ['/api/v1/payment-intents'] }),
  operation_id: z.string().nullable().describe('The OpenAPI operation.').meta({ examples: ['createPaymentIntent'] }),
  status: z.number().int().meta({ examples: [201] }),
  duration_ms: z.number().int().meta({ examples: [12] }),
  request_id: z.string().describe('The X-Request-Id it was answered with.').meta({ examples: ['hreq_01jdx3p4a6c8e0g2j4l6n8q0s2'] }),
  api_key: z.object({ id: z.string(), label: z.string().nullable() }).describe('The key that made it.'),
  idempotency_key: z.string().nullable().meta({ examples: ['order-1001'] }),
  error_code: z.string().nullable().meta({ examples: ['invalid_request'] }),
  query: z.record(z.string(), z.unknown()).nullable().describe('The query parameters, secrets removed.'),
  request_body: z.unknown().describe('The JSON body sent, with every secret (keys, signing secrets, card and device tokens, codes, passwords) replaced by "[redacted]"; null without one.'),
  response_body: z.unknown().describe('The JSON answer, secrets removed the same way.'),
  created_at: timestamp,
});

/** `labels`: api key id → label, read once for a page of rows. */
export function apiRequestJson(row: ApiRequest, labels: ReadonlyMap<string, string>): z.infer<typeof apiRequestSchema> {
  return {
    id: row.id,
    object: 'api_request',
    method: row.method,
    path: row.path,
    operation_id: row.operationId,
    status: row.status,
    duration_ms: row.durationMs,
    request_id: row.requestId,
    api_key: { id: row.apiKeyId, label: labels.get(row.apiKeyId) ?? null },
    idempotency_key: row.idempotencyKey,
    error_code: row.errorCode,
    query: row.query as Record<string, unknown> | null,
    request_body: row.requestBody ?? null,
    response_body: row.responseBody ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
