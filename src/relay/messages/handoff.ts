// The hand-off: who holds a message (docs/relay-protocol.md, "Who holds a message"). What a
// phone is given and takes, what it is told to drop, and what moves a message it took to another
// phone: only the phone's word (a `Cancelled`, a `sync` that does not list it) or the account's
// knowing choice (a reroute).
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { lockRow } from '../../core/locks.ts';
import { restSchema } from '../../core/wire.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Device, Message } from '../../generated/prisma/client.ts';
import { messageStateSets } from './lifecycle.ts';
import { messageStage } from './status.ts';
import { allowAnotherAttempt, clearStuckHeld, lockNotHeld, recordDeviceWord, serveToApp } from './plans.ts';
import { attemptsTakenBackFrom } from './queries.ts';
import { lockForDevice } from './reports.ts';
import { signalDevices } from '../devices/index.ts';
import { requeueOrFail } from './transitions.ts';

/** The states in which a phone holds a message, from the lifecycle table (`requeue` gives it back from them). */
const onPhone = messageStateSets.onPhone;
const isOnPhone = (message: Pick<Message, 'state'>) => onPhone.includes(message.state);

/**
 * Attempts taken back from this device (its socket closed, it went offline, was too slow to acknowledge) of messages
 * not yet expired: a device that was away may still hold them, and is told to drop them when it
 * reconnects, before anything else, so it does not send what another device now sends.
 */
export async function takenBackFrom(db: DbClient, deviceId: string) {
  return attemptsTakenBackFrom(db, deviceId);
}

/**
 * Messages waiting on this device that it has not acknowledged yet (pushed again on reconnect),
 * oldest first unless `newestFirst`, at most `limit`.
 */
export async function pendingForDevice(db: DbClient, deviceId: string, ids?: string[], { newestFirst = false, limit = 500 } = {}) {
  return db.message.findMany({
    where: { deviceId, state: { in: [...onPhone] }, acknowledgedAt: null, ...(ids ? { id: { in: ids } } : {}) },
    // Higher priority first: a phone sends in the order it is given its work.
    orderBy: [{ priority: 'desc' }, { dispatchedAt: newestFirst ? 'desc' : 'asc' }],
    take: limit,
  });
}

/** How often a message the Android app holds is served again, asking the app for its state. */
const REASK_SECONDS = 300;

/**
 * The Android app pulls its work: what it has not been served yet, and what it was served before
 * its stream last (re)connected or a while ago (it answers with its state and never sends an id
 * twice). Served is taken: from now on only the app's word, the account or the TTL moves it.
 */
export async function serveWorkToApp(rt: Runtime, device: Pick<Device, 'id' | 'connectedAt'>, { limit, newestFirst }: { limit: number; newestFirst: boolean }) {
  const now = new Date();
  const reaskBefore = new Date(Math.max(device.connectedAt?.getTime() ?? 0, now.getTime() - REASK_SECONDS * 1000));
  return serveToApp(rt.db.prisma, device.id, { limit, newestFirst, reaskBefore, now });
}

/**
 * A phone's word about a message that moves nothing (the app's `Pending`/`Processed`, or any
 * report about an attempt it no longer has): recorded on its attempt; about the current attempt,
 * it clears the stuck flag.
 */
export async function recordPhoneWord(rt: Runtime, device: { id: string }, messageId: string, word: string) {
  await recordDeviceWord(rt.db.prisma, device.id, messageId, null, word, new Date());
}

/**
 * The phone says it will not send the message (the app's `Cancelled`): the phone's word that lets
 * the message go to another phone. The current attempt ends (`cancelled_by_device`) and the
 * message is queued again while attempts and time remain; about an older attempt it is recorded.
 */
