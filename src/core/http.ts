import { getConnInfo } from '@hono/node-server/conninfo';
import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import { isIP } from 'node:net';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { z } from 'zod';
import { createKeyAuthenticator, requireScope, type Principal, type Scope } from './auth.ts';
import { YarrowError } from './errors.ts';
import { asRateLimited, pointSpender } from './rate-limit.ts';
import type { Runtime } from './runtime.ts';

/** Per-request values every route can read with `c.get(...)`. */
export type HttpEnv = {
  Variables: {
    requestId: string;
    principal: Principal;
  };
};

export type HttpContext = Context<HttpEnv>;

/** The schema of an `ok(c, body)` answer, for a route's `response`: `{ok: true}` and the body's fields. */
export function okSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ok: z.literal(true), ...shape });
}

/** A time as REST answers it (`Date.toISOString()`, UTC). */
export const timestamp = z.iso.datetime();

/**
 * The JSON text of answers made by `jsonAnswer`, for the API request log (src/core/request-log.ts):
 * reading it back from the Response (`clone().text()`) turned the server's light response into a
 * streamed one and cost the gateway more than the rest of an accept's logging (round 4).
 */
const answerTexts = new WeakMap<Response, string>();

/** The JSON text `response` was made with by `ok` or `errorResponse`, if it was. */
export function answerText(response: Response): string | undefined {
  return answerTexts.get(response);
}

/** `c.json(value, status)`, keeping the text for the request log. */
function jsonAnswer(c: Context, value: unknown, status: number) {
  const text = JSON.stringify(value);
  const response = c.body(text, status as 200, { 'Content-Type': 'application/json' });
  answerTexts.set(response, text);
  return response;
}

/**
 * A JSON answer another server made (Yoga's, for /graphql) answered as `jsonAnswer` answers: its
 * text, kept for the request log, in a light response. Yoga's own response reached the log by
 * `clone().text()` (a teed stream) and the client by the server's streamed path (round 4, 26-gateway).
 */
export async function relayedJsonAnswer(c: Context, response: Response): Promise<Response> {
  const text = await response.text();
  const answer = c.body(text, response.status as 200, Object.fromEntries(response.headers));
  answerTexts.set(answer, text);
  return answer;
}

/** Success body: Yarrow answers `{"ok": true, ...}` everywhere. */
export function ok(c: HttpContext, body: Record<string, unknown>, status: 200 | 201 | 202 = 200) {
  return jsonAnswer(c, { ok: true, ...body }, status);
}

/**
 * A create's answer as `idempotentCreate` keeps it: a success (`ok`), or a 402 whose error envelope
 * is the whole body (a create that was made but whose charge did not go through, as at Stripe).
 */
export function createdAnswer(c: HttpContext, body: Record<string, unknown>, status: 200 | 201 | 202 | 402) {
  return status === 402 ? jsonAnswer(c, body, status) : ok(c, body, status);
}

export function errorResponse(c: Context, error: YarrowError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return jsonAnswer(c, error.toBody(), error.status);
}

/**
 * Reads the raw body and parses it as JSON; malformed JSON is a 400, never a 500. A body is JSON
 * only when it says so: a missing or other Content-Type (`text/plain`, a form) is 415
 * `unsupported_media_type`, not guessed at. An empty body is `{}` whatever its type.
 */
export async function readJson(c: HttpContext): Promise<{ raw: string; body: unknown }> {
  const raw = await c.req.text();
  if (raw.trim() === '') return { raw, body: {} };
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new YarrowError(
      'unsupported_media_type',
      `Send the body as JSON with Content-Type: application/json (this request sent ${type ? type.split(';')[0]!.trim() : 'no Content-Type'}).`,
      { param: 'Content-Type' },
    );
  }
  try {
    return { raw, body: JSON.parse(raw) };
  } catch {
    throw new YarrowError('invalid_request', 'The request body is not valid JSON.', { param: 'body' });
  }
}

/** HEAD is left out: it is served wherever GET is. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * For a request no route answered: 405 `method_not_allowed` with `Allow` when the path has routes
 * for other methods, otherwise 404 `not_found`. Middleware (method `ALL`) does not make a path known.
 */
