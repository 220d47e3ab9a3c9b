import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { apiCors } from './core/browser-security.ts';
import { YarrowError, knownError } from './core/errors.ts';
import type { GatewayContext, UpgradeHandler } from './core/gateway-context.ts';
import type { Principal } from './core/auth.ts';
import { clientAddress, createAuthGuard, errorResponse, relayedJsonAnswer, unmatchedRoute, upgradeAddress, type HttpContext, type HttpEnv } from './core/http.ts';
import { newId } from './core/ids.ts';
import { loggedPath, loggedRequest } from './core/request-log.ts';
import { capConnectionsPerAddress, createLiveConnections } from './core/live-connections.ts';
import { httpRequests } from './core/metrics.ts';
import { checkResponses } from './core/response-contract.ts';
import { readTlsFiles } from './core/tls.ts';
import { PostgresEventTarget, createGraphqlPubSub } from './core/pubsub.ts';
import type { RouteDoc } from './core/openapi.ts';
import type { LargeBodyRoute } from './core/module.ts';
import type { Runtime } from './core/runtime.ts';
import { registerGraphiqlRoutes } from './graphql/graphiql.ts';
import { createGraphqlServer } from './graphql/server.ts';

export interface Gateway {
  server: Server;
  /** 'https' when TLS_CERT_FILE/TLS_KEY_FILE are set (WebSockets are then wss://). */
  protocol: 'http' | 'https';
  /** Every route of the HTTP app (method and Hono path), for the OpenAPI completeness test. */
  routes(): Array<{ method: string; path: string }>;
  /** Every route as OpenAPI describes it (`defineRoute`'s declarations). */
  routeDocs: readonly RouteDoc[];
  /** Starts listening; resolves with the bound port (useful with port 0). */
  start(port: number, host?: string): Promise<number>;
  stop(): Promise<void>;
}

export interface GatewayOptions {
  /** Tests only: each answer of a route in OpenAPI that is not as documented is reported here (src/core/response-contract.ts). */
  validateResponses?: (violation: string) => void;
}

