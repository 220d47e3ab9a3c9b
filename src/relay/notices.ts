// Notices that the message files (accept.ts, retries.ts, …), dispatch.ts and devices.ts all send: a
// wake-up for the dispatcher and a device's new state for dashboards. They live here, importing
// none of those, so that they import each other as a tree (messages ← dispatch ← devices) and
// never in a cycle.
import { randomUUID } from 'node:crypto';
import type { DbClient } from '../core/db.ts';
import { publish } from '../core/pubsub.ts';
import { sendJob } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Device } from '../generated/prisma/client.ts';

/**
 * The channel of sends' wake-ups (`relayQueued`, in the accept statement): the routing workers
 * LISTEN on it alone, rather than on the events channel, which carries every status change.
 */
export const RELAY_WAKE_CHANNEL = 'yarrow_relay_queued';

/** Asks for a drain of the account's queue as soon as a worker is free (commits with `tx`). */
export async function wakeDispatcher(rt: Pick<Runtime, 'boss'>, tx: DbClient, accountId: number) {
  // A key of its own: the queue's `short` policy allows one waiting job per key (see dispatch.ts).
  await sendJob(rt.boss, 'relay_dispatch', { accountId }, { tx, singletonKey: `now:${accountId}:${randomUUID()}` });
}

/** Tells dashboards (deviceUpdated) about a device's new state; in the caller's transaction. */
export async function publishDeviceChange(db: DbClient, device: Device) {
  await publish(db, 'deviceUpdated', device.accountId, {
    deviceId: device.id,
    status: device.status,
    lastSeenAt: device.lastSeenAt.toISOString(),
    batteryLevel: device.batteryLevel,
  });
}

/** A device's presence history (its panel page): one row per change, in the change's transaction. */
export async function recordPresenceChange(db: DbClient, deviceId: string, change: 'paired' | 'online' | 'offline' | 'revoked') {
  await db.devicePresenceChange.create({ data: { deviceId, change } });
}
