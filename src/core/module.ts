import type { Context } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { z } from 'zod';
import type { Config, ConfigSection, CoreConfig } from './config.ts';
import type { Principal, Scope } from './auth.ts';
import { coreErrorStatus, type ErrorCode, type YarrowError } from './errors.ts';
import type { GatewayContext } from './gateway-context.ts';
import type { DbClient } from './db.ts';
import type { DatabaseGauges } from './metrics.ts';
import { coreLockNamespaces } from './locks.ts';
import type { PostmanFolder } from './postman.ts';
import type { QueueDefinition } from './queue.ts';
import type { Runtime } from './runtime.ts';

/**
 * Everything a domain adds to Yarrow, declared in its `src/<domain>/module.ts` and listed once in
 * `src/modules.ts`. Central files (gateway, GraphQL schema, worker registry, queues, ids, topics,
 * event names, config, panel nav) read these declarations instead of carrying per-domain sections.
 *
 * A module file imports only zod, `core/` and its domain's `contract.ts` (ids, error codes, lock
 * numbers, topic payloads, which the domain's files import from there: only `src/modules.ts`
 * imports a module file): routes, GraphQL types and workers are loaded when used
 * (`() => import(…)`), so a worker process does not load the gateway's routes. Domain files never import `src/modules.ts`: what they need of every module
 * (scopes, event names, queues) they read from the runtime (`rt.modules`, built by `openRuntime`).
 */
export interface DomainModule<
  Queues extends Record<string, QueueDefinition> = Record<string, QueueDefinition>,
  Prefixes extends Record<string, string> = Record<string, string>,
  Events extends readonly string[] = readonly string[],
  Topics extends Record<string, LiveTopic<unknown, unknown>> = Record<string, LiveTopic<unknown, unknown>>,
  Scopes extends readonly string[] = readonly string[],
  Env extends z.ZodRawShape = z.ZodRawShape,
  Derived extends object = object,
  ErrorCodes extends Record<string, number> = Record<string, number>,
  Locks extends Record<string, number> = Record<string, number>,
