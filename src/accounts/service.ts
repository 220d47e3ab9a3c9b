import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { hashApiKey, type Principal, type Scope } from '../core/auth.ts';
import type { DbClient } from '../core/db.ts';
import { notFound, parseInput } from '../core/errors.ts';
import { newId } from './contract.ts';
import { liveEvent, publish, publishAll } from '../core/pubsub.ts';
import { assertCursorsOwned, pageArgs, type ListQuery } from '../core/pagination.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Account, ApiKey } from '../generated/prisma/client.ts';

/** A new key's label and scopes, given the scope names a key may carry. */
export function apiKeyInputOf<S extends z.ZodType<string>>(scope: S) {
  return z.strictObject({
    label: z.string().trim().min(1).max(100),
    scopes: z
      .array(scope)
      .min(1, 'give at least one scope')
      .transform((list) => [...new Set(list)]),
  });
}

/** `createApiKey`'s input: the scopes are every module's (`rt.modules.scopes`). */
export const createApiKeyInput = (scopes: readonly Scope[]) => apiKeyInputOf(z.enum(scopes));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomBase62(length: number): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every char equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function keyPrefixFor(environment: string) {
  return environment === 'live' ? 'yk_live_' : 'yk_test_';
}

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The full key. Shown once; only its hash is stored. */
  secret: string;
}

/** A key to make: its label and the scopes it grants (as `createApiKeyInput` parsed them, on every wire). */
export interface CreateApiKey {
  label: string;
  scopes: readonly Scope[];
}

export async function createApiKey(rt: Pick<Runtime, 'config' | 'modules'>, db: DbClient, accountId: number, command: CreateApiKey): Promise<CreatedApiKey> {
  const { label, scopes: granted } = command;
  const account = await db.account.findUnique({ where: { id: accountId } });
  if (!account) throw notFound('account');
  // The instance's environment: a live instance makes yk_live_ keys only (an account made before it went live too).
  const secret = keyPrefixFor(rt.config.YARROW_ENV) + randomBase62(40);
  const apiKey = await db.apiKey.create({
    data: {
      id: newId('apiKey'),
      accountId,
      label,
      prefix: secret.slice(0, 14),
      secretHash: hashApiKey(rt.config.secret, secret),
      scopes: [...granted],
    },
  });
  await publish(db, 'apiKeysChanged', accountId, { keyId: apiKey.id, change: 'created', at: apiKey.createdAt.toISOString() });
  return { apiKey, secret };
}

/** The sandbox account's full-scope key, made with the account on the first start (the banner shows it once). */
export async function seedSandboxKey(rt: Pick<Runtime, 'config' | 'modules'>, db: DbClient, accountId: number): Promise<Array<[string, string]>> {
  const { secret } = await createApiKey(rt, db, accountId, { label: 'Sandbox bootstrap key', scopes: [...rt.modules.scopes] });
  return [['Sandbox API key (shown once, store it now)', secret]];
}

export async function listApiKeys(db: DbClient, principal: Principal, query: ListQuery): Promise<ApiKey[]> {
  await assertCursorsOwned(db.apiKey, principal.accountId, query, 'API key');
  return db.apiKey.findMany({ where: { accountId: principal.accountId }, ...pageArgs(query) });
}

export async function revokeApiKey(db: DbClient, principal: Principal, keyId: string): Promise<ApiKey> {
  const key = await db.apiKey.findFirst({ where: { id: keyId, accountId: principal.accountId } });
  if (!key) throw notFound('API key', 'id');
  if (key.revokedAt) return key;
  const revoked = await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  await publishAll(db, [
    liveEvent('apiKeyRevoked', 'all', { keyId: key.id }),
    liveEvent('apiKeysChanged', key.accountId, { keyId: key.id, change: 'revoked', at: revoked.revokedAt!.toISOString() }),
  ]);
  return revoked;
}

export async function getAccount(db: DbClient, accountId: number): Promise<Account> {
  const account = await db.account.findUnique({ where: { id: accountId } });
  if (!account) throw notFound('account');
  return account;
}

export const createAccountInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  environment: z.enum(['sandbox', 'live']).default('sandbox'),
});

export async function createAccount(db: DbClient, input: z.input<typeof createAccountInput>): Promise<Account> {
  const data = parseInput(createAccountInput, input);
  return db.account.create({ data });
}
