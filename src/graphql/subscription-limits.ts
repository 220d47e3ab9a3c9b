import type { ExecutionResult } from 'graphql';
import type { Principal } from '../core/auth.ts';
import type { Config } from '../core/config.ts';
import { YarrowError } from '../core/errors.ts';

type Limits = Pick<Config, 'SUBSCRIPTIONS_PER_SOCKET' | 'SUBSCRIPTIONS_PER_KEY' | 'SUBSCRIPTIONS_PER_ACCOUNT'>;

/**
 * Caps on the subscriptions a gateway holds open: per WebSocket, per API key (or panel session) and
 * per account, counted while each subscription's stream is open, whatever its transport (an SSE
 * stream is one subscription; its connection is capped by the gateway's live-connection limits).
 * Each open subscription costs memory and work on every event of its topic, so one client cannot
 * take a gateway's share of every other tenant (8,000 subscriptions on one socket did).
 */
export function createSubscriptionLimits(limits: Limits) {
  const perKey = new Map<string, number>();
  const perAccount = new Map<number, number>();
  const perSocket = new WeakMap<object, number>();

  const bump = <K>(counts: { get(key: K): number | undefined; set(key: K, value: number): unknown; delete(key: K): unknown }, key: K, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };

  /** The refusal naming the limit reached, or undefined when one more subscription fits. */
  function refusal(principal: Principal | undefined, socket: object | undefined): YarrowError | undefined {
    const over = (what: string, limit: number, variable: string) =>
      new YarrowError('rate_limited', `${what} already holds ${limit} open subscriptions (${variable}); complete one before starting another.`);
    if (socket && (perSocket.get(socket) ?? 0) >= limits.SUBSCRIPTIONS_PER_SOCKET) return over('This WebSocket', limits.SUBSCRIPTIONS_PER_SOCKET, 'SUBSCRIPTIONS_PER_SOCKET');
    if (!principal) return undefined;
    if ((perKey.get(principal.keyId) ?? 0) >= limits.SUBSCRIPTIONS_PER_KEY) return over('This API key', limits.SUBSCRIPTIONS_PER_KEY, 'SUBSCRIPTIONS_PER_KEY');
    if ((perAccount.get(principal.accountId) ?? 0) >= limits.SUBSCRIPTIONS_PER_ACCOUNT) return over('This account', limits.SUBSCRIPTIONS_PER_ACCOUNT, 'SUBSCRIPTIONS_PER_ACCOUNT');
    return undefined;
  }

  /**
   * `source` counted against the caps until it ends, or, when a cap is reached, `source` ended at
   * once and `refused(error)` in its place (one error result: the client's subscribe fails).
   */
  function counted<T>(
    source: AsyncIterableIterator<T>,
    principal: Principal | undefined,
    socket: object | undefined,
    refused: (error: YarrowError) => ExecutionResult,
  ): AsyncIterableIterator<T> | ExecutionResult {
    const error = refusal(principal, socket);
    if (error) {
      void source.return?.();
      return refused(error);
    }
    const change = (by: number) => {
      if (socket) bump(perSocket, socket, by);
      if (principal) {
        bump(perKey, principal.keyId, by);
        bump(perAccount, principal.accountId, by);
      }
    };
    change(1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      change(-1);
    };
    const wrapped: AsyncIterableIterator<T> = {
      async next() {
        try {
          const step = await source.next();
          if (step.done) release();
          return step;
        } catch (failure) {
          release();
          throw failure;
        }
      },
      async return() {
        release();
        return (await source.return?.()) ?? { done: true, value: undefined };
      },
      async throw(failure: unknown) {
        release();
        if (source.throw) return source.throw(failure);
        throw failure;
      },
      [Symbol.asyncIterator]: () => wrapped,
    };
    return wrapped;
  }

  return { counted };
}
