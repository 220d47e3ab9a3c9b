// Why a queued message is not on a phone yet (`wait_reason`), for the account to see (REST, GraphQL,
// the panel's message page). Read when asked, from the lanes the drain routes over
// (devices/pacing.ts): the drain writes nothing for a message it leaves, so its rounds stay as cheap
// as before; the price is one read of the account's devices per request that shows queued messages.
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message } from '../../generated/prisma/client.ts';
import { pacingLanes, waitReason, type WaitReason } from '../devices/pacing.ts';
import { deviceCapacity } from './drain.ts';

type Waiting = Pick<Message, 'id' | 'accountId' | 'state' | 'priority' | 'to' | 'simNumber' | 'requestedDeviceId' | 'failedDeviceIds'>;

/** The wait reason of each queued message of one account's `messages` (others are left out: not waiting). */
export async function waitReasons(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, messages: Waiting[]): Promise<Map<string, WaitReason | null>> {
  const queued = messages.filter((message) => message.state === 'queued' && message.accountId === accountId);
  const reasons = new Map<string, WaitReason | null>();
  if (queued.length === 0) return reasons;
  const now = new Date();
  const [account, devices] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { relayPausedAt: true } }),
    deviceCapacity(rt, db, accountId, { lock: false }),
  ]);
  const lanes = await pacingLanes(db, devices, [...new Set(queued.map((message) => message.to))], now);
  for (const message of queued) reasons.set(message.id, waitReason(message, lanes, account.relayPausedAt !== null));
  return reasons;
}

/**
 * `waitReasons` shared by the fields of one GraphQL request: the account's lanes are read once,
 * for the first queued message asked about, however many the page lists.
 */
export function waitReasonsPerRequest(rt: Pick<Runtime, 'config'>, db: DbClient) {
  const lanes = new Map<number, ReturnType<typeof loadLanes>>();
  const loadLanes = async (accountId: number) => {
    const [account, devices] = await Promise.all([
      db.account.findUniqueOrThrow({ where: { id: accountId }, select: { relayPausedAt: true } }),
      deviceCapacity(rt, db, accountId, { lock: false }),
    ]);
    // No numbers: a monthly cap then reads the lane's count only, and treats every number as new.
    return { paused: account.relayPausedAt !== null, lanes: await pacingLanes(db, devices, [], new Date()) };
  };
  return async (message: Waiting): Promise<WaitReason | null> => {
    if (message.state !== 'queued') return null;
    if (!lanes.has(message.accountId)) lanes.set(message.accountId, loadLanes(message.accountId));
    const loaded = await lanes.get(message.accountId)!;
    return waitReason(message, loaded.lanes, loaded.paused);
  };
}
