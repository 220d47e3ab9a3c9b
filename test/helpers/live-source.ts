/**
 * A live source as `ctx.pubsub.subscribe` gives one, driven by hand: events pushed in, `return()`
 * ends it and answers any waiting `next()`; `ended` says whether it was ended.
 */
export function liveSource<T>() {
  const queued: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | undefined;
  let ended = false;
  const iterator: AsyncIterableIterator<T> = {
    next: () => {
      if (queued.length > 0) return Promise.resolve({ done: false, value: queued.shift()! });
      if (ended) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: () => {
      ended = true;
      waiting?.({ done: true, value: undefined });
      waiting = undefined;
      return Promise.resolve({ done: true, value: undefined });
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return {
    iterator,
    push(value: T) {
      if (!waiting) return void queued.push(value);
      const resolve = waiting;
      waiting = undefined;
      resolve({ done: false, value });
    },
    get ended() {
      return ended;
    },
  };
}
