// Pacing against carrier bans and SIM rotation (issue 31). Carriers block a SIM that sends too
// much or to too many new numbers (capcom6/android-sms-gateway#33/#34/#148/#270, httpsms#130,
// textbee#32/#33): a device may have a daily cap and a cap of distinct numbers per month besides
// its per-minute budget, a random wait between its sends (pushed to the Android app), and a SIM
// mode: `default` lets the phone choose, `round_robin` and `random` make Yarrow choose the SIM of
// each message when it knows two or more SIMs of the phone, and then every budget counts per SIM.
//
// The drain routes over *lanes*: one per SIM of a device whose SIM Yarrow picks, else one per
// device (the phone picks). A device with no cap and SIM mode `default` is unpaced: its lane is the
// device's own per-minute counters on its row, and nothing here reads or writes anything for it
// (the drain's hot path is unchanged). A paced device's counters are rows of
// `device_pacing_counters`, read with the device rows the round already locked.
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import type { Device } from '../../generated/prisma/client.ts';
import { bypassesBudget } from '../priority.ts';
import { budgetWindowSeconds } from './sql.ts';

export const simSelectionModes = ['default', 'round_robin', 'random'] as const;
export type SimSelectionMode = (typeof simSelectionModes)[number];

/** The Android app's names for the modes (`MessagesSettings.SimSelectionMode`). */
const appSimSelectionMode: Record<SimSelectionMode, 'OSDefault' | 'RoundRobin' | 'Random'> = { default: 'OSDefault', round_robin: 'RoundRobin', random: 'Random' };

/** A device's pacing settings, as a REST or GraphQL update gives them (null clears a cap or the wait). */
export const devicePacingInput = {
  simSelectionMode: z
    .enum(simSelectionModes)
    .describe('Which SIM a message goes out on when the send names none: `default` (the phone chooses), `round_robin` or `random` (Yarrow chooses among the SIMs the phone reported, and budgets and caps count per SIM).')
    .optional(),
  dailyCap: z.number().int().min(1).max(100_000).nullable().describe('Messages per UTC day (per SIM when Yarrow picks the SIM); null: no cap.').optional(),
  monthlyRecipientsCap: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullable()
    .describe('Distinct numbers per UTC month (per SIM when Yarrow picks the SIM); null: no cap. A number already texted this month costs no room.')
    .optional(),
  sendIntervalMinSeconds: z.number().int().min(0).max(3_600).nullable().describe('The phone waits a random time between this and sendIntervalMaxSeconds after each send; null: 0.').optional(),
  sendIntervalMaxSeconds: z.number().int().min(0).max(3_600).nullable().describe('Upper end of the random wait after each send, in seconds; null: no wait.').optional(),
};

type PacingSettings = Pick<Device, 'simSelectionMode' | 'dailyCap' | 'monthlyRecipientsCap' | 'sendIntervalMinSeconds' | 'sendIntervalMaxSeconds'>;

/** The wait range must be a range: min ≤ max once the update is applied (the app ignores min > max silently). */
export function checkSendInterval(current: PacingSettings, input: { sendIntervalMinSeconds?: number | null; sendIntervalMaxSeconds?: number | null }) {
  const min = input.sendIntervalMinSeconds !== undefined ? input.sendIntervalMinSeconds : current.sendIntervalMinSeconds;
  const max = input.sendIntervalMaxSeconds !== undefined ? input.sendIntervalMaxSeconds : current.sendIntervalMaxSeconds;
  // Named as the service's input (camelCase); the REST route renames them to its own.
  if (min !== null && max === null) return { param: 'sendIntervalMaxSeconds', message: 'sendIntervalMaxSeconds: required with sendIntervalMinSeconds.' };
  if (min !== null && max !== null && min > max) return { param: 'sendIntervalMinSeconds', message: `sendIntervalMinSeconds: ${min} is above sendIntervalMaxSeconds (${max}).` };
  return undefined;
}

