import { GraphQLError, execute as graphqlExecute, subscribe as graphqlSubscribe } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { IncomingMessage } from 'node:http';
import { useServer } from 'graphql-ws/use/ws';
import type { WebSocketServer } from 'ws';
import type { Principal } from '../core/auth.ts';
import { safeEqual } from '../core/crypto.ts';
import { YarrowError, knownError } from '../core/errors.ts';
import { readSession, sessionPrincipal } from '../panel/users.ts';
import type { AuthGuard } from '../core/http.ts';
import { newId } from '../core/ids.ts';
import type { GraphqlPubSub } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { GraphqlContext } from './builder.ts';
import { schema } from './schema.ts';

type ServerContext = { requestId?: string; connectionParams?: Record<string, unknown>; req?: IncomingMessage };

export const SESSION_COOKIE = 'yarrow_session';

function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function toGraphqlError(error: unknown, rt: Runtime): GraphQLError {
  // Duck-typed: graphql can be loaded twice (ESM and CJS copies), which defeats instanceof.
  const isGraphqlError = (value: unknown): value is GraphQLError =>
    typeof value === 'object' && value !== null && (value as Error).name === 'GraphQLError';
  let original: unknown = error;
  while (isGraphqlError(original) && original.originalError) original = original.originalError;
  const known = knownError(original);
  if (known) {
    return new GraphQLError(known.message, {
      nodes: isGraphqlError(error) ? error.nodes : undefined,
      path: isGraphqlError(error) ? error.path : undefined,
      extensions: { code: known.code, ...(known.param ? { param: known.param } : {}) },
    });
  }
  if (isGraphqlError(original) && isGraphqlError(error)) {
    // Parse and validation errors describe the client's document: safe to show as they are.
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: { ...error.extensions, code: (error.extensions.code as string | undefined) ?? 'invalid_request' },
    });
  }
  rt.logger.error({ err: original }, 'unexpected GraphQL error');
  return new GraphQLError('An internal error occurred.', {
    path: isGraphqlError(error) ? error.path : undefined,
    extensions: { code: 'internal_error' },
  });
}

export function createGraphqlServer(rt: Runtime, pubsub: GraphqlPubSub, auth: AuthGuard) {
  async function principalFor(authorization: unknown): Promise<{ principal?: Principal; authError?: YarrowError }> {
    if (typeof authorization !== 'string' || authorization === '') return {};
    try {
      const principal = await auth.authenticate(authorization);
      await auth.consume(principal);
      return { principal };
    } catch (error) {
      if (error instanceof YarrowError) return { authError: error };
      throw error;
    }
  }

  /**
   * The merchant panel calls GraphQL with its session cookie. Anything but a plain GET must also
   * carry the session's CSRF token (header `X-CSRF-Token`, or `csrfToken` in WebSocket connection
   * params), so another site cannot act with the cookie.
   */
  async function sessionPrincipalFor(request: Request | undefined, req: IncomingMessage | undefined, params: Record<string, unknown> | undefined) {
    const cookies = request?.headers.get('cookie') ?? req?.headers.cookie;
    const session = await readSession(rt, cookieValue(cookies, SESSION_COOKIE));
    if (!session) return {};
    const csrf = request?.headers.get('x-csrf-token') ?? params?.csrfToken;
    const safeMethod = request?.method === 'GET';
    if (!safeMethod && !(typeof csrf === 'string' && safeEqual(csrf, session.csrfToken))) {
      return { authError: new YarrowError('forbidden', 'Missing or wrong CSRF token for this session.', { param: 'X-CSRF-Token' }) };
    }
    return { principal: sessionPrincipal(session) };
  }

  const yoga: YogaServerInstance<ServerContext, GraphqlContext> = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: rt.config.graphiql ? { title: 'Yarrow GraphQL', subscriptionsProtocol: 'WS' } : false,
    landingPage: false,
    // CORS is decided once for the whole API, in the gateway (apiCors); Yoga's own would reflect any origin.
    cors: false,
    logging: false,
    maskedErrors: { maskError: (error) => toGraphqlError(error, rt) },
    context: async ({ request, connectionParams, requestId, req }) => {
      const header = connectionParams?.authorization ?? connectionParams?.Authorization ?? request?.headers.get('authorization');
      const result = header ? await principalFor(header) : await sessionPrincipalFor(request, req, connectionParams);
      if (result.authError?.code === 'rate_limited') throw result.authError;
      return { rt, pubsub, auth, requestId: requestId ?? newId('request'), ...result };
    },
  });

  /**
   * Serves graphql-ws (the `graphql-transport-ws` protocol) on the given WebSocket server. Context,
   * parsing and validation come from Yoga (its caches, our auth); operations run on graphql-js
   * directly: one change fanned out to thousands of sockets executes once per socket, and Yoga's
   * per-result plugin layers cost more there than the execution itself. Errors in what is sent are
   * masked as Yoga masks them (`onError`, `onNext`).
   */
  function attachWebSocket(wss: WebSocketServer) {
    return useServer<Record<string, unknown>, { request: IncomingMessage }>(
      {
        execute: (args) => graphqlExecute(args),
        subscribe: (args) => graphqlSubscribe(args),
        onSubscribe: async (ctx, _id, params) => {
          const { schema: envelopedSchema, contextFactory, parse, validate } = yoga.getEnveloped({
            ...ctx,
            req: ctx.extra.request,
            socket: ctx.extra.socket,
            params,
            connectionParams: ctx.connectionParams,
          });
          const args = {
            schema: envelopedSchema,
            operationName: params.operationName,
            document: parse(params.query),
            variableValues: params.variables,
            contextValue: await contextFactory(),
          };
          const errors = validate(args.schema, args.document);
          if (errors.length) return errors.map((error: GraphQLError) => toGraphqlError(error, rt));
          return args;
        },
        onError: (_ctx, _id, _payload, errors) => errors.map((error) => toGraphqlError(error, rt).toJSON()),
        onNext: (_ctx, _id, _payload, _args, result) =>
          result.errors ? { ...result, errors: result.errors.map((error) => toGraphqlError(error, rt).toJSON()) } : undefined,
      },
      wss,
    );
  }

  return { yoga, attachWebSocket };
}
