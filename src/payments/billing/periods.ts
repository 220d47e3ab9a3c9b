import type { Price } from '../../generated/prisma/client.ts';
import type { PriceInterval } from './catalog.ts';

// Billing periods, in the account's time. A month is a calendar month on the same day and time
// (the 31st of January → the 28th or 29th of February, as at Stripe), a year twelve of them.

export const DAY_MS = 86_400_000;
/** How long before a renewal `invoice.upcoming` is sent, and before a trial ends `trial_will_end`. */
export const REMINDER_MS = 3 * DAY_MS;
/** An incomplete subscription's first invoice may be paid for this long before it expires. */
export const INCOMPLETE_EXPIRY_MS = 23 * 3_600_000;

/** A billing period: from its start (included) to its end, when the next begins. */
export interface Period {
  start: Date;
  end: Date;
}

export function addInterval(from: Date, interval: PriceInterval, count: number): Date {
  if (interval === 'day') return new Date(from.getTime() + count * DAY_MS);
  if (interval === 'week') return new Date(from.getTime() + count * 7 * DAY_MS);
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** The period after one that ends at `start`, for a subscription of this price's interval. */
export function periodFrom(start: Date, recurring: Pick<Price, 'interval' | 'intervalCount'>) {
  return { start, end: addInterval(start, recurring.interval as PriceInterval, recurring.intervalCount) };
}
