// Notices about a device that dispatch.ts and devices.ts both send: its new state for dashboards
// and its presence history. They live here, importing neither, so those never import in a cycle.
import type { DbClient } from '../../core/db.ts';
import { publish } from '../../core/pubsub.ts';
import type { Device } from '../../generated/prisma/client.ts';

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
