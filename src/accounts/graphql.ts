import type { ApiKeyChange } from './contract.ts';
import { z } from 'zod';
import type { Scope } from '../core/auth.ts';
import type { ModuleRegistry } from '../core/module.ts';
import { builder, enumOf } from '../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../graphql/input.ts';
import { parseInput } from '../core/errors.ts';
import { connectionRows } from '../core/pagination.ts';
import { apiRequestFilter, apiRequestsWhere, requestMethods } from './lists.ts';
import { eventsOfApiRequest, getApiRequest } from './request-log.ts';
import { apiKeyInputOf, createApiKey, createApiKeyInput, getAccount, revokeApiKey, type CreatedApiKey as CreatedApiKeyShape } from './service.ts';
import type { TestClock } from '../generated/prisma/client.ts';
import { advanceTestClock, advanceTestClockInput, createTestClock, createTestClockInput, deleteTestClock, getTestClock, heldJobs } from './clock.ts';


builder.prismaObject('Account', {
  description: 'A merchant or relay client.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric account id; webhooks carry it as merchant_id.' }),
    name: t.exposeString('name'),
    environment: t.exposeString('environment'),
    subscriptionExpiresAt: t.expose('subscriptionExpiresAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    apiKeys: t.relatedConnection('apiKeys', {
      authScopes: { scope: 'keys.manage' },
      cursor: 'id',
      query: () => ({ orderBy: { id: 'desc' } }),
    }),
  }),
});

const ApiKey = builder.prismaObject('ApiKey', {
  description: 'An API key. The secret itself is shown once, at creation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    prefix: t.exposeString('prefix', { description: 'The first characters of the key, to recognise it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreatedApiKey = builder.objectRef<CreatedApiKeyShape>('CreatedApiKey').implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKey, resolve: (created) => created.apiKey }),
    secret: t.exposeString('secret', { description: 'The full key. Store it now: it is never shown again.' }),
  }),
});

const CreateApiKeyInput = builder.inputRef<{ label: string; scopes: Scope[] }>('CreateApiKeyInput');

/**
 * What names a scope: the `Scope` enum's values are every module's scopes, known from the module
 * list (`graphql` in module.ts calls this with `rt.modules`'s registry).
 */
export function addScopeTypes({ scopes }: ModuleRegistry) {
  const ScopeEnum = enumOf('Scope', scopes, {
    description: 'A permission an API key can carry. The REST and JSON name is the lower-case dotted form.',
    valueDescription: (scope) => scope,
  });
  builder.objectField(ApiKey, 'scopes', (t) => t.field({ type: [ScopeEnum], resolve: (key) => key.scopes as never }));
  CreateApiKeyInput.implement({
    fields: (t) => ({
      label: t.string({ required: true }),
      scopes: t.field({ type: [ScopeEnum], required: true }),
    }),
  });
}

const RequestMethodEnum = enumOf('RequestMethod', requestMethods);

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value, null, 2));

builder.prismaObject('ApiRequest', {
  description: 'One REST request an API key of the account made (the request log), bodies with secrets removed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    method: t.exposeString('method'),
    path: t.exposeString('path'),
    operationId: t.exposeString('operationId', { nullable: true, description: 'The OpenAPI operation (createPaymentIntent).' }),
    status: t.exposeInt('status'),
    durationMs: t.exposeInt('durationMs'),
    requestId: t.exposeString('requestId', { description: 'The X-Request-Id it was answered with.' }),
    apiKeyId: t.exposeString('apiKeyId'),
    keyLabel: t.string({
      nullable: true,
      description: 'The label of the key that made it.',
      resolve: async (row, _args, ctx) => (await ctx.rt.db.prisma.apiKey.findFirst({ where: { id: row.apiKeyId, accountId: row.accountId }, select: { label: true } }))?.label ?? null,
    }),
    idempotencyKey: t.exposeString('idempotencyKey', { nullable: true }),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    query: t.field({ type: 'JSONObject', nullable: true, resolve: (row) => row.query as Record<string, unknown> | null }),
    requestBody: t.string({ nullable: true, description: 'The JSON body sent, as JSON text, every secret replaced by "[redacted]".', resolve: (row) => jsonText(row.requestBody) }),
    responseBody: t.string({ nullable: true, description: 'The JSON answer, as JSON text, secrets removed the same way.', resolve: (row) => jsonText(row.responseBody) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    events: t.prismaField({
      type: ['Event'],
      description: 'The events recorded while it ran (their deliveries hang off each), oldest first.',
      authScopes: { scope: 'webhooks.manage' },
      resolve: (_query, row, _args, ctx) => eventsOfApiRequest(ctx.rt.db.prisma, row.accountId, row.id),
    }),
  }),
});