// biome-ignore lint/suspicious/noExplicitAny: any gateway's Hono app, whatever its context variables
export function unmatchedRoute(app: Hono<any>, method: string, path: string): YarrowError {
  const served = (candidate: string) =>
    app.router.match(candidate, path)[0].some(([[, route]]) => (route as { method: string }).method !== 'ALL');
  const allowed = METHODS.filter((candidate) => candidate !== method && served(candidate));
  if (allowed.length === 0) return new YarrowError('not_found', `No route for ${method} ${path}.`);
  return new YarrowError('method_not_allowed', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, {
    headers: { Allow: allowed.join(', ') },
  });
}

/**
 * Authenticates the Bearer key, checks its scope and spends one point of its rate budget and of
 * its account's (all the account's keys and panel sessions together). The budgets live in
 * PostgreSQL so they hold across every gateway process.
 */
export function createAuthGuard(rt: Runtime, events?: EventTarget) {
  const keys = createKeyAuthenticator(rt.db.prisma, rt.config.secret, { live: rt.config.YARROW_ENV === 'live' });
  events?.addEventListener('apiKeyRevoked:all', (event) => keys.forget((event as CustomEvent<{ keyId: string }>).detail.keyId));
  const budget = (keyPrefix: string, points: number) =>
    pointSpender(
      new RateLimiterPostgres({
        storeClient: rt.db.counters,
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix,
        points,
        duration: rt.config.RATE_LIMIT_WINDOW_SECONDS,
        clearExpiredByTimeout: false,
      }),
    );
  const spendKey = budget('key', rt.config.RATE_LIMIT_POINTS);
  const spendAccount = budget('account', rt.config.RATE_LIMIT_ACCOUNT_POINTS);

  /** Spends `points` (one per request; GraphQL: one per mutation field) of the key's and the account's budgets. */
  async function consume(principal: Principal, points = 1) {
    const [byKey, byAccount] = await Promise.allSettled([spendKey(principal.keyId, points), spendAccount(String(principal.accountId), points)]);
    for (const [outcome, holder] of [[byKey, 'key'], [byAccount, 'account']] as const) {
      if (outcome.status === 'fulfilled') continue;
      throw asRateLimited(outcome.reason, (seconds) => `Too many requests for this ${holder}; retry after ${seconds} s.`);
    }
  }

  return {
    consume,
    authenticate: keys.authenticate,
    forget: keys.forget,
    check,
  };

  /**
   * Authenticates the request's key, checks `scope`, spends a point and sets `principal`.
   * `credential` turns another scheme's header into `Bearer <key>` (e.g. HTTP Basic with the key as password).
   */
  async function check(
    c: HttpContext,
    scope: Scope,
    credential: (c: Context) => string | undefined = (c) => c.req.header('authorization'),
  ): Promise<Principal> {
    const principal = await keys.authenticate(credential(c));
    // Set before the scope and the budget are checked: a refused request of a known key is still
    // the account's, and its request log shows it.
    c.set('principal', principal);
    requireScope(principal, scope);
    await consume(principal);
    return principal;
  }
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/**
 * The client's address, for limits per client: the connection's peer, or with TRUST_PROXY the
 * address the (one) reverse proxy in front appended to `X-Forwarded-For`. Behind a proxy without
 * TRUST_PROXY every client shares the proxy's address, and so its budget.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  return (trustProxy && forwardedAddress(c.req.header('x-forwarded-for'))) || (getConnInfo(c).remote.address ?? 'unknown');
}

/** `clientAddress` of a request that is not Hono's (a WebSocket upgrade). */
export function upgradeAddress(request: IncomingMessage, trustProxy: boolean): string {
  const header = request.headers['x-forwarded-for'];
  return (trustProxy && forwardedAddress(Array.isArray(header) ? header.join(',') : header)) || (request.socket.remoteAddress ?? 'unknown');
}

function forwardedAddress(header: string | undefined): string | undefined {
  const forwarded = header?.split(',').at(-1)?.trim();
  return forwarded && isIP(forwarded) ? forwarded : undefined;
}