export async function giveBackMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string) {
  // The message row is locked only when this phone has it now: a phone answering the cancel of a
  // message rerouted away must not hold the row of a queued message while a drain passes it over
  // (the drain skips locked rows and would look again only at its next wake-up).
  await recordDeviceWord(rt.db.prisma, device.id, messageId, null, 'cancelled', new Date());
  const current = await rt.db.prisma.message.findFirst({ where: { id: messageId, accountId: device.accountId, deviceId: device.id, state: { in: [...onPhone] } }, select: { id: true } });
  if (!current) return;
  await rt.db.prisma.$transaction(async (tx) => {
    const message = await lockForDevice(tx, device, messageId);
    if (isOnPhone(message) && message.deviceId === device.id) {
      await requeueOrFail(rt, tx, [message.id], 'cancelled_by_device', 'device_cancelled');
    }
  });
}

/** The fields of a phone's sync (camelCase; ./transports parse its frame and long-poll body into them). */
export const heldMessagesFields = {
  held: z.array(z.string().min(1).max(64)).max(10_000).describe('Every message the phone holds and has not reported sent or failed.'),
};
/** What a phone says it holds after a (re)connect. */
type HeldMessages = z.output<z.ZodObject<typeof heldMessagesFields>>;

/**
 * A device (re)connected and says what it holds. What it took and no longer holds, and never
 * reported sent, is queued again at once (`not_held`): a phone that restarted without its queue
 * strands nothing. What it holds is its word (the stuck flag clears). Answers how many went back.
 */
export async function syncHeldMessages(rt: Runtime, device: { id: string; accountId: number }, { held }: HeldMessages, takenBefore = new Date()) {
  return rt.db.prisma.$transaction(async (tx) => {
    const now = new Date();
    const lost = await lockNotHeld(tx, device.id, held, takenBefore, now);
    for (const message of lost) await recordDeviceWord(tx, device.id, message.id, message.attempts, 'not_held', now);
    await requeueOrFail(rt, tx, lost.map((message) => message.id), 'not_held', 'device_lost_message');
    await clearStuckHeld(tx, device.id, held);
    return { requeued: lost.length };
  });
}

const rerouteFields = {
  allowDuplicate: z
    .boolean()
    .default(false)
    .describe('Required (true) when a phone took the message: it may still send it, and the person may get it twice.'),
};
/** The body of POST /api/v1/messages/{id}/reroute, parsed into the command (GraphQL's one argument is the command as it is). */
export const rerouteBody = restSchema(rerouteFields);
/** The account's choice when it reroutes a message. */
type RerouteCommand = z.output<z.ZodObject<typeof rerouteFields>>;

/**
 * The account moves a message off its phone to another one (the panel's "Send through another
 * phone"). A message no phone took moves freely; one a phone took (it may still send it) only with
 * `allow_duplicate: true`, the account's knowing choice. The phone is told to drop it, and its late
 * reports are kept on its attempt.
 */
export async function rerouteMessage(rt: Runtime, accountId: number, requestId: string, { allowDuplicate }: RerouteCommand): Promise<Message> {
  return rt.db.prisma.$transaction(async (tx) => {
    if (!(await lockRow(tx, 'messages', requestId, { accountId }))) throw notFound('message', 'request_id');
    const message = await tx.message.findUniqueOrThrow({ where: { id: requestId } });
    if (!isOnPhone(message) || !message.deviceId) {
      throw new YarrowError('invalid_state', `Only a message on a phone can be rerouted; this one is ${messageStage(message)}.`, { param: 'request_id' });
    }
    if (message.acknowledgedAt && !allowDuplicate) {
      throw new YarrowError(
        'invalid_request',
        'The phone took this message and may still send it: rerouting it can make the person get it twice. Send allow_duplicate: true to reroute anyway.',
        { param: 'allow_duplicate' },
      );
    }
    await allowAnotherAttempt(tx, message);
    await signalDevices(tx, [[message.deviceId, { kind: 'cancel', messageId: message.id, attempt: message.attempts, reason: 'rerouted' }]]);
    await requeueOrFail(rt, tx, [message.id], 'rerouted', 'rerouted');
    return tx.message.findUniqueOrThrow({ where: { id: message.id } });
  });
}
