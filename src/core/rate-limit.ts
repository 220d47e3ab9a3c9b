import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { batcher } from './batch.ts';
import { YarrowError } from './errors.ts';

/**
 * Spends points (one per call unless told) from a PostgreSQL-backed limiter, so a budget holds
 * across every process. A key's counter is one row that every request updates: calls for the same
 * key that arrive together spend their points in one update (`batcher`) instead of queueing on the
 * row one by one. The outcome is the same as one call after another in arrival order: while the
 * budget lasts a call passes, after that it is refused with the limiter's `RateLimiterRes`.
 */
export function pointSpender(limiter: RateLimiterPostgres) {
  const spend = batcher(async (calls: Array<{ key: string; points: number }>): Promise<Array<RateLimiterRes | null>> => {
    const totals = new Map<string, number>();
    for (const { key, points } of calls) totals.set(key, (totals.get(key) ?? 0) + points);
    const refusals = new Map<string, { available: number; refusal: RateLimiterRes }>();
    await Promise.all(
      [...totals].map(async ([key, points]) => {
        try {
          await limiter.consume(key, points);
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          // The counter now includes these points: calls whose points fit before the limit pass.
          refusals.set(key, { available: Math.max(0, limiter.points - (rejection.consumedPoints - points)), refusal: rejection });
        }
      }),
    );
    return calls.map(({ key, points }) => {
      const refused = refusals.get(key);
      if (!refused) return null;
      if (points <= refused.available) {
        refused.available -= points;
        return null;
      }
      refused.available = 0;
      return refused.refusal;
    });
  });
  return async (key: string, points = 1): Promise<void> => {
    const refusal = await spend({ key, points });
    if (refusal) throw refusal;
  };
}

/**
 * A limiter's refusal (`RateLimiterRes`) as the `rate_limited` error clients see, with the
 * Retry-After header and `message(seconds)` naming what was limited; any other error as it was.
 */
export function asRateLimited(rejection: unknown, message: (retryAfterSeconds: number) => string): unknown {
  if (!(rejection instanceof RateLimiterRes)) return rejection;
  const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  return new YarrowError('rate_limited', message(retryAfter), { headers: { 'Retry-After': String(retryAfter) } });
}
