// The PostgreSQL-side ceiling (issue 16): pgbench, 16 clients, against the bench's own embedded
// server, running what `POST /api/v1/sms/send` commits: the message row with its live event
// (`insertQueuedMessages`, src/relay/messages/plans.ts) and the routing workers' wake-up NOTIFY
// (`relayQueued`, which replaced a pg-boss job per send in round 4), in one transaction. pgbench from the PATH or Debian's postgresql-client (installed with apt-get
// when the bench may), else the same script in a loop of plain `pg` clients.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RELAY_WAKE_CHANNEL } from '../src/relay/messages/wake.ts';
import { costOf, cpuMeter, sizes, type BenchContext, type Cost } from './support.ts';

export const pgbenchClients = 16;

export interface PgbenchResult {
  rate: number;
  clients: number;
  /** Which ran: `pgbench <version>`, or `pg loop` when no pgbench could be found or installed. */
  driver: string;
  cost: Cost;
}

/**
 * A text value pgbench leaves alone: it reads `:name` in a script as a variable, and JSON holds
 * `"accountId":1`. Decoding a few hundred bytes is nothing beside the insert.
 */
export function opaque(text: string): string {
  return `convert_from(decode('${Buffer.from(text).toString('base64')}', 'base64'), 'UTF8')`;
}

/** One accepted send: the statement of `insertQueuedMessages` for one row, with its two NOTIFYs. */
export function acceptScript(accountId: number): string {
  const event = JSON.stringify({ kind: 'messageUpdated', accountId, payload: { id: 'msg_pgbench', state: 'queued', to: '+33612345678', at: new Date().toISOString() } });
  const wake = JSON.stringify({ topic: 'relayQueued:all', payload: { accountId } });
  const message = `WITH inserted AS (
  INSERT INTO messages (id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, max_attempts,
                        failed_device_ids, reference, batch_id, expires_at, next_attempt_at, queued_at, updated_at)
  SELECT m.id, m.account_id, m.to_number, m.body, m.sealed_body, m.encoding, m.segments, m.requested_device_id,
         3, '{}', m.reference, m.batch_id, m.expires_at, now(), now(), now()
  FROM unnest(ARRAY['msg_' || gen_random_uuid()]::text[], ARRAY[${accountId}]::int[], ARRAY['+33612345678']::text[],
              ARRAY['Your order shipped.']::text[], ARRAY[NULL]::text[], ARRAY['gsm7']::text[], ARRAY[1]::int[], ARRAY[NULL]::text[],
              ARRAY[NULL]::text[], ARRAY[NULL]::text[], ARRAY[now() + interval '1 day']::timestamptz[])
    AS m(id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, reference, batch_id, expires_at)
  RETURNING 1
), notified AS (SELECT pg_notify('yarrow_events', event) FROM unnest(ARRAY[${opaque(event)}]::text[]) WITH ORDINALITY AS e(event, n) ORDER BY n)
, woken AS (SELECT pg_notify('${RELAY_WAKE_CHANNEL}', ${opaque(wake)}))
SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM notified)::int AS notified, (SELECT count(*) FROM woken)::int AS woken`;
  // pgbench reads one statement per line unless it ends with `;` — keep each on one line.
  const oneLine = (sql: string) => `${sql.replace(/\s*\n\s*/g, ' ').trim()};`;
  return ['BEGIN;', oneLine(message), 'COMMIT;', ''].join('\n');
}

/** pgbench on the PATH, in a Debian PostgreSQL bin dir, or installed with apt-get when root. */
function findPgbench(): string | undefined {
  const found = () => {
    const onPath = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout.trim();
    if (onPath) return onPath;
    const lib = '/usr/lib/postgresql';
    if (!existsSync(lib)) return undefined;
    return readdirSync(lib).map((version) => join(lib, version, 'bin/pgbench')).find((path) => existsSync(path));
  };
  const path = found();
  if (path || process.getuid?.() !== 0) return path;
  console.log('bench: pgbench missing, installing postgresql-client with apt-get…');
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client'], { stdio: 'inherit' });
  return install.status === 0 ? found() : undefined;
}

/** Without pgbench: the same script's statements over `clients` plain connections, as fast as they go. */
async function loop(databaseUrl: string, script: string, clients: number): Promise<number> {
  const statements = script.split('\n').filter(Boolean);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  let transactions = 0;
  const deadline = Date.now() + sizes.seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = await pool.connect();
      while (Date.now() < deadline) {
        for (const statement of statements) await client.query(statement);
        transactions++;
      }
      client.release();
    }),
  );
  await pool.end();
  return transactions;
}

/** Transactions per second of the accept path's statements, `pgbenchClients` clients, `BENCH_SECONDS`. */
export async function measurePgbench(ctx: BenchContext, accountId: number): Promise<PgbenchResult> {
  const script = acceptScript(accountId);
  const dir = mkdtempSync(join(tmpdir(), 'yarrow-pgbench-'));
  const file = join(dir, 'accept.sql');
  writeFileSync(file, script);
  const pgbench = findPgbench();
  try {
    const meter = cpuMeter({}, ctx.postmasterPid);
    if (pgbench) {
      const version = execFileSync(pgbench, ['--version'], { encoding: 'utf8' }).trim().replace(/^pgbench \(PostgreSQL\) /, '');
      const run = spawnSync(
        pgbench,
        ['-n', '-M', 'prepared', '-c', String(pgbenchClients), '-j', '2', '-T', String(sizes.seconds), '-f', file, ctx.databaseUrl],
        { encoding: 'utf8' },
      );
      const window = meter();
      const processed = Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0);
      const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1]);
      if (run.status !== 0 || !Number.isFinite(tps) || failed > 0) throw new Error(`pgbench failed (${run.status}): ${run.stderr.slice(0, 500)}${run.stdout.slice(-300)}`);
      return { rate: tps, clients: pgbenchClients, driver: `pgbench ${version}`, cost: costOf(window, processed, 'tx') };
    }
    const transactions = await loop(ctx.databaseUrl, script, pgbenchClients);
    return { rate: transactions / sizes.seconds, clients: pgbenchClients, driver: 'pg loop (no pgbench)', cost: costOf(meter(), transactions, 'tx') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // Its messages would be dispatched to nobody and weigh on the scenarios after it.
    const cleanup = new pg.Client({ connectionString: ctx.databaseUrl });
    await cleanup.connect();
    await cleanup.query('DELETE FROM messages WHERE account_id = $1', [accountId]);
    await cleanup.end();
  }
}

let measured: Promise<PgbenchResult> | undefined;
/** Measured once per run, by whichever scenario asks first. */
export function pgbenchCeiling(ctx: BenchContext): Promise<PgbenchResult> {
  measured ??= ctx.newAccount('Bench pgbench').then((account) => measurePgbench(ctx, account.accountId));
  return measured;
}
