// A message as its sender sees it (docs/glossary.md): its public `status` and the panel's `stage`,
// both read from the stored `state`; the status JSON (GET /api/v1/messages/status); the live events
// subscribers hear; and the data of its webhook events.
import type { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { notFound } from '../../core/errors.ts';
import { liveEvent, publishAll } from '../../core/pubsub.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Device, Message } from '../../generated/prisma/client.ts';
import type { EventInput } from '../../webhooks/index.ts';
import type { MessageStage, MessageStatus, messageStatusSchema } from '../json.ts';
import type { RelayMessageStatus } from '../contract.ts';
import type { ReportedMessage } from './lifecycle.ts';
import type { SegmentCount } from '../sms.ts';

/** A message's `status` (docs/glossary.md): `dispatched` is an internal state, to the sender the message is still queued; `scheduled` is itself. */
export function messageStatus(message: Pick<Message, 'state'>): MessageStatus {
  return message.state === 'dispatched' ? 'queued' : message.state;
}

/** The stored states that `messageStatus` reads as `status` (the same rule, for filters). */
export function statesOfStatus(status: MessageStatus): Array<Message['state']> {
  return status === 'queued' ? ['queued', 'dispatched'] : [status];
}

/** A message's `stage` (docs/glossary.md): `dispatched` is `on_phone`. */
export function messageStage(message: Pick<Message, 'state'>): MessageStage {
  return message.state === 'dispatched' ? 'on_phone' : message.state;
}

/** The stored state `messageStage` reads as `stage` (the same rule, for filters). */
export function stateOfStage(stage: MessageStage): Message['state'] {
  return stage === 'on_phone' ? 'dispatched' : stage;
}

export async function getMessage(db: DbClient, accountId: number, requestId: string, param = 'request_id') {
  const message = await db.message.findFirst({ where: { id: requestId, accountId }, include: { device: true, requestedDevice: true } });
  if (!message) throw notFound('message', param);
  return message;
}

/**
 * The `attempts` merchants see: how many distinct devices were given the message (a device given
 * it again after a blip counts once). `RELAY_MAX_ATTEMPTS` bounds the sends, which can be more.
 */
export function devicesTried(message: Pick<Message, 'deviceId' | 'failedDeviceIds'>): number {
  return new Set([...message.failedDeviceIds, ...(message.deviceId ? [message.deviceId] : [])]).size;
}

/** The device a message is pinned to, as its status shows it. */
export type PinnedDevice = Pick<Device, 'name' | 'lastSeenAt' | 'revokedAt'>;

/**
 * When a queued message pinned to a device fails if that device stays unreachable: the rule of
 * `lockStrandedPinned` (sql.ts) read forward, RELAY_PINNED_OFFLINE_WAIT_SECONDS after the message
 * began waiting or the device was last heard from, whichever is later; an unpaired device's at once
 * (its revocation). Null when it is not pinned or no longer waits.
 */
export function pinnedFailsAt(waitSeconds: number, message: Pick<Message, 'state' | 'nextAttemptAt'>, device: PinnedDevice | null): Date | null {
  if (!device || message.state !== 'queued') return null;
  if (device.revokedAt) return device.revokedAt;
  return new Date(Math.max(message.nextAttemptAt.getTime(), device.lastSeenAt.getTime()) + waitSeconds * 1000);
}

export function messageStatusJson(
  rt: Pick<Runtime, 'config'>,
  message: Message & { device: { name: string } | null; requestedDevice: PinnedDevice | null },
  /** Why it waits, when queued (./wait-reasons.ts); left out: not computed, shown as null. */
  waitReason: string | null = null,
  /** An inbound MMS's parts (./attachments.ts `attachmentsOf`); an outbound message has none. */
  attachments: z.infer<typeof messageStatusSchema>['attachments'] = [],
): z.infer<typeof messageStatusSchema> {
  return {
    request_id: message.id,
    direction: message.direction,
    status: messageStatus(message),
    to: message.to,
    from: message.from,
    text: message.body,
    received_at: message.receivedAt?.toISOString() ?? null,
    in_reply_to: message.inReplyTo,
    device_id: message.deviceId,
    device_name: message.device?.name ?? null,
    pinned_device_id: message.requestedDeviceId,
    pinned_device_name: message.requestedDevice?.name ?? null,
    pinned_fails_at: pinnedFailsAt(rt.config.RELAY_PINNED_OFFLINE_WAIT_SECONDS, message, message.requestedDevice)?.toISOString() ?? null,
    attempts: devicesTried(message),
    failure_reason: message.failureReason,
    reference: message.reference,
    priority: message.priority,
    sim_number: message.simNumber,
    is_encrypted: message.isEncrypted,
    wait_reason: message.state === 'queued' ? (waitReason as z.infer<typeof messageStatusSchema>['wait_reason']) : null,
    batch_id: message.batchId,
    ...messagePartsJson(message),
    attachments,
    queued_at: message.queuedAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    delivered_at: message.deliveredAt?.toISOString() ?? null,
    failed_at: message.failedAt?.toISOString() ?? null,
    expires_at: message.expiresAt.toISOString(),
    send_at: message.sendAt?.toISOString() ?? null,
    schedule_reason: (message.scheduleReason as 'send_at' | 'quiet_hours' | null) ?? null,
    stage: messageStage(message),
    held_since: message.state === 'dispatched' ? (message.acknowledgedAt?.toISOString() ?? null) : null,
    stuck_since: message.state === 'dispatched' ? (message.stuckAt?.toISOString() ?? null) : null,
  };
}

/** What subscribers hear about a message: its state at `at`, the time of the write that made it. */
type StatusFields = Pick<Message, 'id' | 'accountId' | 'state' | 'deviceId' | 'failedDeviceIds' | 'failureReason'>;

export function statusEvent(message: StatusFields, at = new Date()): RelayMessageStatus {
  return {
    requestId: message.id,
    accountId: message.accountId,
    status: messageStatus(message),
    attempts: devicesTried(message),
    deviceId: message.deviceId,
    failureReason: message.failureReason,
    at: at.toISOString(),
  };
}

/** The live events of a message's status: to subscribers of the message and of its account. */
export function statusEvents(message: StatusFields, at = new Date()): string[] {
  const payload = statusEvent(message, at);
  return [liveEvent('messageStatusChanged', message.id, payload), liveEvent('messageUpdated', message.accountId, payload)];
}

/** `publishStatus` for many messages, in one statement whatever their number. */
export async function publishStatuses(tx: DbClient, messages: Message[]) {
  await publishAll(tx, messages.flatMap((message) => statusEvents(message, message.updatedAt)));
}

/**
 * Tells subscribers of the message and of its account, from any process, when `tx` commits. The
 * event's `at` is the row's `updated_at`, so a subscriber that read the row knows whether it saw it.
 */
export async function publishStatus(tx: DbClient, message: Message) {
  await publishAll(tx, statusEvents(message, message.updatedAt));
}

type MessageEventType = 'message.sent' | 'message.delivered' | 'message.failed';

export function messageEvent(type: MessageEventType, message: Omit<ReportedMessage, 'updatedAt'>): EventInput {
  return {
    accountId: message.accountId,
    type,
    objectType: 'message',
    objectPublicId: message.id,
    data: {
      request_id: message.id,
      status: messageStatus(message),
      to: message.to,
      device_id: message.deviceId,
      attempts: devicesTried(message),
      failure_reason: message.failureReason,
      reference: message.reference,
      batch_id: message.batchId,
      sent_at: message.sentAt?.toISOString() ?? null,
      delivered_at: message.deliveredAt?.toISOString() ?? null,
      failed_at: message.failedAt?.toISOString() ?? null,
    },
  };
}

/** A message's parts as every answer names them (`messageParts`): stored at accept, never counted again. */
export function messagePartsJson(message: Pick<Message, 'segments' | 'encoding'>) {
  return { segments: message.segments, encoding: message.encoding as SegmentCount['encoding'] };
}
