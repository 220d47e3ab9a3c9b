// `npm run bench [-- scenario…]`: Yarrow's speed claims, measured on an embedded PostgreSQL with a
// real gateway, real worker processes and the relay simulator as child processes. Each figure sits
// next to a baseline from the same run (the database's own ceiling, REST for GraphQL, raw pg-boss
// for webhooks) so ratios hold on a noisy machine. Prints a table, writes bench/results.json.
// Scenarios: ceiling rest graphql sms app webhooks subscriptions cold, and only when named, handoff
// and scale. Sizes: docs/performance.md#sizes-and-switches.
// Each run is appended to bench/history.jsonl; `npm run bench -- --compare [<commit-or-run>]`
// prints before/after per figure instead of running.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createAccount, createApiKey } from '../src/accounts/service.ts';
import { connectDatabase } from '../src/core/db.ts';
import { startEmbeddedPostgres } from '../src/core/embedded-postgres.ts';
import { createLogger } from '../src/core/logger.ts';
import { migrate } from '../src/core/migrate.ts';
import { freePort } from '../test/helpers/global-setup.ts';
// Every process loads the modules first: queues, id kinds and config sections come from them.
import { modules } from '../src/modules.ts';
import { moduleRegistry } from '../src/core/module.ts';
import { ceilingScenario, graphqlScenario, restScenario } from './accept.ts';
import { appScenario } from './app.ts';
import { handoffScenario } from './handoff.ts';
import { scaleScenario } from './scale.ts';
import { smsScenario } from './sms.ts';
import { appendRun, commitOf, figuresOf, printComparison } from './history.ts';
import { coldStartScenario, subscriptionsScenario } from './subscriptions.ts';
import { api, formatCost, profileDir, root, round, rows, sizes, startChild, type BenchContext } from './support.ts';
import { webhooksScenario } from './webhooks.ts';

const scenarios: Array<[name: string, run: (ctx: BenchContext) => Promise<void>]> = [
  ['ceiling', ceilingScenario],
  ['rest', restScenario],
  ['graphql', graphqlScenario],
  ['sms', smsScenario],
  ['app', appScenario],
  ['webhooks', webhooksScenario],
  ['subscriptions', subscriptionsScenario],
  ['handoff', handoffScenario],
  ['scale', scaleScenario],
];
/**
 * Run only when named (`npm run bench -- handoff scale`): a full run keeps the scenarios of the
 * runs it is compared with (`--compare` pairs runs of the same scenarios).
 */