/**
 * The `messages` section of the app's `GET /settings` (keys of the app's `MessagesSettings.kt`):
 * the SIM mode for messages that name none (Yarrow's own pick arrives as `simNumber`), the random
 * wait after each send, and the device's per-minute budget as the app's own limit, so a phone given a
 * minute's work at once still sends it at the budget's pace (the app lets ≥ 100 past it, as Yarrow does).
 */
export function appMessagesSettings(device: PacingSettings, ratePerMinute: number) {
  return {
    send_interval_min: device.sendIntervalMaxSeconds === null ? null : (device.sendIntervalMinSeconds ?? 0),
    send_interval_max: device.sendIntervalMaxSeconds,
    limit_period: 'PerMinute' as const,
    limit_value: ratePerMinute,
    sim_selection_mode: appSimSelectionMode[device.simSelectionMode as SimSelectionMode] ?? 'OSDefault',
  };
}

export const appMessagesSettingsSchema = z.object({
  send_interval_min: z.number().int().nullable(),
  send_interval_max: z.number().int().nullable(),
  limit_period: z.enum(['Disabled', 'PerMinute', 'Per30Minutes', 'PerHour', 'PerDay']),
  limit_value: z.number().int(),
  sim_selection_mode: z.enum(['OSDefault', 'RoundRobin', 'Random']),
});

/** A device as the drain reads it (`deviceLoadRows`), with its pacing settings. */
export interface LoadedDevice {
  id: string;
  connected: boolean;
  rate: number;
  recent: number;
  inflight: number;
  windowStartedAt: Date | null;
  simSlots: number[];
  simSelectionMode: string;
  dailyCap: number | null;
  monthlyRecipientsCap: number | null;
}

/** Where the drain may put a message: a device, or one SIM of it when Yarrow picks the SIM. */
export interface Lane {
  deviceId: string;
  connected: boolean;
  /** The SIM slot (0-based) Yarrow sends this lane's messages from; null: the phone (or the send) chooses. */
  slot: number | null;
  /** The device's SIM slots (a send's `sim_number` N must be slot N − 1). */
  simSlots: number[];
  random: boolean;
  rate: number;
  /** Handed over in the lane's minute under way. */
  recent: number;
  windowStartedAt: Date | null;
  /** The device's messages in flight (shared by its lanes: the phone sends them one after another). */
  device: { inflight: number };
  dailyCap: number | null;
  daySpent: number;
  monthlyRecipientsCap: number | null;
  /** The lane's distinct numbers this month (counted only while capped). */
  monthCount: number;
  /** Of the numbers the round looks at, those the lane already texted this month. */
  monthSeen: Set<string>;
  /** Whether its counters are kept in `device_pacing_counters` (caps set, or Yarrow picks its SIM). */
  paced: boolean;
}

/** Whether Yarrow picks the SIM of the device's messages: a rotating mode and two SIMs or more to rotate over. */
const picksSim = (device: Pick<LoadedDevice, 'simSelectionMode' | 'simSlots'>) => device.simSelectionMode !== 'default' && device.simSlots.length >= 2;

const isPaced = (device: LoadedDevice) => picksSim(device) || device.dailyCap !== null || device.monthlyRecipientsCap !== null;

/** Dates as the pacing tables hold them: the UTC day, and the first day of its month. */
function utcDay(now: Date) {
  const day = now.toISOString().slice(0, 10);
  return { day, month: `${day.slice(0, 8)}01` };
}

/**
 * The lanes of the drain's devices: unpaced devices as they are (no query); paced ones with their
 * counters for `now` (a minute, day or month that ended counts as nothing spent), and, where a
 * monthly cap is set, which of `numbers` each lane texted this month (two indexed reads in all).
 */
