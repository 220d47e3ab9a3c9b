/**
 * The one way a subscription says "the current state, then live updates": `current()` first (when
 * given), then each live event through `next` (its result, or `undefined` to skip the event).
 *
 * `live` must already be listening when this is called (`ctx.pubsub.subscribe` listens as it
 * returns), so no change falls between listening and reading the current state; a change the read
 * already shows may arrive too, and `next` can drop it.
 *
 * An iterator of its own rather than an async generator: a generator waiting for the next event
 * would only see the client's `return()` once another event came, keeping the listener of an ended
 * subscription; here `return()` ends `live` at once. (Nor a Repeater: see `payloadsOf`'s cost note
 * in core/pubsub.ts.)
 */
export function currentThenLive<Event, Result>(
  live: AsyncIterator<Event>,
  options: {
    current?: () => Promise<Result>;
    next: (event: Event) => Result | undefined | Promise<Result | undefined>;
  },
): AsyncIterableIterator<Result> {
  let current = options.current;
  const end = async () => {
    await live.return?.();
  };
  const iterator: AsyncIterableIterator<Result> = {
    async next() {
      try {
        if (current) {
          const read = current;
          current = undefined;
          return { done: false, value: await read() };
        }
        for (;;) {
          const step = await live.next();
          if (step.done) return { done: true, value: undefined };
          const value = await options.next(step.value);
          if (value !== undefined) return { done: false, value };
        }
      } catch (error) {
        await end();
        throw error;
      }
    },
    async return() {
      await end();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * For a subscription that re-reads a state several topics can change (launch readiness): one
 * iterator that yields whenever any of `sources` has had an event since the last `next()`, the
 * latest such event (so the re-read can be `readOncePerEvent` of it). Events that arrive together,
 * or while the subscriber is still reading, count once. `return()` ends every source.
 */
export function anyEventOf(sources: Array<AsyncIterator<unknown>>): AsyncIterator<unknown> {
  let pending = false;
  let latest: unknown;
  let ended = false;
  let waiting: ((result: IteratorResult<unknown>) => void) | undefined;
  const settle = (result: IteratorResult<unknown>) => {
    const resolve = waiting;
    waiting = undefined;
    resolve?.(result);
  };
  const end = async () => {
    ended = true;
    settle({ done: true, value: undefined });
    await Promise.all(sources.map((source) => source.return?.()));
  };
  for (const source of sources) {
    void (async () => {
      try {
        for (let step = await source.next(); !step.done && !ended; step = await source.next()) {
          if (waiting) settle({ done: false, value: step.value });
          else {
            pending = true;
            latest = step.value;
          }
        }
      } catch {
        // A source that failed stops counting; the others still do.
      }
    })();
  }
  return {
    next: () => {
      if (ended) return Promise.resolve({ done: true, value: undefined });
      if (pending) {
        pending = false;
        return Promise.resolve({ done: false, value: latest });
      }
      return new Promise((resolve) => (waiting = resolve));
    },
    return: async () => {
      await end();
      return { done: true, value: undefined };
    },
  };
}

/** Per live event object, the reads made for it by key; dropped with the event. */
const eventReads = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * A read a subscription makes for a live event, made once for every subscriber of this gateway
 * that asks with the same `key` for the same event (one event object reaches every listener of its
 * topic): fan-out to n subscribers costs one query per event, not n. The key says what the read
 * depends on beyond the event (the account whose rows it reads); the result is shared, so callers
 * must not change it.
 */
export function readOncePerEvent<T>(event: unknown, key: string, read: () => Promise<T>): Promise<T> {
  if (typeof event !== 'object' || event === null) return read();
  let reads = eventReads.get(event);
  if (!reads) {
    reads = new Map();
    eventReads.set(event, reads);
  }
  let result = reads.get(key) as Promise<T> | undefined;
  if (!result) {
    result = read();
    reads.set(key, result);
  }
  return result;
}
