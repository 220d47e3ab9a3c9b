/**
 * Runs the work given for one key one piece after another in this process (each starts when the
 * one before it settled), different keys side by side: for work of one account that would
 * otherwise wait in the database for the same row lock, each waiter holding a pooled connection
 * while it waits (a dozen at once took the pool from every other tenant). Waiting here holds none.
 */
export function oneAtATimePer<K>() {
  const running = new Map<K, Promise<unknown>>();
  return <T>(key: K, work: () => Promise<T>): Promise<T> => {
    const run = (running.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.then(
      () => {},
      () => {},
    );
    running.set(key, settled);
    void settled.then(() => {
      if (running.get(key) === settled) running.delete(key);
    });
    return run;
  };
}
