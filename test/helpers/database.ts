import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh, migrated database of its own for the calling test file. */
export async function createTestDatabase(): Promise<string> {
  const templateUrl = new URL(inject('templateUrl'));
  const template = templateUrl.pathname.slice(1);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    // CREATE DATABASE … TEMPLATE needs the template idle; files start together, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${admin.escapeIdentifier(template)}`);
        break;
      } catch (error) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database with nothing in it, for tests of the migration runner itself. */
export async function createEmptyDatabase(): Promise<string> {
  const templateUrl = new URL(inject('templateUrl'));
  const name = `empty_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
