// `npm start`: the whole service on one machine. Database (embedded unless DATABASE_URL is set),
// migrations, the sandbox account, then the gateway and the workers as child processes.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { bootstrapSandbox, SANDBOX_PANEL_EMAIL } from './sandbox.ts';
import { loadConfigOrExit } from './core/config.ts';
import { connectDatabase } from './core/db.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './core/embedded-postgres.ts';
import { createLogger } from './core/logger.ts';
import { migrate } from './core/migrate.ts';
import { readTlsFiles } from './core/tls.ts';

// The gateway child checks TLS too, but a bad certificate must stop here, not crash-loop it.
const config = loadConfigOrExit(readTlsFiles);
const logger = createLogger(config.LOG_LEVEL, 'main');
const root = join(import.meta.dirname, '..');

let embedded: EmbeddedDatabase | undefined;
let url = config.DATABASE_URL;
if (!url) {
  embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, logger });
  url = embedded.url;
  logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL running');
}

const applied = await migrate(url);
logger.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');

const db = connectDatabase(url, { poolSize: 2, applicationName: 'yarrow-main' });
const sandbox = await bootstrapSandbox({ config, db });
await db.close();

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
let stopping = false;

function launch(entry: Managed): Promise<void> {
  return new Promise((resolve) => {
    const child = fork(entry.script, entry.args, {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: config.dataDir, YARROW_SECRET: config.secret },
      stdio: 'inherit',
    });
    entry.child = child;
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') resolve();
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      // A crashed child is restarted: its unfinished jobs stay in the queue for the new one.
      entry.restarts += 1;
      const delay = Math.min(1000 * entry.restarts, 10_000);
      logger.error({ process: entry.name, code, signal, restartInMs: delay }, 'child process exited; restarting');
      setTimeout(() => void launch(entry), delay);
      resolve();
    });
  });
}

await Promise.all(managed.map(launch));

const base = config.publicBaseUrl;
const lines = [
  '',
  `Yarrow is running (${config.YARROW_ENV}).`,
  `  Status:    ${base}/api/v1/status`,
  `  Health:    ${base}/api/v1/health`,
  `  GraphiQL:  ${base}/graphql`,
  `  Checkout:  ${base}/checkout/<payment_intent_id>`,
  `  Panel:     ${base}/panel`,
  `  Sandbox account: #${sandbox.account.id} (${sandbox.account.name})`,
  sandbox.secret
    ? `  Sandbox API key (shown once, store it now): ${sandbox.secret}`
    : '  Sandbox API key: printed on the first start only. Make another with the createApiKey mutation\n' +
      '  or `npm run sandbox-key`.',
  sandbox.panelPassword
    ? `  Panel login (shown once): ${SANDBOX_PANEL_EMAIL} / ${sandbox.panelPassword}`
    : `  Panel login: ${SANDBOX_PANEL_EMAIL}, password printed on the first start only.`,
  '',
];
console.log(lines.join('\n'));

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping all processes');
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
  if (embedded) await embedded.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
