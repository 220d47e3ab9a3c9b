import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** A yes/no variable: true, false, 1, 0, yes or no. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The core's environment variables; each module adds its own (`config` in its module.ts). */
const coreEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.yarrow'),
  PUBLIC_BASE_URL: z.url().optional(),
  /** PEM files: when both are set the gateway serves HTTPS (and wss://) itself. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  YARROW_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  YARROW_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  // Unset: a new DATA_DIR's first start picks a free port (54329 or the next free one) and keeps it.
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** How long the API request log keeps a request (the maintenance worker purges older ones). */
  API_REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(1),
  /** Every key of an account together; unset: the same as one key's budget. */
  RATE_LIMIT_ACCOUNT_POINTS: z.coerce.number().int().min(1).optional(),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(25_000),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(100).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).default(30),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(100_000).default(3000),
  // Bounds on what a client holds open before and after it is trusted (README, Security: "What one
  // connection may hold"). ws's own default message limit is 100 MiB, parsed as JSON before anything.
  GRAPHQL_WS_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(64 * 1024),
  GRAPHQL_WS_INIT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(5),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
  LIVE_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LIVE_CONNECTIONS_MAX: z.coerce.number().int().min(1).default(10_000),
  LIVE_STALLED_READER_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).default(100),
  SUBSCRIPTIONS_PER_KEY: z.coerce.number().int().min(1).default(500),
  SUBSCRIPTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).default(1000),
  GRAPHIQL: booleanFlag.optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const origins = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
      for (const origin of origins) {
        if (origin === '*') continue;
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {}
        if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) {
          ctx.addIssue({ code: 'custom', message: `${origin} is not an origin like https://shop.example (scheme, host and port only), or *` });
          return z.NEVER;
        }
      }
      return origins;
    }),
  TRUST_PROXY: booleanFlag.default(false),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(10),
  QUEUE_MONITOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Each worker process serves its Prometheus metrics here (taken: the next free port; 0: any free port). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PUBLIC: booleanFlag.optional(),
});

/** The core's variables as parsed, which a module's `derive` may read next to its own. */
type CoreEnvironment = z.output<typeof coreEnvironment>;

/**
 * A module's part of the configuration: its environment variables (zod schemas by name; every
 * variable is named once across core and modules) and the fields computed from them.
 */
export interface ConfigSection<Env extends z.ZodRawShape = z.ZodRawShape, Derived extends object = object> {
  env: Env;
  derive?: (values: z.output<z.ZodObject<Env>> & CoreEnvironment) => Derived;
}

/** Every module's config fields (declaration merging in src/modules.ts). */
export interface ConfigSections {}

/** The modules as the configuration reads them (`modules` of src/modules.ts). */
export type ConfigModules = ReadonlyArray<{ name: string; config?: { env: z.ZodRawShape; derive?: (values: never) => object } }>;

function environmentSchema(modules: ConfigModules) {
  const owners = new Map<string, string>(Object.keys(coreEnvironment.shape).map((name) => [name, 'core']));
  for (const module of modules) {
    for (const name of Object.keys(module.config?.env ?? {})) {
      const owner = owners.get(name);
      if (owner) throw new Error(`${name} is declared by ${owner} and module ${module.name}`);
      owners.set(name, module.name);
    }
  }
  const shape = Object.assign({}, ...modules.map((module) => module.config?.env ?? {})) as z.ZodRawShape;
  return coreEnvironment.extend(shape).superRefine((values, ctx) => {
    // A certificate without its key (or the reverse) is a half-done setup, not "no TLS".
    if ((values.TLS_CERT_FILE === undefined) !== (values.TLS_KEY_FILE === undefined)) {
      const missing = values.TLS_CERT_FILE === undefined ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither' });
    }
  });
}

export type Config = CoreConfig & ConfigSections;

/** The variables and derived fields of the core (every module's are added to `Config`). */
export type CoreConfig = Omit<CoreEnvironment, 'YARROW_SECRET' | 'PUBLIC_BASE_URL' | 'GRAPHIQL' | 'CORS_ORIGINS' | 'RATE_LIMIT_ACCOUNT_POINTS' | 'METRICS_PUBLIC'> & {
  RATE_LIMIT_ACCOUNT_POINTS: number;
  dataDir: string;
  secret: string;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL was set: links given out use it whatever host a request came by. */
  publicBaseUrlSet: boolean;
  graphiql: boolean;
  /** Origins whose pages may call the API from a browser (`*`: any, never with credentials). */
  corsOrigins: string[];
  /** Cookies carry `Secure`: always in live, in sandbox when PUBLIC_BASE_URL is https. */
  secureCookies: boolean;
  /** Metrics without a token: open in sandbox, closed in live unless METRICS_PUBLIC=true. */
  metricsPublic: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates configuration from the environment; every bad variable is named. */
export function loadConfig(modules: ConfigModules, env: NodeJS.ProcessEnv = process.env, options: { createSecret?: boolean } = {}): Config {
  const parsed = environmentSchema(modules).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:${lines.length === 1 ? ` ${lines[0]}` : lines.map((line) => `\n  ${line}`).join('')}`);
  }
  const values = parsed.data as CoreEnvironment;
  const dataDir = resolve(values.DATA_DIR);
  const publicBaseUrl = (values.PUBLIC_BASE_URL ?? `${values.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${values.PORT}`).replace(/\/$/, '');
  const derived = modules.map((module) => module.config?.derive?.(values as never));
  return {
    ...values,
    ...Object.assign({}, ...derived),
    dataDir,
    secret: values.YARROW_SECRET ?? readOrCreateSecret(dataDir, options.createSecret ?? true),
    publicBaseUrl,
    publicBaseUrlSet: values.PUBLIC_BASE_URL !== undefined,
    graphiql: values.GRAPHIQL ?? values.YARROW_ENV === 'sandbox',
    RATE_LIMIT_ACCOUNT_POINTS: values.RATE_LIMIT_ACCOUNT_POINTS ?? values.RATE_LIMIT_POINTS,
    corsOrigins: values.CORS_ORIGINS ?? (values.YARROW_ENV === 'sandbox' ? ['*'] : []),
    secureCookies: values.YARROW_ENV === 'live' || publicBaseUrl.startsWith('https://'),
    metricsPublic: values.METRICS_PUBLIC ?? values.YARROW_ENV === 'sandbox',
  } as Config;
}

/** The server secret lives in DATA_DIR so restarts keep signing and decrypting with the same key. */
function readOrCreateSecret(dataDir: string, create: boolean): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!create) {
    throw new ConfigError(`No Yarrow data in ${dataDir}: run "npm start" first, or set DATA_DIR (or YARROW_SECRET) to what it uses.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process created it first; use theirs.
    return readFileSync(file, 'utf8').trim();
  }
}
