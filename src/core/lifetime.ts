import type { Logger } from './logger.ts';

/**
 * A process's lifetime, from `openRuntime` to its stop. Periodic database work (a presence pass, a
 * sweep) runs through `every`, so that a stop starts no new run: the process closes its pool after
 * the runs under way have ended, and no run starts a transaction on a closing pool (that logged
 * "Unable to start a transaction" at error level on a plain Ctrl-C). Other waits (a retry's delay, a
 * probe) take `signal`.
 */
export class Lifetime {
  readonly #ending = new AbortController();
  readonly #running = new Set<Promise<unknown>>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Aborted once the process has begun to stop. */
  get signal(): AbortSignal {
    return this.#ending.signal;
  }

  get ended(): boolean {
    return this.#ending.signal.aborted;
  }

  /**
   * Runs `task` every `intervalMs` until the stop, never two runs at once (a run that outlasts the
   * interval skips the ticks it overlaps). A failed run is logged with `failure` at error level; one
   * that failed because the database is away is the outage's one line (`DatabaseOutage`), not this.
   */
  every(intervalMs: number, failure: string, task: () => Promise<unknown>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running || this.ended) return;
      running = true;
      // Through a promise, so that a task that throws before its first await is logged too.
      const run = Promise.resolve()
        .then(task)
        .catch((error) => this.#logger.error({ err: error }, failure))
        .finally(() => {
          running = false;
          this.#running.delete(run);
        });
      this.#running.add(run);
    }, intervalMs);
    // Periodic work does not keep a process alive on its own; the stop clears it.
    timer.unref();
    this.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  }

  /** Begins the stop: no periodic run starts from now on; resolves once the runs under way have ended. */
  async end(): Promise<void> {
    this.#ending.abort();
    await Promise.allSettled([...this.#running]);
  }
}
