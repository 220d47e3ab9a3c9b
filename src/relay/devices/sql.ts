// The devices' raw SQL: reachability, budget counters, presence and connections, one named statement each (pg-boss `plans.ts` style). A statement is here because Prisma cannot
// say it (`FOR UPDATE [SKIP LOCKED]`, CTEs that write several tables, `unnest` arrays, per-minute
// series) or because one round trip instead of several was measured (docs/performance.md#raw-sql-or-prisma); each says which.
import type { DbClient } from '../../core/db.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { deviceOfflineAfterBounds } from './offline-threshold.ts';

/** The device has an open connection (socket or events stream, on any gateway). */
export const connectedDevice = Prisma.sql`EXISTS (SELECT 1 FROM device_connections c WHERE c.device_id = d.id)`;

/**
 * Whether the dispatcher may give a device work (SQL over `devices d`): online, and either with an
 * open connection or heard from since its last connection closed (it polls over HTTP). A device
 * whose last connection closed is out of routing at once; `offline` (and `device.offline`) still
 * waits for the account's threshold (default `DEVICE_OFFLINE_AFTER_SECONDS`) of silence, so a
 * short blip does not fire it. A gateway that died without closing its connections leaves their
 * rows: those devices fall back to the heartbeat rule (offline after the silence, which deletes them).
 */
/** A device's budget is per minute (`rate_per_minute`): the window its counters count in. */
export const budgetWindowSeconds = 60;

/** Whether the device's minute of sending is still under way (SQL over `devices d`). */
const budgetWindowOpen = Prisma.sql`d.budget_window_started_at > now() - make_interval(secs => ${budgetWindowSeconds})`;

export const reachableDevice = Prisma.sql`(d.status = 'online' AND (${connectedDevice} OR d.disconnected_at IS NULL OR d.last_seen_at > d.disconnected_at))`;

/**
 * Each reachable device of the account with its load: its budget counters (a minute that ended
 * counts as nothing spent) and the messages it holds, in one statement a drain round (the
 * reachability rule is beyond Prisma's filters). The counters replaced a count of the device's
 * attempts of the last 60 seconds, the half-load tail's largest step (docs/performance.md#drain-rounds).
 * `lock`: a drain round locks the rows it will count on before it locks any message, as every
 * other path that locks both (a socket closing, an unpairing) does: device first, then messages.
 */
export async function deviceLoadRows(db: DbClient, accountId: number, { lock }: { lock: boolean }) {
  const locking = lock ? Prisma.sql`FOR NO KEY UPDATE OF d` : Prisma.empty;
  return db.$queryRaw<
    Array<{
      id: string; connected: boolean; rate_per_minute: number | null; spent: number; inflight: number; window_started_at: Date | null; sim_slots: number[];
      sim_selection_mode: string; daily_cap: number | null; monthly_recipients_cap: number | null;
    }>
  >`
    SELECT d.id, ${connectedDevice} AS connected, d.rate_per_minute, d.sim_selection_mode, d.daily_cap, d.monthly_recipients_cap,
      ARRAY(SELECT (s->>'slot')::int FROM jsonb_array_elements(d.sims) s) AS sim_slots,
      CASE WHEN ${budgetWindowOpen} THEN d.budget_spent ELSE 0 END AS spent,
      CASE WHEN ${budgetWindowOpen} THEN d.budget_window_started_at END AS window_started_at,
      (SELECT count(*)::int FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched') AS inflight
    FROM devices d
    WHERE d.account_id = ${accountId} AND ${reachableDevice}
    ORDER BY d.id ${locking}`;
}

/**
 * One device silent for longer than its account's threshold (`accounts.device_offline_after_seconds`,
 * or `defaultOfflineAfterSeconds`, DEVICE_OFFLINE_AFTER_SECONDS, when the account set none) goes
 * offline, atomically (UPDATE of a row picked with SKIP LOCKED), so presence passes of several
 * workers each take a different one. Raw SQL for the lock and the per-row interval; one statement
 * for every account (a join, not a query per account). The first bound on `last_seen_at` is the
 * shortest threshold any account may have: it lets the scan stop at recent heartbeats.
 */
export async function markOneSilentDeviceOffline(tx: DbClient, defaultOfflineAfterSeconds: number) {
  const shortest = Math.min(deviceOfflineAfterBounds.min, defaultOfflineAfterSeconds);
  // Its connections go too: a silent device's connections were left by a gateway that died.
  const [device] = await tx.$queryRaw<Array<{ id: string }>>`
    WITH offline AS (
      UPDATE devices SET status = 'offline', last_offline_at = now(), updated_at = now()
      WHERE id = (SELECT d.id FROM devices d JOIN accounts a ON a.id = d.account_id
                  WHERE d.status = 'online'
                    AND d.last_seen_at < now() - make_interval(secs => ${shortest}::int)
                    AND d.last_seen_at < now() - make_interval(secs => COALESCE(a.device_offline_after_seconds, ${defaultOfflineAfterSeconds}::int))
                  ORDER BY d.last_seen_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED)
      RETURNING id
    ), closed AS (DELETE FROM device_connections c USING offline WHERE c.device_id = offline.id)
    SELECT id FROM offline`;
  return device;
}

/** One online but unreachable device that still holds unacknowledged work, locked (skipping held rows). */
export async function lockUnreachableHolder(tx: DbClient) {
  const [device] = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT d.id FROM devices d WHERE d.status = 'online' AND NOT ${reachableDevice}
      AND EXISTS (SELECT 1 FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched' AND m.acknowledged_at IS NULL)
    LIMIT 1 FOR UPDATE SKIP LOCKED`;
  return device;
}

/** Locks the device a heartbeat or connection is about, reading whether it was reachable before. */
export async function lockDeviceReachability(tx: DbClient, deviceId: string) {
  const [before] = await tx.$queryRaw<Array<{ status: string; reachable: boolean }>>`
    SELECT status::text, ${reachableDevice} AS reachable FROM devices d WHERE id = ${deviceId} FOR UPDATE`;
  return before;
}

/** Records a connection the device opened (the caller holds the device's row lock). */
export async function openConnection(tx: DbClient, deviceId: string, connectionId: string, now: Date) {
  await tx.$executeRaw`INSERT INTO device_connections (id, device_id, opened_at) VALUES (${connectionId}, ${deviceId}, ${now})`;
}

/**
 * Closes one connection of the device (the caller holds the device's row lock, so two closes of
 * its last two connections see each other). `last`: it had no other, so the device leaves routing
 * now (`disconnected_at`). A connection already gone (the device went offline meanwhile, which
 * closed them all) changes nothing.
 */
export async function closeConnection(tx: DbClient, deviceId: string, connectionId: string, now: Date) {
  const [row] = await tx.$queryRaw<Array<{ closed: number; last: number }>>`
    WITH closed AS (
      DELETE FROM device_connections WHERE id = ${connectionId} AND device_id = ${deviceId} RETURNING device_id
    ), last AS (
      UPDATE devices d SET disconnected_at = ${now}, updated_at = ${now} FROM closed
      WHERE d.id = closed.device_id AND NOT EXISTS (SELECT 1 FROM device_connections c WHERE c.device_id = d.id AND c.id <> ${connectionId})
      RETURNING d.id
    )
    SELECT (SELECT count(*) FROM closed)::int AS closed, (SELECT count(*) FROM last)::int AS last`;
  return { closed: row!.closed > 0, last: row!.last > 0 };
}
