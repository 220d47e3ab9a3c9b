// Inbound SMS (issue 31): an SMS a paired phone received is a message with direction `inbound`,
// born `received` (lifecycle move `receive`). Both transports hand it here as a typed value: our
// protocol's `received` frame (src/relay/transports/websocket.ts) and the Android app's
// `sms:received` webhook (src/relay/transports/android-app/app-webhooks.ts). One SMS said twice
// (a retried webhook, a re-export, a resent frame) is one message, announced once. It is threaded
// to the last SMS the account sent to its sender within RELAY_REPLY_WINDOW_DAYS (`in_reply_to`),
// and a STOP or START keyword opts the sender out or back in (Twilio's rule, `optOutKeyword`).
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import { liveEvent, publishAll } from '../../core/pubsub.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message } from '../../generated/prisma/client.ts';
import { recordEvent, type EventInput } from '../../webhooks/index.ts';
import { newId } from '../contract.ts';
import { optIn, optOut, optOutKeyword } from '../opt-outs/index.ts';
import { attachmentJson, receivedPartSchema, storeAttachments, type ReceivedPart } from './attachments.ts';
import { messageMoves } from './lifecycle.ts';
import { insertInboundMessage } from './plans.ts';
import { lastOutboundTo } from './queries.ts';
import { countSegments, e164Number } from '../sms.ts';
import { statusEvents } from './status.ts';

/** An SMS a phone says it received, as a transport read it. */
export interface ReceivedSms {
  accountId: number;
  deviceId: string;
  /** The sender as the phone gave it (a number, or a name such as `MyBank`). */
  from: string;
  /** The phone's own number, if it knows it. */
  to: string | null;
  text: string;
  /** 1-based, if the phone says which SIM received it. */
  simNumber: number | null;
  receivedAt: Date;
  /** What makes the phone's repeats of this SMS one message (the app's hash, our frame's id). */
  key: string;
  /** false: not a person's text (a data SMS's bytes, an MMS subject), so no STOP/START keyword. */
  keywords?: boolean;
  /** An MMS's parts (./attachments.ts): kept bounded with the message. */
  parts?: ReceivedPart[];
}

/**
 * Our protocol's `received` frame (docs/relay-protocol.md) without its `type`/`ref`, field by field
 * (camelCase; ../transports/protocol.ts reads the frame and the long-poll body into them): `key` is
 * the phone's own key for the SMS, the same on every resend until the server's `result` acknowledges it.
 */
export const receivedFrameFields = {
  key: z.string().trim().min(1).max(64),
  from: z.string().trim().min(1).max(64),
  to: z.string().trim().max(64).nullish(),
  text: z.string().max(10_000),
  simNumber: z.number().int().min(1).max(8).nullish(),
  receivedAt: z.coerce.date(),
  /** An MMS's parts other than its text (./attachments.ts), each whole in base64: as big as the frame's transport lets it be. */
  parts: z.array(receivedPartSchema).max(100).optional(),
};
/** An SMS as our protocol's phone says it received it. */
type ReceivedFrame = z.output<z.ZodObject<typeof receivedFrameFields>>;

/** The frame as `receiveSms` takes it, for `device`. */
export function receivedFromFrame(device: { id: string; accountId: number }, frame: ReceivedFrame): ReceivedSms {
  return {
    accountId: device.accountId,
    deviceId: device.id,
    from: frame.from,
    to: frame.to ?? null,
    text: frame.text,
    simNumber: frame.simNumber ?? null,
    receivedAt: frame.receivedAt,
    key: `ws:${frame.key}`,
    parts: frame.parts?.map((part) => ({ contentType: part.contentType, name: part.name ?? null, size: part.size ?? 0, data: part.data == null ? null : Buffer.from(part.data, 'base64') })),
  };
}

/**
 * Records a received SMS once: the message, its `message.received` event and live events and, for
 * a STOP/START keyword, the sender's opt-out or opt-in (recipient.opted_out / opted_in), in one
 * transaction. `created` is false for a repeat, which changes nothing and answers the first.
 */
export async function receiveSms(rt: Runtime, sms: ReceivedSms): Promise<{ message: Message; created: boolean }> {
  const text = sms.text.slice(0, 10_000);
  if (!sms.from.trim()) throw new YarrowError('invalid_request', 'The sender of a received SMS is missing.', { param: 'from' });
  // The sender in E.164 when it is a number the phone wrote in international form; else as given (a short code, a name).
  const number = e164Number(sms.from);
  const from = number ?? sms.from.trim();
  const now = new Date();
  return rt.db.prisma.$transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - rt.config.RELAY_REPLY_WINDOW_DAYS * 86_400_000);
    const { encoding, segments } = countSegments(text);
    const inserted = await insertInboundMessage(
      tx,
      {
        id: newId('inboundMessage'),
        accountId: sms.accountId,
        deviceId: sms.deviceId,
        from,
        to: sms.to ?? '',
        body: text,
        encoding,
        segments,
        simNumber: sms.simNumber,
        receivedAt: sms.receivedAt,
        inReplyTo: await lastOutboundTo(tx, sms.accountId, from, windowStart),
        inboundKey: sms.key,
        // Nothing waits for an inbound SMS: it "expires" when it arrived.
        expiresAt: sms.receivedAt,
      },
      now,
    );
    if (!inserted) {
      const first = await tx.message.findFirstOrThrow({ where: { deviceId: sms.deviceId, inboundKey: sms.key } });
      return { message: first, created: false };
    }
    const parts = await storeAttachments(tx, inserted.id, sms.parts ?? []);
    await recordEvent(rt, tx, receivedEvent(inserted, parts.map(attachmentJson)));
    await publishAll(tx, [...statusEvents(inserted, inserted.updatedAt), liveEvent('messageReceived', inserted.accountId, { requestId: inserted.id })]);
    if (sms.keywords !== false && number) await applyKeyword(rt, tx, inserted, number);
    return { message: inserted, created: true };
  });
}

/**
 * STOP and its kin opt the sender out for the account, START and UNSTOP back in. Only a valid
 * number (`phone`, E.164) can be opted out: a name (`+ABC Bank`) or markup would be an opt-out that
 * REST, GraphQL and the panel, which take numbers, could never remove.
 */
async function applyKeyword(rt: Runtime, tx: DbClient, message: Message, phone: string) {
  const keyword = optOutKeyword(message.body);
  if (!keyword) return;
  if (keyword === 'opt_out') {
    await optOut(rt, tx, message.accountId, phone, 'keyword');
    return;
  }
  const listed = await tx.optOut.findUnique({ where: { accountId_phone: { accountId: message.accountId, phone } } });
  if (listed) await optIn(rt, tx, message.accountId, phone, 'keyword');
}

/** The `message.received` event's data (README "Events"): the SMS, who sent it, which phone and SIM, what it answers. */
export function receivedEvent(message: Message, attachments: Array<ReturnType<typeof attachmentJson>> = []): EventInput {
  return {
    accountId: message.accountId,
    type: messageMoves.receive.event,
    objectType: 'message',
    objectPublicId: message.id,
    data: {
      request_id: message.id,
      direction: 'inbound',
      status: 'received',
      from: message.from,
      to: message.to || null,
      text: message.body,
      device_id: message.deviceId,
      sim_number: message.simNumber,
      received_at: message.receivedAt?.toISOString() ?? null,
      in_reply_to: message.inReplyTo,
      attachments,
    },
  };
}
