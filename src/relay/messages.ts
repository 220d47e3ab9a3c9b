import { z } from 'zod';
import { decrypt } from '../core/crypto.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound, parseInput } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { liveEvent, publishAll, type RelayMessageStatus } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Message } from '../generated/prisma/client.ts';
import { recordEvent } from '../webhooks/events.ts';
import { wakeDispatcher } from './dispatch.ts';
import { assertCanSend, consumeSendRate } from './rules.ts';
import { countSegments, messageText, phoneNumber } from './sms.ts';

export type PublicStatus = RelayMessageStatus['status'];

/** `dispatched` is an internal step: to the sender the message is still queued. */
export function publicStatus(message: Pick<Message, 'state'>): PublicStatus {
  return message.state === 'dispatched' ? 'queued' : message.state;
}

/** Options every SMS send takes (single, list). */
export const sendOptions = {
  message: messageText,
  device_id: z.string().trim().min(1).max(64).optional(),
  ttl_seconds: z.number().int().min(1).max(604_800).optional(),
  reference: z.string().max(255).optional(),
};

export const sendSmsInput = z.strictObject({ to: phoneNumber, ...sendOptions });

export interface NewMessage {
  to: string;
  body: string;
  sealedBody?: string;
  deviceId?: string;
  ttlSeconds?: number;
  reference?: string;
  /** Counts segments of this text instead of `body` (for masked bodies). */
  segmentsOf?: string;
}

/**
 * The device a send names, checked at send time: it must be this account's, not revoked and
 * online. Anything else is `invalid_device` (another account's device looks like an unknown one).
 */
export async function checkRequestedDevice(db: DbClient, accountId: number, deviceId: string) {
  const device = await db.device.findFirst({ where: { id: deviceId, accountId } });
  if (!device) throw new YarrowError('invalid_device', `No such device ${deviceId} on this account.`, { param: 'device_id' });
  if (device.status === 'revoked') throw new YarrowError('invalid_device', `Device ${deviceId} was unpaired.`, { param: 'device_id' });
  if (device.status !== 'online') throw new YarrowError('invalid_device', `Device ${deviceId} is offline.`, { param: 'device_id' });
  return device;
}

/** In manual mode every send names its device; in auto mode naming one pins the message to it. */
export async function resolveRouting(db: DbClient, accountId: number, deviceId: string | undefined) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  if (account.relayMode === 'manual' && !deviceId) {
    throw new YarrowError('invalid_request', 'device_id: required while the account relays in manual mode.', { param: 'device_id' });
  }
  if (deviceId) await checkRequestedDevice(db, accountId, deviceId);
  return account;
}

/** Inserts queued messages and wakes the dispatcher, all inside the caller's transaction. */
export async function queueMessage(rt: Runtime, tx: DbClient, accountId: number, input: NewMessage): Promise<Message> {
  const { encoding, segments } = countSegments(input.segmentsOf ?? input.body);
  const now = new Date();
  const message = await tx.message.create({
    data: {
      id: newId('message'),
      accountId,
      to: input.to,
      body: input.body,
      sealedBody: input.sealedBody ?? null,
      encoding,
      segments,
      requestedDeviceId: input.deviceId ?? null,
      maxAttempts: rt.config.RELAY_MAX_ATTEMPTS,
      failedDeviceIds: [],
      reference: input.reference ?? null,
      expiresAt: new Date(now.getTime() + (input.ttlSeconds ?? rt.config.RELAY_DEFAULT_TTL_SECONDS) * 1000),
      queuedAt: now,
      nextAttemptAt: now,
    },
  });
  await publishStatus(tx, message);
  await wakeDispatcher(rt, tx, accountId);
  return message;
}

/** POST /v1/sms/send: validates, applies the account's rules and queues one SMS. */
export async function sendSms(rt: Runtime, tx: DbClient, accountId: number, raw: unknown): Promise<Message> {
  const input = parseInput(sendSmsInput, raw);
  const account = await resolveRouting(tx, accountId, input.device_id);
  await assertCanSend(rt, tx, account, 1);
  await consumeSendRate(rt, accountId);
  return queueMessage(rt, tx, accountId, {
    to: input.to,
    body: input.message,
    deviceId: input.device_id,
    ttlSeconds: input.ttl_seconds,
    reference: input.reference,
  });
}

