import { randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { createAccount } from '../accounts/service.ts';
import { scopes, type Principal } from '../core/auth.ts';
import { keyedHash, randomToken, safeEqual } from '../core/crypto.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, parseInput } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { publish } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { PanelUser } from '../generated/prisma/client.ts';

const SESSION_DAYS = 14;
// OWASP's scrypt floor is N=2^17; 2^15 keeps sign-in under ~100 ms on small machines. The
// parameters are stored with each hash, so raising them later needs no migration.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 128 * 1024 * 1024 });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, expected] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !expected) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Buffer.from(expected, 'base64url').length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 128 * 1024 * 1024,
  });
  return safeEqual(key.toString('base64url'), expected);
}

const email = z.email().max(254).transform((value) => value.trim().toLowerCase());

export const signUpInput = z.object({
  email,
  password: z.string().min(10, 'use at least 10 characters').max(200),
  account_name: z.string().trim().min(1).max(200),
});

export const signInInput = z.object({ email, password: z.string().min(1).max(200) });

export async function signUp(db: DbClient, input: unknown): Promise<PanelUser> {
  const data = parseInput(signUpInput, input);
  if (await db.panelUser.findUnique({ where: { email: data.email } })) {
    throw new YarrowError('invalid_request', 'An account with this email already exists. Sign in instead.', { param: 'email' });
  }
  const account = await createAccount(db, { name: data.account_name });
  return db.panelUser.create({
    data: { id: newId('panelUser'), accountId: account.id, email: data.email, passwordHash: await hashPassword(data.password) },
  });
}

/** Creates the panel login of an existing account (the sandbox bootstrap uses it). */
export async function createPanelUser(db: DbClient, accountId: number, userEmail: string, password: string) {
  return db.panelUser.create({
    data: { id: newId('panelUser'), accountId, email: email.parse(userEmail), passwordHash: await hashPassword(password) },
  });
}

export function createSignInGuard(rt: Runtime) {
  const limiter = new RateLimiterPostgres({
    storeClient: rt.db.pool,
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'signin',
    points: 10,
    duration: 15 * 60,
    clearExpiredByTimeout: false,
  });

  /** Checks email and password; 10 failures per email per 15 minutes, then 429. */
  return async function signIn(input: unknown): Promise<PanelUser> {
    const data = parseInput(signInInput, input);
    const state = await limiter.get(data.email);
    if (state && state.consumedPoints >= 10) {
      const retryAfter = Math.ceil(state.msBeforeNext / 1000);
      throw new YarrowError('rate_limited', `Too many failed sign-ins; try again in ${retryAfter} s.`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const user = await rt.db.prisma.panelUser.findUnique({ where: { email: data.email } });
    // Hash even for unknown emails so timing does not reveal which emails have accounts.
    const valid = user
      ? await verifyPassword(data.password, user.passwordHash)
      : (await hashPassword(data.password), false);
    if (!user || !valid) {
      await limiter.consume(data.email).catch((rejection) => {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      });
      throw new YarrowError('unauthorized', 'Wrong email or password.', { param: 'email' });
    }
    await limiter.delete(data.email);
    await rt.db.prisma.panelUser.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
    return user;
  };
}

export interface PanelSessionInfo {
  /** The session's principal keyId: its rate budget, and what signing out revokes. */
  keyId: string;
  userId: string;
  accountId: number;
  email: string;
  csrfToken: string;
}

const sessionHash = (secret: string, token: string) => keyedHash(secret, `panel-session:${token}`);
// Derived from the stored hash, so the hash itself never lands in logs or events.
const sessionKeyId = (secret: string, hash: string) => `session:${keyedHash(secret, `panel-session-id:${hash}`).slice(0, 24)}`;

export async function createSession(rt: Runtime, user: PanelUser): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await rt.db.prisma.panelSession.create({
    data: { tokenHash: sessionHash(rt.config.secret, token), userId: user.id, accountId: user.accountId, csrfToken: randomToken(24), expiresAt },
  });
  return { token, expiresAt };
}

export async function readSession(rt: Runtime, token: string | undefined): Promise<PanelSessionInfo | undefined> {
  if (!token || token.length > 200) return undefined;
  const session = await rt.db.prisma.panelSession.findUnique({
    where: { tokenHash: sessionHash(rt.config.secret, token) },
    include: { user: { select: { email: true } } },
  });
  if (!session || session.expiresAt < new Date()) return undefined;
  return { keyId: sessionKeyId(rt.config.secret, session.tokenHash), userId: session.userId, accountId: session.accountId, email: session.user.email, csrfToken: session.csrfToken };
}

/** Signs out: the session is gone, and its open subscriptions end on every gateway. */
export async function endSession(rt: Runtime, token: string | undefined) {
  if (!token) return;
  const hash = sessionHash(rt.config.secret, token);
  await rt.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.panelSession.deleteMany({ where: { tokenHash: hash } });
    if (count > 0) await publish(tx, 'apiKeyRevoked', 'all', { keyId: sessionKeyId(rt.config.secret, hash) });
  });
}

/** A signed-in panel user acts for their account with every scope. */
export function sessionPrincipal(session: PanelSessionInfo): Principal {
  return { accountId: session.accountId, keyId: session.keyId, scopes: new Set(scopes) };
}
