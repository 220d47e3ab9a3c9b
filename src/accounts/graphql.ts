import type { ApiKeyChange } from './module.ts';
import { scopes } from '../modules.ts';
import { builder, enumOf } from '../graphql/builder.ts';
import { withGraphqlParams } from '../graphql/input.ts';
import { createApiKey, createApiKeyInput, getAccount, revokeApiKey, type CreatedApiKey as CreatedApiKeyShape } from './service.ts';

export const ScopeEnum = enumOf('Scope', scopes, {
  description: 'A permission an API key can carry. The REST and JSON name is the lower-case dotted form.',
  valueDescription: (scope) => scope,
});

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
    scopes: t.field({ type: [ScopeEnum], resolve: (key) => key.scopes as never }),
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

const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  fields: (t) => ({
    label: t.string({ required: true }),
    scopes: t.field({ type: [ScopeEnum], required: true }),
  }),
});

builder.queryFields((t) => ({
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
    args: { input: t.arg({ type: CreateApiKeyInput, required: true, validate: createApiKeyInput }) },
    resolve: (_root, { input }, ctx) => withGraphqlParams('input.', () => createApiKey(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, input)),
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
