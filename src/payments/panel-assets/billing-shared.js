// What Billing's panel pages share: each subscription status's human name and badge tone, and a price in words.

/** Each status's human name and badge tone (GraphQL's enum values). */
export const subscriptionStatuses = {
  TRIALING: { label: 'Trialing', tone: 'neutral' },
  ACTIVE: { label: 'Active', tone: 'good' },
  INCOMPLETE: { label: 'Incomplete', tone: 'warn' },
  INCOMPLETE_EXPIRED: { label: 'Incomplete, expired', tone: 'neutral' },
  PAST_DUE: { label: 'Past due', tone: 'warn' },
  CANCELED: { label: 'Canceled', tone: 'neutral' },
  UNPAID: { label: 'Unpaid', tone: 'warn' },
};

/** "12.50 USD / month", "30.00 EUR / 3 months". */
export function priceText(price) {
  const interval = price.interval.toLowerCase();
  const every = price.intervalCount > 1 ? `${price.intervalCount} ${interval}s` : interval;
  return `${price.unitAmountDisplay} ${price.currency.toUpperCase()} / ${every}`;
}
