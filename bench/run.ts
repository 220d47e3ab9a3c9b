// `npm run bench`: Yarrow's speed claims, measured on an embedded PostgreSQL, each figure next to a
// baseline from the same run (the database's own ceiling, or REST for GraphQL) so ratios hold on
// a noisy machine. Prints a table and writes bench/results.json.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import WebSocket from 'ws';
import { createAccount, createApiKey } from '../src/accounts/service.ts';
import { scopes } from '../src/core/auth.ts';
import { connectDatabase } from '../src/core/db.ts';
import { startEmbeddedPostgres } from '../src/core/embedded-postgres.ts';
import { createLogger } from '../src/core/logger.ts';
import { migrate } from '../src/core/migrate.ts';
import { freePort } from '../test/helpers/global-setup.ts';

const root = join(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const only = process.argv.slice(2);

interface Row {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  target?: string;
  pass?: boolean;
  detail?: Record<string, number | string>;
}
const rows: Row[] = [];
const want = (name: string) => only.length === 0 || only.some((filter) => name.includes(filter));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const logger = createLogger('warn', 'bench');
const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-bench-'));
const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger, database: 'yarrow' });
await migrate(database.url);
const db = connectDatabase(database.url, { poolSize: 4 });
const account = await createAccount(db.prisma, { name: 'Bench merchant' });
const { secret: key } = await createApiKey({ config: { secret: 'bench-secret-0123456789-abcdefghijklmnop' } as never }, db.prisma, account.id, {
  label: 'bench',
  scopes: [...scopes],
});
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  YARROW_SECRET: 'bench-secret-0123456789-abcdefghijklmnop',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_POINTS: '100000000',
  DATA_DIR: dataDir,
};

function startProcess(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; port?: number }> {
  const child = fork(join(root, script), args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port?: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const gatewayPort = await freePort();
const gateway = await startProcess('src/serve.ts', [], { PORT: String(gatewayPort), DATABASE_POOL_SIZE: '20' });
const workers = await startProcess('workers/main.ts', ['diagnostics']);
const base = `http://127.0.0.1:${gatewayPort}`;

/** Commits per second of "insert one row + one pg-boss job" at the bench's concurrency. */
async function ceiling(): Promise<number> {
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, account_id int, body jsonb, created_at timestamptz DEFAULT now())');
  await setup.end();
  const boss = new PgBoss({ connectionString: database.url, max: 2, supervise: false, schedule: false, migrate: false });
  await boss.start();
  const pool = new pg.Pool({ connectionString: database.url, max: CONNECTIONS });
  let commits = 0;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = await pool.connect();
      const adapter = { executeSql: (text: string, values?: unknown[]) => client.query(text, values as unknown[]) };
      while (Date.now() < deadline) {
        await client.query('BEGIN');
        await client.query('INSERT INTO bench_ceiling (account_id, body) VALUES ($1, $2)', [1, { to: '+15555550100', message: 'hello' }]);
        await boss.send('diagnostics_ping', { accountId: 0, pingId: 'ceiling', sentAt: new Date().toISOString() }, { db: adapter });
        await client.query('COMMIT');
        commits++;
      }
      client.release();
    }),
  );
  await pool.end();
  await boss.stop({ graceful: false });
  await db.pool.query("DELETE FROM pgboss.job WHERE name = 'diagnostics_ping' AND data->>'pingId' = 'ceiling'");
  return commits / SECONDS;
}

