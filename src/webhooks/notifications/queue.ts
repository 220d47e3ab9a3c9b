import type { DbClient } from '../../core/db.ts';
import { sendJobs } from '../../core/queue.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Event } from '../../generated/prisma/client.ts';
import { notificationKindOf } from './kinds.ts';

/**
 * Called by `recordEvents` in the caller's transaction: one `webhook_notify` job per event a panel
 * user is emailed about, committed (or rolled back) with the event. No SMTP here: the webhooks
 * worker renders and sends, so a slow mail server never holds a request or a transaction.
 */
export async function queueNotifications(rt: Pick<Runtime, 'boss'>, tx: DbClient, events: Event[]) {
  const notified = events.filter((event) => notificationKindOf(event.type));
  if (notified.length === 0) return;
  await sendJobs(rt.boss, 'webhook_notify', notified.map((event) => ({ data: { eventId: event.id } })), { tx });
}
