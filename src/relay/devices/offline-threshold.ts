import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';

// The account's phone-offline threshold (issue 39): how long one of its phones may be silent before
// the device-presence worker marks it offline, records device.offline and notifies the panel users
// (`device_offline`). Unset, the server-wide DEVICE_OFFLINE_AFTER_SECONDS holds. The presence plan
// reads the column itself (./sql.ts markOneSilentDeviceOffline), so one query serves every account.

/**
 * Bounds of the setting. The floor keeps the presence worker's pace sane: it runs at most every
 * 10 s (`presenceIntervalMs`, src/relay/messages/drain.ts), so a 30 s threshold is still noticed
 * within a third of it; and a phone's app heartbeats every 30 s by default.
 */
export const deviceOfflineAfterBounds = { min: 30, max: 86_400 } as const;

/** The threshold as sent (REST `device_offline_after_seconds`, GraphQL `setDeviceOfflineAfterSeconds`); null goes back to the server default. */
export const deviceOfflineAfterSecondsInput = z
  .number()
  .int()
  .min(deviceOfflineAfterBounds.min)
  .max(deviceOfflineAfterBounds.max)
  .nullable()
  .describe(
    `Seconds of silence after which a phone of the account is marked offline (device.offline, the device_offline notification), ${deviceOfflineAfterBounds.min} to ${deviceOfflineAfterBounds.max}; null: the server default (DEVICE_OFFLINE_AFTER_SECONDS).`,
  )
  .meta({ examples: [300] });

/** The account's threshold in seconds: its own, or the server-wide DEVICE_OFFLINE_AFTER_SECONDS. */
export function deviceOfflineAfterSeconds(rt: Pick<Runtime, 'config'>, account: { deviceOfflineAfterSeconds: number | null }): number {
  return account.deviceOfflineAfterSeconds ?? rt.config.DEVICE_OFFLINE_AFTER_SECONDS;
}

/**
 * Sets (or with null, clears) the account's threshold. The next presence pass applies it to every
 * phone of the account, the online ones included: a phone already silent for longer goes offline then.
 */
export async function setDeviceOfflineAfterSeconds(db: DbClient, accountId: number, seconds: z.output<typeof deviceOfflineAfterSecondsInput>) {
  return db.account.update({ where: { id: accountId }, data: { deviceOfflineAfterSeconds: seconds } });
}
