import type { Context } from 'hono';
import type { z } from 'zod';
import type { Principal, Scope } from './auth.ts';
import { parseInput, type ErrorCode } from './errors.ts';
import type { GatewayContext } from './gateway-context.ts';
import { readJson, type HttpContext, type HttpEnv } from './http.ts';
import { loggedRequest } from './request-log.ts';
import { describeRoute, type ErrorFields, type RouteDoc } from './openapi.ts';
import { throwSimulatedError } from './simulated-errors.ts';

/**
 * A way for a request to prove who it is other than an API key with a scope (a device token,
 * a pairing code): `authenticate` answers what the handler receives as `auth`, or throws the
 * YarrowError that refuses the request. `documentedAs` is how OpenAPI shows it. It runs before the
 * body is parsed: a body's signature is a credential too (it reads `c.req.text()`, which the JSON
 * parse then reuses), so an unsigned or forged body is refused without being parsed.
 */
export interface Credential<T> {
  documentedAs: 'none' | 'device' | 'session';
  authenticate(c: HttpContext): Promise<T>;
}

/** `none` (public), a scope (an API key that has it) or another credential. */
type RouteAuth = 'none' | Scope | Credential<unknown>;

type AuthOf<A> = A extends 'none' ? undefined : A extends Credential<infer T> ? T : Principal;

interface RouteSpec<P extends string, A extends RouteAuth, B extends z.ZodType, Q extends z.ZodType, V extends 'service' | undefined, F extends 'json' | 'form'> {
  method: RouteDoc['method'];
  /** Hono path syntax: `/api/v1/things/:id` (the handler's `c.req.param('id')` is typed from it). */
  path: P;
  tag: string;
  summary: string;
  auth: A;
  /** With a scope: the header a key comes in, as `Bearer <key>` (the default reads `Authorization`). */
  apiKeyFrom?: (c: Context) => string | undefined;
  /** The request body, validated before the handler runs (it gets the parsed value as `body`). */
  body?: B;
  /**
   * `service`: the handler parses the body itself, later than a route would (an API key's create,
   * after its Idempotency-Key's replay check; a hosted form; the phone's inbound hook): it gets the
   * JSON as sent, and `body` documents it. Otherwise
   * the handler gets the parsed value, the typed input its service takes (GraphQL parses with the same schema).
   */
  bodyValidatedBy?: V;
  /** `form` for HTML form posts: the page reads the form itself (its CSRF token first). */
  bodyType?: F;
  /** The query string, validated before the handler runs (it gets the parsed value as `query`). */
  query?: Q;
  /** The success body's schema (the zod schema its serializer's output is typed by); the test suite checks every answer against it. */
  response?: z.ZodType;
  /** Error codes the handler's rules answer with, beyond those `auth`, `body`/`query`, path parameters and `idempotent` imply (OpenAPI lists them all). */
  errorCodes?: readonly ErrorCode[];
  /** With `errors`: the schema of the error body it answers. */
  errorBody?: z.ZodType;
  /** Fields some of its error codes add to the error object (`decline_code`…), documented in OpenAPI and held by the test gateways. */
  errorFields?: ErrorFields;
  /** Status → description of success responses; errors are added from the error codes. */
  responses: Record<number, string>;
  /** Takes an `Idempotency-Key` (the handler calls `idempotentCreate` with `rawBody`). */
  idempotent?: boolean;
  produces?: RouteDoc['produces'];
  /** Also served at `/api/api/…`, for clients that join `/api/v1/…` to a base already ending in `/api`; not listed twice. */
  alias?: boolean;
  /** `false` leaves the route out of OpenAPI and Postman (another project's API, the session-only panel). */
  openapi?: false;
  /** Answers a refused request in another API's error shape; by default the gateway answers `{ok: false, error}`. */
  errors?: (c: HttpContext, error: unknown) => Response;
  handler(c: Context<HttpEnv, P>, request: RouteRequest<A, B, Q, V, F>): Response | Promise<Response>;
}

/** A route in OpenAPI names its operation, stable and readable (`createPaymentIntent`): SDKs and Postman call it by that name. */
type Listing = { openapi: false; operationId?: never } | { openapi?: undefined; operationId: string };

