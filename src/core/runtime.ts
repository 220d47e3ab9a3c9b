import type { PgBoss } from 'pg-boss';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Logger } from './logger.ts';
import type { SharedHelpers } from './per-runtime.ts';

/** What every domain service needs from the running process. */
export interface Runtime {
  config: Config;
  db: Database;
  boss: PgBoss;
  logger: Logger;
  /** What the process makes once and shares: group-commit batchers, rate limiters (`perRuntime`). */
  shared: SharedHelpers;
}
