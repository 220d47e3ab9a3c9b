import { PgBoss } from 'pg-boss';
import { loadConfig, type Config } from './config.ts';
import { connectDatabase } from './db.ts';
import { runningEmbeddedUrl } from './embedded-postgres.ts';
import { createLogger } from './logger.ts';
import { createBoss } from './queue.ts';
import type { Runtime } from './runtime.ts';

export function resolveDatabaseUrl(config: Config): string {
  const url = config.DATABASE_URL ?? runningEmbeddedUrl(config.dataDir);
  if (!url) {
    throw new Error(
      `No database: set DATABASE_URL, or run "npm start" first so the embedded PostgreSQL in ${config.dataDir} is up.`,
    );
  }
  return url;
}

/** Opens what a gateway or worker process needs: config, database pool, queue and logger. */
export async function openRuntime(name: string, options: { supervise?: boolean; config?: Config } = {}): Promise<Runtime & { close(): Promise<void> }> {
  const config = options.config ?? loadConfig();
  const logger = createLogger(config.LOG_LEVEL, name);
  const db = connectDatabase(resolveDatabaseUrl(config), { poolSize: config.DATABASE_POOL_SIZE, applicationName: `yarrow-${name}` });
  const boss: PgBoss = createBoss(db.url, {
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
    async close() {
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
