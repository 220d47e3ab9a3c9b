import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { batcher } from './batch.ts';

/**
 * Spends one point per call from a PostgreSQL-backed limiter, so a budget holds across every
 * process. A key's counter is one row that every request updates: calls for the same key that
 * arrive together spend their points in one update (`batcher`) instead of queueing on the row
 * one by one. The outcome is the same as one call after another in arrival order: while the
 * budget lasts a call passes, after that it is refused with the limiter's `RateLimiterRes`.
 */
export function pointSpender(limiter: RateLimiterPostgres) {
  const spend = batcher(async (keys: string[]): Promise<Array<RateLimiterRes | null>> => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    const refusals = new Map<string, { passing: number; refusal: RateLimiterRes }>();
    await Promise.all(
      [...counts].map(async ([key, points]) => {
        try {
          await limiter.consume(key, points);
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          // The counter now includes these points: those that fit before the limit pass.
          refusals.set(key, { passing: Math.max(0, limiter.points - (rejection.consumedPoints - points)), refusal: rejection });
        }
      }),
    );
    const seen = new Map<string, number>();
    return keys.map((key) => {
      const position = seen.get(key) ?? 0;
      seen.set(key, position + 1);
      const refused = refusals.get(key);
      return refused && position >= refused.passing ? refused.refusal : null;
    });
  });
  return async (key: string): Promise<void> => {
    const refusal = await spend(key);
    if (refusal) throw refusal;
  };
}