const ApiRequestFilter = builder.inputType('ApiRequestFilter', {
  fields: (t) => ({
    method: t.field({ type: RequestMethodEnum }),
    status: t.int(),
    failed: t.boolean({ description: 'Only requests answered 400 and up.' }),
    path: t.string({ description: 'The path starts with this.' }),
    apiKeyId: t.id(),
    idempotencyKey: t.string(),
    errorCode: t.string(),
    requestId: t.string({ description: 'The X-Request-Id.' }),
    createdFrom: t.field({ type: 'DateTime' }),
    createdBefore: t.field({ type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  apiRequests: t.prismaConnection({
    type: 'ApiRequest',
    cursor: 'id',
    authScopes: { scope: 'logs.read' },
    description: "The account's API request log, newest first.",
    args: { filter: t.arg({ type: ApiRequestFilter }) },
    resolve: async (query, _root, { filter, before }, ctx) => {
      const parsed = withGraphqlParams('filter.', async () => parseInput(apiRequestFilter, serviceInput({ ...filter })));
      return connectionRows(ctx.rt.db.prisma.apiRequest, query, apiRequestsWhere(ctx.principal!.accountId, await parsed), { before });
    },
  }),
  apiRequest: t.prismaField({
    type: 'ApiRequest',
    authScopes: { scope: 'logs.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getApiRequest(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
  }),
  account: t.prismaField({
    type: 'Account',
    description: 'The account the API key belongs to.',
    authScopes: { scope: 'account.read' },
    resolve: (_query, _root, _args, ctx) => getAccount(ctx.rt.db.prisma, ctx.principal!.accountId),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKey,
    authScopes: { scope: 'keys.manage' },
    args: { input: t.arg({ type: CreateApiKeyInput, required: true, validate: apiKeyInputOf(z.string()) }) },
    resolve: (_root, { input }, ctx) => withGraphqlParams('input.', () => createApiKey(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, parseInput(createApiKeyInput(ctx.rt.modules.scopes), input))),
  }),
  revokeApiKey: t.prismaField({
    type: 'ApiKey',
    authScopes: { scope: 'keys.manage' },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_query, _root, { id }, ctx) => {
      const key = await revokeApiKey(ctx.rt.db.prisma, ctx.principal!, String(id));
      ctx.auth.forget(key.id); // this gateway at once; the others on the apiKeyRevoked event
      return key;
    },
  }),
}));

const ApiKeyChangeType = builder.objectRef<ApiKeyChange>('ApiKeyChange').implement({
  description: 'An API key of the account was created or revoked.',
  fields: (t) => ({
    keyId: t.exposeID('keyId'),
    change: t.exposeString('change', { description: '`created` or `revoked`.' }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

builder.subscriptionFields((t) => ({
  apiKeysChanged: t.field({
    type: ApiKeyChangeType,
    description: "Each creation and revocation of the account's API keys, from any gateway.",
    authScopes: { scope: 'keys.manage' },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('apiKeysChanged', ctx.principal!.accountId),
    resolve: (change) => change,
  }),
}));

// --- the sandbox test clock (src/accounts/clock.ts) ---

const HeldJob = builder.objectRef<{ queue: string; dueAt: Date }>('TestClockHeldJob').implement({
  description: 'A job waiting for the test clock to reach its time.',
  fields: (t) => ({
    queue: t.exposeString('queue', { description: 'payment_review, kyc_review, invoice_overdue, payment_authorization_expiry or webhook_deliver.' }),
    dueAt: t.expose('dueAt', { type: 'DateTime' }),
  }),
});

const TestClockRef = builder.prismaObject('TestClock', {
  description: "The account's test clock (sandbox only): the account's time stands at frozenTime until advanced.",
  fields: (t) => ({
    frozenTime: t.expose('frozenTime', { type: 'DateTime' }),
    heldJobsCount: t.int({ resolve: async (clock, _args, ctx) => (await heldJobs(ctx.rt.db.prisma, clock.accountId, 0)).count }),
    heldJobs: t.field({
      type: [HeldJob],
      description: 'The 20 due first: what the next advance runs.',
      resolve: async (clock, _args, ctx) => (await heldJobs(ctx.rt.db.prisma, clock.accountId)).jobs,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const TestClockAdvance = builder.objectRef<{ clock: TestClock; released: number }>('TestClockAdvance').implement({
  fields: (t) => ({
    testClock: t.field({ type: TestClockRef, resolve: (result) => result.clock }),
    releasedJobs: t.exposeInt('released', { description: 'Held jobs this call sent.' }),
  }),
});

builder.queryFields((t) => ({
  testClock: t.prismaField({
    type: 'TestClock',
    nullable: true,
    description: "The account's test clock; null while it runs on the real time.",
    authScopes: { scope: 'payments.read' },
    resolve: (_query, _root, _args, ctx) => getTestClock(ctx.rt.db.prisma, ctx.principal!.accountId),
  }),
}));

const clockInput = (frozenTime: Date | null | undefined) => (frozenTime ? { frozen_time: frozenTime.toISOString() } : {});

builder.mutationFields((t) => ({
  createTestClock: t.prismaField({
    type: 'TestClock',
    description: "As POST /api/v1/test-clock: freezes the account's time (sandbox only).",
    authScopes: { scope: 'payments.write' },
    args: { frozenTime: t.arg({ type: 'DateTime', description: 'Absent: the real time now.' }) },
    resolve: (_query, _root, { frozenTime }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(createTestClockInput, clockInput(frozenTime));
        return ctx.rt.db.prisma.$transaction((tx) => createTestClock(ctx.rt, tx, ctx.principal!.accountId, input));
      }),
  }),
  advanceTestClock: t.field({
    type: TestClockAdvance,
    description: 'As POST /api/v1/test-clock/advance: moves the clock forward and runs every job whose time has come.',
    authScopes: { scope: 'payments.write' },
    args: { frozenTime: t.arg({ type: 'DateTime', required: true }) },
    resolve: (_root, { frozenTime }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(advanceTestClockInput, clockInput(frozenTime));
        return ctx.rt.db.prisma.$transaction((tx) => advanceTestClock(ctx.rt, tx, ctx.principal!.accountId, input));
      }),
  }),
  deleteTestClock: t.int({
    description: 'As DELETE /api/v1/test-clock: back to the real time. Answers how many held jobs it sent.',
    authScopes: { scope: 'payments.write' },
    resolve: async (_root, _args, ctx) => (await deleteTestClock(ctx.rt, ctx.principal!.accountId)).released,
  }),
}));
