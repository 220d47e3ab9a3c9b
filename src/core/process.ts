import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseOutage } from './database-outage.ts';
import { connectDatabase } from './db.ts';
import { EmbeddedPostgresError, runningEmbeddedUrl } from './embedded-postgres.ts';
import { Lifetime } from './lifetime.ts';
import { createLogger } from './logger.ts';
import { SharedHelpers } from './per-runtime.ts';
import { moduleRegistry, type Modules } from './module.ts';
import { createBoss } from './queue.ts';
import type { Runtime } from './runtime.ts';
import { readTlsFiles } from './tls.ts';

export function resolveDatabaseUrl(config: Config): string {
  const url = config.DATABASE_URL ?? runningEmbeddedUrl(config.dataDir);
  if (!url) {
    throw new ConfigError(
      `No database: set DATABASE_URL, or run "npm start" first so the embedded PostgreSQL in ${config.dataDir} is up.`,
    );
  }
  return url;
}

/**
 * Opens what a gateway or worker process needs from the module list (`modules` of src/modules.ts):
 * what the modules declare, config, database pool, queue and logger, and the process's lifetime.
 * The database may go away and come back (a restart, a failover): the pools and pg-boss reconnect
 * by themselves, and the logger says so once each way (`DatabaseOutage`). `close` ends the lifetime
 * first (no periodic run starts), then stops the queue and closes the pools.
 */
export async function openRuntime(
  name: string,
  options: { modules: Modules; supervise?: boolean; config?: Config },
): Promise<Runtime & { close(): Promise<void> }> {
  const modules = moduleRegistry(options.modules);
  const config = options.config ?? loadConfig(options.modules);
  let outage: DatabaseOutage | undefined;
  const logger = createLogger(config.LOG_LEVEL, name, { absorbs: (error) => outage?.absorbs(error) ?? false });
  const lifetime = new Lifetime(logger);
  const db = connectDatabase(resolveDatabaseUrl(config), { poolSize: config.DATABASE_POOL_SIZE, applicationName: `yarrow-${name}` });
  outage = new DatabaseOutage({ logger, lifetime, probe: () => db.pool.query('SELECT 1') });
  const boss = createBoss(db.url, modules.queues, {
    applicationName: `yarrow-${name}-queue`,
    supervise: options.supervise,
    monitorIntervalSeconds: config.QUEUE_MONITOR_INTERVAL_SECONDS,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'queue warning'));
  await boss.start();
  return {
    config,
    db,
    boss,
    logger,
    shared: new SharedHelpers(),
    modules,
    lifetime,
    async close() {
      await lifetime.end();
      await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
      await db.close();
    },
  };
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits. */
export function onShutdown(logger: { info(o: object, m: string): void }, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  // Started by `npm start`: if that supervisor dies (even by SIGKILL), stop rather than linger.
  if (process.send) process.on('disconnect', () => handler('SIGTERM'));
}

const unreachableDatabaseCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET', 'P1001', '28P01', '28000', '3D000', '57P03']);

/** The error and everything it wraps (`cause`, AggregateError's `errors`). */
function* chain(error: unknown): Generator<Error & { code?: string; port?: number; address?: string }> {
  if (!(error instanceof Error)) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* chain(inner);
  yield* chain(error.cause);
}

/** One line for a failed start: what is wrong and what to do. */
export function startupFailureMessage(error: unknown): string {
  for (const link of chain(error)) {
    if (link instanceof ConfigError || link instanceof EmbeddedPostgresError) return link.message;
    if (link.code === 'EADDRINUSE') {
      return `Port ${link.port ?? ''} on ${link.address ?? 'this host'} is already in use: stop what uses it, or set PORT (or HOST) to another one.`;
    }
    if (link.code === 'EACCES' && link.port !== undefined) {
      return `Not allowed to listen on port ${link.port}: use a port above 1023 (set PORT), or run with the right to bind it.`;
    }
    if (link.code && unreachableDatabaseCodes.has(link.code)) {
      return `Cannot use the database (${link.message.split('\n')[0]}): check DATABASE_URL, and that PostgreSQL is running and reachable.`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  // Prisma's messages may start with blank lines: the first line that says something.
  const first = message.split('\n').find((line) => line.trim() !== '') ?? message;
  return `${first.trim()} (run with LOG_LEVEL=debug for details)`;
}

/**
 * Ends a process that could not start with one line on stderr (`Yarrow could not start: …`) and
 * exit code 1; the stack trace only when LOG_LEVEL is debug or trace.
 */
export function exitOnStartupFailure(error: unknown): never {
  console.error(`Yarrow could not start: ${startupFailureMessage(error)}`);
  if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(error);
  process.exit(1);
}

/**
 * For process entry points: the configuration with its start-time checks (the TLS files); a bad
 * one ends the process in one line (`exitOnStartupFailure`).
 */
export function loadConfigOrExit(modules: Modules): Config {
  try {
    const config = loadConfig(modules);
    readTlsFiles(config);
    return config;
  } catch (error) {
    exitOnStartupFailure(error);
  }
}
