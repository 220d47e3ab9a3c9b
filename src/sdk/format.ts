// How Yarrow shows money and dates to people: one format for the panel and the pages customers see,
// in the viewer's locale (`Intl`). Runs in Node (server-rendered pages pass the request's locale)
// and, type-stripped, in the browser (the panel passes none: the browser's own).

/** `amount` as the API gives it (a decimal string in major units, `"1250.00"`) in its currency: `€1,250.00`, `1.250,00 €`. */
export function formatMoney(amount: string | number, currency: string, locale?: string): string {
  try {
    // A decimal string is formatted exactly (Intl reads it as a decimal, not a float).
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as number);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A timestamp as date and time in the viewer's locale and time zone; `—` when absent. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  return iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
}

/** A count with the locale's grouping (`50,000`). */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
