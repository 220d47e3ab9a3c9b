import { publish } from '../core/pubsub.ts';
import type { DbClient } from '../core/db.ts';
import type { Runtime } from '../core/runtime.ts';
import { effectiveRate } from './devices.ts';
import { wakeDispatcher } from './dispatch.ts';

/** Who paused a queue: the account itself (panel, GraphQL) or an operator (`relay:operator`). */
export type RelayPausedBy = 'account' | 'operator';

/**
 * Pauses an account's relay queue: sends answer 503 queue_blocked and queued messages wait.
 * Used by the panel (GraphQL) and by operators (`npm run relay:operator -- pause <id>`).
 */
export async function pauseRelayQueue(tx: DbClient, accountId: number, by: RelayPausedBy) {
  const account = await tx.account.update({ where: { id: accountId }, data: { relayPausedAt: new Date(), relayPausedBy: by } });
  await publish(tx, 'relayQueueChanged', accountId, { paused: true });
  return account;
}

/** Resumes a paused queue and wakes the dispatcher so waiting messages go out at once. */
export async function resumeRelayQueue(rt: Pick<Runtime, 'boss'>, tx: DbClient, accountId: number) {
  const account = await tx.account.update({ where: { id: accountId }, data: { relayPausedAt: null, relayPausedBy: null } });
  await wakeDispatcher(rt, tx, accountId);
  await publish(tx, 'relayQueueChanged', accountId, { paused: false });
  return account;
}

export interface QueueHealth {
  paused: boolean;
  pausedAt: Date | null;
  queueLimit: number;
  counts: { queued: number; inFlight: number; sent: number; delivered: number; failed: number };
  oldestQueuedAgeSeconds: number | null;
  /** One point per minute, oldest first, over the last `minutes`. */
  throughput: Array<{ minute: Date; accepted: number; delivered: number; failed: number }>;
  devices: Array<{ id: string; name: string; status: string; inFlight: number; sentLastMinute: number; ratePerMinute: number }>;
}

/** What the queue health page shows: state counts, per-minute throughput, oldest wait, device load. */
export async function queueHealth(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, minutes = 15): Promise<QueueHealth> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const states = await db.$queryRaw<Array<{ state: string; count: bigint }>>`
    SELECT state::text, count(*) FROM messages WHERE account_id = ${accountId} GROUP BY state`;
  const count = (state: string) => Number(states.find((row) => row.state === state)?.count ?? 0n);
  const [oldest] = await db.$queryRaw<Array<{ age: number | null }>>`
    SELECT extract(epoch FROM now() - min(queued_at))::float8 AS age FROM messages WHERE account_id = ${accountId} AND state = 'queued'`;
  const series = await db.$queryRaw<Array<{ minute: Date; accepted: bigint; delivered: bigint; failed: bigint }>>`
    WITH minutes AS (
      SELECT generate_series(date_trunc('minute', now()) - make_interval(mins => ${minutes - 1}), date_trunc('minute', now()), interval '1 minute') AS minute
    ), recent AS (
      SELECT queued_at, delivered_at, failed_at FROM messages
      WHERE account_id = ${accountId}
        AND (queued_at >= now() - make_interval(mins => ${minutes}) OR delivered_at >= now() - make_interval(mins => ${minutes})
             OR failed_at >= now() - make_interval(mins => ${minutes}))
    )
    SELECT m.minute,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', queued_at) = m.minute) AS accepted,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', delivered_at) = m.minute) AS delivered,
      (SELECT count(*) FROM recent WHERE date_trunc('minute', failed_at) = m.minute) AS failed
    FROM minutes m ORDER BY m.minute`;
  const devices = await db.$queryRaw<Array<{ id: string; name: string; status: string; rate_per_minute: number | null; in_flight: bigint; sent_last_minute: bigint }>>`
    SELECT d.id, d.name, d.status::text, d.rate_per_minute,
      (SELECT count(*) FROM messages m WHERE m.device_id = d.id AND m.state = 'dispatched') AS in_flight,
      (SELECT count(*) FROM message_attempts a WHERE a.device_id = d.id AND a.dispatched_at > now() - interval '1 minute') AS sent_last_minute
    FROM devices d WHERE d.account_id = ${accountId} AND d.status <> 'revoked' ORDER BY d.name`;
  return {
    paused: account.relayPausedAt !== null,
    pausedAt: account.relayPausedAt,
    queueLimit: account.relayQueueLimit ?? rt.config.RELAY_QUEUE_LIMIT,
    counts: { queued: count('queued'), inFlight: count('dispatched'), sent: count('sent'), delivered: count('delivered'), failed: count('failed') },
    oldestQueuedAgeSeconds: oldest?.age ?? null,
    throughput: series.map((row) => ({ minute: row.minute, accepted: Number(row.accepted), delivered: Number(row.delivered), failed: Number(row.failed) })),
    devices: devices.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      inFlight: Number(row.in_flight),
      sentLastMinute: Number(row.sent_last_minute),
      ratePerMinute: effectiveRate(rt, { ratePerMinute: row.rate_per_minute }),
    })),
  };
}
