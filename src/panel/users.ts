import { randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import { createAccount } from '../accounts/index.ts';
import type { Principal } from '../core/auth.ts';
import { keyedHash, randomToken, safeEqual } from '../core/crypto.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError } from '../core/errors.ts';
import { restSchema } from '../core/wire.ts';
import { SANDBOX_PANEL_EMAIL, newId } from './contract.ts';
import type { SessionAuth, SessionRequest } from '../core/module.ts';
import { asRateLimited } from '../core/rate-limit.ts';
import { publish } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { PanelUser } from '../generated/prisma/client.ts';

/** The panel's session cookie (HttpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'yarrow_session';
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

/** The sign-up form (its fields snake_case, as the form names them), parsed into the command. */
export const signUpForm = restSchema({
  email,
  password: z.string().min(10, 'use at least 10 characters').max(200),
  accountName: z.string().trim().min(1).max(200),
});
export type SignUpCommand = z.output<typeof signUpForm>;

/** The sign-in form, parsed into the command. */
export const signInForm = restSchema({ email, password: z.string().min(1).max(200) });
export type SignInCommand = z.output<typeof signInForm>;

/**
 * Creates an account and its first panel user. A taken email gets a refusal that does not say
 * why and costs the same password hash, so the answer's text and timing do not confirm that the
 * email has an account; the per-address budget (`createSignUpGuard`) bounds how many emails one
 * address can try. Without email delivery a new user is signed in at once, so the difference
 * between "created" and "refused" cannot be hidden entirely (README, "Panel sign-in").
 */
export async function signUp(db: DbClient, data: SignUpCommand, environment: 'sandbox' | 'live'): Promise<PanelUser> {
  const passwordHash = await hashPassword(data.password);
  if (await db.panelUser.findUnique({ where: { email: data.email }, select: { id: true } })) {
    throw new YarrowError('invalid_request', signUpRefused, { param: 'email' });
  }
  // The instance's environment: a live instance makes live accounts, whose keys are yk_live_.
  const account = await createAccount(db, { name: data.accountName, environment });
  return db.panelUser.create({ data: { id: newId('panelUser'), accountId: account.id, email: data.email, passwordHash } });
}

const signUpRefused = 'We could not create an account with these details. If you already have one, sign in instead.';

/** Creates the panel login of an existing account (the sandbox bootstrap uses it). */
export async function createPanelUser(db: DbClient, accountId: number, userEmail: string, password: string) {
  return db.panelUser.create({
    data: { id: newId('panelUser'), accountId, email: email.parse(userEmail), passwordHash: await hashPassword(password) },
  });
}

/** The sandbox account's panel login, made with the account on the first start (the banner shows its password once). */
export async function seedSandboxPanelUser(db: DbClient, accountId: number): Promise<Array<[string, string]>> {
  const password = randomToken(12);
  await createPanelUser(db, accountId, SANDBOX_PANEL_EMAIL, password);
  return [['Panel login (shown once)', `${SANDBOX_PANEL_EMAIL} / ${password}`]];
}

const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Failures per email from one address before that pair is refused (the owner elsewhere is not). */
const SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS = 10;
/** Failures per email (from anywhere) before each further attempt waits; the wait doubles up to the cap. */
const EMAIL_DELAY_AFTER = 5;
const EMAIL_DELAY_FIRST_MS = 250;
const EMAIL_DELAY_MAX_MS = 2000;

/** Before a failed attempt number `failures + 1` for one email is checked, it waits this long. */
function signInDelayMs(failures: number): number {
  if (failures < EMAIL_DELAY_AFTER) return 0;
  return Math.min(EMAIL_DELAY_FIRST_MS * 2 ** (failures - EMAIL_DELAY_AFTER), EMAIL_DELAY_MAX_MS);
}

function limiter(rt: Runtime, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterPostgres({
    storeClient: rt.db.pool,
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
    clearExpiredByTimeout: false,
  });
}

/** Spends one point (one atomic upsert of the counter row); a spent budget is `rate_limited`. */
async function spend(limit: RateLimiterPostgres, key: string, message: string): Promise<RateLimiterRes> {
  try {
    return await limit.consume(key);
  } catch (rejection) {
    throw asRateLimited(rejection, (seconds) => `${message}; try again in ${seconds} s.`);
  }
}

/**
 * Sign-in throttle (OWASP's advice): every attempt is counted *before* its password is checked,
 * so concurrent guesses cannot slip past the budget. Three counters:
 * - per client address: SIGNIN_ATTEMPTS_PER_ADDRESS attempts per 15 minutes (a success gives
 *   its point back), against one address guessing many emails;
 * - per email and address: 10 failures per 15 minutes, against one address guessing one
 *   password; the owner signing in from another address is not refused by it;
 * - per email from anywhere: no refusal, but from the 6th failure on each attempt waits
 *   (250 ms, doubling, at most 2 s), so many addresses together guess slowly while the owner
 *   is only delayed, never locked out.
 * A success clears the email's counters.
 */
export function createSignInGuard(rt: Runtime) {
  const perAddress = limiter(rt, 'signin-address', rt.config.SIGNIN_ATTEMPTS_PER_ADDRESS, SIGN_IN_WINDOW_SECONDS);
  const perPair = limiter(rt, 'signin-pair', SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS, SIGN_IN_WINDOW_SECONDS);
  // Never refuses (its budget is out of reach): it only counts failures for the delay.
  const perEmail = limiter(rt, 'signin-email', 1_000_000, SIGN_IN_WINDOW_SECONDS);

  return async function signIn(data: SignInCommand, address: string): Promise<PanelUser> {
    await spend(perAddress, address, 'Too many sign-in attempts from this address');
    const pair = `${data.email}|${address}`;
    await spend(perPair, pair, 'Too many failed sign-ins for this email');
    const failures = (await perEmail.consume(data.email)).consumedPoints - 1;
    const delay = signInDelayMs(failures);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));

    const user = await rt.db.prisma.panelUser.findUnique({ where: { email: data.email } });
    // Hash even for unknown emails so timing does not reveal which emails have accounts.
    const valid = user ? await verifyPassword(data.password, user.passwordHash) : await hashPassword(data.password).then(() => false);
    if (!user || !valid) throw new YarrowError('unauthorized', 'Wrong email or password.', { param: 'email' });
    await Promise.all([perPair.delete(pair), perEmail.delete(data.email), perAddress.reward(address, 1)]);
    await rt.db.prisma.panelUser.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
    return user;
  };
}

