import { GraphQLError, parse, visit, execute as graphqlExecute, type DocumentNode, type ExecutionResult } from 'graphql';
import { createYoga, isAsyncIterable, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { IncomingMessage } from 'node:http';
import type { WebSocketServer } from 'ws';
import type { Principal } from '../core/auth.ts';
import { YarrowError, knownError, type ErrorCode } from '../core/errors.ts';
import type { AuthGuard } from '../core/http.ts';
import { newId } from '../core/ids.ts';
import type { GraphqlPubSub } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { GraphqlContext } from './builder.ts';
import { graphiqlPage } from './graphiql.ts';
import { documentLimitPlugins, isIntrospection, operationLimitErrors, operationPoints, type OperationRequest } from './limits.ts';
import { createSubscriptionRevoker } from './revocation.ts';
import { subscribeSharing } from './shared-execution.ts';
import { createSubscriptionLimits } from './subscription-limits.ts';
import { useGraphqlWs, type UpgradeRequest } from './ws-server.ts';
import { schema } from './schema.ts';

type ServerContext = {
  requestId?: string;
  connectionParams?: Record<string, unknown>;
  /** A graphql-ws socket's upgrade request (what ws-server.ts keeps of it). */
  req?: IncomingMessage | UpgradeRequest;
  /** Told the API key that made an HTTP request (the gateway logs it in the request log). */
  keyPrincipal?: (principal: Principal) => void;
};

/**
 * The argument (or variable) a validation error is about, as its `param`: `Variable "$status" got
 * invalid value …` names it; a literal's error (`Value "NOPE" does not exist in …`) is located in
 * the document, whose argument around that spot names it.
 */
function argumentOf(error: GraphQLError): string | undefined {
  const variable = /^Variable "\$(\w+)"/.exec(error.message)?.[1];
  if (variable) return variable;
  const position = error.positions?.[0];
  if (!error.source || position === undefined) return undefined;
  let found: string | undefined;
  try {
    visit(parse(error.source), {
      Argument(node) {
        if (node.loc && node.loc.start <= position && position < node.loc.end) found = node.name.value;
      },
    });
  } catch {
    return undefined;
  }
  return found;
}


const isErrorCode = (rt: Runtime, code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(rt.modules.errorStatus, code);

function toGraphqlError(error: unknown, rt: Runtime): GraphQLError {
  // Duck-typed: graphql can be loaded twice (ESM and CJS copies), which defeats instanceof. The tag
  // also covers subclasses (Pothos' validation errors).
  const isGraphqlError = (value: unknown): value is GraphQLError =>
    typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object GraphQLError]';
  let original: unknown = error;
  while (isGraphqlError(original) && original.originalError) original = original.originalError;
  const known = knownError(original);
  if (known) {
    const path = isGraphqlError(error) ? error.path : undefined;
    return new GraphQLError(known.message, {
      nodes: isGraphqlError(error) ? error.nodes : undefined,
      path,
      extensions: {
        code: known.code,
        ...(known.param ? { param: known.param } : {}),
        // An error outside any field refused the whole request: its HTTP status and headers
        // (429 with Retry-After, 400 for a query over the limits) are the response's, as in REST.
        // Yoga keeps `http` off the wire.
        ...(path ? {} : { http: { status: known.status, headers: known.headers ?? {}, spec: false } }),
      },
    });
  }
  if (isGraphqlError(original) && isGraphqlError(error)) {
    // Parse and validation errors describe the client's document: safe to show as they are.
    const param = (error.extensions.param as string | undefined) ?? argumentOf(error);
    // Live introspection needs a key, and graphql-js's suggestions (`Did you mean "paymentIntent"?`)
    // would spell the schema out to anyone guessing names; a key's holder reads the schema instead.
    const message = rt.config.YARROW_ENV === 'live' ? error.message.replace(/\s*Did you mean\b[^?]*\?/g, '') : error.message;
    return new GraphQLError(message, {
      nodes: error.nodes,
      path: error.path,
      // Only Yarrow's codes reach clients: graphql-js and Yoga's own (GRAPHQL_VALIDATION_FAILED, …) are the client's mistakes.
      extensions: { ...error.extensions, code: isErrorCode(rt, error.extensions.code) ? error.extensions.code : 'invalid_request', ...(param ? { param } : {}) },
    });
  }
  rt.logger.error({ err: original }, 'unexpected GraphQL error');
  return new GraphQLError('An internal error occurred.', {
    path: isGraphqlError(error) ? error.path : undefined,
    extensions: { code: 'internal_error' },
  });
}

/** graphql-ws messages have no HTTP response: the `http` extension (Yoga's, for HTTP) stays off them. */
function withoutHttp(error: GraphQLError): GraphQLError {
  if (!error.extensions.http) return error;
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
}

export function createGraphqlServer(rt: Runtime, pubsub: GraphqlPubSub, auth: AuthGuard, events: EventTarget) {
  async function principalFor(authorization: unknown): Promise<{ principal?: Principal; authError?: YarrowError }> {
    if (typeof authorization !== 'string' || authorization === '') return {};
    try {
      return { principal: await auth.authenticate(authorization) };
    } catch (error) {
      if (error instanceof YarrowError) return { authError: error };
      throw error;
    }
  }

  /** A request without an API key: a module's session (the panel's cookie) may authenticate it. */
  const sessionHooks = rt.modules.list.flatMap((module) => (module.graphqlSession ? [module.graphqlSession] : []));
  async function sessionPrincipalFor(request: Request | undefined, req: UpgradeRequest | undefined, params: Record<string, unknown> | undefined) {
    const offered = {
      cookies: request?.headers.get('cookie') ?? req?.headers.cookie,
      csrfToken: request?.headers.get('x-csrf-token') ?? params?.csrfToken,
      safeMethod: request?.method === 'GET',
    };
    for (const session of sessionHooks) {
      const result = await session(rt, offered);
      if (result.principal || result.authError) return result;
    }
    return {};
  }

  /** The principal of a request or socket: its API key (header or connection params), else a module's session. */
  async function authenticate(request: Request | undefined, req: UpgradeRequest | undefined, connectionParams: Record<string, unknown> | undefined) {
    const header = connectionParams?.authorization ?? connectionParams?.Authorization ?? request?.headers.get('authorization');
    return header ? await principalFor(header) : await sessionPrincipalFor(request, req, connectionParams);
  }

  const revoker = createSubscriptionRevoker(events);
  const revokedResult = (): ExecutionResult => ({
    errors: [toGraphqlError(new YarrowError('unauthorized', 'The API key was revoked or the panel session ended.'), rt)],
  });
  const subscriptionLimits = createSubscriptionLimits(rt.config);
  /** A subscription's results until revoked, counted against the subscription caps (or refused by them). */
  const guarded = (result: AsyncIterable<ExecutionResult>, principal: Principal | undefined, socket: object | undefined) =>
    subscriptionLimits.counted(revoker.untilRevoked(result, principal, revokedResult), principal, socket, (error) => ({ errors: [toGraphqlError(error, rt)] }));

  /**
   * Operations already priced within the limits, by document (Yoga's parse cache hands out the same
   * DocumentNode for the same text), operation name and variables: the cost and depth depend on
   * nothing else (`fieldCost` reads the arguments and the schema, never the context), and pricing
   * walked the whole document with graphql-js's `validate` on every request (0.09 ms a GraphQL
   * request in a profiled bench, docs/performance.md#graphql-and-subscriptions). A refusal is priced
   * again each time; a document keeps at most 64 variants (then starts over), each of at most 1 KB
   * (larger variables are priced every time), so the memory stays bounded by Yoga's parse cache.
   */
  const priced = new WeakMap<DocumentNode, Set<string>>();
  const variant = (request: OperationRequest) => `${request.operationName ?? ''} ${JSON.stringify(request.variableValues ?? {})}`;
  const withinLimits = (request: OperationRequest) => priced.get(request.document)?.has(variant(request)) ?? false;
  function rememberWithinLimits(request: OperationRequest) {
    const key = variant(request);
    if (key.length > 1024) return;
    const variants = priced.get(request.document) ?? new Set<string>();
    priced.set(request.document, variants);
    if (variants.size >= 64) variants.clear();
    variants.add(key);
  }

  /**
   * Whether an operation may run, decided after validation and before any field runs: live
   * introspection needs a valid key; cost and depth within the limits (limits.ts); then the rate
   * budgets of the key and its account spend one point, or one per mutation field. The errors of a
   * refusal, formatted; undefined to run it.
   */
  async function admit(request: OperationRequest & { contextValue: GraphqlContext }): Promise<GraphQLError[] | undefined> {
    const ctx = request.contextValue;
    const refuse = (error: unknown) => [toGraphqlError(error, rt)];
    if (rt.config.YARROW_ENV === 'live' && !ctx.principal && isIntrospection(request.document)) {
      return refuse(ctx.authError ?? new YarrowError('unauthorized', 'Introspection needs an API key in live mode. Send it as "Authorization: Bearer <key>".'));
    }
    if (!withinLimits(request)) {
      const limitErrors = operationLimitErrors(request, rt.config);
      if (limitErrors.length > 0) return limitErrors.map((error) => toGraphqlError(error, rt));
      rememberWithinLimits(request);
    }
    if (ctx.principal) {
      try {
        await auth.consume(ctx.principal, operationPoints(request.document, request.operationName));
      } catch (error) {
        return refuse(error);
      }
    }
    return undefined;
  }

  const admission: Plugin<GraphqlContext> = {
    onValidate: () => ({ valid, result, setResult }) => {
      if (!valid) setResult(result.map((error) => toGraphqlError(error, rt)));
    },
    async onExecute({ args, setResultAndStopExecution }) {
      const refusal = await admit(args);
      if (refusal) setResultAndStopExecution({ errors: refusal });
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = await admit(args);
      if (refusal) return void setResultAndStopExecution({ errors: refusal });
      return {
        onSubscribeResult: ({ result, setResult }) => {
          if (isAsyncIterable(result)) setResult(guarded(result, args.contextValue.principal, undefined));
        },
      };
    },
  };

  const yoga: YogaServerInstance<ServerContext, GraphqlContext> = createYoga<ServerContext, GraphqlContext>({
    schema,
    plugins: [...documentLimitPlugins(rt.config), admission],
    graphqlEndpoint: '/graphql',
    graphiql: rt.config.graphiql ? { title: 'Yarrow GraphQL', subscriptionsProtocol: 'WS' } : false,
    // Its assets come from this server (graphiql.ts), not Yoga's default CDN: offline, and under a strict CSP.
    renderGraphiQL: graphiqlPage,
    landingPage: false,
    // CORS is decided once for the whole API, in the gateway (apiCors); Yoga's own would reflect any origin.
    cors: false,
    // The gateway's bodyLimit (BODY_LIMIT_BYTES) caps every HTTP request before Yoga reads it; Yoga's
    // own cap piped each body through a TransformStream to count its bytes again (round 4, 26-gateway).
    maxRequestBodySize: false,
    logging: false,
    maskedErrors: { maskError: (error) => toGraphqlError(error, rt) },
    context: async ({ request, connectionParams, requestId, req, keyPrincipal }) => {
      const result = await authenticate(request, req, connectionParams);
      // Only a key's HTTP requests are the account's API requests (the gateway passes keyPrincipal;
      // sockets do not); the panel's session is not logged.
      if (keyPrincipal && result.principal && request.headers.get('authorization')) keyPrincipal(result.principal);
      return { rt, pubsub, auth, requestId: requestId ?? newId('request'), ...result };
    },
  });

  /**
   * Serves graphql-ws (the `graphql-transport-ws` protocol) on the given WebSocket server. Context,
   * parsing and validation come from Yoga (its caches, our auth); operations run on graphql-js
   * directly (Yoga's per-result plugin layers cost more in a fan-out than the execution itself), and
   * a subscription event executes once per group of subscribers whose result cannot differ
   * (shared-execution.ts). Errors in what is sent are
   * masked as Yoga masks them (`onError`, `onNext`).
   */
  function attachWebSocket(wss: WebSocketServer) {
    /** The socket each operation's context came from, for the per-socket subscription cap. */
    const socketOf = new WeakMap<object, object>();
    return useGraphqlWs(
      {
        // A socket that has not sent a valid key or panel session in its connection_init within
        // this long is closed (4408), before it may hold anything.
        connectionInitWaitTimeout: rt.config.GRAPHQL_WS_INIT_TIMEOUT_SECONDS * 1000,
        onConnect: async (ctx) => {
          const { principal, authError } = await authenticate(undefined, ctx.extra.request, ctx.connectionParams);
          if (principal) return true;
          // graphql-ws's own refusal is a bare 4403 "Forbidden": close first, naming what is missing.
          const reason = authError
            ? authError.message
            : 'Unauthorized: send an API key ({"authorization": "Bearer <key>"}) or the panel session in connection_init.';
          (ctx.extra.socket as { close(code: number, reason: string): void }).close(4401, reason.slice(0, 120));
          return false;
        },
        execute: (args) => graphqlExecute(args),
        subscribe: async (args) => {
          const { principal } = args.contextValue as GraphqlContext;
          const result = await subscribeSharing(args, principal);
          return isAsyncIterable(result) ? guarded(result, principal, socketOf.get(args.contextValue as object)) : result;
        },
        onSubscribe: async (ctx, _id, params) => {
          const { schema: envelopedSchema, contextFactory, parse, validate } = yoga.getEnveloped({
            ...ctx,
            req: ctx.extra.request,
            socket: ctx.extra.socket,
            params,
            connectionParams: ctx.connectionParams,
          });
          let document: DocumentNode;
          try {
            document = parse(params.query);
          } catch (error) {
            // A syntax error, or a document over the token limit: an error message, not a dropped socket.
            return [withoutHttp(toGraphqlError(error, rt))];
          }
          const args = {
            schema: envelopedSchema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue: await contextFactory(),
          };
          socketOf.set(args.contextValue, ctx.extra.socket);
          const errors = validate(args.schema, args.document);
          if (errors.length) return errors.map((error: GraphQLError) => withoutHttp(toGraphqlError(error, rt)));
          return (await admit(args))?.map(withoutHttp) ?? args;
        },
        onError: (_ctx, _id, _payload, errors) => errors.map((error) => withoutHttp(toGraphqlError(error, rt)).toJSON()),
        onNext: (_ctx, _id, _payload, _args, result) =>
          result.errors ? { ...result, errors: result.errors.map((error) => withoutHttp(toGraphqlError(error, rt)).toJSON()) } : undefined,
      },
      wss,
      rt.logger,
    );
  }

  return { yoga, attachWebSocket };
}