interface RouteRequest<A extends RouteAuth, B extends z.ZodType, Q extends z.ZodType, V extends 'service' | undefined, F extends 'json' | 'form'> {
  /** The key's principal (a scope), the credential's value, or nothing (`none`). */
  auth: AuthOf<A>;
  body: [B] extends [never] ? undefined : F extends 'form' ? undefined : V extends 'service' ? unknown : z.output<B>;
  query: [Q] extends [never] ? undefined : z.output<Q>;
  /** The body as sent, for `idempotentCreate`'s request hash ('' without a JSON body). */
  rawBody: string;
}

const API_ALIAS = /^\/api\//;

/**
 * Declares one REST or page route: its guard (from `auth`), request validation (`body`, `query`),
 * its OpenAPI entry (and its alias's, if any) and its handler all come from this one declaration.
 * A refused request changes nothing: the guard and validation run before the handler.
 */
export function defineRoute<
  P extends string,
  A extends RouteAuth,
  B extends z.ZodType = never,
  Q extends z.ZodType = never,
  V extends 'service' | undefined = undefined,
  F extends 'json' | 'form' = 'json',
>(ctx: GatewayContext, spec: RouteSpec<P, A, B, Q, V, F> & Listing): void {
  const { auth } = spec;
  const authenticate = async (c: HttpContext): Promise<unknown> => {
    if (auth === 'none') return undefined;
    if (typeof auth === 'string') return ctx.auth.check(c, auth, spec.apiKeyFrom);
    return auth.authenticate(c);
  };
  const readsJson = spec.body !== undefined && spec.bodyType !== 'form';

  // A request an API key makes may ask for a simulated fault (sandbox only), after its key is checked and before anything is read or written.
  const keyed = typeof auth === 'string' && auth !== 'none';
  const run = async (c: HttpContext) => {
    const principal = await authenticate(c);
    if (keyed) throwSimulatedError(ctx.rt.config, c);
    const query = spec.query ? parseInput(spec.query, c.req.query()) : undefined;
    let body: unknown;
    let rawBody = '';
    if (readsJson) {
      const read = await readJson(c);
      rawBody = read.raw;
      body = spec.bodyValidatedBy === 'service' ? read.body : parseInput(spec.body!, read.body);
    }
    return spec.handler(c as Context<HttpEnv, P>, { auth: principal, body, query, rawBody } as RouteRequest<A, B, Q, V, F>);
  };
  const { errors } = spec;
  const handler = errors
    ? async (c: HttpContext) => {
        try {
          return await run(c);
        } catch (error) {
          return errors(c, error);
        }
      }
    : run;

  // A route an API key calls is logged in the account's API request log (src/core/request-log.ts).
  const logged = keyed ? (c: HttpContext) => loggedRequest(ctx.rt, c, spec.operationId, async () => handler(c)) : handler;

  const doc: RouteDoc = {
    method: spec.method,
    path: spec.path,
    tag: spec.tag,
    summary: spec.summary,
    ...(spec.operationId ? { operationId: spec.operationId } : {}),
    auth: typeof auth === 'string' ? auth : auth.documentedAs,
    responses: spec.responses,
    ...(spec.body ? { body: spec.body, bodyType: spec.bodyType ?? 'json' } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.response ? { responseSchema: spec.response } : {}),
    ...(spec.errorCodes ? { errorCodes: spec.errorCodes } : {}),
    errorStatus: ctx.rt.modules.errorStatus,
    ...(spec.errorBody ? { errorBody: spec.errorBody } : {}),
    ...(spec.errorFields ? { errorFields: spec.errorFields } : {}),
    ...(spec.idempotent ? { idempotent: true } : {}),
    ...(spec.produces ? { produces: spec.produces } : {}),
    ...(spec.openapi === false ? { listed: false } : {}),
  };
  const paths = spec.alias ? [spec.path, spec.path.replace(API_ALIAS, '/api/api/')] : [spec.path];
  for (const [i, path] of paths.entries()) {
    describeRoute(ctx.routeDocs, { ...doc, path, ...(i > 0 ? { alias: true } : {}) });
    ctx.app.on(spec.method.toUpperCase(), path, logged);
  }
}
