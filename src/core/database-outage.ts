import { setTimeout as delay } from 'node:timers/promises';
import { isDatabaseUnavailable } from './errors.ts';
import type { Lifetime } from './lifetime.ts';
import type { Logger } from './logger.ts';

/** How often a process whose database is away checks whether it is back. */
const PROBE_INTERVAL_MS = 1_000;

/** A pool with no free connection in time: the database is busy, not away (unless it already is). */
const busyCodes = new Set(['P2024', 'P2028']);
/** What work still running meets once its process has closed its pools in a stop. */
const closedByStop = /after calling end on the pool|Client was closed|pool is ending|Connection terminated/i;

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && codes.has(code)) return true;
    current = cause;
  }
  return false;
}

/** The error's first line (pg-boss hands over plain objects with a `message`, not Errors). */
function firstLine(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return String(typeof message === 'string' ? message : error).split('\n')[0]!.trim();
}

/**
 * One process's view of its database going away and coming back. While it is away every pg-boss
 * poll, pass and sweep fails (about 25 error lines a second in a worker process): instead, the
 * process logs one error line when it goes and one info line when it is back, found by a probe
 * every second. The logger asks `absorbs` about each warning or error that carries an `err`
 * (`createLogger`'s `absorbs`): those it absorbs are written at debug level.
 *
 * Once the process has begun to stop, errors of work that met its closing pools are absorbed too:
 * a stop is not an error.
 */
export class DatabaseOutage {
  #since: number | undefined;
  readonly #logger: Logger;
  readonly #probe: () => Promise<unknown>;
  readonly #lifetime: Lifetime;

  constructor(options: { logger: Logger; probe: () => Promise<unknown>; lifetime: Lifetime }) {
    this.#logger = options.logger;
    this.#probe = options.probe;
    this.#lifetime = options.lifetime;
  }

  /** True while the database is away (from the first error that said so until a probe succeeds). */
  get away(): boolean {
    return this.#since !== undefined;
  }

  /** True when `error` is the database being away (noted: the caller's log line is not needed). */
  absorbs(error: unknown): boolean {
    if (this.#lifetime.ended) return isDatabaseUnavailable(error) || closedByStop.test(firstLine(error));
    if (!isDatabaseUnavailable(error)) return false;
    if (this.away) return true;
    if (hasCode(error, busyCodes)) return false;
    this.#since = Date.now();
    this.#logger.error({ reason: firstLine(error) }, 'database unavailable: waiting for it to come back');
    void this.#watch();
    return true;
  }

  async #watch() {
    while (!this.#lifetime.ended) {
      try {
        await delay(PROBE_INTERVAL_MS, undefined, { signal: this.#lifetime.signal, ref: false });
        await this.#probe();
      } catch {
        continue;
      }
      this.#logger.info({ awayMs: Date.now() - this.#since! }, 'database is back');
      this.#since = undefined;
      return;
    }
  }
}
