import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DbClient } from '../core/db.ts';
import { YarrowError } from '../core/errors.ts';
import { pointSpender } from '../core/rate-limit.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Account } from '../generated/prisma/client.ts';

/**
 * Account-level rules every send (SMS, OTP, list) passes before anything is queued:
 * subscription (402), operator pause and queue depth (503), send rate (429). `account` is the row
 * as the caller read it in `db`'s transaction.
 */
export async function assertCanSend(rt: Pick<Runtime, 'config'>, db: DbClient, account: Account, adding: number) {
  const accountId = account.id;
  if (account.subscriptionExpiresAt && account.subscriptionExpiresAt <= new Date()) {
    throw new YarrowError(
      'subscription_expired',
      `The relay subscription expired at ${account.subscriptionExpiresAt.toISOString()}; renew it to send again.`,
    );
  }
  if (account.relayPausedAt) {
    throw new YarrowError('queue_blocked', 'Sending is paused for this account by an operator. Queued messages wait; try again later.', {
      headers: { 'Retry-After': '60' },
    });
  }
  const limit = account.relayQueueLimit ?? rt.config.RELAY_QUEUE_LIMIT;
  const waiting = await db.message.count({ where: { accountId, state: { in: ['queued', 'dispatched'] } } });
  if (waiting + adding > limit) {
    throw new YarrowError(
      'queue_blocked',
      `The account's queue is full (${waiting} waiting, limit ${limit}); wait for devices to catch up.`,
      { headers: { 'Retry-After': '30' } },
    );
  }
}

const limiters = new WeakMap<object, (key: string) => Promise<void>>();

/** Send requests per account per minute, counted in PostgreSQL so every gateway shares the budget. */
export async function consumeSendRate(rt: Pick<Runtime, 'config' | 'db'>, accountId: number) {
  let spend = limiters.get(rt.db);
  if (!spend) {
    const limiter = new RateLimiterPostgres({
      storeClient: rt.db.counters,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'relay-send',
      points: rt.config.RELAY_SEND_RATE_PER_MINUTE,
      duration: 60,
      clearExpiredByTimeout: false,
    });
    spend = pointSpender(limiter);
    limiters.set(rt.db, spend);
  }
  try {
    await spend(String(accountId));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new YarrowError('rate_limited', `Too many send requests for this account; retry after ${retryAfter} s.`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    throw rejection;
  }
}
