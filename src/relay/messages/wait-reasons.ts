// Why a queued message is not on a phone yet (`wait_reason`), for the account to see (REST, GraphQL,
// the panel's message page). Read when asked, from the account's pause and quiet hours and the lanes
// the drain routes over (devices/pacing.ts): the drain writes nothing for a message it leaves, so its
// rounds stay as cheap as before; the price is one read of the account and its devices per request
// that shows queued messages.
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message } from '../../generated/prisma/client.ts';
import { pacingLanes, waitReason, type Lane, type WaitReason } from '../devices/index.ts';
import { deviceCapacity } from './drain.ts';
import { EXPEDITED_PRIORITY } from '../priority.ts';
import { quietHoursEnd, quietHoursOf } from './schedule.ts';

type Waiting = Pick<Message, 'id' | 'accountId' | 'state' | 'priority' | 'to' | 'simNumber' | 'requestedDeviceId' | 'failedDeviceIds'>;

/** A queued message's wait reason: the device's (pacing.ts), or the account's quiet hours holding it (./drain.ts). */
type MessageWaitReason = WaitReason | 'quiet_hours';

/** What of the account holds its queue: its pause, and whether it is inside its quiet hours now. */
interface AccountHold {
  paused: boolean;
  quiet: boolean;
}

const accountSelect = { relayPausedAt: true, relayQuietHoursStart: true, relayQuietHoursEnd: true, relayQuietHoursTimeZone: true } as const;

async function accountHold(db: DbClient, accountId: number, now: Date): Promise<AccountHold> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: accountSelect });
  const quiet = quietHoursOf(account);
  return { paused: account.relayPausedAt !== null, quiet: quiet !== null && quietHoursEnd(quiet, now) !== null };
}

/** The pause first (it holds everything), then the quiet hours (below expedited priority), then the devices. */
function reasonOf(message: Waiting, lanes: Lane[], hold: AccountHold): MessageWaitReason | null {
  if (hold.paused) return 'account_paused';
  if (hold.quiet && message.priority < EXPEDITED_PRIORITY) return 'quiet_hours';
  return waitReason(message, lanes, false);
}

/** The wait reason of each queued message of one account's `messages` (others are left out: not waiting). */
export async function waitReasons(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, messages: Waiting[]): Promise<Map<string, MessageWaitReason | null>> {
  const queued = messages.filter((message) => message.state === 'queued' && message.accountId === accountId);
  const reasons = new Map<string, MessageWaitReason | null>();
  if (queued.length === 0) return reasons;
  const now = new Date();
  const [hold, devices] = await Promise.all([accountHold(db, accountId, now), deviceCapacity(rt, db, accountId, { lock: false })]);
  const lanes = await pacingLanes(db, devices, [...new Set(queued.map((message) => message.to))], now);
  for (const message of queued) reasons.set(message.id, reasonOf(message, lanes, hold));
  return reasons;
}

/**
 * `waitReasons` shared by the fields of one GraphQL request: the account's lanes are read once,
 * for the first queued message asked about, however many the page lists.
 */
export function waitReasonsPerRequest(rt: Pick<Runtime, 'config'>, db: DbClient) {
  const lanes = new Map<number, ReturnType<typeof loadLanes>>();
  const loadLanes = async (accountId: number) => {
    const now = new Date();
    const [hold, devices] = await Promise.all([accountHold(db, accountId, now), deviceCapacity(rt, db, accountId, { lock: false })]);
    // No numbers: a monthly cap then reads the lane's count only, and treats every number as new.
    return { hold, lanes: await pacingLanes(db, devices, [], now) };
  };
  return async (message: Waiting): Promise<MessageWaitReason | null> => {
    if (message.state !== 'queued') return null;
    if (!lanes.has(message.accountId)) lanes.set(message.accountId, loadLanes(message.accountId));
    const loaded = await lanes.get(message.accountId)!;
    return reasonOf(message, loaded.lanes, loaded.hold);
  };
}
