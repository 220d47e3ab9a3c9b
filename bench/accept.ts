// Accept paths: the PostgreSQL ceiling every accept is compared with, REST creates under
// autocannon, and the same creates and a by-id read through GraphQL.
import autocannon from 'autocannon';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { pgbenchCeiling } from './pgbench.ts';
import { costOf, cpuMeter, round, rows, sizes, type Api, type BenchContext, type Cost } from './support.ts';

/**
 * Commits per second of "insert one row + one pg-boss job" (a notify queue, as Yarrow's are) at
 * the bench's concurrency: what any accept path could reach if it did nothing else.
 */
export async function measureCeiling(ctx: BenchContext): Promise<{ rate: number; cost: Cost }> {
  const setup = new pg.Client({ connectionString: ctx.databaseUrl });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, account_id int, body jsonb, created_at timestamptz DEFAULT now())');
  await setup.end();
  const boss = new PgBoss({ connectionString: ctx.databaseUrl, max: 2, supervise: false, schedule: false, migrate: false });
  await boss.start();
  const pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: sizes.connections });
  let commits = 0;
  const meter = cpuMeter({}, ctx.postmasterPid);
  const deadline = Date.now() + sizes.seconds * 1000;
  await Promise.all(
    Array.from({ length: sizes.connections }, async () => {
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
  const cost = costOf(meter(), commits, 'commit');
  await pool.query("DELETE FROM pgboss.job WHERE name = 'diagnostics_ping' AND data->>'pingId' = 'ceiling'");
  await pool.end();
  await boss.stop({ graceful: false });
  return { rate: commits / sizes.seconds, cost };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: Record<string, number>;
  cost: Cost;
}

/**
 * `connections` keep-alive clients hammer one request for `seconds`; only 2xx answers count.
 * Also says how much CPU the gateway and PostgreSQL used meanwhile.
 */
export async function load(ctx: BenchContext, client: Api, request: { path: string; method?: 'GET' | 'POST'; body?: unknown }): Promise<LoadResult> {
  const meter = cpuMeter({ gateway: ctx.gateway.child.pid }, ctx.postmasterPid);
  const result = await autocannon({
    url: `${client.base}${request.path}`,
    method: request.method ?? 'GET',
    connections: sizes.connections,
    duration: sizes.seconds,
    headers: { authorization: `Bearer ${client.key}`, 'content-type': 'application/json' },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const cpu = meter();
  return {
    cost: costOf(cpu, result['2xx'], 'request'),
    rps: result['2xx'] / sizes.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpu: { gateway_cpu_pct: cpu.shares.cpu_gateway_pct!, postgres_cpu_pct: cpu.shares.cpu_postgres_pct! },
  };
}

const intentBody = { amount: 12.5, currency: 'usd', title: 'Bench order', customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' };
const smsBody = { to: '+33612345678', message: 'Your order shipped.' };
const intentMutation = `mutation { createPaymentIntent(input: {amount: 12.5, currency: "usd", title: "Bench order", customerName: "Ada Lovelace", customerEmail: "ada@example.com"}) { id status } }`;

/** Measured once per run, whichever scenario asks first (GraphQL compares with REST). */
const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, measure: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, measure());
  return memo.get(key) as Promise<T>;
}

export const ceiling = (ctx: BenchContext) => once('ceiling', () => measureCeiling(ctx));

/** A GraphQL answer under load is 200 even when it failed: check one answer before the load. */
async function expectGraphql(client: Api, query: string) {
  await client.graphql(query);
}

async function expectRest(client: Api, method: string, path: string, body: unknown, status: number) {
  const answer = await client.rest(method, path, body);
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface AcceptClients {
  payments: Api;
  relay: Api;
  intentId: string;
}

const clients = (ctx: BenchContext) =>
  once<AcceptClients>('clients', async () => {
    const payments = await ctx.newAccount('Bench payments');
    const relay = await ctx.newAccount('Bench relay accept');
    const created = await expectRest(payments, 'POST', '/api/v1/payment-intents', intentBody, 201);
    await expectRest(relay, 'POST', '/api/v1/sms/send', smsBody, 202);
    return { payments, relay, intentId: created.payment_intent.id };
  });

const restIntents = (ctx: BenchContext) => once('rest-intents', async () => load(ctx, (await clients(ctx)).payments, { path: '/api/v1/payment-intents', method: 'POST', body: intentBody }));
const restIntentRead = (ctx: BenchContext) =>
  once('rest-intent-read', async () => {
    const { payments, intentId } = await clients(ctx);
    return load(ctx, payments, { path: `/api/v1/payment-intents/${intentId}` });
  });

export async function ceilingScenario(ctx: BenchContext) {
  const { rate, cost } = await ceiling(ctx);
  rows.push({ scenario: 'ceiling', name: 'PostgreSQL ceiling (insert row + job, 32 conns)', value: round(rate), unit: 'commits/s', cost });
  const pg = await pgbenchCeiling(ctx);
  rows.push({
    scenario: 'ceiling',
    name: `PostgreSQL ceiling, pgbench: the accept path's statements, ${pg.clients} clients`,
    value: round(pg.rate),
    unit: 'tx/s',
    detail: { driver: pg.driver },
    cost: pg.cost,
  });
}

export async function restScenario(ctx: BenchContext) {
  const limit = (await ceiling(ctx)).rate;
  // A failed pgbench (its own row says why) leaves the REST figures without that ratio, not lost.
  const pg = await pgbenchCeiling(ctx).catch(() => ({ rate: NaN }));
  const { relay } = await clients(ctx);
  const sms = await load(ctx, relay, { path: '/api/v1/sms/send', method: 'POST', body: smsBody });
  const intents = await restIntents(ctx);
  for (const [path, result] of [['POST /api/v1/sms/send', sms], ['POST /api/v1/payment-intents', intents]] as const) {
    rows.push({
      scenario: 'rest',
      name: `REST accept ${path}`,
      value: round(result.rps),
      unit: 'req/s',
      baseline: { name: 'ceiling', value: round(limit) },
      target: '≥ 0.5× pgbench',
      pass: result.rps >= 0.5 * pg.rate && result.errors === 0,
      detail: { p50_ms: result.p50, p99_ms: result.p99, errors: result.errors, pgbench_ratio: round(result.rps / pg.rate, 2), ...result.cpu },
      cost: result.cost,
    });
  }
}

export async function graphqlScenario(ctx: BenchContext) {
  const { payments, intentId } = await clients(ctx);
  const rest = await restIntents(ctx);
  await expectGraphql(payments, intentMutation);
  const create = await load(ctx, payments, { path: '/graphql', method: 'POST', body: { query: intentMutation } });
  rows.push({
    scenario: 'graphql',
    name: 'GraphQL createPaymentIntent mutation',
    value: round(create.rps),
    unit: 'req/s',
    baseline: { name: 'REST POST /api/v1/payment-intents', value: round(rest.rps) },
    detail: { p50_ms: create.p50, p99_ms: create.p99, errors: create.errors, ...create.cpu },
    cost: create.cost,
  });
  const restRead = await restIntentRead(ctx);
  const readQuery = `{ paymentIntent(id: "${intentId}") { id status amount currency title customerName createdAt } }`;
  await expectGraphql(payments, readQuery);
  const read = await load(ctx, payments, { path: '/graphql', method: 'POST', body: { query: readQuery } });
  rows.push({
    scenario: 'graphql',
    name: 'GraphQL paymentIntent(id) query',
    value: round(read.rps),
    unit: 'req/s',
    baseline: { name: 'REST GET /api/v1/payment-intents/:id', value: round(restRead.rps) },
    detail: { p50_ms: read.p50, p99_ms: read.p99, errors: read.errors, rest_p50_ms: restRead.p50, rest_p99_ms: restRead.p99, ...read.cpu },
    cost: read.cost,
  });
}
