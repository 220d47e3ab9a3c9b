// The drain's one wake-up. Whatever makes queued work a device could take (a send, a requeue, a
// device back online, a resume, a change of quiet hours) wakes the account's drain here, as a NOTIFY in the transaction
// that made it: the wake-up is heard exactly when the work is committed, never before and never
// for work that rolled back. The routing workers LISTEN on its channel; a wake-up no worker heard
// (none running, a lost connection) is found by their sweep (`sweepWaitingAccounts`).
//
// It was also a `relay_dispatch` pg-boss job for every wake-up but a send's: a second queue
// technology for one job, whose `short` policy a random `singletonKey` had to defeat, and which cost
// PostgreSQL as much as the message's own insert (docs/performance.md#accept-path).
import type { DbClient } from '../../core/db.ts';
import { liveEvent, notifyQuery } from '../../core/pubsub.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * The channel of the drain's wake-ups (`relayQueued`): the routing workers LISTEN on it alone,
 * rather than on the events channel, which carries every status change.
 */
export const RELAY_WAKE_CHANNEL = 'yarrow_relay_queued';

/** The wake-up of these accounts' drains as a query, for a statement that wakes along with its own work (the accept insert). */
export function wakeDrainQuery(accountIds: Iterable<number>): Prisma.Sql {
  return notifyQuery([...new Set(accountIds)].map((accountId) => liveEvent('relayQueued', 'all', { accountId })), RELAY_WAKE_CHANNEL);
}

/** Wakes the account's drain when `tx` commits (a routing worker drains it as soon as it is free). */
export async function wakeDrain(tx: DbClient, accountId: number) {
  await tx.$executeRaw(wakeDrainQuery([accountId]));
}
