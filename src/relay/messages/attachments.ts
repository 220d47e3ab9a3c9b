// The parts of a received MMS (issue 40): what a phone hands over with an inbound message (the
// Android app's `mms:downloaded`, our protocol's `received` frame), kept bounded in PostgreSQL and
// served back only as downloads. Bounds: at most MAX_PARTS parts a message; their bytes together
// at most MAX_MESSAGE_BYTES, in order, a part that does not fit (or that the phone could not read)
// kept as metadata with `data_omitted`. Parts past MAX_PARTS are not kept. Only inbound messages
// have parts: nothing here runs on the send path.
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { notFound } from '../../core/errors.ts';
import type { MessageAttachment } from '../../generated/prisma/client.ts';
import { newId } from '../contract.ts';

export const MAX_PARTS = 20;
export const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/** A part as a transport read it: its bytes, or null when the phone could not read them. */
export interface ReceivedPart {
  contentType: string;
  name: string | null;
  /** What the phone says it weighs (0 unknown): kept when the bytes are not. */
  size: number;
  data: Buffer | null;
}

/** A MIME type as `type/subtype` (parameters dropped); anything else is served as bytes. */
export function safeContentType(value: string): string {
  const type = value.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : 'application/octet-stream';
}

/** A part of our protocol's `received` frame (camelCase; REST's snake_case names come from src/core/wire.ts): base64 bytes. */
export const receivedPartSchema = z.strictObject({
  contentType: z.string().trim().min(1).max(255),
  name: z.string().max(255).nullish(),
  size: z.number().int().min(0).nullish(),
  data: z.base64().nullish().describe('The whole part, base64; null if the phone could not read it.'),
});

/** The rows for a message's parts under the bounds, in order. */
export function boundedParts(messageId: string, parts: ReceivedPart[]): Array<Omit<MessageAttachment, 'data'> & { data: Uint8Array<ArrayBuffer> | null }> {
  let kept = 0;
  return parts.slice(0, MAX_PARTS).map((part, position) => {
    const fits = part.data !== null && kept + part.data.length <= MAX_MESSAGE_BYTES;
    if (fits) kept += part.data!.length;
    return {
      id: newId('messageAttachment'),
      messageId,
      position,
      contentType: safeContentType(part.contentType),
      name: part.name?.slice(0, 255) ?? null,
      size: fits ? part.data!.length : Math.max(0, Math.min(part.size || part.data?.length || 0, 2_147_483_647)),
      data: fits ? new Uint8Array(part.data!) : null,
      dataOmitted: !fits,
    };
  });
}

/** Stores a new inbound message's parts (in its transaction). */
export async function storeAttachments(tx: DbClient, messageId: string, parts: ReceivedPart[]) {
  const rows = boundedParts(messageId, parts);
  if (rows.length > 0) await tx.messageAttachment.createMany({ data: rows });
  return rows;
}

/** A part as every answer lists it (REST, GraphQL, webhooks): never its bytes. */
export function attachmentJson(part: Pick<MessageAttachment, 'id' | 'contentType' | 'name' | 'size' | 'dataOmitted'>) {
  return { id: part.id, content_type: part.contentType, name: part.name, size: part.size, ...(part.dataOmitted ? { data_omitted: true as const } : {}) };
}

/**
 * Deletes the parts of messages whose text retention masked (text_purged_at): what the phone
 * received goes with the text. Only MMS have parts, so the table is small and a pass reads little.
 */
export async function deleteMaskedParts(db: DbClient) {
  return db.$executeRaw`
    DELETE FROM message_attachments a USING messages m
    WHERE a.message_id = m.id AND m.text_purged_at IS NOT NULL`;
}

/** Each message's parts, in order, without their bytes (one query for a page of messages). */
export async function attachmentsOf(db: DbClient, messageIds: string[]) {
  const rows = messageIds.length
    ? await db.messageAttachment.findMany({
        where: { messageId: { in: messageIds } },
        select: { id: true, messageId: true, contentType: true, name: true, size: true, dataOmitted: true },
        orderBy: [{ messageId: 'asc' }, { position: 'asc' }],
      })
    : [];
  const byMessage = new Map<string, Array<ReturnType<typeof attachmentJson>>>();
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), attachmentJson(row)]);
  return byMessage;
}

/** A part with its bytes, if it is one of the account's: another account's is not found, like an unknown one. */
export async function getAttachment(db: DbClient, accountId: number, messageId: string, attachmentId: string) {
  const part = await db.messageAttachment.findFirst({ where: { id: attachmentId, messageId, message: { accountId } } });
  if (!part) throw notFound('attachment', 'attachment_id');
  return part;
}
