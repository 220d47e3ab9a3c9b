import type { Account, ApiKey } from '../generated/prisma/client.ts';

// The JSON shapes REST answers for the accounts domain. One shape per object, used everywhere.

export function accountJson(account: Account) {
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

export function apiKeyJson(key: ApiKey) {
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