> {
  name: string;
  /** Registers the domain's REST routes and pages (its `register<Domain>Routes`). */
  routes?: (ctx: GatewayContext) => Promise<void>;
  /** Loads the domain's Pothos files, which add their types and fields to the builder (given what every module declares, for fields that check against it). */
  graphql?: (modules: ModuleRegistry) => Promise<unknown>;
  /** Workers by name: `npm run worker -- <name>` starts one, `npm start` all. */
  workers?: Record<string, (rt: Runtime) => Promise<void>>;
  /** pg-boss queues with the zod schema of their job payload (`sendJob`/`workQueue` check it). */
  queues?: Queues;
  /** Id kinds and their prefixes (`pi` makes `pi_01j…`); the module's own `newId(kind)` is `idMaker(prefixes)` (core/ids.ts). */
  idPrefixes?: Prefixes;
  /** Permissions an API key may carry for this domain's operations (`auth.require('x.y')`, `authScopes`). */
  scopes?: Scopes;
  /** Event names `recordEvent` accepts (and that subscribers choose from). */
  eventTypes?: Events;
  /** Live topics (`publish`, `subscribe`): `liveTopic<Id, Payload>()` per topic, types only. */
  topics?: Topics;
  /** The domain's environment variables (its part of the env schema) and the fields derived from them. */
  config?: ConfigSection<Env, Derived>;
  /**
   * Authenticates a GraphQL request that carries no API key (the panel's session cookie): a
   * principal, an error that refuses the request, or `{}` when the request is not one of its own.
   */
  graphqlSession?: (rt: Runtime, request: SessionRequest) => Promise<SessionAuth>;
  /** Merchant panel pages: `/panel/<path>`, in nav order; the panel serves each in its layout. */
  panelPages?: readonly PanelPage[];
  /**
   * The folder of the module's panel scripts (its pages' `script`s), served at `/panel/assets/<file>`
   * beside the panel's own; a file name two folders share fails at start.
   */
  panelAssets?: string;
  /**
   * The module's own routes under /panel/ (a file a page shows, for the panel's session), registered
   * by the panel after its pages and before its not-found page, so they are reached.
   */
  panelRoutes?: (ctx: GatewayContext) => Promise<void>;
  /**
   * Routes that take bodies past BODY_LIMIT_BYTES (a phone's MMS in base64), each still bounded:
   * the paths they match get `maxBytes` instead, and `overLimit` answers a body past that if given
   * (a client that retries every non-2xx forever must not be answered 413).
   */
  largeBodies?: readonly LargeBodyRoute[];
  /**
   * The module's parts of the panel's overview (its first page), in order: each a script in its
   * `panelAssets` whose default export renders the part into the element it is given, reading its
   * data through GraphQL like the module's pages (and linking to them).
   */
  panelOverview?: readonly PanelOverviewPart[];
  /**
   * Lines the panel shows at the top of every page of the account while they hold (the relay's
   * "sending is paused by an operator"); none: nothing shown.
   */
  panelNotices?: (db: DbClient, accountId: number) => Promise<readonly string[]>;
  /**
   * Prometheus gauges read from the domain's tables (relay backlog, devices online), served by every
   * worker process's metrics port: one query for the set per scrape, cached a few seconds
   * (`read: async (db) => (await import('./metrics.ts')).read…(db)`).
   */
  gauges?: DatabaseGauges;
  /**
   * What the `maintenance` worker purges past its retention (the domain's `…_RETENTION_DAYS`), in
   * batches: each call purges at most `batchSize` rows, oldest first, and answers how many.
   */
  retention?: readonly RetentionPurge[];
  /** Error codes only this domain answers with, and the HTTP status of each (`YarrowError(code, …)`). */
  errorCodes?: ErrorCodes;
  /** Advisory-lock namespaces the domain takes (`advisoryXactLock(tx, number, key)`): name → a number no other module or core uses. */
  lockNamespaces?: Locks;
  /** Its folders of the Postman flow (`async () => (await import('./postman.ts')).postmanFolders`): a step for each of its documented operations. */
  postman?: () => Promise<readonly PostmanFolder[]>;
  /**
   * Lines `npm start` prints under "Yarrow is running": what the domain serves, and where. (The core's
   * config only: a module's own type cannot be inferred through the variables the modules declare.)
   */
  banner?: (config: CoreConfig) => ReadonlyArray<readonly [label: string, url: string]>;
  /** What the domain gives the sandbox account on the start that creates it (`npm start` in the sandbox). */
  sandbox?: SandboxContribution;
}

/** One kind of row a domain purges past its retention (`retention` in its module.ts). */
export interface RetentionPurge {
  /** What it purges, for the maintenance worker's log line (`webhook events past EVENT_RETENTION_DAYS`). */
  what: string;
  /** Purges at most `batchSize` rows past their retention, in one statement; answers how many (fewer than `batchSize`: none are left). */
  purgeBatch: (rt: Runtime, batchSize: number) => Promise<number>;
}

/** The nav's groups, in their order: the pages of each product together. */
export const panelNavGroups = ['Payments', 'Billing', 'Messaging', 'Developers'] as const;
export type PanelNavGroup = (typeof panelNavGroups)[number];

/** One page of the merchant panel, declared by the module whose data it shows. */
export interface PanelPage {
  /** The page lives at `/panel/<path>` (Hono syntax: a detail page takes `:id{…}`). */
  path: string;
  /** A detail page: not in the nav, which marks the page at this path (its list) instead. */
  partOf?: string;
  /** Its product in the nav, which lists its pages under that label (as Stripe's does); the panel's own overview has none and leads. */
  group?: PanelNavGroup;
  /** Its nav entry, and its heading unless `heading` says otherwise. */
  title: string;
  heading?: string;
  /** One line for the route list (`GET /panel/<path>`). */
  summary: string;
  /** Its browser module, a file in the module's `panelAssets` folder. */
  script?: string;
  /** The page's HTML inside the panel's layout (a lazy import, like routes). */
  body: (rt: Runtime) => Promise<PageHtml>;
}

/** A part of the panel's overview page, declared by the module whose data it shows. */
export interface PanelOverviewPart {
  /** Its heading. */
  title: string;
  /** Its browser module (default export: `(element) => Promise<void>`), a file in the module's `panelAssets` folder. */
  script: string;
}

