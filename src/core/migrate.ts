import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { advisoryKeyParams, coreLockNamespaces } from './locks.ts';
import { moduleRegistry, type Modules } from './module.ts';
import { createQueues, type QueueDefinition } from './queue.ts';

// Why not `prisma migrate deploy`: the Prisma 7 CLI executes a native schema-engine binary that it
// downloads on first use, and these machines (and many locked-down hosts) cannot reach its host.
// The SQL files keep Prisma's layout and we write Prisma's own `_prisma_migrations` rows, so the
// CLI, wherever it has its engine, sees exactly what was applied.

export const migrationsDir = join(import.meta.dirname, '../../prisma/migrations');

const createMigrationsTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations and installs the pg-boss schema and queues. Returns the names of the
 * migrations it applied. Safe to call from several processes at once.
 */
export async function migrate(url: string, modules: Modules, options: { dir?: string } = {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'yarrow-migrate' });
  await client.connect();
  const applied: string[] = [];
  try {
    // Two processes starting at once take turns.
    await client.query('SELECT pg_advisory_lock($1, $2)', advisoryKeyParams(coreLockNamespaces.migrations));
    await client.query(createMigrationsTable);
    const done = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const byName = new Map(done.rows.map((row) => [row.migration_name, row]));
    for (const migration of readMigrations(options.dir)) {
      const previous = byName.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was edited after it was applied (checksum differs).`);
        }
        continue;
      }
      if (previous) {
        throw new Error(`Migration ${migration.name} failed earlier and needs manual repair (see _prisma_migrations.logs).`);
      }
      const id = randomUUID();
      await client.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
        [id, migration.checksum, migration.name],
      );
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, String(error)]);
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    await installQueues(url, moduleRegistry(modules).queues);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, $2)', advisoryKeyParams(coreLockNamespaces.migrations)).catch(() => {});
    await client.end();
  }
  return applied;
}

/** pg-boss keeps its own schema (`pgboss`) and migrates it itself; queues are created here once. */
async function installQueues(url: string, queues: ReadonlyMap<string, QueueDefinition>) {
  const boss = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false, application_name: 'yarrow-migrate' });
  boss.on('error', () => {});
  await boss.start();
  try {
    await createQueues(boss, queues);
  } finally {
    await boss.stop({ graceful: false });
  }
}
