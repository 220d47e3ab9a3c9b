// Schedules and quiet hours (issue 31): when a message goes. A send may name its time (`send_at`,
// up to 30 days ahead, as httpSMS's `send_at`, textbee's `scheduledAt`, Twilio's `SendAt`), and an
// account may keep quiet hours (a range of the day in an IANA time zone) during which sends below
// priority 100 wait; OTPs (priority 100) go through. Either way the message is `scheduled` until its
// time: Yarrow holds it (the drain never hands it to a phone before then, ./drain.ts), and the phone
// is told the time too (`scheduleAt`), so one that already holds it waits as well.
//
// Time is the real time, as everywhere in the relay: its rules compare with PostgreSQL's `now()`
// and the gateway's clock (expiry, budgets, presence), not the account's test clock, which only
// Pay's rules read (src/accounts/clock.ts). A scheduled message is due when `now()` reaches it.
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import { commandSchema, restSchema, type CommandCheck } from '../../core/wire.ts';
import { EXPEDITED_PRIORITY } from '../priority.ts';
import { wakeDrain } from './wake.ts';

/** Furthest a send may be scheduled ahead (Twilio allows 35 days; httpSMS, textbee do not say). */
export const MAX_SCHEDULE_DAYS = 30;
/** A `send_at` up to this far in the past is a send for now (the sender's clock may be behind ours). */
const PAST_SKEW_MS = 60_000;

/** A send's `send_at`, as sent. */
export const sendAtInput = z.iso
  .datetime({ offset: true })
  .describe(`When to send it (ISO 8601 with an offset), up to ${MAX_SCHEDULE_DAYS} days ahead: until then it is \`scheduled\`, held by Yarrow and cancellable. Its TTL counts from then.`)
  .meta({ examples: ['2026-12-01T09:00:00Z'] });

/** Why a message is scheduled. */
export type ScheduleReason = 'send_at' | 'quiet_hours';

export interface Schedule {
  /** When it goes. */
  at: Date;
  reason: ScheduleReason;
}

/** The account's quiet hours: minutes of the day (0..1439) in `timeZone`; the range may span midnight. */
export interface QuietHours {
  start: number;
  end: number;
  timeZone: string;
}

/**
 * A send's `send_at` checked against `now`: at most `MAX_SCHEDULE_DAYS` ahead and not in the past
 * beyond the skew (400 naming `param`). Answers the time, or undefined for a send that goes now.
 */
export function checkSendAt(sendAt: Date | undefined, now: Date, param = 'send_at'): Date | undefined {
  if (sendAt === undefined) return undefined;
  if (Number.isNaN(sendAt.getTime())) throw new YarrowError('invalid_request', `${param}: not a time.`, { param });
  if (sendAt.getTime() < now.getTime() - PAST_SKEW_MS) {
    throw new YarrowError('invalid_request', `${param}: ${sendAt.toISOString()} is in the past; leave it out to send now.`, { param });
  }
  if (sendAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
    throw new YarrowError('invalid_request', `${param}: at most ${MAX_SCHEDULE_DAYS} days ahead (${sendAt.toISOString()} is later).`, { param });
  }
  return sendAt.getTime() > now.getTime() ? sendAt : undefined;
}

/**
 * When a message sent at `now` goes, if not at once: its `send_at`, pushed to the end of the
 * account's quiet hours when it falls in them (below `EXPEDITED_PRIORITY`: a login code is never
 * held). Null: it is queued now.
 */
export function scheduleOf(sendAt: Date | undefined, priority: number, quietHours: QuietHours | null, now: Date): Schedule | null {
  const goes = sendAt ?? now;
  const quietUntil = quietHours && priority < EXPEDITED_PRIORITY ? quietHoursEnd(quietHours, goes) : null;
  if (quietUntil) return { at: quietUntil, reason: 'quiet_hours' };
  return sendAt ? { at: sendAt, reason: 'send_at' } : null;
}

