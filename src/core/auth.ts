import { keyedHash } from './crypto.ts';
import type { DbClient } from './db.ts';
import { YarrowError } from './errors.ts';

/** Every permission an API key can carry. A key holds a subset; `*` is never stored. */
export const scopes = [
  'account.read',
  'payments.read',
  'payments.write',
  'invoices.read',
  'invoices.write',
  'webhooks.manage',
  'keys.manage',
  'sms.send',
  'otp.send',
  'otp.verify',
  'messages.read',
  'recipients.read',
  'recipients.write',
  'devices.manage',
] as const;

export type Scope = (typeof scopes)[number];

export interface Principal {
  accountId: number;
  keyId: string;
  scopes: ReadonlySet<string>;
}

export function hashApiKey(secret: string, key: string): string {
  return keyedHash(secret, `api-key:${key}`);
}

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/** Resolves an `Authorization: Bearer …` header to the key's account, or throws `unauthorized`. */
export async function authenticate(db: DbClient, secret: string, authorization: string | null | undefined): Promise<Principal> {
  const match = authorization ? bearerPattern.exec(authorization) : null;
  if (!match?.[1]) {
    throw new YarrowError('unauthorized', 'Missing API key. Send it as "Authorization: Bearer <key>".');
  }
  const rows = await db.$queryRaw<Array<{ id: string; account_id: number; scopes: string[]; stale: boolean }>>`
    SELECT id, account_id, scopes, (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds') AS stale
    FROM api_keys WHERE secret_hash = ${hashApiKey(secret, match[1])} AND revoked_at IS NULL`;
  const key = rows[0];
  if (!key) throw new YarrowError('unauthorized', 'Invalid or revoked API key.');
  if (key.stale) {
    // Coarse on purpose: "last used" to the minute without a write on every request.
    await db.$executeRaw`UPDATE api_keys SET last_used_at = now() WHERE id = ${key.id}`;
  }
  return { accountId: key.account_id, keyId: key.id, scopes: new Set(key.scopes) };
}

interface CachedKey {
  principal: Principal;
  cachedAt: number;
}

/**
 * Authenticates keys with a short per-process cache, so a busy key costs no database round trip
 * per request. Revocation publishes `apiKeyRevoked`, which every gateway hears and drops the key
 * at once; the TTL bounds staleness should a notification be missed (e.g. while reconnecting).
 */
export function createKeyAuthenticator(db: DbClient, secret: string, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, CachedKey>();

  return {
    async authenticate(authorization: string | null | undefined): Promise<Principal> {
      const match = authorization ? bearerPattern.exec(authorization) : null;
      if (!match?.[1]) return authenticate(db, secret, authorization);
      const hash = hashApiKey(secret, match[1]);
      const hit = cache.get(hash);
      if (hit && Date.now() - hit.cachedAt < ttlMs) return hit.principal;
      const principal = await authenticate(db, secret, authorization);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(hash, { principal, cachedAt: Date.now() });
      return principal;
    },
    forget(keyId: string) {
      for (const [hash, entry] of cache) if (entry.principal.keyId === keyId) cache.delete(hash);
    },
  };
}


export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.has(scope)) {
    throw new YarrowError('forbidden', `This key lacks the required scope "${scope}".`, { param: scope });
  }
}