/** One HTTP server: REST routes, /graphql over HTTP, SSE and WebSocket, and /metrics. */
export async function buildGateway(rt: Runtime, options: GatewayOptions = {}): Promise<Gateway> {
  const tls = readTlsFiles(rt.config);
  const events = new PostgresEventTarget(rt.db.url, rt.db.pool, rt.logger);
  await events.start();
  const pubsub = createGraphqlPubSub(events);
  const auth = createAuthGuard(rt, events);
  const graphql = createGraphqlServer(rt, pubsub, auth, events);

  const app = new Hono<HttpEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : newId('request');
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const route = c.req.routePath || 'unmatched';
    httpRequests.observe({ method: c.req.method, route, status: String(c.res.status) }, ms / 1000);
    if (rt.logger.isLevelEnabled('info')) {
      requestLog(c).info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  });

  const routeDocs: RouteDoc[] = [];
  if (options.validateResponses) app.use(checkResponses(options.validateResponses, routeDocs));

  /** The request's bindings on a log line; made only for lines that are written (a child logger per request costs). */
  const requestLog = (c: HttpContext) => {
    const principal = c.get('principal');
    return rt.logger.child({ requestId: c.get('requestId'), ...(principal ? { accountId: principal.accountId, keyId: principal.keyId } : {}) });
  };

  const limitOf = (maxBytes: number, overLimit?: LargeBodyRoute['overLimit']) =>
    bodyLimit({
      maxSize: maxBytes,
      onError: (c) => overLimit?.(c) ?? errorResponse(c, new YarrowError('payload_too_large', `The request body exceeds ${maxBytes} bytes.`)),
    });
  const bodyLimitFor = limitOf(rt.config.BODY_LIMIT_BYTES);
  // A module's routes that take larger bodies (the phone's MMS hook) get their own bound.
  const largeBodies = rt.modules.list.flatMap((module) => module.largeBodies ?? []).map((route) => ({ path: route.path, limit: limitOf(route.maxBytes, route.overLimit) }));
  app.use((c, next) => (largeBodies.find((route) => route.path.test(c.req.path))?.limit ?? bodyLimitFor)(c, next));

  const cors = apiCors(rt.config.corsOrigins);
  if (cors) for (const path of ['/api/*', '/graphql']) app.use(path, cors);

  app.onError((error, c) => {
    const known = knownError(error);
    if (known) {
      if (known !== error) requestLog(c).warn({ err: error }, known.message);
      return errorResponse(c, known);
    }
    requestLog(c).error({ err: error }, 'unhandled error');
    return errorResponse(c, new YarrowError('internal_error', 'An internal error occurred.'));
  });
  app.notFound((c) => errorResponse(c, unmatchedRoute(app, c.req.method, c.req.path)));

  // Messages over GRAPHQL_WS_MAX_PAYLOAD_BYTES close the socket (1009) before they are parsed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: rt.config.GRAPHQL_WS_MAX_PAYLOAD_BYTES });
  const wsServer = graphql.attachWebSocket(wss);
  const liveConnections = createLiveConnections(rt.config);
  const upgrades = new Map<string, UpgradeHandler>([
    [
      '/graphql',
      (request, socket, head) => {
        let release: () => void;
        try {
          release = liveConnections.admit(upgradeAddress(request, rt.config.TRUST_PROXY), socket as Socket, destroyer(socket));
        } catch (error) {
          return refuseUpgrade(socket, error as YarrowError);
        }
        socket.once('close', release);
        // Nothing kept for the socket's life may be made in this scope: its closures would keep
        // the upgrade request (about 1 KB a socket). graphql-ws's protocol errors: ws-server.ts.
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      },
    ],
  ]);
  const stopHooks: Array<() => Promise<void>> = [];
  const context: GatewayContext = {
    app,
    rt,
    auth,
    events,
    pubsub,
    routeDocs,
    onStop(hook) {
      stopHooks.push(hook);
    },
    onUpgrade(path, handler) {
      if (upgrades.has(path)) throw new Error(`WebSocket path ${path} is taken`);
      upgrades.set(path, handler);
    },
  };

  for (const module of rt.modules.list) await module.routes?.(context);

  if (rt.config.graphiql) registerGraphiqlRoutes(context);
  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', async (c) => {
    const stream = c.req.header('accept')?.includes('text/event-stream') ?? false;
    if (stream) {
      // An event stream holds its connection open like a WebSocket: the same caps, and the same stall watch.
      const { incoming, outgoing } = c.env as { incoming: IncomingMessage; outgoing: ServerResponse };
      const release = liveConnections.admit(clientAddress(c, rt.config.TRUST_PROXY), incoming.socket, () => incoming.socket.destroy());
      outgoing.once('close', release);
    }
    // A key's GraphQL request goes in the request log like a REST one, whatever its transport (a
    // POST, a GET, an event stream: mutations run over each; a stream's row is written when it
    // starts, without its events). The body is read once, for Yoga and for the log. Yoga gets it as
    // a string (its own Request, not a stream of ours), and its JSON answer goes out as REST's do,
    // the text kept for the log (`relayedJsonAnswer`).
    const body = c.req.method === 'POST' ? await c.req.text() : undefined;
    const serverContext = { requestId: c.get('requestId'), keyPrincipal: (principal: Principal) => c.set('principal', principal) };
    return loggedRequest(rt, c, 'graphql', async () => {
      const response = await (body === undefined
        ? graphql.yoga.fetch(c.req.raw, serverContext)
        : graphql.yoga.fetch(c.req.url, { method: 'POST', headers: c.req.raw.headers, body }, serverContext));
      return !stream && /json/i.test(response.headers.get('content-type') ?? '') ? relayedJsonAnswer(c, response) : response;
    });
  });

  const server = (
    tls ? createAdaptorServer({ fetch: app.fetch, createServer: createHttpsServer, serverOptions: tls }) : createAdaptorServer({ fetch: app.fetch })
  ) as Server;
  if (!rt.config.TRUST_PROXY) capConnectionsPerAddress(server, rt.config.CONNECTIONS_PER_ADDRESS);
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const handler = upgrades.get(path);
    if (handler) handler(request, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });

  return {
    server,
    protocol: tls ? 'https' : 'http',
    routes: () => app.routes.map((route) => ({ method: route.method, path: route.path })),
    routeDocs,
    start(port, host = rt.config.HOST) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    },
    async stop() {
      for (const stop of stopHooks) await stop();
      liveConnections.stop();
      await wsServer.dispose();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
      await events.close();
    },
  };
}

/** A socket's `close` for the live-connection accounting, made outside the upgrade handler's scope. */
function destroyer(socket: Duplex) {
  return () => socket.destroy();
}

/** Answers a WebSocket upgrade with the refusal as an HTTP error (the JSON body of any refusal) and closes. */
function refuseUpgrade(socket: Duplex, error: YarrowError) {
  const body = JSON.stringify(error.toBody());
  const headers = Object.entries(error.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const reason = error.status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  socket.end(
    `HTTP/1.1 ${error.status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
  );
}
