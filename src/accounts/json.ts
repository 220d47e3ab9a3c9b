import { z } from 'zod';
import { timestamp } from '../core/http.ts';
import type { Account, ApiKey, TestClock } from '../generated/prisma/client.ts';
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