export async function pacingLanes(db: DbClient, devices: LoadedDevice[], numbers: string[], now: Date): Promise<Lane[]> {
  const paced = devices.filter(isPaced);
  const { day, month } = utcDay(now);
  const counters = new Map<string, { minuteStartedAt: Date | null; minuteSpent: number; daySpent: number }>();
  const monthCounts = new Map<string, number>();
  const seen = new Map<string, Set<string>>();
  if (paced.length > 0) {
    const ids = paced.map((device) => device.id);
    const rows = await db.$queryRaw<Array<{ device_id: string; sim_slot: number; minute_started_at: Date | null; minute_spent: number; day_spent: number }>>`
      SELECT device_id, sim_slot,
        CASE WHEN minute_started_at > ${now}::timestamptz - make_interval(secs => ${budgetWindowSeconds}) THEN minute_started_at END AS minute_started_at,
        CASE WHEN minute_started_at > ${now}::timestamptz - make_interval(secs => ${budgetWindowSeconds}) THEN minute_spent ELSE 0 END AS minute_spent,
        CASE WHEN day = ${day}::date THEN day_spent ELSE 0 END AS day_spent
      FROM device_pacing_counters WHERE device_id = ANY(${ids}::text[])`;
    for (const row of rows) counters.set(`${row.device_id}:${row.sim_slot}`, { minuteStartedAt: row.minute_started_at, minuteSpent: row.minute_spent, daySpent: row.day_spent });
    const capped = paced.filter((device) => device.monthlyRecipientsCap !== null).map((device) => device.id);
    if (capped.length > 0) {
      const known = await db.$queryRaw<Array<{ device_id: string; sim_slot: number; count: number; seen: string[] }>>`
        SELECT device_id, sim_slot, count(*)::int AS count, array_agg(to_number) FILTER (WHERE to_number = ANY(${numbers}::text[])) AS seen
        FROM device_month_recipients WHERE device_id = ANY(${capped}::text[]) AND month = ${month}::date
        GROUP BY device_id, sim_slot`;
      for (const row of known) {
        monthCounts.set(`${row.device_id}:${row.sim_slot}`, row.count);
        seen.set(`${row.device_id}:${row.sim_slot}`, new Set(row.seen ?? []));
      }
    }
  }
  return devices.flatMap((device): Lane[] => {
    const shared = { inflight: device.inflight };
    const lane = (slot: number | null): Lane => {
      const key = `${device.id}:${slot ?? -1}`;
      const counted = counters.get(key);
      // The whole device's minute stays on its row (the budget every device has); a SIM's is its own.
      const minute = slot === null ? { recent: device.recent, windowStartedAt: device.windowStartedAt } : { recent: counted?.minuteSpent ?? 0, windowStartedAt: counted?.minuteStartedAt ?? null };
      return {
        deviceId: device.id,
        connected: device.connected,
        slot,
        simSlots: device.simSlots,
        random: device.simSelectionMode === 'random',
        rate: device.rate,
        ...minute,
        device: shared,
        dailyCap: device.dailyCap,
        daySpent: counted?.daySpent ?? 0,
        monthlyRecipientsCap: device.monthlyRecipientsCap,
        monthCount: monthCounts.get(key) ?? 0,
        monthSeen: seen.get(key) ?? new Set(),
        paced: isPaced(device),
      };
    };
    return picksSim(device) ? [...device.simSlots].sort((a, b) => a - b).map(lane) : [lane(null)];
  });
}

/** Why a lane cannot take a message now, or null when it can. */
export type LaneBlock = 'device_daily_cap' | 'device_monthly_recipients_cap' | 'device_budget';

function laneBlock(lane: Lane, message: { priority: number; to: string }): LaneBlock | null {
  if (lane.dailyCap !== null && lane.daySpent >= lane.dailyCap) return 'device_daily_cap';
  if (lane.monthlyRecipientsCap !== null && lane.monthCount >= lane.monthlyRecipientsCap && !lane.monthSeen.has(message.to)) return 'device_monthly_recipients_cap';
  if (!bypassesBudget(message.priority) && lane.recent >= lane.rate) return 'device_budget';
  return null;
}

/** Room left today and this month (caps only): the phone with the most gets the message. */
const capRoom = (lane: Lane) =>
  Math.min(lane.dailyCap === null ? Infinity : lane.dailyCap - lane.daySpent, lane.monthlyRecipientsCap === null ? Infinity : lane.monthlyRecipientsCap - lane.monthCount);

