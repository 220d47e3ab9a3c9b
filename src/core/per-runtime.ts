// The one registry of what a process makes once and shares between its requests: group-commit
// batchers (`batch.ts`), rate limiters. A file declares its helper with `perRuntime(make)`; the
// helper is made on first use and kept on the runtime (`rt.shared`, created when the runtime is
// opened), so two runtimes in one process (a test's second gateway) never share one, and no file
// keeps a map of runtimes of its own.
import type { Runtime } from './runtime.ts';

/** A runtime's shared helpers, each made once, on first use. */
export class SharedHelpers {
  readonly #made = new Map<object, unknown>();

  of<T>(key: object, make: () => T): T {
    if (!this.#made.has(key)) this.#made.set(key, make());
    return this.#made.get(key) as T;
  }
}

/**
 * Declares a helper made once per runtime: `const sends = perRuntime((rt) => groupedTransactions(…))`,
 * then `sends(rt)` wherever it is used.
 */
export function perRuntime<R extends Pick<Runtime, 'shared'>, T>(make: (rt: R) => T): (rt: R) => T {
  const helper = (rt: R): T => rt.shared.of(helper, () => make(rt));
  return helper;
}
