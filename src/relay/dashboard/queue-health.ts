import { notFound, YarrowError } from '../../core/errors.ts';
import { lockRow } from '../../core/locks.ts';
import { publish } from '../../core/pubsub.ts';
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import { throughputSeries } from './sql.ts';
import { effectiveRate } from '../devices/index.ts';
import { wakeDrain } from '../messages/index.ts';

/** Who paused a queue: the account itself (panel, GraphQL) or an operator (`relay:operator`). */
export type RelayPausedBy = 'account' | 'operator';

/**
 * Pauses an account's relay queue: sends answer 503 queue_blocked and queued messages wait.
 * Used by the panel (GraphQL) and by operators (`npm run relay:operator -- pause <id>`).
 */
export async function pauseRelayQueue(tx: DbClient, accountId: number, by: RelayPausedBy) {
  const current = await lockedAccount(tx, accountId);
  // An operator's pause stays the operator's: the account pausing too changes nothing.
  if (current.relayPausedBy === 'operator' && by === 'account') return current;
  const account = await tx.account.update({ where: { id: accountId }, data: { relayPausedAt: new Date(), relayPausedBy: by } });
  await publish(tx, 'relayQueueChanged', accountId, { paused: true });
  return account;
}

/**
 * Resumes a paused queue and wakes the dispatcher so waiting messages go out at once. An
 * operator's pause is lifted only by an operator: the account's resume is refused.
 */
export async function resumeRelayQueue(tx: DbClient, accountId: number, by: RelayPausedBy) {
  const current = await lockedAccount(tx, accountId);
  if (current.relayPausedBy === 'operator' && by === 'account') {
    throw new YarrowError('invalid_state', 'Sending was paused by an operator, and only an operator can resume it. Queued messages wait; contact the operator of this Yarrow.');
  }
  const account = await tx.account.update({ where: { id: accountId }, data: { relayPausedAt: null, relayPausedBy: null } });
  await wakeDrain(tx, accountId);
  await publish(tx, 'relayQueueChanged', accountId, { paused: false });
  return account;
}

/** The account row, locked: a pause and a resume of the same account happen one after the other. */
async function lockedAccount(tx: DbClient, accountId: number) {
  if (!(await lockRow(tx, 'accounts', accountId, { idType: 'int' }))) throw notFound('account');
  return tx.account.findUniqueOrThrow({ where: { id: accountId } });
}

/** The line the panel shows on every page while the account's queue is paused (a module's `panelNotices`). */
export async function pauseNotices(db: DbClient, accountId: number): Promise<string[]> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { relayPausedAt: true, relayPausedBy: true } });
  if (!account?.relayPausedAt) return [];
  return [
    account.relayPausedBy === 'operator'
      ? 'Relay sending is paused by an operator: new sends are refused and queued messages wait. Only the operator can resume it.'
      : 'Relay sending is paused by your account: new sends are refused and queued messages wait. Resume it on the Queue page.',
  ];
}

export interface QueueHealth {
  paused: boolean;
  pausedAt: Date | null;
  /** Who paused it (null while not paused): only an operator lifts an operator's pause. */
  pausedBy: RelayPausedBy | null;
  queueLimit: number;
  counts: { queued: number; inFlight: number; stuck: number; sent: number; delivered: number; failed: number };
  oldestQueuedAgeSeconds: number | null;
  /** One point per minute, oldest first, over the last `minutes`. */
  throughput: Array<{ minute: Date; accepted: number; onPhone: number; sent: number; delivered: number; failed: number }>;
  devices: Array<{ id: string; name: string; status: string; lastSeenAt: Date; inFlight: number; stuck: number; sentLastMinute: number; ratePerMinute: number }>;
}

/** What the queue health page shows: state counts, per-minute throughput, oldest wait, device load. */
export async function queueHealth(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, minutes = 15): Promise<QueueHealth> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const states = await db.message.groupBy({ by: ['state'], where: { accountId }, _count: { _all: true } });
  const count = (state: string) => states.find((row) => row.state === state)?._count._all ?? 0;
  const { _min: oldest } = await db.message.aggregate({ where: { accountId, state: 'queued' }, _min: { queuedAt: true } });
  const stuck = await db.message.groupBy({ by: ['deviceId'], where: { accountId, state: 'dispatched', stuckAt: { not: null } }, _count: { _all: true } });
  const stuckOn = (deviceId: string) => stuck.find((row) => row.deviceId === deviceId)?._count._all ?? 0;
  const series = await throughputSeries(db, accountId, minutes);
  const devices = await db.device.findMany({
    where: { accountId, status: { not: 'revoked' } },
    orderBy: { name: 'asc' },
    select: {
      id: true,
      name: true,
      status: true,
      lastSeenAt: true,
      ratePerMinute: true,
      _count: { select: { messages: { where: { state: 'dispatched' } }, attempts: { where: { dispatchedAt: { gt: new Date(Date.now() - 60_000) } } } } },
    },
  });
  return {
    paused: account.relayPausedAt !== null,
    pausedAt: account.relayPausedAt,
    pausedBy: account.relayPausedAt ? (account.relayPausedBy as RelayPausedBy | null) : null,
    queueLimit: account.relayQueueLimit ?? rt.config.RELAY_QUEUE_LIMIT,
    counts: {
      queued: count('queued'),
      inFlight: count('dispatched'),
      stuck: stuck.reduce((sum, row) => sum + row._count._all, 0),
      sent: count('sent'),
      delivered: count('delivered'),
      failed: count('failed'),
    },
    oldestQueuedAgeSeconds: oldest.queuedAt ? (Date.now() - oldest.queuedAt.getTime()) / 1000 : null,
    throughput: series.map((row) => ({
      minute: row.minute,
      accepted: Number(row.accepted),
      onPhone: Number(row.dispatched),
      sent: Number(row.sent),
      delivered: Number(row.delivered),
      failed: Number(row.failed),
    })),
    devices: devices.map((device) => ({
      id: device.id,
      name: device.name,
      status: device.status,
      lastSeenAt: device.lastSeenAt,
      inFlight: device._count.messages,
      stuck: stuckOn(device.id),
      sentLastMinute: device._count.attempts,
      ratePerMinute: effectiveRate(rt, device),
    })),
  };
}
