import type { DbClient } from './db.ts';
import { Prisma } from '../generated/prisma/client.ts';

/**
 * Every advisory lock Yarrow takes, one namespace each. A database has one advisory-lock space:
 * two features that invented their keys on their own (two locks once both took
 * `(accountId, hashtext(…))`) could wait on each other's unrelated work, or a singleton lock could
 * collide with one account's key. Every lock uses the two-key form `(namespace, key)`: the first
 * key is the namespace, the second names the locked thing inside it (0 for a singleton).
 * The core's namespaces are here; a domain declares its own in its module (`lockNamespaces`) and
 * locks with its number (`relayLocks.otpNumber`); `openRuntime` refuses a name or a number that is
 * already taken. Never reuse or renumber one (processes of two versions must agree while a deploy rolls).
 */
// Plain constants passed by value, not a registry filled at start: a lock is taken with no runtime at hand.
export const coreLockNamespaces = {
  /** Session lock while migrations apply (`migrate`): one process migrates, the others wait. */
  migrations: 72_707_101,
  /** Creating the sandbox account once per database (`bootstrapSandbox`). */
  sandboxBootstrap: 72_707_102,
  /** One request per Idempotency-Key of one account at a time. */
  idempotencyKey: 72_707_401,
} as const;

/**
 * The `(namespace, key)` arguments of a `pg_advisory*` call, for a tagged SQL template. A text key
 * (an Idempotency-Key, a phone number with its account) is hashed by PostgreSQL into the second key.
 */
export function advisoryKey(namespace: number, key: number | string = 0): Prisma.Sql {
  return typeof key === 'number'
    ? Prisma.sql`${namespace}::int, ${key}::int`
    : Prisma.sql`${namespace}::int, hashtext(${key})`;
}

/** `advisoryKey` as plain parameters (`$1, $2`), for a `pg` client outside Prisma. */
export function advisoryKeyParams(namespace: number, key = 0): [number, number] {
  return [namespace, key];
}

/** Waits for the lock, held until the transaction ends. */
export async function advisoryXactLock(tx: DbClient, namespace: number, key?: number | string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${advisoryKey(namespace, key)})`;
}

/** Takes the lock if free (held until the transaction ends); false if another holds it. */
export async function tryAdvisoryXactLock(tx: DbClient, namespace: number, key?: number | string): Promise<boolean> {
  const [row] = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT pg_try_advisory_xact_lock(${advisoryKey(namespace, key)}) AS locked`;
  return row?.locked === true;
}

type IdType = 'text' | 'int' | 'bigint';

/**
 * Locks rows by id (`SELECT … FOR UPDATE`, in id order so two transactions locking overlapping sets
 * cannot deadlock) and answers the ids it locked. The caller then re-reads them with Prisma, which
 * cannot lock a row: lock, then re-read, so the state a rule checks is the state it changes.
 * With `accountId`, another account's row is neither locked nor answered (the caller's not_found).
 * `table` is a table name written in the calling code, never input.
 */
export async function lockRows(
  tx: DbClient,
  table: string,
  ids: ReadonlyArray<string | number | bigint>,
  options: { accountId?: number; idType?: IdType } = {},
): Promise<string[]> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`lockRows: ${table} is not a table name`);
  if (ids.length === 0) return [];
  const account = options.accountId === undefined ? Prisma.empty : Prisma.sql`AND account_id = ${options.accountId}`;
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM ${Prisma.raw(table)}
    WHERE id = ANY(${[...new Set(ids.map(String))]}::${Prisma.raw(options.idType ?? 'text')}[]) ${account}
    ORDER BY id FOR UPDATE`;
  return rows.map((row) => row.id);
}

/** `lockRows` for one row: true if it exists (and belongs to `accountId`, when given) and is now locked. */
export async function lockRow(
  tx: DbClient,
  table: string,
  id: string | number | bigint,
  options: { accountId?: number; idType?: IdType } = {},
): Promise<boolean> {
  return (await lockRows(tx, table, [id], options)).length === 1;
}
