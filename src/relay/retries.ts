// What ends an attempt that did not send: the message goes back to the queue for another phone
// while attempts and time remain, or fails for good (with its `message.failed` event). Cancelling
// queued messages fails them the same way.
import { YarrowError } from '../core/errors.ts';
import type { DbClient } from '../core/db.ts';
import { lockRows } from '../core/locks.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Message } from '../generated/prisma/client.ts';
import { wakeDispatcher } from './notices.ts';
import { requeueDispatched } from './sql.ts';
import { publishStatus, publishStatuses, recordMessageEvent } from './status.ts';

export async function finishAttempt(tx: DbClient, message: Pick<Message, 'id' | 'attempts'>, outcome: string, reason: string | null = null) {
  await tx.messageAttempt.updateMany({
    where: { messageId: message.id, number: message.attempts, finishedAt: null },
    data: { finishedAt: new Date(), outcome, failureReason: reason },
  });
}

/** The message is final: failed with a reason. The sealed text (if any) is wiped. */
export async function failMessage(rt: Runtime, tx: DbClient, message: Message, reason: string): Promise<Message> {
  const failed = await tx.message.update({
    where: { id: message.id },
    data: { state: 'failed', failureReason: reason, failedAt: new Date(), sealedBody: null },
  });
  await recordMessageEvent(rt, tx, 'message.failed', failed);
  await publishStatus(tx, failed);
  return failed;
}

/**
 * Cancels messages before any phone has them: every one must still be queued (not dispatched,
 * which may already be on a phone); then each fails with reason `cancelled`, recording
 * `message.failed`. Otherwise nothing changes and the answer is `invalid_state`. The rows are
 * locked first, so the dispatcher (which skips locked rows) cannot hand one out meanwhile.
 */
export async function cancelQueuedMessages(rt: Runtime, tx: DbClient, accountId: number, ids: string[]): Promise<Message[]> {
  const locked = await lockRows(tx, 'messages', ids, { accountId });
  const messages = await tx.message.findMany({ where: { id: { in: locked } }, orderBy: { id: 'asc' } });
  const started = messages.filter((message) => message.state !== 'queued');
  if (started.length > 0) {
    throw new YarrowError(
      'invalid_state',
      `Only a message no phone has yet can be cancelled; ${started.length} of its ${messages.length} recipient(s) already left the queue.`,
    );
  }
  const cancelled: Message[] = [];
  for (const message of messages) cancelled.push(await failMessage(rt, tx, message, 'cancelled'));
  return cancelled;
}

/**
 * The current attempt did not send the message (`reason`): it goes back to the queue for another
 * device while attempts and time remain, otherwise it fails for good with that reason.
 */
export async function retryOrFail(rt: Runtime, tx: DbClient, message: Message, outcome: string, reason: string): Promise<Message> {
  await finishAttempt(tx, message, outcome, reason);
  if (message.expiresAt <= new Date()) return failMessage(rt, tx, message, 'expired');
  if (message.attempts >= message.maxAttempts) return failMessage(rt, tx, message, reason);
  const requeued = await tx.message.update({
    where: { id: message.id },
    data: {
      state: 'queued',
      deviceId: null,
      acknowledgedAt: null,
      servedAt: null,
      stuckAt: null,
      nextAttemptAt: new Date(),
      // The attempt failed (its row keeps the reason), not the message: it is queued again.
      failureReason: null,
      failedDeviceIds: message.deviceId ? { push: message.deviceId } : undefined,
    },
  });
  await publishStatus(tx, requeued);
  await wakeDispatcher(rt, tx, message.accountId);
  return requeued;
}

/**
 * `retryOrFail` for many dispatched messages at once (a device that goes silent can hold hundreds):
 * set-based statements, so the transaction stays short however many there are. The caller holds
 * the rows' locks. Messages out of attempts or time fail one by one (each records its event).
 */
export async function retryOrFailMany(rt: Runtime, tx: DbClient, ids: string[], outcome: string, reason: string) {
  if (ids.length === 0) return;
  const now = new Date();
  const requeued = await requeueDispatched(tx, ids, outcome, reason, now);
  const back = new Set(requeued.map((row) => row.id));
  for (const message of await tx.message.findMany({ where: { id: { in: ids.filter((id) => !back.has(id)) } } })) {
    await failMessage(rt, tx, message, message.expiresAt <= now ? 'expired' : reason);
  }
  const messages = await tx.message.findMany({ where: { id: { in: [...back] } } });
  await publishStatuses(tx, messages);
  for (const accountId of new Set(messages.map((message) => message.accountId))) await wakeDispatcher(rt, tx, accountId);
}
