// The lifecycle's moves as the rest of the relay makes them (./lifecycle.ts says which exist): each
// writes through its plan (./plans.ts), records the events the table gives the move and publishes
// the messages' new status, in the caller's transaction. Requeue, take-back, expiry, cancel,
// stranded pins and stuck flags are these moves, not paths of their own.
import type { DbClient } from '../../core/db.ts';
import { notFound, YarrowError } from '../../core/errors.ts';
import { lockRows } from '../../core/locks.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message } from '../../generated/prisma/client.ts';
import { recordEvent, recordEvents } from '../../webhooks/index.ts';
import { messageEvent, messageStatus, publishStatuses } from './status.ts';
import { messageMoves, messageStateSets } from './lifecycle.ts';
import { failMessages, finishAttempts, flagStuckMessages, releaseDueScheduled, requeueDispatched } from './plans.ts';
import { lockHeldBy, lockPinnedTo, lockStrandedPinned } from './queries.ts';
import { signalDevices } from '../devices/index.ts';
import { wakeDrain } from './wake.ts';

type Rt = Pick<Runtime, 'boss' | 'config'>;

/**
 * Move `fail` for messages the caller locked, with `reason` (or `expired` for each whose time to
 * live has passed, when `expiredFirst`): records each one's message.failed and publishes them.
 */
export async function fail(rt: Rt, tx: DbClient, ids: string[], reason: string, { expiredFirst = false }: { expiredFirst?: boolean } = {}): Promise<Message[]> {
  if (ids.length === 0) return [];
  const now = new Date();
  let failed: Message[];
  if (expiredFirst) {
    const expired = await tx.message.findMany({ where: { id: { in: ids }, expiresAt: { lte: now } }, select: { id: true } });
    const late = new Set(expired.map((row) => row.id));
    failed = [
      ...(await failMessages(tx, ids.filter((id) => late.has(id)), 'expired', now)),
      ...(await failMessages(tx, ids.filter((id) => !late.has(id)), reason, now)),
    ];
    const order = new Map(ids.map((id, i) => [id, i]));
    failed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  } else {
    failed = await failMessages(tx, ids, reason, now);
  }
  await recordEvents(rt, tx, failed.map((message) => messageEvent(messageMoves.fail.event, message)));
  await publishStatuses(tx, failed);
  return failed;
}

/**
 * Move `requeue` (else `fail`) for dispatched messages the caller locked: the current attempt did
 * not send them (`outcome`, `reason`), so each goes back to the queue for another device while
 * attempts and time remain, and fails for good otherwise (`expired` when its time is up, else
 * `reason`). The account's drain is woken for what went back. Answers the messages as they are now.
 */
export async function requeueOrFail(rt: Rt, tx: DbClient, ids: string[], outcome: string, reason: string): Promise<Message[]> {
  if (ids.length === 0) return [];
  const back = new Set((await requeueDispatched(tx, ids, outcome, reason, new Date())).map((row) => row.id));
  const failed = await fail(rt, tx, ids.filter((id) => !back.has(id)), reason, { expiredFirst: true });
  const requeued = await tx.message.findMany({ where: { id: { in: [...back] } } });
  await publishStatuses(tx, requeued);
  for (const accountId of new Set(requeued.map((message) => message.accountId))) await wakeDrain(tx, accountId);
  const byId = new Map([...failed, ...requeued].map((message) => [message.id, message]));
  return ids.map((id) => byId.get(id)).filter((message) => message !== undefined);
}

/**
 * Move `fail` for a message whose current attempt ended badly after it left the queue (it expired
 * on the phone, or the phone failed it after `sent`): the attempt ends with `outcome` first.
 */
export async function failAttempt(rt: Rt, tx: DbClient, messages: Array<Pick<Message, 'id' | 'attempts'>>, outcome: string, reason: string) {
  await finishAttempts(tx, messages, outcome, reason, new Date());
  return fail(rt, tx, messages.map((message) => message.id), reason);
}

/**
 * Cancels messages before any phone has them: every one must still be scheduled or queued (not dispatched,
 * which may already be on a phone); then each fails with reason `cancelled`, recording
 * `message.failed`. Otherwise nothing changes and the answer is `invalid_state`. The rows are
 * locked first, so the dispatcher (which skips locked rows) cannot hand one out meanwhile.
 */
export async function cancelQueuedMessages(rt: Rt, tx: DbClient, accountId: number, ids: string[]): Promise<Message[]> {
  const locked = await lockRows(tx, 'messages', ids, { accountId });
  const messages = await tx.message.findMany({ where: { id: { in: locked } }, orderBy: { id: 'asc' }, select: { id: true, state: true } });
  const started = messages.filter((message) => message.state !== 'queued' && message.state !== 'scheduled');
  if (started.length > 0) {
    throw new YarrowError(
      'invalid_state',
      `Only a message no phone has yet can be cancelled; ${started.length} of its ${messages.length} recipient(s) already left the queue.`,
    );
  }
  return fail(rt, tx, messages.map((message) => message.id), 'cancelled');
}

/**
 * Cancels one scheduled message (Twilio's rule: only while it is scheduled; once queued a phone may
 * be given it any moment): it fails with reason `cancelled`, recording `message.failed`. Another
 * state is `invalid_state`, naming it; another account's or an unknown id is `not_found`. Locked
 * first, so the drain's release (which skips locked rows) cannot queue it meanwhile.
 */