/** HTML made with hono's `html` template (annotate the page functions with it: module types cannot be inferred through them). */
export type PageHtml = HtmlEscapedString | Promise<HtmlEscapedString>;

/** What a module's sandbox contribution gets: the bootstrap's transaction and the new account. */
export interface SandboxSeed {
  tx: DbClient;
  config: Config;
  /** What the modules declare (the sandbox key takes every scope). */
  modules: ModuleRegistry;
  accountId: number;
  /** `npm start` on its own embedded database: a developer's machine, where what is for local testing only may be allowed. */
  onDevelopersMachine: boolean;
}

export interface SandboxContribution {
  /** Seeds the new sandbox account in the bootstrap's transaction; answers lines the banner shows this once (a key, a password). */
  seed: (seed: SandboxSeed) => Promise<ReadonlyArray<readonly [label: string, value: string]>>;
  /** Lines the banner shows on every later start instead (where to get what was shown once). */
  later?: ReadonlyArray<readonly [label: string, value: string]>;
}

/** What a GraphQL request without an API key offers to a module's `graphqlSession`. */
export interface SessionRequest {
  cookies: string | undefined;
  /** The `X-CSRF-Token` header, or `csrfToken` in WebSocket connection params. */
  csrfToken: unknown;
  /** A plain GET (reads only), which needs no CSRF token. */
  safeMethod: boolean;
}

export type SessionAuth = { principal?: Principal; authError?: YarrowError };

/** A live topic's address (an account id, an object id) and payload, as types only. */
export interface LiveTopic<Id, Payload> {
  readonly id?: Id;
  readonly payload?: Payload;
}

export function liveTopic<Id extends string | number, Payload>(): LiveTopic<Id, Payload> {
  return {};
}

/** Keeps a module's literal types (queue names, prefixes, event names) for the composed types. */
export function defineModule<
  const Queues extends Record<string, QueueDefinition> = Record<never, never>,
  const Prefixes extends Record<string, string> = Record<never, never>,
  const Events extends readonly string[] = readonly [],
  Topics extends Record<string, LiveTopic<unknown, unknown>> = Record<never, never>,
  const Scopes extends readonly string[] = readonly [],
  Env extends z.ZodRawShape = Record<never, never>,
  Derived extends object = Record<never, never>,
  const ErrorCodes extends Record<string, number> = Record<never, never>,
  const Locks extends Record<string, number> = Record<never, never>,
>(
  module: DomainModule<Queues, Prefixes, Events, Topics, Scopes, Env, Derived, ErrorCodes, Locks>,
): DomainModule<Queues, Prefixes, Events, Topics, Scopes, Env, Derived, ErrorCodes, Locks> {
  return module;
}

/**
 * Any module, whatever its declarations: the composition helpers take the modules' own literal
 * types, which differ per module (a `derive` reads its own variables, so no one type fits all).
 */
// biome-ignore lint/suspicious/noExplicitAny: each module keeps its own literal types; see above
type AnyModule = DomainModule<any, any, any, any, any, any, any, any, any>;
export type Modules = readonly AnyModule[];

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
type Part<M extends Modules, K extends keyof DomainModule> = UnionToIntersection<
  { [I in keyof M]: NonNullable<M[I][K]> }[number]
>;

// What src/modules.ts merges into core's registries: each is every module's declarations in one type.
export type ModuleQueues<M extends Modules> = Part<M, 'queues'>;
export type ModuleTopics<M extends Modules> = {
  [T in keyof Part<M, 'topics'>]: Part<M, 'topics'>[T] extends LiveTopic<infer Id, infer Payload> ? [id: Id, payload: Payload] : never;
};
export type ModuleConfig<M extends Modules> = UnionToIntersection<
  { [I in keyof M]: NonNullable<M[I]['config']> extends ConfigSection<infer Env, infer Derived> ? { [K in keyof Env]: z.output<Env[K]> } & Derived : Record<never, never> }[number]
>;
export type ModuleScope<M extends Modules> = NonNullable<M[number]['scopes']>[number];
export type ModuleErrorCode<M extends Modules> = { [I in keyof M]: keyof NonNullable<M[I]['errorCodes']> }[number];
export type ModuleEventType<M extends Modules> = NonNullable<M[number]['eventTypes']>[number];

