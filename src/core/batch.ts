import type { Database, DbClient } from './db.ts';
import { YarrowError } from './errors.ts';

/**
 * Group commit in the application: items that arrive while a flush runs wait and go together in
 * the next one, so a busy process writes many items per transaction and an idle one adds no delay
 * (a lone item flushes at once). Each caller gets its own item's result or error.
 *
 * `flush` returns one result per item, in order, and must not throw for one item's problem (put it
 * in that item's result). If a flush of several items throws anyway (a deadlock, a lost
 * connection), each item is flushed again on its own, so one item cannot fail the others.
 */
export function batcher<I, R>(flush: (items: I[]) => Promise<R[]>, options: { maxItems?: number } = {}) {
  const maxItems = options.maxItems ?? 100;
  let waiting: Array<{ item: I; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  let flushing = false;

  async function settle(batch: typeof waiting) {
    try {
      const results = await flush(batch.map((entry) => entry.item));
      for (const [i, entry] of batch.entries()) entry.resolve(results[i]!);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const entry of batch) await settle([entry]);
    }
  }

  async function drain() {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxItems);
      waiting = waiting.slice(maxItems);
      await settle(batch);
    }
    flushing = false;
  }

  return (item: I): Promise<R> =>
    new Promise((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void drain();
    });
}

/**
 * `batcher` for requests that each write in a transaction: the requests that arrive while one
 * transaction runs share the next. `write` returns, per item, its result or the YarrowError that
 * refused it, and a refused item must have written nothing, so the others still commit. Each
 * caller gets its own result, or its own error thrown.
 */
export function groupedTransactions<I, R>(db: Database, write: (tx: DbClient, items: I[]) => Promise<Array<R | YarrowError>>) {
  const run = batcher((items: I[]) => db.prisma.$transaction((tx) => write(tx, items)));
  return async (item: I): Promise<R> => {
    const result = await run(item);
    if (result instanceof YarrowError) throw result;
    return result;
  };
}
