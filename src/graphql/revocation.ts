import type { Principal } from '../core/auth.ts';

/** Longer than the auth cache keeps a key (src/core/auth.ts, 30 s). */
const REMEMBER_REVOKED_MS = 60_000;

/**
 * Ends the open subscriptions of a key when it is revoked, or of a panel session when it signs
 * out (its keyId is `session:…`). Both publish `apiKeyRevoked`, which reaches every gateway through
 * LISTEN/NOTIFY, so each gateway ends the subscriptions it holds, whatever their transport.
 */
export function createSubscriptionRevoker(events: EventTarget) {
  const open = new Map<string, Set<() => void>>();
  // Revoked lately: a subscription authenticated just before the revocation may start just after
  // it; it is ended at once. Kept as long as a gateway may still hold the key in its auth cache.
  const recentlyRevoked = new Map<string, number>();
  events.addEventListener('apiKeyRevoked:all', (event) => {
    const { keyId } = (event as CustomEvent<{ keyId: string }>).detail;
    const now = Date.now();
    for (const [revokedKey, at] of recentlyRevoked) if (now - at > REMEMBER_REVOKED_MS) recentlyRevoked.delete(revokedKey);
    recentlyRevoked.set(keyId, now);
    const enders = open.get(keyId);
    open.delete(keyId);
    for (const end of enders ?? []) end();
  });

  /**
   * The results of `source` until the principal is revoked; then `final()` (an `unauthorized`
   * error result) and the end, which closes the SSE stream or completes the graphql-ws subscription.
   */
  function untilRevoked<T>(source: AsyncIterable<T>, principal: Principal | undefined, final: () => T): AsyncIterableIterator<T> {
    const iterator = source[Symbol.asyncIterator]();
    if (!principal) return iterator as AsyncIterableIterator<T>;
    const keyId = principal.keyId;
    let finished = false;
    let revoked = false;
    // The `next()` in progress, answered by the source or by the revocation, whichever comes first;
    // once revoked, nothing more of the source. (A Promise.race of the source's next() with a
    // revocation promise gave an event the source already had, when revoked before that next().)
    let waiting: ((result: IteratorResult<T>) => void) | undefined;
    const release = () => {
      finished = true;
      const current = open.get(keyId);
      current?.delete(revoke);
      if (current?.size === 0) open.delete(keyId);
    };
    /** The final result, once: the source is ended and the subscription with it. */
    const ending = (): IteratorResult<T> => {
      release();
      void iterator.return?.();
      return { done: false, value: final() };
    };
    function revoke() {
      revoked = true;
      if (!waiting) return;
      const resolve = waiting;
      waiting = undefined;
      resolve(ending());
    }
    const enders = open.get(keyId) ?? new Set();
    enders.add(revoke);
    open.set(keyId, enders);
    if (recentlyRevoked.has(keyId)) revoke();
    const wrapped: AsyncIterableIterator<T> = {
      next() {
        if (finished) return Promise.resolve({ done: true, value: undefined });
        if (revoked) return Promise.resolve(ending());
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          waiting = resolve;
          iterator.next().then(
            (step) => {
              if (waiting !== resolve) return;
              waiting = undefined;
              if (step.done) release();
              resolve(step);
            },
            (error: unknown) => {
              if (waiting !== resolve) return;
              waiting = undefined;
              reject(error);
            },
          );
        });
      },
      async return() {
        release();
        await iterator.return?.();
        return { done: true, value: undefined };
      },
      async throw(error: unknown) {
        release();
        if (iterator.throw) return iterator.throw(error);
        throw error;
      },
      [Symbol.asyncIterator]: () => wrapped,
    };
    return wrapped;
  }

  return { untilRevoked };
}
