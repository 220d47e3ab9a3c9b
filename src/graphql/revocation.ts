import type { Principal } from '../core/auth.ts';

const revokedMark = Symbol('revoked');
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
    let revoke!: () => void;
    const revoked = new Promise<typeof revokedMark>((resolve) => (revoke = () => resolve(revokedMark)));
    const enders = open.get(keyId) ?? new Set();
    enders.add(revoke);
    open.set(keyId, enders);
    if (recentlyRevoked.has(keyId)) revoke();
    const release = () => {
      finished = true;
      const current = open.get(keyId);
      current?.delete(revoke);
      if (current?.size === 0) open.delete(keyId);
    };
    const wrapped: AsyncIterableIterator<T> = {
      async next() {
        if (finished) return { done: true, value: undefined };
        const outcome = await Promise.race([iterator.next(), revoked]);
        if (outcome === revokedMark) {
          release();
          void iterator.return?.();
          return { done: false, value: final() };
        }
        if (outcome.done) release();
        return outcome;
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
