// What a phone reports about sending a message: its ack (it holds the message and will send it)
// and its `sent`, `delivered` or `failed`. Acks and `sent`/`delivered` reports are applied in
// batches (./frames.ts); a `failed` report, rarer and heavier, in a transaction of its own.
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { notFound } from '../../core/errors.ts';
import { lockRow } from '../../core/locks.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message } from '../../generated/prisma/client.ts';
import { messageStatus } from './status.ts';
import { applyFrame, type ReportOutcome } from './frames.ts';
import { recordDeviceWord } from './plans.ts';
import { failAttempt, requeueOrFail } from './transitions.ts';

// A phone's ack and report, field by field (camelCase; each transport parses its own frame into
// them with src/core/wire.ts, as ./transports do for our protocol's frames and long-poll bodies).
const attempt = z.number().int().min(1);

/** The fields of an ack: which attempt of the message the phone holds. */
export const messageAckFields = { attempt };
/** A phone holds the message in this attempt and will send it. */
export type MessageAck = z.output<z.ZodObject<typeof messageAckFields>>;

/** The fields of a report: the attempt, what became of it, and why when it failed. */
export const messageReportFields = {
  attempt,
  status: z.enum(['sent', 'delivered', 'failed']),
  reason: z.string().trim().min(1).max(200).optional(),
};
/** What a phone says became of its attempt of a message. */
export type MessageReport = z.output<z.ZodObject<typeof messageReportFields>>;

/** Locks the message a device reports on; a message of another account is "not found". */
export async function lockForDevice(tx: DbClient, device: { id: string; accountId: number }, messageId: string): Promise<Message> {
  if (!(await lockRow(tx, 'messages', messageId, { accountId: device.accountId }))) throw notFound('message', 'message_id');
  return tx.message.findUniqueOrThrow({ where: { id: messageId } });
}

function isCurrent(message: Message, deviceId: string, attempt: number) {
  return message.deviceId === deviceId && message.attempts === attempt;
}

/** The device has the message and will send it: it stops counting towards the ack timeout. */
export async function acknowledgeMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, { attempt }: MessageAck): Promise<ReportOutcome> {
  const outcome = await applyFrame(rt, { device, messageId, attempt });
  if (!outcome) throw notFound('message', 'message_id');
  return outcome;
}

/**
 * A device reports `sent`, `delivered` or `failed` for its attempt. Reports are idempotent: one
 * that does not move the message forward (a retry, an old attempt) changes nothing.
 */
export async function reportMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, input: MessageReport): Promise<ReportOutcome> {
  if (input.status === 'failed') return reportFailure(rt, device, messageId, input.attempt, input.reason ?? 'device_failure');
  const outcome = await applyFrame(rt, { device, messageId, attempt: input.attempt, status: input.status });
  if (!outcome) throw notFound('message', 'message_id');
  return outcome;
}

/**
 * A `failed` report: a message still on the phone goes back to the queue for another device (or
 * fails for good once attempts or time run out); one that already left the phone fails, since
 * resending it could deliver it twice.
 */
async function reportFailure(rt: Runtime, device: { id: string; accountId: number }, messageId: string, attempt: number, reason: string): Promise<ReportOutcome> {
  return rt.db.prisma.$transaction(async (tx) => {
    const message = await lockForDevice(tx, device, messageId);
    const unchanged = { applied: false, status: messageStatus(message) };
    if (!isCurrent(message, device.id, attempt)) {
      await recordDeviceWord(tx, device.id, messageId, attempt, 'failed', new Date());
      return unchanged;
    }
    if (message.state === 'dispatched') {
      const [after] = await requeueOrFail(rt, tx, [message.id], 'failed', reason);
      return { applied: true, status: messageStatus(after!) };
    }
    if (message.state === 'sent') {
      const [after] = await failAttempt(rt, tx, [message], 'failed', reason);
      return { applied: true, status: messageStatus(after!) };
    }
    return unchanged;
  });
}