const onlyWhenNamed = new Set(['handoff', 'scale']);
const compareAt = process.argv.indexOf('--compare');
if (compareAt >= 0) {
  try {
    printComparison(root, process.argv[compareAt + 1]);
    process.exit(0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
const only = process.argv.slice(2);
const unknown = only.filter((name) => ![...scenarios.map(([known]) => known), 'cold'].includes(name));
if (unknown.length > 0) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${scenarios.map(([name]) => name).join(', ')}, cold.`);
  process.exit(2);
}
const want = (name: string) => (only.length === 0 && !onlyWhenNamed.has(name)) || only.includes(name);
/** `BENCH_PG_STATS=1`: pg_stat_statements on; the top statements of each scenario are printed. */
const pgStats = process.env.BENCH_PG_STATS === '1';

const loadAtStart = loadavg().map((value) => round(value, 2));
const secret = 'bench-secret-0123456789-abcdefghijklmnop';
const logger = createLogger('warn', 'bench');
const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-bench-'));
const database = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  logger,
  database: 'yarrow',
  extraFlags: pgStats ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'] : [],
});
await migrate(database.url, modules);
const db = connectDatabase(database.url, { poolSize: 4 });
if (pgStats) await db.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');

// Children get the bench database and limits raised so the load, not a budget, is measured:
// per-key and per-account send rates, the account queue limit, the per-device SMS budget (its
// maximum, 10,000 a minute: 3,333 msg/s over 20 devices), and the share of webhook requests one
// endpoint may have in flight (every poller may serve any of the 10 bench endpoints).
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  YARROW_SECRET: secret,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_POINTS: '1000000000',
  RELAY_SEND_RATE_PER_MINUTE: '1000000000',
  RELAY_QUEUE_LIMIT: '1000000000',
  RELAY_DEVICE_RATE_PER_MINUTE: '10000',
  RELAY_APP_CALLS_PER_MINUTE: '1000000',
  WEBHOOK_ENDPOINT_CONCURRENCY: '100',
  // The subscriptions scenario holds 10,000 sockets of one key from one address: over the caps
  // that keep one client from taking a gateway (README, Security), which the bench lifts.
  CONNECTIONS_PER_ADDRESS: '1000000',
  LIVE_CONNECTIONS_PER_ADDRESS: '1000000',
  LIVE_CONNECTIONS_MAX: '1000000',
  SUBSCRIPTIONS_PER_KEY: '1000000',
  SUBSCRIPTIONS_PER_ACCOUNT: '1000000',
};

const gatewayPort = await freePort();
const gateway = await startChild('gateway', 'src/serve.ts', [], { ...env, PORT: String(gatewayPort), DATABASE_POOL_SIZE: '20' });
const base = `http://127.0.0.1:${gatewayPort}`;
const ctx: BenchContext = {
  databaseUrl: database.url,
  postmasterPid: Number(readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]),
  env,
  gateway,
  base,
  async newAccount(name) {
    const account = await createAccount(db.prisma, { name });
    // The bench's webhook receiver listens on loopback, as a developer's would.
    await db.prisma.account.update({ where: { id: account.id }, data: { allowPrivateWebhookUrls: true } });
    const registry = moduleRegistry(modules);
    const { secret: key } = await createApiKey({ config: { secret } as never, modules: registry }, db.prisma, account.id, { label: 'bench', scopes: [...registry.scopes] });
    return Object.assign(api(base, key), { accountId: account.id });
  },
};

async function topStatements(scenario: string) {
  // Buffers read (hits, from memory) alongside the time: the time waits on locks and on a busy CPU,
  // the buffers are the work, the same on a quiet machine and a loaded one.
  const { rows: top } = await db.pool.query<{ calls: string; total_ms: number; mean_ms: number; buffers: string; query: string }>(`
    SELECT calls, round(total_exec_time::numeric, 1)::float AS total_ms, round(mean_exec_time::numeric, 3)::float AS mean_ms,
           shared_blks_hit + shared_blks_read AS buffers, regexp_replace(query, '\\s+', ' ', 'g') AS query
    FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 25`);
  const text = top
    .map((row) => `${String(row.total_ms).padStart(10)} ms ${String(row.calls).padStart(8)} calls ${String(row.mean_ms).padStart(8)} ms ${String(row.buffers).padStart(9)} buffers  ${row.query.slice(0, 200)}`)
    .join('\n');
  mkdirSync(profileDir, { recursive: true });
  writeFileSync(join(profileDir, `pg-stats-${scenario}.txt`), `${text}\n`);
  console.log(`\npg_stat_statements, ${scenario} (top by total time):\n${text}\n`);
  await db.pool.query('SELECT pg_stat_statements_reset()');
}

/** `BENCH_ACTIVITY=1`: every second, what the children's database connections are doing. */
if (process.env.BENCH_ACTIVITY === '1') {
  setInterval(async () => {
    if (db.pool.ending) return;
    const { rows: activity } = await db.pool.query<{ app: string; state: string; wait: string | null; count: number; longest_ms: number; query: string }>(`
      SELECT application_name AS app, state, wait_event_type || ':' || wait_event AS wait, count(*)::int AS count,
             round(max(extract(epoch FROM now() - coalesce(xact_start, query_start)) * 1000))::int AS longest_ms,
             left(regexp_replace(max(query), '\\s+', ' ', 'g'), 90) AS query
      FROM pg_stat_activity WHERE application_name LIKE 'yarrow-%' AND state <> 'idle'
      GROUP BY 1, 2, 3 ORDER BY 4 DESC`);
    console.log(`activity ${new Date().toISOString().slice(11, 19)}: ${activity.map((a) => `${a.app} ${a.state} ${a.wait ?? '-'} ×${a.count} ${a.longest_ms}ms [${a.query}]`).join(' | ')}`);
  }, 1000).unref();
}

const failures: string[] = [];
for (const [name, run] of scenarios) {
  if (!want(name)) continue;
  const started = performance.now();
  console.log(`bench: ${name}…`);
  if (pgStats) await db.pool.query('SELECT pg_stat_statements_reset()');
  try {
    await run(ctx);
  } catch (error) {
    failures.push(`${name}: ${(error as Error).stack ?? error}`);
    console.error(`bench: ${name} failed: ${(error as Error).message}`);
  }
  if (pgStats) await topStatements(name);
  console.log(`bench: ${name} done in ${round((performance.now() - started) / 1000)} s`);
}

await gateway.stop();
if (want('cold')) {
  console.log('bench: cold…');
  await coldStartScenario().catch((error: Error) => failures.push(`cold: ${error.stack}`));
}

await db.close();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });

const cpu = cpus();
const machine = { cpus: cpu.length, cpu: cpu[0]?.model ?? 'unknown', memory_gb: round(totalmem() / 2 ** 30), node: process.version };
const date = new Date().toISOString();
const load = { start: loadAtStart, end: loadavg().map((value) => round(value, 2)) };
const commit = commitOf(root);
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify({ date, commit, load, machine, sizes, rows, failures }, null, 2)}\n`);
const ran = [...scenarios.map(([name]) => name), 'cold'].filter(want);
appendRun(root, { date, commit, load, scenarios: ran, sizes, machine, figures: figuresOf(rows) });
console.log(
  `\nYarrow bench at ${commit} — ${machine.cpus} × ${machine.cpu}, ${machine.memory_gb} GiB, Node ${machine.node}, ${sizes.seconds} s per load, ${sizes.connections} connections, load average ${load.start[0]} → ${load.end[0]}\n`,
);
console.table(
  rows.map((row) => ({
    measure: row.name,
    value: `${row.value} ${row.unit}`,
    baseline: row.baseline ? `${row.baseline.value} (${row.baseline.name})` : '',
    ratio: row.baseline ? round(row.value / row.baseline.value, 2) : '',
    pgbench: typeof row.detail?.pgbench_ratio === 'number' ? row.detail.pgbench_ratio : '',
    cpu: row.cost ? formatCost(row.cost) : '',
    target: row.target ?? '',
    ok: row.pass === undefined ? '' : row.pass ? 'yes' : 'NO',
    detail: row.detail ? Object.entries(row.detail).map(([k, v]) => `${k}=${v}`).join(' ') : '',
  })),
);
for (const failure of failures) console.error(`\nFAILED ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
