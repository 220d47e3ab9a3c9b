import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import { perRuntime } from '../../core/per-runtime.ts';
import { asRateLimited, pointSpender } from '../../core/rate-limit.ts';
import type { Runtime } from '../../core/runtime.ts';
import { optedOutRows, sendingAccountRows } from './queries.ts';
import type { Account } from '../../generated/prisma/client.ts';
import { relayErrors } from '../contract.ts';
import { quietHoursOf } from './schedule.ts';

/**
 * Account-level rules every send (SMS, OTP, list) passes before anything is queued
 * (`sendMessages`, src/relay/messages/send.ts): subscription (402), operator pause and queue depth
 * (503), send rate (429).
 */
type SendingAccount = Pick<Account, 'subscriptionExpiresAt' | 'relayPausedAt' | 'relayPausedBy' | 'relayQueueLimit'>;

/**
 * The accounts of sends that go together, each with its waiting messages (queued, or on a device
 * and not yet sent), in one statement (`sendingAccountRows`).
 */
export async function sendingAccounts(db: DbClient, accountIds: number[]) {
  const rows = await sendingAccountRows(db, accountIds);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        account: { id: row.id, relayMode: row.relay_mode, subscriptionExpiresAt: row.subscription_expires_at, relayPausedAt: row.relay_paused_at, relayPausedBy: row.relay_paused_by, relayQueueLimit: row.relay_queue_limit },
        waiting: row.waiting,
        /** Whether the account has an opt-out list at all: without one, its sends skip the lookup (`optedOutNumbers`). */
        hasOptOuts: row.has_opt_outs,
        quietHours: quietHoursOf({ relayQuietHoursStart: row.relay_quiet_hours_start, relayQuietHoursEnd: row.relay_quiet_hours_end, relayQuietHoursTimeZone: row.relay_quiet_hours_time_zone }),
      },
    ]),
  );
}

/** `assertCanSend` once the number of waiting messages is known. */
export function checkCanSend(rt: Pick<Runtime, 'config'>, account: SendingAccount, waiting: number, adding: number) {
  if (account.subscriptionExpiresAt && account.subscriptionExpiresAt <= new Date()) {
    throw relayErrors.error(
      'subscription_expired',
      `The relay subscription expired at ${account.subscriptionExpiresAt.toISOString()}; renew it to send again.`,
    );
  }
  if (account.relayPausedAt) {
    const message =
      account.relayPausedBy === 'account'
        ? "Sending is paused by the account. Queued messages wait; resume from the panel's queue page (GraphQL resumeRelayQueue)."
        : 'Sending is paused for this account by an operator, and only the operator can resume it. Queued messages wait; try again later.';
    throw relayErrors.error('queue_blocked', message, { headers: { 'Retry-After': '60' } });
  }
  const limit = account.relayQueueLimit ?? rt.config.RELAY_QUEUE_LIMIT;
  const count = (n: number) => n.toLocaleString('en-US');
  if (adding > limit) {
    // Waiting cannot help: the request alone is more than the queue may ever hold.
    throw new YarrowError(
      'invalid_request',
      `This request would queue ${count(adding)} messages, more than the account's queue may hold at once (limit ${count(limit)}); send it in parts of at most ${count(limit)}.`,
    );
  }
  if (waiting + adding > limit) {
    throw relayErrors.error(
      'queue_blocked',
      adding > 1
        ? `The account's queue has no room for ${count(adding)} more messages (${count(waiting)} waiting, limit ${count(limit)}); wait for devices to catch up, or send fewer.`
        : `The account's queue is full (${count(waiting)} waiting, limit ${count(limit)}); wait for devices to catch up.`,
      { headers: { 'Retry-After': '30' } },
    );
  }
}

/** One limiter per process, on the shared `rate_limits` table (every gateway spends from the same budget). */
const sendRate = perRuntime((rt: Pick<Runtime, 'config' | 'db' | 'shared'>) =>
  pointSpender(
    new RateLimiterPostgres({
      storeClient: rt.db.counters,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'relay-send',
      points: rt.config.RELAY_SEND_RATE_PER_MINUTE,
      duration: 60,
      clearExpiredByTimeout: false,
    }),
  ),
);

/** Send requests per account per minute, counted in PostgreSQL so every gateway shares the budget. */
export async function consumeSendRate(rt: Pick<Runtime, 'config' | 'db' | 'shared'>, accountId: number) {
  try {
    await sendRate(rt)(String(accountId));
  } catch (rejection) {
    throw asRateLimited(rejection, (seconds) => `Too many send requests for this account; retry after ${seconds} s.`);
  }
}

/**
 * The numbers of these sends that their account's opt-out list holds (`relay_opt_outs`), as
 * `accountId:phone`, in one statement for sends that commit together (give only the sends of
 * accounts that have opt-outs: with none, no statement at all).
 */
export async function optedOutNumbers(db: DbClient, sends: Array<{ accountId: number; commands: Array<{ to: string }> }>): Promise<Set<string>> {
  const accountIds = sends.flatMap(({ accountId, commands }) => commands.map(() => accountId));
  const phones = sends.flatMap(({ commands }) => commands.map((command) => command.to));
  if (phones.length === 0) return new Set<string>();
  const rows = await optedOutRows(db, accountIds, phones);
  return new Set(rows.map((row) => `${row.account_id}:${row.phone}`));
}

/** A send to a number that opted out is refused whole, naming `to`: nothing of it is queued. */
export function checkNotOptedOut(optedOut: ReadonlySet<string>, accountId: number, commands: Array<{ to: string }>) {
  const number = commands.find((command) => optedOut.has(`${accountId}:${command.to}`))?.to;
  if (number) {
    throw relayErrors.error('recipient_opted_out', `${number} opted out of messages from this account; it must opt back in (START, or remove it from the opt-out list) before you text it.`, { param: 'to' });
  }
}
