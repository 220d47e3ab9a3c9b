import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
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
  RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(1),
  /** Every key of an account together; unset: the same as one key's budget. */
  RATE_LIMIT_ACCOUNT_POINTS: z.coerce.number().int().min(1).optional(),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(25_000),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(100).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).default(30),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(100_000).default(3000),
  GRAPHIQL: booleanFlag.optional(),
  // --- accounts (panel sign-in, CORS) ---
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
  SIGNIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(20),
  SIGNUP_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(10),
  QUEUE_MONITOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // --- webhooks ---
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.optional(),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('30,120,600,3600,10800,21600,43200,86400')
    .transform((text, ctx) => {
      const delays = text.split(',').map((part) => part.trim()).filter((part) => part !== '').map(Number);
      if (delays.some((delay) => !Number.isFinite(delay) || delay < 0 || delay > 7 * 86400)) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of seconds (0 to 604800 each)' });
        return z.NEVER;
      }
      return delays;
    }),
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce.number().int().min(1).default(3 * 86400),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  WEBHOOK_FETCH_BATCH: z.coerce.number().int().min(1).max(100).default(50),
  // --- payments ---
  PAYMENT_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
  KYC_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(7 * 86400).default(30),
  // --- relay ---
  RELAY_HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  DEVICE_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(2).max(86400).default(90),
  RELAY_DEVICE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(30),
  RELAY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  RELAY_ACK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  RELAY_DEFAULT_TTL_SECONDS: z.coerce.number().int().min(10).max(604800).default(86400),
  RELAY_SEND_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RELAY_QUEUE_LIMIT: z.coerce.number().int().min(1).default(50000),
  /** How long a message pinned to an unreachable device waits before it fails (`device_offline`). */
  RELAY_PINNED_OFFLINE_WAIT_SECONDS: z.coerce.number().int().min(1).max(604800).default(300),
  OTP_MAX_PER_NUMBER: z.coerce.number().int().min(1).default(5),
  OTP_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(1000),
  OTP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
}).superRefine((values, ctx) => {
  // A certificate without its key (or the reverse) is a half-done setup, not "no TLS".
  if ((values.TLS_CERT_FILE === undefined) !== (values.TLS_KEY_FILE === undefined)) {
    const missing = values.TLS_CERT_FILE === undefined ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither' });
  }
});

export type Config = Omit<
  z.infer<typeof environmentSchema>,
  'YARROW_SECRET' | 'PUBLIC_BASE_URL' | 'GRAPHIQL' | 'WEBHOOK_ALLOW_PRIVATE_URLS' | 'CORS_ORIGINS' | 'RATE_LIMIT_ACCOUNT_POINTS'
> & {
  RATE_LIMIT_ACCOUNT_POINTS: number;
  dataDir: string;
  secret: string;
  publicBaseUrl: string;
  graphiql: boolean;
  /**
   * The operator's override of each account's `allowPrivateWebhookUrls`: true lets every account's
   * webhooks reach private, loopback and link-local addresses, false none; unset, the account decides.
   */
  webhookAllowPrivateUrls: boolean | undefined;
  /** Origins whose pages may call the API from a browser (`*`: any, never with credentials). */
  corsOrigins: string[];
  /** Cookies carry `Secure`: always in live, in sandbox when PUBLIC_BASE_URL is https. */
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates configuration from the environment; every bad variable is named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { createSecret?: boolean } = {}): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:${lines.length === 1 ? ` ${lines[0]}` : lines.map((line) => `\n  ${line}`).join('')}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const publicBaseUrl = (values.PUBLIC_BASE_URL ?? `${values.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${values.PORT}`).replace(/\/$/, '');
  return {
    ...values,
    dataDir,
    secret: values.YARROW_SECRET ?? readOrCreateSecret(dataDir, options.createSecret ?? true),
    publicBaseUrl,
    graphiql: values.GRAPHIQL ?? values.YARROW_ENV === 'sandbox',
    RATE_LIMIT_ACCOUNT_POINTS: values.RATE_LIMIT_ACCOUNT_POINTS ?? values.RATE_LIMIT_POINTS,
    webhookAllowPrivateUrls: values.WEBHOOK_ALLOW_PRIVATE_URLS,
    corsOrigins: values.CORS_ORIGINS ?? (values.YARROW_ENV === 'sandbox' ? ['*'] : []),
    secureCookies: values.YARROW_ENV === 'live' || publicBaseUrl.startsWith('https://'),
  };
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