/** A formatter per time zone: building one costs far more than using it, and the drain reads the quiet hours every round. */
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The hour and minute `at` reads in `timeZone`, as minutes of the day. */
function minuteOfDay(at: Date, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // Zones are few (IANA's ~600), but bound it anyway.
    if (clocks.size >= 1_000) clocks.clear();
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

/** Whether minute `m` of the day is in [start, end), a range that may span midnight. */
function inRange(m: number, { start, end }: Pick<QuietHours, 'start' | 'end'>): boolean {
  return start <= end ? m >= start && m < end : m >= start || m < end;
}

/**
 * When the quiet hours that `at` falls in end (the first instant the zone's clock reads `end`),
 * or null when `at` is outside them. Counted on the wall clock and corrected once for a change of
 * offset in between (a DST night): the end is the local time the account set, whatever the offset.
 */
export function quietHoursEnd(quiet: QuietHours, at: Date): Date | null {
  if (quiet.start === quiet.end) return null;
  const local = minuteOfDay(at, quiet.timeZone);
  if (!inRange(local, quiet)) return null;
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  let end = startOfMinute + (((quiet.end - local + 1440) % 1440) * 60_000);
  for (let i = 0; i < 2; i++) {
    // Signed wall-clock difference within ±12 h: an offset change moved the zone's clock by that much.
    const drift = ((quiet.end - minuteOfDay(new Date(end), quiet.timeZone) + 1440 + 720) % 1440) - 720;
    if (drift === 0) break;
    end += drift * 60_000;
  }
  return new Date(end);
}

/** `HH:MM`, 24-hour, as minutes of the day. */
const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour')
  .transform((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3)));

/**
 * Whether `zone` is an IANA time zone name (`Area/Location`, `Etc/GMT+5`, or `UTC`) this runtime
 * knows. Intl also takes offsets (`+05:00`) and POSIX-style legacy names (`EST5EDT`): an offset
 * has no summer time, and those names are not what the docs (and the panel's list) offer.
 */
function isTimeZone(zone: string): boolean {
  if (zone !== 'UTC' && !/^[A-Za-z][\w-]*(\/[\w+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The account's quiet hours, field by field (camelCase), and their one object-wide rule. */
const quietHoursFields = {
  start: timeOfDay.describe('From this time of day (HH:MM, 24-hour, in time_zone) sends below priority 100 wait.'),
  end: timeOfDay.describe('Until this time of day: they go then. A range past midnight (21:00 to 08:00) spans it.'),
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'an IANA time zone, such as Europe/Paris')
    .describe('The IANA time zone the times are read in.')
    .meta({ examples: ['Europe/Paris'] }),
};
const differentEnds: CommandCheck<typeof quietHoursFields> = (quiet, ctx) => {
  if (quiet.start === quiet.end) ctx.addIssue({ code: 'custom', message: 'start and end must differ', path: ['end'] });
};
/** GraphQL's `RelayQuietHoursInput`, parsed into the quiet hours (null turns them off). */
export const quietHoursCommand = commandSchema(quietHoursFields, differentEnds).nullable();
/** REST's `quiet_hours` of /api/v1/relay/settings, parsed into the same quiet hours. */
export const quietHoursBody = restSchema(quietHoursFields, differentEnds).nullable();

/** Minutes of the day as `HH:MM`. */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The account's stored quiet hours (the three columns are set together or not at all). */
export function quietHoursOf(account: { relayQuietHoursStart: number | null; relayQuietHoursEnd: number | null; relayQuietHoursTimeZone: string | null }): QuietHours | null {
  const { relayQuietHoursStart: start, relayQuietHoursEnd: end, relayQuietHoursTimeZone: timeZone } = account;
  return start === null || end === null || timeZone === null ? null : { start, end, timeZone };
}

/** The account's quiet hours as the API shows them (`quiet_hours`), null when it keeps none. */
export function quietHoursJson(account: Parameters<typeof quietHoursOf>[0]): { start: string; end: string; time_zone: string } | null {
  const quiet = quietHoursOf(account);
  return quiet && { start: formatTimeOfDay(quiet.start), end: formatTimeOfDay(quiet.end), time_zone: quiet.timeZone };
}

/**
 * Sets (or with null, ends) the account's quiet hours. Sends from now on are scheduled by them
 * (those already scheduled keep their time); queued messages below priority 100 are held by the
 * drain while they last (./drain.ts). The drain is woken after the change commits: ended or moved
 * quiet hours may free what they held.
 */
export async function setQuietHours(db: DbClient, accountId: number, quiet: QuietHours | null) {
  const account = await db.account.update({
    where: { id: accountId },
    data: { relayQuietHoursStart: quiet?.start ?? null, relayQuietHoursEnd: quiet?.end ?? null, relayQuietHoursTimeZone: quiet?.timeZone ?? null },
  });
  await wakeDrain(db, accountId);
  return account;
}