export async function cancelScheduledMessage(rt: Rt, tx: DbClient, accountId: number, id: string): Promise<Message> {
  const [locked] = await lockRows(tx, 'messages', [id], { accountId });
  if (!locked) throw notFound('message', 'request_id');
  const message = await tx.message.findUniqueOrThrow({ where: { id: locked } });
  if (message.state !== 'scheduled') {
    throw new YarrowError('invalid_state', `Only a scheduled message can be cancelled; ${id} is ${messageStatus(message)}.`);
  }
  const [failed] = await fail(rt, tx, [id], 'cancelled');
  return failed!;
}

/** Move `release` for the account's scheduled messages whose time has come (up to 500), publishing their new status. */
export async function releaseScheduled(tx: DbClient, accountId: number) {
  const released = await releaseDueScheduled(tx, accountId, new Date());
  await publishStatuses(tx, released);
  return released.length;
}

/** Move `fail` (`expired`) for up to 500 queued messages past their time to live (of one account, or any). */
export async function expireQueued(rt: Rt, tx: DbClient, accountId?: number) {
  const expired = await tx.message.findMany({
    where: { state: { in: [...messageStateSets.inQueue] }, expiresAt: { lte: new Date() }, ...(accountId !== undefined ? { accountId } : {}) },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 500,
  });
  await fail(rt, tx, expired.map((message) => message.id), 'expired');
  return expired.length;
}

/**
 * Take-back: ends the device's current attempt of each message (locked by the caller), requeues
 * or fails it, and tells the device to drop it; a device that is away hears it when it reconnects
 * (`attemptsTakenBackFrom`).
 */
export async function takeBack(rt: Rt, tx: DbClient, deviceId: string, held: Array<{ id: string; attempts: number }>, reason: string) {
  await requeueOrFail(rt, tx, held.map((message) => message.id), reason, reason);
  await signalDevices(tx, held.map((message) => [deviceId, { kind: 'cancel', messageId: message.id, attempt: message.attempts, reason }]));
}

/**
 * Takes back the messages a device holds but has not sent (it went offline or was unpaired):
 * each attempt ends with `reason` and the message reroutes while attempts remain.
 */
export async function releaseDeviceMessages(rt: Rt, tx: DbClient, deviceId: string, reason: string) {
  const held = await lockHeldBy(tx, deviceId, { unacknowledgedOnly: false });
  await takeBack(rt, tx, deviceId, held, reason);
  return held.length;
}

/**
 * Takes back what a device holds but has not acknowledged (its socket closed: the work may never
 * have reached it). Acknowledged work stays with the phone until the heartbeat window says it left.
 */
export async function releaseUnacknowledged(rt: Rt, tx: DbClient, deviceId: string, reason: string) {
  const held = await lockHeldBy(tx, deviceId, { unacknowledgedOnly: true });
  await takeBack(rt, tx, deviceId, held, reason);
  return held.length;
}

/** Move `fail` for the queued messages pinned (`device_id` at send) to a device that will not take them. */
export async function failPinnedTo(rt: Rt, tx: DbClient, deviceId: string, reason: string) {
  const pinned = await lockPinnedTo(tx, deviceId);
  await fail(rt, tx, pinned.map((row) => row.id), reason);
  return pinned.length;
}

/**
 * Move `fail` for up to 100 pinned messages whose device will not take them: at once when it was
 * unpaired (`device_revoked`), after `RELAY_PINNED_OFFLINE_WAIT_SECONDS` unreachable (`device_offline`).
 */
export async function failStrandedPinned(rt: Rt, tx: DbClient) {
  const stranded = await lockStrandedPinned(tx, rt.config.RELAY_PINNED_OFFLINE_WAIT_SECONDS);
  await fail(rt, tx, stranded.filter((row) => row.revoked).map((row) => row.id), 'device_revoked');
  await fail(rt, tx, stranded.filter((row) => !row.revoked).map((row) => row.id), 'device_offline');
  return stranded.length;
}

/**
 * Mark `stuck` for up to 100 messages a phone has held too long without a word (message.stuck):
 * they do not move by themselves (the phone may still send them); the account can reroute them.
 */
export async function flagStuck(rt: Rt, tx: DbClient) {
  const stuck = await flagStuckMessages(tx, rt.config.RELAY_STUCK_AFTER_SECONDS);
  const devices = new Map((await tx.device.findMany({ where: { id: { in: stuck.map((row) => row.deviceId!) } }, select: { id: true, name: true } })).map((d) => [d.id, d.name]));
  for (const message of stuck) {
    await recordEvent(rt, tx, {
      accountId: message.accountId,
      type: 'message.stuck',
      objectType: 'message',
      objectPublicId: message.id,
      data: {
        request_id: message.id,
        status: 'queued',
        device_id: message.deviceId,
        device_name: devices.get(message.deviceId!) ?? null,
        held_since: message.acknowledgedAt!.toISOString(),
        stuck_since: message.stuckAt!.toISOString(),
        // What the account can do: wait for the phone, or send it through another phone knowing
        // the first may still send it (POST /api/v1/messages/{id}/reroute, allow_duplicate).
        actions: ['wait', 'reroute'],
      },
    });
  }
  if (stuck.length > 0) await publishStatuses(tx, await tx.message.findMany({ where: { id: { in: stuck.map((row) => row.id) } } }));
  return stuck.length;
}
