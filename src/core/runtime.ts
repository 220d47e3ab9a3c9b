import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Lifetime } from './lifetime.ts';
import type { Logger } from './logger.ts';
import type { SharedHelpers } from './per-runtime.ts';
import type { ModuleRegistry } from './module.ts';
import type { Boss } from './queue.ts';

/** What every domain service needs from the running process. */
export interface Runtime {
  config: Config;
  db: Database;
  /** pg-boss, with the modules' queues. */
  boss: Boss;
  logger: Logger;
  /** What the process makes once and shares: group-commit batchers, rate limiters (`perRuntime`). */
  shared: SharedHelpers;
  /** What the modules declare (scopes, event names, queues, error codes), from the list `openRuntime` was given. */
  modules: ModuleRegistry;
  /** Until the process stops: periodic database work runs through `lifetime.every`, so a stop starts none. */
  lifetime: Lifetime;
}
