import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/core/embedded-postgres.ts';
import { createLogger } from '../src/core/logger.ts';
import { freePort } from '../test/helpers/global-setup.ts';
const database = await startEmbeddedPostgres({ dataDir: mkdtempSync(join(tmpdir(), 'exp-')), port: await freePort(), logger: createLogger('warn', 'x'), database: 'x' });
const pool = new pg.Pool({ connectionString: database.url, max: 32 });
pool.on('error', () => {});
await pool.query('CREATE TABLE t (id bigserial primary key, body jsonb)');
async function run(label: string, body: (c: pg.PoolClient) => Promise<void>, conns = 32) {
  let n = 0; const deadline = Date.now() + 4000;
  await Promise.all(Array.from({ length: conns }, async () => { const c = await pool.connect(); while (Date.now() < deadline) { await body(c); n++; } c.release(); }));
  console.log(label, Math.round(n / 4), '/s');
}
for (let r = 0; r < 2; r++) {
await run('insert + in-tx notify', async (c) => { await c.query('BEGIN'); await c.query('INSERT INTO t(body) VALUES ($1)', [{a:1}]); await c.query("SELECT pg_notify('x', 'y')"); await c.query('COMMIT'); });
await run('insert, notify after commit', async (c) => { await c.query('BEGIN'); await c.query('INSERT INTO t(body) VALUES ($1)', [{a:1}]); await c.query('COMMIT'); await c.query("SELECT pg_notify('x', 'y')"); });
await run('insert only', async (c) => { await c.query('BEGIN'); await c.query('INSERT INTO t(body) VALUES ($1)', [{a:1}]); await c.query('COMMIT'); });
}
await pool.end(); await database.stop(); process.exit(0);