export function sendAcceptedJson(message: Message) {
  return { request_id: message.id, status: publicStatus(message), queued_at: message.queuedAt.toISOString() };
}

export async function getMessage(db: DbClient, accountId: number, requestId: string, param = 'request_id') {
  const message = await db.message.findFirst({ where: { id: requestId, accountId }, include: { device: true } });
  if (!message) throw notFound('message', param);
  return message;
}

export function messageStatusJson(message: Message & { device: { name: string } | null }) {
  return {
    request_id: message.id,
    status: publicStatus(message),
    to: message.to,
    device_id: message.deviceId,
    device_name: message.device?.name ?? null,
    attempts: message.attempts,
    failure_reason: message.failureReason,
    reference: message.reference,
    segments: message.segments,
    encoding: message.encoding,
    queued_at: message.queuedAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    delivered_at: message.deliveredAt?.toISOString() ?? null,
    failed_at: message.failedAt?.toISOString() ?? null,
    expires_at: message.expiresAt.toISOString(),
  };
}

/** What subscribers hear about a message: its state now (or at `at`). */
export function statusEvent(message: Message, at = new Date()): RelayMessageStatus {
  return {
    requestId: message.id,
    accountId: message.accountId,
    status: publicStatus(message),
    attempts: message.attempts,
    deviceId: message.deviceId,
    failureReason: message.failureReason,
    at: at.toISOString(),
  };
}

/** The live events of a message's status: to subscribers of the message and of its account. */
export function statusEvents(message: Message): string[] {
  const payload = statusEvent(message);
  return [liveEvent('messageStatusChanged', message.id, payload), liveEvent('messageUpdated', message.accountId, payload)];
}

/** Tells subscribers of the message and of its account, from any process, when `tx` commits. */
export async function publishStatus(tx: DbClient, message: Message) {
  await publishAll(tx, statusEvents(message));
}

async function recordMessageEvent(rt: Runtime, tx: DbClient, type: 'message.sent' | 'message.delivered' | 'message.failed', message: Message) {
  await recordEvent(rt, tx, {
    accountId: message.accountId,
    type,
    objectType: 'message',
    objectPublicId: message.id,
    data: {
      request_id: message.id,
      status: publicStatus(message),
      to: message.to,
      device_id: message.deviceId,
      attempts: message.attempts,
      failure_reason: message.failureReason,
      reference: message.reference,
      sent_at: message.sentAt?.toISOString() ?? null,
      delivered_at: message.deliveredAt?.toISOString() ?? null,
      failed_at: message.failedAt?.toISOString() ?? null,
    },
  });
}

async function finishAttempt(tx: DbClient, message: Pick<Message, 'id' | 'attempts'>, outcome: string, reason: string | null = null) {
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
      nextAttemptAt: new Date(),
      failureReason: reason,
      failedDeviceIds: message.deviceId ? { push: message.deviceId } : undefined,
    },
  });
  await publishStatus(tx, requeued);
  await wakeDispatcher(rt, tx, message.accountId);
  return requeued;
}

export const ackInput = z.strictObject({ attempt: z.number().int().min(1) });

export const reportInput = z.strictObject({
  attempt: z.number().int().min(1),
  status: z.enum(['sent', 'delivered', 'failed']),
  reason: z.string().trim().min(1).max(200).optional(),
});

export interface ReportOutcome {
  /** false when the report changed nothing: a repeat, or an attempt that is no longer current. */
  applied: boolean;
  status: PublicStatus;
}

