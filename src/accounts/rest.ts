import { z } from 'zod';
import { ok, okSchema } from '../core/http.ts';
import { listBody, listQuery, listSchema } from '../core/pagination.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute } from '../core/route.ts';
import { YarrowError, parseInput } from '../core/errors.ts';
import { advanceTestClock, advanceTestClockInput, createTestClock, createTestClockInput, deleteTestClock, getTestClock, heldJobs } from './clock.ts';
import { accountJson, accountSchema, apiKeyJson, apiKeySchema, apiRequestJson, apiRequestSchema, testClockJson, testClockSchema } from './json.ts';
import { apiRequestListQuery, listApiRequests } from './lists.ts';
import { eventsOfApiRequest, getApiRequest, keyLabels } from './request-log.ts';
import { createApiKey, createApiKeyInput, getAccount, listApiKeys, revokeApiKey } from './service.ts';

export function registerAccountRoutes(ctx: GatewayContext) {
  const { rt, auth } = ctx;
  registerTestClockRoutes(ctx);
  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/account',
    tag: 'Account',
    auth: 'account.read',
    summary: "The key's account",
    operationId: 'getAccount',
    response: okSchema({ account: accountSchema }),
    responses: { 200: 'The account.' },
    handler: async (c) => {
      const account = await getAccount(rt.db.prisma, c.get('principal').accountId);
      return ok(c, { account: accountJson(account) });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/api-keys',
    tag: 'Account',
    auth: 'keys.manage',
    summary: 'Create an API key',
    operationId: 'createApiKey',
    response: okSchema({
      api_key: apiKeySchema,
      secret: z.string().nullable().describe('The key (yk_test_…), shown once; null in an Idempotency-Key replay.').meta({ examples: ['yk_test_a1b2c3d4e5f6g7h8i9j0'] }),
      secret_redacted: z.literal(true).optional().describe('Present in an Idempotency-Key replay: the secret is not stored.'),
    }),
    body: createApiKeyInput(rt.modules.scopes),
    bodyValidatedBy: 'service',
    idempotent: true,
    responses: { 201: 'The key, with its secret (shown once: an Idempotency-Key replay answers `secret: null, secret_redacted: true`).' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        // Validated here, after the Idempotency-Key's replay check (bodyValidatedBy: 'service' above).
        const created = await createApiKey(rt, tx, c.get('principal').accountId, parseInput(createApiKeyInput(rt.modules.scopes), body));
        return { status: 201, body: { api_key: apiKeyJson(created.apiKey), secret: created.secret } };
      }, { secretFields: ['secret'] }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/api-keys',
    tag: 'Account',
    auth: 'keys.manage',
    summary: 'List API keys',
    operationId: 'listApiKeys',
    response: listSchema(apiKeySchema),
    query: listQuery,
    responses: { 200: 'A page of keys, newest first.' },
    handler: async (c, { query }) => {
      const rows = await listApiKeys(rt.db.prisma, c.get('principal'), query);
      return ok(c, listBody(rows, query, '/api/v1/api-keys', apiKeyJson));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/api-keys/:id/revoke',
    tag: 'Account',
    auth: 'keys.manage',
    summary: 'Revoke an API key',
    operationId: 'revokeApiKey',
    response: okSchema({ api_key: apiKeySchema }),
    responses: { 200: 'The revoked key.' },
    handler: async (c) => {
      const key = await revokeApiKey(rt.db.prisma, c.get('principal'), c.req.param('id'));
      auth.forget(key.id); // this gateway at once; the others on the apiKeyRevoked event
      return ok(c, { api_key: apiKeyJson(key) });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/request-logs',
    tag: 'Account',
    auth: 'logs.read',
    summary: 'List API requests (the request log)',
    operationId: 'listApiRequests',
    response: listSchema(apiRequestSchema),
    query: apiRequestListQuery,
    responses: {
      200: "The account's API requests, newest first; filter with `method`, `status`, `failed=true` (400 and up), `path` (starts with), `api_key_id`, `idempotency_key`, `error_code`, `request_id` (X-Request-Id), `created_from`, `created_before`.",
    },
    handler: async (c, { query }) => {
      const accountId = c.get('principal').accountId;
      const rows = await listApiRequests(rt.db.prisma, accountId, query);
      const labels = await keyLabels(rt.db.prisma, accountId, rows);
      return ok(c, listBody(rows, query, '/api/v1/request-logs', (row) => apiRequestJson(row, labels)));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/request-logs/:id',
    tag: 'Account',
    auth: 'logs.read',
    summary: 'Show an API request, with the events it caused',
    operationId: 'getApiRequest',
    response: okSchema({
      api_request: apiRequestSchema,
      event_ids: z.array(z.string()).describe('The events recorded while it ran (GET /api/v1/events/{id}; their deliveries: GET /api/v1/webhook-deliveries?event_id=…), oldest first.'),
    }),
    responses: { 200: 'The request, and the events it caused.' },
    handler: async (c) => {
      const accountId = c.get('principal').accountId;
      const row = await getApiRequest(rt.db.prisma, accountId, c.req.param('id'));
      const events = await eventsOfApiRequest(rt.db.prisma, accountId, row.id);
      return ok(c, { api_request: apiRequestJson(row, await keyLabels(rt.db.prisma, accountId, [row])), event_ids: events.map((event) => event.id) });
    },
  });
}

/** The sandbox test clock (src/accounts/clock.ts): one per account, under /api/v1/test-clock. */
function registerTestClockRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const clockBody = async (clock: Parameters<typeof testClockJson>[0]) => ({ test_clock: testClockJson(clock, await heldJobs(rt.db.prisma, clock.accountId)) });
  const clockResponse = okSchema({ test_clock: testClockSchema });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/test-clock',
    tag: 'Account',
    auth: 'payments.read',
    summary: "The account's test clock",
    operationId: 'getTestClock',
    response: clockResponse,
    errorCodes: ['not_found'],
    responses: { 200: 'The clock, with the jobs it holds.' },
    handler: async (c) => {
      const clock = await getTestClock(rt.db.prisma, c.get('principal').accountId);
      if (!clock) throw new YarrowError('not_found', 'This account has no test clock: it runs on the real time.');
      return ok(c, await clockBody(clock));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/test-clock',
    tag: 'Account',
    auth: 'payments.write',
    summary: "Freeze the account's time with a test clock (sandbox only)",
    operationId: 'createTestClock',
    response: clockResponse,
    body: createTestClockInput,
    idempotent: true,
    errorCodes: ['forbidden', 'already_exists'],
    responses: { 201: 'The clock, frozen at frozen_time.' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        const clock = await createTestClock(rt, tx, c.get('principal').accountId, body);
        return { status: 201, body: { test_clock: testClockJson(clock, { count: 0, jobs: [] }) } };
      }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/test-clock/advance',
    tag: 'Account',
    auth: 'payments.write',
    summary: 'Advance the test clock, running every job whose time has come',
    operationId: 'advanceTestClock',
    response: okSchema({ test_clock: testClockSchema, released_jobs: z.number().int().describe('Jobs sent by this advance.') }),
    body: advanceTestClockInput,
    errorCodes: ['forbidden', 'not_found'],
    responses: { 200: 'The clock at its new time, and how many held jobs it sent.' },
    handler: async (c, { body }) => {
      const { clock, released } = await rt.db.prisma.$transaction((tx) => advanceTestClock(rt, tx, c.get('principal').accountId, body));
      return ok(c, { ...(await clockBody(clock)), released_jobs: released });
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/v1/test-clock',
    tag: 'Account',
    auth: 'payments.write',
    summary: 'Delete the test clock: the account is back on the real time',
    operationId: 'deleteTestClock',
    errorCodes: ['not_found'],
    response: okSchema({ deleted: z.literal(true), released_jobs: z.number().int().describe('Held jobs sent, each as far from the real time as it was from the clock.') }),
    responses: { 200: 'Deleted.' },
    handler: async (c) => {
      const { released } = await deleteTestClock(rt, c.get('principal').accountId);
      return ok(c, { deleted: true as const, released_jobs: released });
    },
  });
}
