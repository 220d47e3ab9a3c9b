// The drain's wake-up: whatever makes queued work a device could take (a send, a requeue, a
// device back, a resume) wakes the account's drain here, in the transaction that made it, so the
// wake-up exists exactly when the work does.
import { randomUUID } from 'node:crypto';
import type { DbClient } from '../../core/db.ts';
import { sendJob } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';

/**
 * The channel of sends' wake-ups (`relayQueued`, in the accept statement): the routing workers
 * LISTEN on it alone, rather than on the events channel, which carries every status change.
 */
export const RELAY_WAKE_CHANNEL = 'yarrow_relay_queued';

/** Asks for a drain of the account's queue as soon as a worker is free (commits with `tx`). */
export async function wakeDrain(rt: Pick<Runtime, 'boss'>, tx: DbClient, accountId: number) {
  // A key of its own: the queue's `short` policy allows one waiting job per key (see dispatch.ts).
  await sendJob(rt.boss, 'relay_dispatch', { accountId }, { tx, singletonKey: `now:${accountId}:${randomUUID()}` });
}
