import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// Migrating creates every module's queues.
import { modules } from '../../src/modules.ts';
import { startEmbeddedPostgres } from '../../src/core/embedded-postgres.ts';
import { createLogger } from '../../src/core/logger.ts';
import { migrate } from '../../src/core/migrate.ts';
import { chromiumLaunch, type ChromiumLaunch } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateUrl: string;
    /** How the browser tests launch Chromium (./chromium.ts). */
    chromium: ChromiumLaunch;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The browser tests' Chromium, inflated once before any test file starts; one embedded PostgreSQL
 * for the whole run (or TEST_DATABASE_URL's server), with a migrated template database that every
 * test file clones into a database of its own.
 */
export default async function setup(project: TestProject) {
  // The suite starts a few hundred Node processes (workers, gateways, simulated phones, `npm start`),
  // each loading much of the same code: with Node's compile cache on disk the second and later ones
  // skip compiling it (about 40 % of a process's load time). Vitest's forks and every process a test
  // starts inherit this environment; an explicit NODE_COMPILE_CACHE (or NODE_DISABLE_COMPILE_CACHE) wins.
  process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, '../../node_modules/.cache/node-compile-cache');
  project.provide('chromium', await chromiumLaunch());
  const external = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let templateUrl: string;
  if (external) {
    templateUrl = external;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-test-pg-'));
    const database = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'yarrow_template',
      logger: createLogger('warn', 'test-postgres'),
      // Durability is not under test; speed is welcome.
      extraFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    });
    templateUrl = database.url;
    stop = async () => {
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  await migrate(templateUrl, modules);
  project.provide('templateUrl', templateUrl);
  return stop;
}