async function load(options: { path: string; method?: 'GET' | 'POST'; body?: unknown }) {
  const result = await autocannon({
    url: `${base}${options.path}`,
    method: options.method ?? 'GET',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const ok = result['2xx'];
  return { rps: ok / SECONDS, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

const ceilingValue = want('ceiling') || want('rest') || want('graphql') ? await ceiling() : NaN;
if (want('ceiling')) rows.push({ name: 'PostgreSQL ceiling (insert row + job, 32 conns)', value: round(ceilingValue), unit: 'commits/s' });

if (want('rest')) {
  const rest = await load({ path: '/api/v1/api-keys', method: 'POST', body: { label: 'bench', scopes: ['account.read'] } });
  rows.push({
    name: 'REST accept POST /api/v1/api-keys',
    value: round(rest.rps),
    unit: 'req/s',
    baseline: { name: 'ceiling', value: round(ceilingValue) },
    target: '≥ 0.6× ceiling',
    pass: rest.rps >= 0.6 * ceilingValue,
    detail: { p50_ms: rest.p50, p99_ms: rest.p99, errors: rest.errors },
  });
  if (want('graphql')) {
    const graphqlCreate = await load({
      path: '/graphql',
      method: 'POST',
      body: { query: 'mutation { createApiKey(input: {label: "bench", scopes: [ACCOUNT_READ]}) { apiKey { id } } }' },
    });
    rows.push({
      name: 'GraphQL createApiKey mutation',
      value: round(graphqlCreate.rps),
      unit: 'req/s',
      baseline: { name: 'REST create', value: round(rest.rps) },
      detail: { p50_ms: graphqlCreate.p50, p99_ms: graphqlCreate.p99, ratio_to_rest: round(graphqlCreate.rps / rest.rps, 2), errors: graphqlCreate.errors },
    });
    const restRead = await load({ path: '/api/v1/account' });
    const graphqlRead = await load({ path: '/graphql', method: 'POST', body: { query: '{ account { id name } }' } });
    rows.push({
      name: 'GraphQL by-id query (account)',
      value: round(graphqlRead.rps),
      unit: 'req/s',
      baseline: { name: 'REST GET /api/v1/account', value: round(restRead.rps) },
      detail: { p50_ms: graphqlRead.p50, p99_ms: graphqlRead.p99, ratio_to_rest: round(graphqlRead.rps / restRead.rps, 2) },
    });
  }
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

if (want('subscriptions')) {
  const before = rssKb(gateway.child.pid!);
  const sockets: WebSocket[] = [];
  const received: number[] = [];
  let expected = '';
  let resolveAll!: () => void;
  const allReceived = new Promise<void>((resolve) => (resolveAll = resolve));
  const subscribed: Promise<void>[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${gatewayPort}/graphql`, 'graphql-transport-ws');
    sockets.push(socket);
    subscribed.push(
      new Promise((resolve, reject) => {
        socket.on('error', reject);
        socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })));
        socket.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as { type: string; payload?: any };
          if (message.type === 'connection_ack') {
            socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { diagnosticPong { pingId receivedAt } }' } }));
            resolve();
          } else if (message.type === 'next' && message.payload.data.diagnosticPong.pingId === expected) {
            received.push(Date.now() - Date.parse(message.payload.data.diagnosticPong.receivedAt));
            if (received.length === SUBSCRIBERS) resolveAll();
          }
        });
      }),
    );
    if (i % 200 === 199) await Promise.all(subscribed.slice(-200));
  }
  await Promise.all(subscribed);
  // Subscriptions register just after the ack; a probe ping confirms the last one listens.
  const probe = async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { sendDiagnosticPing { pingId } }' }),
    });
    return ((await response.json()) as { data: { sendDiagnosticPing: { pingId: string } } }).data.sendDiagnosticPing.pingId;
  };
  const after = rssKb(gateway.child.pid!);
  expected = await probe();
  const timeout = setTimeout(resolveAll, 30_000);
  await allReceived;
  clearTimeout(timeout);
  const sorted = received.sort((a, b) => a - b);
  rows.push({
    name: `Subscriptions: one change to ${SUBSCRIBERS} graphql-ws subscribers`,
    value: percentile(sorted, 99),
    unit: 'ms p99',
    target: 'p99 < 500 ms, ≤ 30 KB/socket',
    pass: percentile(sorted, 99) < 500 && (after - before) / SUBSCRIBERS <= 30 && received.length === SUBSCRIBERS,
    detail: { p50_ms: percentile(sorted, 50), delivered: received.length, kb_per_socket: round((after - before) / SUBSCRIBERS, 2) },
  });
  for (const socket of sockets) socket.terminate();
}

gateway.child.kill('SIGTERM');
workers.child.kill('SIGTERM');
await Promise.all([gateway.child, workers.child].map((child) => new Promise((resolve) => child.once('exit', resolve))));

if (want('cold')) {
  const coldDir = mkdtempSync(join(tmpdir(), 'yarrow-bench-cold-'));
  const coldEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: coldDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  delete coldEnv.DATABASE_URL;
  const timeStart = async () => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'src/main.ts')], { env: coldEnv, stdio: 'ignore' });
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${coldEnv.PORT}/api/v1/health`).then((r) => r.ok, () => false);
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const elapsed = (performance.now() - started) / 1000;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
    return elapsed;
  };
  const first = await timeStart();
  const warm = await timeStart();
  rows.push({
    name: 'Cold start: npm start to healthy (existing data dir)',
    value: round(warm, 2),
    unit: 's',
    target: '< 5 s',
    pass: warm < 5,
    detail: { first_start_with_initdb_s: round(first, 2) },
  });
  rmSync(coldDir, { recursive: true, force: true });
}

await db.close();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });

const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memory_gb: round(totalmem() / 2 ** 30), node: process.version };
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, seconds: SECONDS, rows }, null, 2)}\n`);
console.log(`\nYarrow bench — ${machine.cpus} × ${machine.cpu}, ${machine.memory_gb} GiB, Node ${machine.node}, ${SECONDS} s per load\n`);
const table = rows.map((row) => ({
  measure: row.name,
  value: `${row.value} ${row.unit}`,
  baseline: row.baseline ? `${row.baseline.value} (${row.baseline.name})` : '',
  ratio: row.baseline ? round(row.value / row.baseline.value, 2) : '',
  target: row.target ?? '',
  ok: row.pass === undefined ? '' : row.pass ? 'yes' : 'NO',
  detail: row.detail ? Object.entries(row.detail).map(([k, v]) => `${k}=${v}`).join(' ') : '',
}));
console.table(table);
process.exit(0);
