import type { Hono } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AuthGuard, HttpEnv } from './http.ts';
import type { RouteDoc } from './openapi.ts';
import type { GraphqlPubSub, PostgresEventTarget } from './pubsub.ts';
import type { Runtime } from './runtime.ts';

/**
 * What a domain's `register…Routes` receives: the app, the runtime and the live-event plumbing.
 * It lives in core (not in gateway.ts) so domains never import the gateway that imports them.
 */
export interface GatewayContext {
  app: Hono<HttpEnv>;
  rt: Runtime;
  auth: AuthGuard;
  /** LISTEN/NOTIFY event target: `addEventListener('topic:id', …)` hears every process's publishes. */
  events: PostgresEventTarget;
  pubsub: GraphqlPubSub;
  /** Every route `defineRoute` declared on this gateway, as OpenAPI describes it (`buildOpenApi(baseUrl, ctx.routeDocs)`). */
  routeDocs: RouteDoc[];
  /** Serve WebSocket upgrades on a path (the GraphQL path is taken). */
  onUpgrade(path: string, handler: UpgradeHandler): void;
  /** Run before the server closes (close your own sockets and timers here). */
  onStop(hook: () => Promise<void>): void;
}

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
