import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/core/migrate.ts';
import { modules } from '../../src/modules.ts';
import { createEmptyDatabase, createTestDatabase } from '../helpers/database.ts';
import { diffSchema } from '../helpers/schema-diff.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  it('build exactly the schema in schema.prisma', async () => {
    const url = await createTestDatabase();
    expect(await diffSchema(url)).toEqual([]);
  });

  it('notice a forgotten column, a wrong type and a missing index', async () => {
    const url = await createTestDatabase();
    await query(url, 'ALTER TABLE api_keys DROP COLUMN label');
    await query(url, 'ALTER TABLE accounts ALTER COLUMN name DROP NOT NULL');
    await query(url, 'DROP INDEX api_keys_account_id_created_at_idx');
    await query(url, 'ALTER TABLE idempotency_keys ALTER COLUMN response_status TYPE bigint');
    // --- relay ---
    await query(url, 'DROP INDEX recipients_phone_digits_trgm_idx');
    await query(url, 'CREATE INDEX recipients_phone_digits_trgm_idx ON recipients (phone_digits)');
    const problems = await diffSchema(url);
    expect(problems).toContain('column api_keys.label (ApiKey.label) is missing');
    expect(problems).toContain('column accounts.name is nullable, schema says NOT NULL');
    expect(problems).toContain('normal index on api_keys(account_id, created_at) is missing');
    expect(problems).toContain('column idempotency_keys.response_status has type int8, schema says int4');
    // --- relay ---
    expect(problems).toContain('index on recipients(phone_digits) uses btree, schema says gin');
  });

  it('record themselves in _prisma_migrations the way Prisma does', async () => {
    const url = await createTestDatabase();
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(
      readMigrations().map((migration) => [migration.name, migration.checksum]),
    );
    expect(rows.every((row) => row.finished_at !== null && row.applied_steps_count === 1)).toBe(true);
  });

  it('are applied once when two processes migrate at the same moment', async () => {
    const url = await createEmptyDatabase();
    const [first, second] = await Promise.all([migrate(url, modules), migrate(url, modules)]);
    const names = readMigrations().map((migration) => migration.name);
    expect([...first, ...second].sort()).toEqual(names.sort());
    const rows = await query<{ count: string }>(url, 'SELECT count(*) FROM _prisma_migrations');
    expect(Number(rows[0]!.count)).toBe(names.length);
    expect(await diffSchema(url)).toEqual([]);
    expect(await migrate(url, modules)).toEqual([]);
  });
});