/** Every event name a module declares (src/modules.ts merges them in): `recordEvent`'s `type`. */
export interface EventTypeNames {}
export type EventType = keyof EventTypeNames & string;

/**
 * What the running process knows of its modules, built from the module list by `openRuntime` and
 * carried on the runtime (`rt.modules`): nothing is filled as a side effect of an import, so a
 * script may load any domain file and open a runtime from the list.
 */
export interface ModuleRegistry {
  /** The modules, in the order their routes register and their nav entries show. */
  readonly list: Modules;
  /** Every permission an API key can carry, in module order. */
  readonly scopes: readonly Scope[];
  /** Every event name the modules record (endpoints subscribe to these). */
  readonly eventTypes: readonly EventType[];
  /** Every queue by name (`createQueues` makes them; `sendJob`/`workQueue` read them from `rt.boss.queues`). */
  readonly queues: ReadonlyMap<string, QueueDefinition>;
  /** Every error code, core's and the modules', with its HTTP status. */
  readonly errorStatus: Readonly<Record<ErrorCode, number>>;
}

/**
 * Reads the modules' declarations once and refuses a clash at start: a module listed twice, or a
 * queue, id kind, error code or lock namespace (name or number) two declare.
 */
export function moduleRegistry(modules: Modules): ModuleRegistry {
  const names = new Set<string>();
  const queues = new Map<string, QueueDefinition>();
  const queueOwners = new Map<string, string>();
  const idKinds = new Map<string, string>();
  const errorStatus: Record<string, number> = { ...coreErrorStatus };
  const locks: Record<string, number> = { ...coreLockNamespaces };
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`module ${module.name} is listed twice`);
    names.add(module.name);
    for (const [name, definition] of Object.entries<QueueDefinition>(module.queues ?? {})) {
      const taken = queueOwners.get(name);
      if (taken) throw new Error(`queue ${name} is declared by modules ${taken} and ${module.name}`);
      queueOwners.set(name, module.name);
      queues.set(name, definition);
    }
    for (const kind of Object.keys(module.idPrefixes ?? {})) {
      if (idKinds.has(kind)) throw new Error(`id kind ${kind} is declared twice (module ${module.name})`);
      idKinds.set(kind, module.name);
    }
    for (const [code, status] of Object.entries<number>(module.errorCodes ?? {})) {
      if (Object.hasOwn(errorStatus, code)) throw new Error(`error code ${code} is declared twice (module ${module.name})`);
      errorStatus[code] = status;
    }
    for (const [name, number] of Object.entries<number>(module.lockNamespaces ?? {})) {
      if (name in locks) throw new Error(`lock namespace ${name} is declared twice (module ${module.name})`);
      const holder = Object.keys(locks).find((other) => locks[other] === number);
      if (holder) throw new Error(`lock namespace ${name} of module ${module.name} takes number ${number}, which ${holder} has`);
      if (!Number.isInteger(number) || number < 1 || number > 2 ** 31 - 1) throw new Error(`lock namespace ${name}: ${number} is not a positive int4`);
      locks[name] = number;
    }
  }
  return {
    list: modules,
    scopes: modules.flatMap((module): readonly Scope[] => module.scopes ?? []),
    eventTypes: modules.flatMap((module): readonly EventType[] => module.eventTypes ?? []),
    queues,
    errorStatus: errorStatus as Record<ErrorCode, number>,
  };
}

/** Every module's workers by name; two modules may not name a worker alike. */
export function moduleWorkers(modules: Modules) {
  const workers: Record<string, (rt: Runtime) => Promise<void>> = {};
  for (const module of modules) {
    for (const [name, start] of Object.entries(module.workers ?? {})) {
      if (name in workers) throw new Error(`worker ${name} is declared twice (module ${module.name})`);
      workers[name] = start;
    }
  }
  return workers;
}

/** A route's larger body bound (`largeBodies`). */
export interface LargeBodyRoute {
  path: RegExp;
  maxBytes: number;
  overLimit?: (c: Context) => Response | Promise<Response>;
}
