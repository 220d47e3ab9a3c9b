/**
 * The time window of a panel overview chart (the last `days`), cut into slots: hours for a day,
 * 6 hours up to a week, days beyond. Slots end at the next whole slot after now, so the last one
 * is the slot under way. Each domain's overview query groups its rows by `slotOf` and fills the
 * empty slots with `slots`.
 */
export function overviewWindow(days: number, now = new Date()) {
  const bucketSeconds = days <= 1 ? 3600 : days <= 7 ? 6 * 3600 : 86_400;
  const count = Math.ceil((days * 86_400) / bucketSeconds);
  const end = Math.ceil(now.getTime() / 1000 / bucketSeconds) * bucketSeconds;
  const since = new Date((end - count * bucketSeconds) * 1000);
  return {
    days,
    bucketSeconds,
    since,
    /** Every slot's start, in order, with what `row(slot)` gives for it (the slot's aggregate, or undefined). */
    slots<Row, Out>(rows: Map<number, Row>, build: (start: Date, row: Row | undefined) => Out): Out[] {
      return Array.from({ length: count }, (_, slot) => build(new Date(since.getTime() + slot * bucketSeconds * 1000), rows.get(slot)));
    },
  };
}
