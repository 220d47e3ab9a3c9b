// What Billing's panel pages share: each subscription status's human name and badge tone, and a price in words.

/** Each status's human name and badge tone. */
export const subscriptionStatuses = {
  trialing: { label: 'Trialing', tone: 'neutral' },
  active: { label: 'Active', tone: 'good' },
  incomplete: { label: 'Incomplete', tone: 'warn' },
  incomplete_expired: { label: 'Incomplete, expired', tone: 'neutral' },
  past_due: { label: 'Past due', tone: 'warn' },
  canceled: { label: 'Canceled', tone: 'neutral' },
  unpaid: { label: 'Unpaid', tone: 'warn' },
};

/** "12.50 USD / month", "30.00 EUR / 3 months". */
export function priceText(price) {
  const every = price.intervalCount > 1 ? `${price.intervalCount} ${price.interval}s` : price.interval;
  return `${price.unitAmountDisplay} ${price.currency.toUpperCase()} / ${every}`;
}
