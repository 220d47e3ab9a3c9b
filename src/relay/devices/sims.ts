// A send's `sim_number` against the phones that may send it. The Android app fails a message whose
// `simNumber` names no active SIM ("SIM N not found", no fallback: ../shared/capcom6-protocol.md
// Addendum 2), so Yarrow refuses it at send time instead, naming `sim_number`.
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';

/** A send's `sim_number`: 1-based as the app's `simNumber` (slot = simNumber − 1), checked at send against the phones' SIMs. */
export const simNumberInput = z
  .number()
  .int()
  .min(1)
  .max(8)
  .describe('The SIM to send from, 1-based (slot 0 is SIM 1). Must be a SIM of the named device, or of every device the router may pick; absent: the phone chooses.')
  .meta({ examples: [1] });

/** The 1-based SIM numbers a device's `sims` (0-based slots, as paired or reported by the app) offer. */
export function simNumbersOf(sims: unknown): number[] {
  if (!Array.isArray(sims)) return [];
  return sims.flatMap((sim) => (typeof sim?.slot === 'number' ? [sim.slot + 1] : []));
}

/**
 * `simNumber` must be a SIM of the named device, or, when the router picks, of every device of the
 * account it may pick (not unpaired): the message may go to any of them. No such device is a
 * refusal too: nothing says the SIM exists.
 */
export async function checkSimNumber(db: DbClient, accountId: number, deviceId: string | undefined, simNumber: number) {
  const devices = await db.device.findMany({
    where: { accountId, status: { not: 'revoked' }, ...(deviceId ? { id: deviceId } : {}) },
    select: { id: true, name: true, sims: true },
    orderBy: { id: 'asc' },
  });
  if (devices.length === 0) {
    throw new YarrowError('invalid_request', `sim_number: no paired device to send from SIM ${simNumber}.`, { param: 'sim_number' });
  }
  const without = devices.filter((device) => !simNumbersOf(device.sims).includes(simNumber));
  if (without.length === 0) return;
  const names = without.map((device) => `${device.name} (${device.id}: ${describeSims(device.sims)})`).join(', ');
  const hint = deviceId ? '' : ' Name a device_id that has it.';
  throw new YarrowError('invalid_request', `sim_number: no SIM ${simNumber} on ${names}.${hint}`, { param: 'sim_number' });
}

function describeSims(sims: unknown) {
  const numbers = simNumbersOf(sims);
  return numbers.length === 0 ? 'reports no SIM' : `SIM ${numbers.join(', ')}`;
}