/** Sign-up: SIGNUP_PER_ADDRESS_PER_HOUR per client address, counted before the email is looked up. */
export function createSignUpGuard(rt: Runtime) {
  const perAddress = limiter(rt, 'signup-address', rt.config.SIGNUP_PER_ADDRESS_PER_HOUR, 3600);
  // Its caller parsed the form (`signUpForm`): a malformed one spends nothing.
  return async function guardedSignUp(command: SignUpCommand, address: string): Promise<PanelUser> {
    await spend(perAddress, address, 'Too many sign-ups from this address');
    return signUp(rt.db.prisma, command, rt.config.YARROW_ENV);
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

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The merchant panel calls GraphQL with its session cookie. Anything but a plain GET must also
 * carry the session's CSRF token (header `X-CSRF-Token`, or `csrfToken` in WebSocket connection
 * params), so another site cannot act with the cookie.
 */
export async function graphqlSessionAuth(rt: Runtime, request: SessionRequest): Promise<SessionAuth> {
  const session = await readSession(rt, cookieValue(request.cookies, SESSION_COOKIE));
  if (!session) return {};
  const csrf = request.csrfToken;
  if (!request.safeMethod && !(typeof csrf === 'string' && safeEqual(csrf, session.csrfToken))) {
    return { authError: new YarrowError('forbidden', 'Missing or wrong CSRF token for this session.', { param: 'X-CSRF-Token' }) };
  }
  return { principal: sessionPrincipal(rt, session) };
}

/** A signed-in panel user acts for their account with every scope. */
function sessionPrincipal(rt: Runtime, session: PanelSessionInfo): Principal {
  return { accountId: session.accountId, keyId: session.keyId, scopes: new Set(rt.modules.scopes), panelUserId: session.userId };
}
