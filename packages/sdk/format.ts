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

/**
 * A timestamp as date and time to the second in the viewer's locale and time zone (two tries a
 * few seconds apart must not read the same); `—` when absent.
 */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  return iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—';
}

/**
 * How long ago a recent moment was, for what is watched live (a phone's last heartbeat): `40 sec.
 * ago`, `5 min. ago`, `3 hr. ago` (en) under a day, else the date and time (`formatDateTime`).
 */
export function formatTimeAgo(iso: string | null | undefined, now = Date.now(), locale?: string): string {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds >= 86_400) return formatDateTime(iso, locale);
  const relative = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' });
  if (seconds < 60) return relative.format(-seconds, 'second');
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  return relative.format(-Math.floor(seconds / 3600), 'hour');
}

/** A count with the locale's grouping (`50,000`). */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
