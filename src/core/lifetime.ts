import type { Logger } from './logger.ts';

/**
 * A process's lifetime, from `openRuntime` to its stop. Every timer that starts database work is
 * the lifetime's: periodic work (a presence pass, a sweep) runs through `every`, a one-off wake-up
 * (an account's next drain) through `after`, and work started by something else (a NOTIFY) through
 * `run`; so a stop starts no new run: the process closes its pool after the runs under way have
 * ended, and no run starts a transaction on a closing pool (that logged "Unable to start a
 * transaction" at error level on a plain Ctrl-C). What must close before the pool (a LISTEN
 * connection that would start work) registers with `onEnd`. Other waits (a retry's delay, a probe)
 * take `signal`.
 */
export class Lifetime {
  readonly #ending = new AbortController();
  readonly #running = new Set<Promise<unknown>>();
  readonly #endHooks: Array<() => Promise<void>> = [];
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
    if (this.ended) return;
    let running = false;
    const timer = setInterval(() => {
      if (running || this.ended) return;
      running = true;
      // Through a promise, so that a task that throws before its first await is logged too.
      this.#hold(
        Promise.resolve()
          .then(task)
          .catch((error) => this.#logger.error({ err: error }, failure))
          .finally(() => (running = false)),
      );
    }, intervalMs);
    // Periodic work does not keep a process alive on its own; the stop clears it.
    timer.unref();
    this.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  }

  /**
   * Calls `task` once after `delayMs`, unless the stop comes first: the stop clears the timer. The
   * answer cancels it. `task` starts its work through `run` if the stop must wait for it.
   */
  after(delayMs: number, task: () => void): () => void {
    if (this.ended) return () => {};
    const cancel = () => {
      clearTimeout(timer);
      this.signal.removeEventListener('abort', cancel);
    };
    const timer = setTimeout(() => {
      cancel();
      if (!this.ended) task();
    }, delayMs);
    // As for `every`: a wake-up does not keep a process alive on its own.
    timer.unref();
    this.signal.addEventListener('abort', cancel, { once: true });
    return cancel;
  }

  /**
   * Starts `task` now unless the stop has begun (then it does nothing and answers false); the stop
   * waits for it to end. A failure is logged with `failure` at error level, as for `every`.
   */
  run(failure: string, task: () => Promise<unknown>): boolean {
    if (this.ended) return false;
    this.#hold(
      Promise.resolve()
        .then(task)
        .catch((error) => this.#logger.error({ err: error }, failure)),
    );
    return true;
  }

  /** Something to close when the stop begins, before the pool closes (a LISTEN connection); the stop waits for it. */
  onEnd(hook: () => Promise<void>): void {
    this.#endHooks.push(hook);
  }

  /** Begins the stop: no timer's run starts from now on; resolves once the runs under way have ended. */
  async end(): Promise<void> {
    this.#ending.abort();
    await Promise.allSettled(this.#endHooks.map((hook) => hook()));
    await Promise.allSettled([...this.#running]);
  }

  /** The stop waits for `work`. */
  #hold(work: Promise<unknown>): void {
    const held = work.finally(() => this.#running.delete(held));
    this.#running.add(held);
  }
}