/** Room left today: a lane at its daily cap takes nothing (a monthly cap still lets this month's numbers through). */
const dayRoom = (lane: Lane) => (lane.dailyCap === null ? Infinity : lane.dailyCap - lane.daySpent);

/** Whether any lane could take a message of ordinary priority now (else a round looks only at expedited ones). */
export const lanesWithBudget = (lanes: Lane[]) => lanes.some((lane) => dayRoom(lane) > 0 && lane.recent < lane.rate);

/** Whether any lane could take an expedited message now (caps hold every priority back: a ban costs more than a late code). */
export const lanesWithCapRoom = (lanes: Lane[]) => lanes.some((lane) => dayRoom(lane) > 0);

export interface RoutedMessage {
  priority: number;
  to: string;
  simNumber: number | null;
  requestedDeviceId: string | null;
  failedDeviceIds: string[];
}

/** The lanes a message may go to at all, budgets aside: its pinned device, a lane on its SIM. */
function eligibleLanes(message: RoutedMessage, lanes: Lane[]) {
  return lanes.filter(
    (lane) =>
      (!message.requestedDeviceId || lane.deviceId === message.requestedDeviceId) &&
      (message.simNumber === null || (lane.slot === null ? lane.simSlots.includes(message.simNumber - 1) : lane.slot === message.simNumber - 1)),
  );
}

/**
 * The lane for a message, among those with room: connected devices before polling ones, then the
 * most room left today and this month, then the least loaded device, then the lane with the least
 * spent this minute and today (so a round-robin device's SIMs take turns), a random SIM for a
 * `random` device; a device that already failed this message only when no other can take it.
 */
export function chooseLane(message: RoutedMessage, lanes: Lane[]): Lane | undefined {
  const open = eligibleLanes(message, lanes).filter((lane) => laneBlock(lane, message) === null);
  const fresh = open.filter((lane) => !message.failedDeviceIds.includes(lane.deviceId));
  const pool = fresh.length > 0 ? fresh : open;
  let best: Lane | undefined;
  let bestKey: number[] = [];
  for (const lane of pool) {
    const key = [
      -Number(lane.connected),
      -Math.min(capRoom(lane), Number.MAX_SAFE_INTEGER),
      lane.device.inflight,
      lane.random ? Math.random() : lane.recent + lane.daySpent,
    ];
    if (!best || compareKeys(key, bestKey) < 0 || (compareKeys(key, bestKey) === 0 && laneOrder(lane, best) < 0)) {
      best = lane;
      bestKey = key;
    }
  }
  return best;
}

const compareKeys = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};
const laneOrder = (a: Lane, b: Lane) => a.deviceId.localeCompare(b.deviceId) || (a.slot ?? -1) - (b.slot ?? -1);

/** Counts a message the drain put on a lane, for the rest of the round. */
export function spendLane(lane: Lane, to: string) {
  lane.recent += 1;
  lane.device.inflight += 1;
  lane.daySpent += 1;
  if (lane.monthlyRecipientsCap !== null && !lane.monthSeen.has(to)) {
    lane.monthSeen.add(to);
    lane.monthCount += 1;
  }
}

/** The 1-based SIM Yarrow chose for a message on this lane (null: not Yarrow's choice). */
export const laneSimNumber = (lane: Lane) => (lane.slot === null ? null : lane.slot + 1);

/**
 * Writes a round's hand-overs to paced lanes into their counters (a SIM's minute, the day) and, on
 * lanes with a monthly cap, their numbers (a number already there costs nothing). Only paced lanes:
 * an unpaced device's round writes nothing here. The caller holds the devices' row locks.
 */
