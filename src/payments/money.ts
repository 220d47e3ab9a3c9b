import { z } from 'zod';

/**
 * Every currency Yarrow Pay accepts, with its number of decimals (ISO 4217 minor units). Amounts
 * are stored as integers in minor units; this table is the only place that knows the decimals.
 */
export const currencies = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  INR: 2,
  SGD: 2,
  HKD: 2,
  MXN: 2,
  BRL: 2,
  ZAR: 2,
  TRY: 2,
  EGP: 2,
  MAD: 2,
  SAR: 2,
  AED: 2,
  QAR: 2,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
} as const satisfies Record<string, 0 | 2 | 3>;

export type Currency = keyof typeof currencies;
export const currencyCodes = Object.keys(currencies) as Currency[];

/** The largest amount of one payment or invoice, in minor units (eight digits, as at Stripe). */
export const MAX_AMOUNT_MINOR = 99_999_999;

/** `usd`, `USD` → `USD`; anything else is refused with the list of what is supported. */
export const currencySchema = z
  .string()
  .toUpperCase()
  .refine((code): code is Currency => code in currencies, {
    message: `unsupported currency; use one of ${currencyCodes.join(', ')}`,
  })
  .meta({ examples: ['USD'] })
  .transform((code) => code as Currency);

/**
 * Digits with an optional fraction of any length, nothing around them (`" 12"` is refused, as every
 * formatted value is: README, "API conventions"): too many decimals and too large are the rules
 * below, each with one message whatever the spelling (`1e12`, `1000000000000`, `"1000000.00"`).
 */
const decimalText = /^\d+(\.\d+)?$/;

/**
 * Converts a decimal amount (`12.5`, or the string `"12.50"`) to integer minor units of the
 * currency. Zero, negative, more decimals than the currency has (`1.234` and the float
 * `0.30000000000000004` alike: "USD allows at most 2 decimals"), or over the maximum → an error
 * message (the caller names the param).
 */
export function toMinorUnits(amount: number | string, currency: Currency): { minor: number } | { error: string } {
  const decimals = currencies[currency];
  const text = typeof amount === 'number' ? numberText(amount) : amount;
  const overMaximum = { error: `must be at most ${formatAmount(MAX_AMOUNT_MINOR, currency)} ${currency}` };
  if (text === undefined || !decimalText.test(text)) {
    if (typeof amount === 'number' && amount <= 0) return { error: 'must be greater than zero' };
    if (typeof amount === 'number' && amount === Number.POSITIVE_INFINITY) return overMaximum;
    if (typeof amount === 'string' && /^-\d/.test(amount)) return { error: 'must be greater than zero' };
    return { error: 'must be a decimal number such as 12.50, without spaces' };
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) {
    return {
      error: decimals === 0 ? `${currency} has no decimals; send a whole number` : `${currency} allows at most ${decimals} decimals`,
    };
  }
  // Past 12 digits a whole part is over any currency's maximum (and Number would round it).
  if (whole.replace(/^0+/, '').length > 12) return overMaximum;
  const minor = Number(whole) * 10 ** decimals + Number(trimmed.padEnd(decimals, '0') || '0');
  if (minor <= 0) return { error: 'must be greater than zero' };
  if (minor > MAX_AMOUNT_MINOR) return overMaximum;
  return { minor };
}

/** A JavaScript number as plain decimal text (no exponent), or undefined when it has none. */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // 1e-7 and friends: too many decimals for any currency; 1e21: far over the maximum.
  return value < 1 ? '0.000000000000001' : '9999999999999';
}

/** Minor units → the number clients see (`1250` USD → `12.5`). */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** decimalsOf(currency);
}

/** Minor units → fixed-decimal text without grouping (`1250` USD → `"12.50"`, JPY → `"1250"`). */
export function formatAmount(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  if (decimals === 0) return String(minor);
  const text = String(minor).padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

function decimalsOf(currency: string): number {
  const decimals = (currencies as Record<string, number>)[currency];
  if (decimals === undefined) throw new Error(`unknown currency ${currency}`);
  return decimals;
}

/**
 * zod fields for `amount` + `currency` in one object: the amount is checked against the currency,
 * and the output carries `amount` in minor units. Errors name `amount` or `currency`.
 */
export const moneyFields = {
  amount: z.union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a decimal number such as 12.50') }).meta({ examples: [12.5] }),
  currency: currencySchema,
};

export function refineMoney<T extends { amount: number | string; currency: Currency }>(
  value: T,
  ctx: z.RefinementCtx,
): (Omit<T, 'amount'> & { amount: number }) {
  const result = toMinorUnits(value.amount, value.currency);
  if ('error' in result) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: result.error });
    return z.NEVER;
  }
  return { ...value, amount: result.minor };
}
