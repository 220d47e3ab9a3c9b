// `npm start`: the whole service on one machine. Database (embedded unless DATABASE_URL is set),
// migrations, the sandbox account (sandbox only), then the gateway and the workers as child
// processes, each restarted when it dies (the embedded database too). A start that fails says why in
// one line; Ctrl-C stops everything cleanly, exit 0, whatever state the database is in.
import { modules } from './modules.ts';
import { moduleRegistry } from './core/module.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { bootstrapSandbox, type SandboxBootstrap } from './sandbox.ts';
import { connectDatabase } from './core/db.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './core/embedded-postgres.ts';
import { superviseEmbeddedPostgres, type SupervisedDatabase } from './core/embedded-watch.ts';
import { createLogger } from './core/logger.ts';
import { migrate } from './core/migrate.ts';
import { loadConfigOrExit, startupFailureMessage } from './core/process.ts';

// The gateway child checks TLS too, but a bad certificate must stop here, not crash-loop it.
const config = loadConfigOrExit(modules);
const logger = createLogger(config.LOG_LEVEL, 'main');
const root = join(import.meta.dirname, '..');

interface Managed {
  name: string;
  script: string;
  args: string[];
  child?: ChildProcess;
  restarts: number;
}

const managed: Managed[] = [
  { name: 'gateway', script: join(root, 'src/serve.ts'), args: [], restarts: 0 },
  { name: 'workers', script: join(root, 'workers/main.ts'), args: [], restarts: 0 },
];
let embedded: Promise<EmbeddedDatabase> | undefined;
/** The embedded database once everything has started: restarted when it dies. */
let supervised: SupervisedDatabase | undefined;
let url = config.DATABASE_URL;
let stopping = false;
let started = false;

/** A child that exited before it was ready has said why on its stderr; nothing to add. */
class ChildFailedToStart extends Error {}

function launch(entry: Managed): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(entry.script, entry.args, {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: config.dataDir, YARROW_SECRET: config.secret },
      stdio: 'inherit',
    });
    entry.child = child;
    let ready = false;
    child.on('message', (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      ready = true;
      resolve();
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (!started) return reject(new ChildFailedToStart(`${entry.name} exited with ${code ?? signal} while starting`));
      // A crashed child is restarted: its unfinished jobs stay in the queue for the new one.
      entry.restarts += 1;
      const delay = Math.min(1000 * entry.restarts, 10_000);
      logger.error({ process: entry.name, code, signal, restartInMs: delay }, 'child process exited; restarting');
      setTimeout(() => void launch(entry), delay);
      if (!ready) resolve();
    });
  });
}

/** Children first (they close their connections), the database last; then exit. */
async function stopAll(exitCode: number) {
  stopping = true;
  await Promise.all(
    managed.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  // A signal during start-up: the database step under way (starting it, migrations, the sandbox
  // account) finishes or fails first, and no step starts after it. Stopping the database under a
  // migration would end its connection mid-work (an unhandled error, exit 1), and a database still
  // starting is stopped once it runs, not left running.
  await preparing.catch(() => undefined);
  try {
    if (supervised) await supervised.stop();
    else await (await embedded?.catch(() => undefined))?.stop();
  } catch (error) {
    logger.error(`embedded PostgreSQL did not stop: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`);
    process.exit(1);
  }
  process.exit(exitCode);
}

async function shutdown(signal: string) {
  if (stopping) return;
  logger.info({ signal }, 'stopping all processes');
  await stopAll(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

let sandbox: SandboxBootstrap | undefined;

const startEmbedded = () => startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, logger });

/** The start-up steps that use the database, each skipped once a signal has come. */
async function prepare() {
  if (!url) {
    embedded = startEmbedded();
    url = (await embedded).url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL running');
  }
  if (stopping) return;
  const applied = await migrate(url, modules);
  logger.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');

  // Live has no sandbox account: merchants sign up in the panel.
  if (config.YARROW_ENV === 'sandbox' && !stopping) {
    const db = connectDatabase(url, { poolSize: 2, applicationName: 'yarrow-main' });
    try {
      sandbox = await bootstrapSandbox({ config, db, modules: moduleRegistry(modules) });
    } finally {
      await db.close();
    }
  }
}
const preparing = prepare();

try {
  await preparing;
  // A signal during start-up: the shutdown under way exits; start nothing more.
  if (stopping) await new Promise(() => {});
  await Promise.all(managed.map(launch));
  started = true;
  if (embedded && !stopping) supervised = superviseEmbeddedPostgres(await embedded, startEmbedded, logger);
} catch (error) {
  if (stopping) await new Promise(() => {});
  if (!(error instanceof ChildFailedToStart)) console.error(`Yarrow could not start: ${startupFailureMessage(error)}`);
  await stopAll(1);
}

const base = config.publicBaseUrl;
/** `  Label:     value`, the values in one column. */
const line = ([label, value]: readonly [string, string]) => `  ${`${label}:`.padEnd(10)} ${value}`;
const lines = [
  '',
  `Yarrow is running (${config.YARROW_ENV}).`,
  ...modules.flatMap((module) => module.banner?.(config) ?? []).map(line),
  ...(sandbox
    ? [`  Sandbox account: #${sandbox.account.id} (${sandbox.account.name})`, ...sandbox.notes.map(([label, value]) => `  ${label}: ${value}`)]
    : [`  Accounts:  merchants sign up at ${base}/panel/sign-up`]),
  ...(config.YARROW_ENV === 'live' && base.startsWith('http://')
    ? [`  Warning: PUBLIC_BASE_URL (${base}) is http: serve live over https (session cookies are Secure, browsers drop them on http).`]
    : []),
  '',
];
console.log(lines.join('\n'));