export async function recordPacing(tx: DbClient, placed: Array<{ lane: Lane; to: string }>, now: Date) {
  const paced = placed.filter(({ lane }) => lane.paced);
  if (paced.length === 0) return;
  const { day, month } = utcDay(now);
  const counts = new Map<string, { deviceId: string; slot: number; count: number }>();
  for (const { lane } of paced) {
    const key = `${lane.deviceId}:${lane.slot ?? -1}`;
    const entry = counts.get(key) ?? counts.set(key, { deviceId: lane.deviceId, slot: lane.slot ?? -1, count: 0 }).get(key)!;
    entry.count += 1;
  }
  const rows = [...counts.values()];
  await tx.$executeRaw`
    INSERT INTO device_pacing_counters AS c (device_id, sim_slot, minute_started_at, minute_spent, day, day_spent)
    SELECT device_id, sim_slot, ${now}, n, ${day}::date, n
    FROM unnest(${rows.map((r) => r.deviceId)}::text[], ${rows.map((r) => r.slot)}::smallint[], ${rows.map((r) => r.count)}::int[]) AS r(device_id, sim_slot, n)
    ON CONFLICT (device_id, sim_slot) DO UPDATE SET
      minute_spent = CASE WHEN c.minute_started_at > ${now}::timestamptz - make_interval(secs => ${budgetWindowSeconds}) THEN c.minute_spent + EXCLUDED.minute_spent ELSE EXCLUDED.minute_spent END,
      minute_started_at = CASE WHEN c.minute_started_at > ${now}::timestamptz - make_interval(secs => ${budgetWindowSeconds}) THEN c.minute_started_at ELSE EXCLUDED.minute_started_at END,
      day_spent = CASE WHEN c.day = EXCLUDED.day THEN c.day_spent + EXCLUDED.day_spent ELSE EXCLUDED.day_spent END,
      day = EXCLUDED.day`;
  const numbers = paced.filter(({ lane }) => lane.monthlyRecipientsCap !== null);
  if (numbers.length === 0) return;
  const devices = [...new Set(numbers.map(({ lane }) => lane.deviceId))];
  // Last month's numbers are of no use any more: they go as this month's are written.
  await tx.$executeRaw`DELETE FROM device_month_recipients WHERE device_id = ANY(${devices}::text[]) AND month < ${month}::date`;
  await tx.$executeRaw`
    INSERT INTO device_month_recipients (device_id, sim_slot, month, to_number)
    SELECT device_id, sim_slot, ${month}::date, to_number
    FROM unnest(${numbers.map(({ lane }) => lane.deviceId)}::text[], ${numbers.map(({ lane }) => lane.slot ?? -1)}::smallint[], ${numbers.map(({ to }) => to)}::text[])
      AS r(device_id, sim_slot, to_number)
    ON CONFLICT DO NOTHING`;
}

/** When a lane's minute frees budget (the drain's next look), for lanes whose minute is spent. */
export function laneBudgetFrees(lanes: Lane[]) {
  return lanes.filter((lane) => lane.recent >= lane.rate && lane.windowStartedAt).map((lane) => lane.windowStartedAt!.getTime() + budgetWindowSeconds * 1000 + 50);
}

/** Why a queued message waits, as the account sees it (`wait_reason`). */
export type WaitReason = 'account_paused' | 'no_device_online' | 'no_device_with_sim' | LaneBlock;

/**
 * Why a queued message is not on a phone yet, read from the same lanes the drain routes over (at
 * read time: the drain writes nothing for a message it leaves, which keeps its rounds cheap).
 * Null: nothing holds it back, the next drain round hands it over (or it waits for a retry time).
 * Of several blocked lanes it names the block that lifts soonest: the minute, then the day, then the month.
 */
export function waitReason(message: RoutedMessage, lanes: Lane[], paused: boolean): WaitReason | null {
  if (paused) return 'account_paused';
  const pinned = message.requestedDeviceId ? lanes.filter((lane) => lane.deviceId === message.requestedDeviceId) : lanes;
  if (pinned.length === 0) return 'no_device_online';
  const eligible = eligibleLanes(message, pinned);
  if (eligible.length === 0) return 'no_device_with_sim';
  const blocks = eligible.map((lane) => laneBlock(lane, message));
  if (blocks.includes(null)) return null;
  for (const block of ['device_budget', 'device_daily_cap', 'device_monthly_recipients_cap'] as const) if (blocks.includes(block)) return block;
  return null;
}
