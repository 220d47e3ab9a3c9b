import { keyedHash } from './crypto.ts';
import type { DbClient } from './db.ts';
import { YarrowError } from './errors.ts';

/**
 * Every permission an API key can carry: each module declares its own (`scopes` in its module.ts;
 * the list is `scopes` in src/modules.ts), merged here as keys so `Scope` is their union. A key
 * holds a subset; `*` is never stored.
 */
export interface ScopeNames {}

export type Scope = keyof ScopeNames & string;

export interface Principal {
  accountId: number;
  keyId: string;
  scopes: ReadonlySet<string>;
  /** The panel user of a panel session (their own settings, e.g. notification preferences); none for an API key. */
  panelUserId?: string;
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
  const key = await db.apiKey.findUnique({
    where: { secretHash: hashApiKey(secret, match[1]) },
    select: { id: true, accountId: true, scopes: true, lastUsedAt: true, revokedAt: true },
  });
  if (!key || key.revokedAt) throw new YarrowError('unauthorized', 'Invalid or revoked API key.');
  const now = new Date();
  if (!key.lastUsedAt || key.lastUsedAt.getTime() < now.getTime() - 60_000) {
    // Coarse on purpose: "last used" to the minute without a write on every request.
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now }, select: { id: true } });
  }
  return { accountId: key.accountId, keyId: key.id, scopes: new Set(key.scopes) };
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
export function createKeyAuthenticator(db: DbClient, secret: string, options: { ttlMs?: number; maxEntries?: number; live?: boolean } = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, CachedKey>();

  return {
    async authenticate(authorization: string | null | undefined): Promise<Principal> {
      const match = authorization ? bearerPattern.exec(authorization) : null;
      if (!match?.[1]) return authenticate(db, secret, authorization);
      // Test keys exist only in sandbox: a live instance refuses one, whatever account made it.
      if (options.live && match[1].startsWith('yk_test_')) {
        throw new YarrowError('unauthorized', 'Test keys (yk_test_…) do not work on a live instance; use a yk_live_ key.');
      }
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