/** Locks the message a device reports on; a message of another account is "not found". */
async function lockForDevice(tx: DbClient, device: { id: string; accountId: number }, messageId: string): Promise<Message> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM messages WHERE id = ${messageId} AND account_id = ${device.accountId} FOR UPDATE`;
  if (!rows[0]) throw notFound('message', 'message_id');
  return tx.message.findUniqueOrThrow({ where: { id: messageId } });
}

function isCurrent(message: Message, deviceId: string, attempt: number) {
  return message.deviceId === deviceId && message.attempts === attempt;
}

/** The device has the message and will send it: it stops counting towards the ack timeout. */
export async function acknowledgeMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, raw: unknown): Promise<ReportOutcome> {
  const { attempt } = parseInput(ackInput, raw);
  return rt.db.prisma.$transaction(async (tx) => {
    const message = await lockForDevice(tx, device, messageId);
    if (!isCurrent(message, device.id, attempt) || message.state !== 'dispatched' || message.acknowledgedAt) {
      return { applied: false, status: publicStatus(message) };
    }
    const now = new Date();
    await tx.message.update({ where: { id: message.id }, data: { acknowledgedAt: now } });
    await tx.messageAttempt.updateMany({ where: { messageId: message.id, number: attempt }, data: { acknowledgedAt: now } });
    return { applied: true, status: publicStatus(message) };
  });
}

/**
 * A device reports `sent`, `delivered` or `failed` for its attempt. Reports are idempotent: one
 * that does not move the message forward (a retry, an old attempt) changes nothing.
 */
export async function reportMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, raw: unknown): Promise<ReportOutcome> {
  const input = parseInput(reportInput, raw);
  return rt.db.prisma.$transaction(async (tx) => {
    const message = await lockForDevice(tx, device, messageId);
    const unchanged = { applied: false, status: publicStatus(message) };
    if (!isCurrent(message, device.id, input.attempt)) return unchanged;
    const now = new Date();
    if (input.status === 'failed') {
      const reason = input.reason ?? 'device_failure';
      if (message.state === 'dispatched') {
        const after = await retryOrFail(rt, tx, message, 'failed', reason);
        return { applied: true, status: publicStatus(after) };
      }
      if (message.state === 'sent') {
        // It left the phone but the network refused it: resending could duplicate it, so it is final.
        await finishAttempt(tx, message, 'failed', reason);
        const after = await failMessage(rt, tx, message, reason);
        return { applied: true, status: publicStatus(after) };
      }
      return unchanged;
    }
    if (input.status === 'sent') {
      if (message.state !== 'dispatched') return unchanged;
      const sent = await tx.message.update({
        where: { id: message.id },
        data: { state: 'sent', sentAt: now, acknowledgedAt: message.acknowledgedAt ?? now, failureReason: null, sealedBody: null },
      });
      await finishAttempt(tx, message, 'sent');
      await recordMessageEvent(rt, tx, 'message.sent', sent);
      await publishStatus(tx, sent);
      return { applied: true, status: 'sent' };
    }
    if (message.state !== 'dispatched' && message.state !== 'sent') return unchanged;
    const delivered = await tx.message.update({
      where: { id: message.id },
      data: {
        state: 'delivered',
        sentAt: message.sentAt ?? now,
        deliveredAt: now,
        acknowledgedAt: message.acknowledgedAt ?? now,
        failureReason: null,
        sealedBody: null,
      },
    });
    if (message.state === 'dispatched') {
      await finishAttempt(tx, message, 'sent');
      await recordMessageEvent(rt, tx, 'message.sent', delivered);
    }
    await tx.messageAttempt.updateMany({ where: { messageId: message.id, number: message.attempts }, data: { outcome: 'delivered' } });
    await recordMessageEvent(rt, tx, 'message.delivered', delivered);
    await publishStatus(tx, delivered);
    return { applied: true, status: 'delivered' };
  });
}

/** What a device receives for one message (the `send` frame and long-poll entries). */
export function deviceWorkJson(rt: Pick<Runtime, 'config'>, message: Message) {
  return {
    message_id: message.id,
    attempt: message.attempts,
    to: message.to,
    body: message.sealedBody ? decrypt(rt.config.secret, message.sealedBody) : message.body,
    segments: message.segments,
    encoding: message.encoding,
    expires_at: message.expiresAt.toISOString(),
  };
}

/** Messages waiting on this device that it has not acknowledged yet (pushed again on reconnect). */
export async function pendingForDevice(db: DbClient, deviceId: string, ids?: string[]) {
  return db.message.findMany({
    where: { deviceId, state: 'dispatched', acknowledgedAt: null, ...(ids ? { id: { in: ids } } : {}) },
    orderBy: { dispatchedAt: 'asc' },
    take: 500,
  });
}
