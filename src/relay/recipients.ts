import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound, parseInput } from '../core/errors.ts';
import type { recipientSchema } from './json.ts';
import { newId } from '../core/ids.ts';
import { assertCursorsOwned, listQuery } from '../core/pagination.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Recipient, RecipientList } from '../generated/prisma/client.ts';
import { queueMessages, resolveRouting, sendOptions } from './messages.ts';
import { assertCanSend, consumeSendRate } from './rules.ts';
import { phoneNumber } from './sms.ts';
import { addListMembers, insertRecipients, listMemberPhones, searchRecipientIds } from './sql.ts';

const tag = z.string().trim().min(1).max(50);

export const recipientInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  phone: phoneNumber,
  tags: z.array(tag).max(20).default([]),
});

export const recipientUpdate = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  phone: phoneNumber.optional(),
  tags: z.array(tag).max(20).optional(),
});

const digitsOf = (e164: string) => e164.replace(/\D/g, '');

export function recipientJson(recipient: Recipient): z.infer<typeof recipientSchema> {
  return {
    id: recipient.id,
    object: 'recipient',
    name: recipient.name,
    phone: recipient.phone,
    tags: recipient.tags,
    created_at: recipient.createdAt.toISOString(),
  };
}

export async function createRecipient(db: DbClient, accountId: number, raw: unknown): Promise<Recipient> {
  const input = parseInput(recipientInput, raw);
  return db.recipient.create({
    data: { id: newId('recipient'), accountId, name: input.name, phone: input.phone, phoneDigits: digitsOf(input.phone), tags: input.tags },
  });
}

export async function getRecipient(db: DbClient, accountId: number, id: string, param = 'id'): Promise<Recipient> {
  const recipient = await db.recipient.findFirst({ where: { id, accountId } });
  if (!recipient) throw notFound('recipient', param);
  return recipient;
}

export async function updateRecipient(db: DbClient, accountId: number, id: string, raw: unknown): Promise<Recipient> {
  const input = parseInput(recipientUpdate, raw);
  await getRecipient(db, accountId, id);
  return db.recipient.update({
    where: { id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone, phoneDigits: digitsOf(input.phone) } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
    },
  });
}

export async function deleteRecipient(db: DbClient, accountId: number, id: string): Promise<Recipient> {
  const recipient = await getRecipient(db, accountId, id);
  await db.recipient.delete({ where: { id } });
  return recipient;
}

export const recipientSearchQuery = listQuery.extend({ search: z.string().trim().max(200).optional() });

/** Newest first, Stripe-style cursors; the cursor must be one of the account's recipients. */
export async function searchRecipients(db: DbClient, accountId: number, query: z.infer<typeof recipientSearchQuery>): Promise<Recipient[]> {
  await assertCursorsOwned(db.recipient, accountId, query, 'recipient');
  const rows = await searchRecipientIds(db, accountId, query.search, { startingAfter: query.starting_after, endingBefore: query.ending_before, take: query.limit + 1 });
  const found = await db.recipient.findMany({ where: { id: { in: rows.map((row) => row.id) } } });
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id)!);
}

const MAX_IMPORT_ROWS = 50_000;

export interface ImportResult {
  created: number;
  skipped: Array<{ line: number; reason: string }>;
}

/**
 * CSV with a header row: `name`, `phone` (or `number`, `phone_number`, `mobile`) and optional
 * `tags` (separated by `;` or `|`). Bad rows and duplicates (same name and number, in the file or
 * already saved) are skipped with their line; the rest are created in one statement. Given a list,
 * every imported row is added to it.
 */
export async function importRecipients(db: DbClient, accountId: number, csv: string, listId?: string): Promise<ImportResult> {
  if (listId) await getList(db, accountId, listId, 'listId');
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((column) => column.trim().toLowerCase().replace(/[\s-]+/g, '_')),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      info: true,
    });
  } catch (error) {
    throw new YarrowError('invalid_request', `csv: ${(error as Error).message}`, { param: 'csv' });
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw new YarrowError('invalid_request', `csv: at most ${MAX_IMPORT_ROWS} rows per import.`, { param: 'csv' });
  }
  const header = Object.keys(records[0]?.record ?? {});
  const phoneColumn = ['phone', 'number', 'phone_number', 'mobile'].find((column) => header.includes(column));
  if (records.length > 0 && (!header.includes('name') || !phoneColumn)) {
    throw new YarrowError('invalid_request', 'csv: the header row needs a "name" and a "phone" column.', { param: 'csv' });
  }
  const existing = await db.recipient.findMany({ where: { accountId }, select: { name: true, phone: true } });
  const seen = new Set(existing.map((row) => `${row.name}\u0000${row.phone}`));
  const rows: Array<{ id: string; name: string; phone: string; tags: string[] }> = [];
  const skipped: ImportResult['skipped'] = [];
  for (const { record, info } of records) {
    const parsed = recipientInput.safeParse({
      name: record.name ?? '',
      phone: record[phoneColumn!] ?? '',
      tags: (record.tags ?? '').split(/[;|]/).map((value) => value.trim()).filter(Boolean),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      skipped.push({ line: info.lines, reason: `${issue.path.join('.') || 'row'}: ${issue.message}` });
      continue;
    }
    const key = `${parsed.data.name}\u0000${parsed.data.phone}`;
    if (seen.has(key)) {
      skipped.push({ line: info.lines, reason: 'duplicate: this name and number already exist' });
      continue;
    }
    seen.add(key);
    rows.push({ id: newId('recipient'), ...parsed.data });
  }
  if (rows.length > 0) {
    await insertRecipients(db, accountId, rows);
    if (listId) {
      await addListMembers(db, listId, rows.map((row) => row.id));
    }
  }
  return { created: rows.length, skipped };
}

// --- Lists ---

export const listInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(1000).nullable().optional(),
});
export const listUpdate = listInput.partial();

export async function getList(db: DbClient, accountId: number, id: string, param = 'id'): Promise<RecipientList> {
  const list = await db.recipientList.findFirst({ where: { id, accountId } });
  if (!list) throw notFound('recipient list', param);
  return list;
}

export async function createList(db: DbClient, accountId: number, raw: unknown) {
  const input = parseInput(listInput, raw);
  return db.recipientList.create({ data: { id: newId('recipientList'), accountId, name: input.name, description: input.description ?? null } });
}

export async function updateList(db: DbClient, accountId: number, id: string, raw: unknown) {
  const input = parseInput(listUpdate, raw);
  await getList(db, accountId, id);
  return db.recipientList.update({ where: { id }, data: input });
}

export async function deleteList(db: DbClient, accountId: number, id: string) {
  const list = await getList(db, accountId, id);
  await db.recipientList.delete({ where: { id } });
  return list;
}

export const membersInput = z.array(z.string().min(1).max(64)).min(1).max(10_000);

/** Adds recipients to a list; every id must be one of the account's recipients. */
export async function addToList(db: DbClient, accountId: number, listId: string, raw: unknown) {
  const ids = [...new Set(parseInput(membersInput, raw, 'recipientIds'))];
  await getList(db, accountId, listId, 'listId');
  const owned = await db.recipient.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } });
  if (owned.length !== ids.length) {
    const missing = ids.find((id) => !owned.some((row) => row.id === id));
    throw new YarrowError('not_found', `No such recipient ${missing}.`, { param: 'recipientIds' });
  }
  await db.recipientListMember.createMany({ data: ids.map((recipientId) => ({ listId, recipientId })), skipDuplicates: true });
  return getList(db, accountId, listId);
}

export async function removeFromList(db: DbClient, accountId: number, listId: string, raw: unknown) {
  const ids = parseInput(membersInput, raw, 'recipientIds');
  await getList(db, accountId, listId, 'listId');
  await db.recipientListMember.deleteMany({ where: { listId, recipientId: { in: ids } } });
  return getList(db, accountId, listId);
}

export const queueListInput = z.strictObject({ list_id: z.string().trim().min(1).max(64), ...sendOptions });

export interface QueuedBatch {
  batchId: string;
  queued: number;
  /** Each queued message, in list order. */
  items: Array<{ to: string; request_id: string }>;
  skipped: Array<{ recipient_id: string; to: string; reason: string }>;
}

/**
 * Sends one text to every member of a list: each distinct number becomes its own message with its
 * own request_id, queued by `queueMessages` like any send (one insert with its live events, one
 * dispatcher wake-up) in the caller's transaction, after the account's rules passed for all of them
 * at once. Members sharing a number get it once; the others are listed as skipped.
 */
export async function queueList(rt: Runtime, tx: DbClient, accountId: number, raw: unknown): Promise<QueuedBatch> {
  const input = parseInput(queueListInput, raw);
  await getList(tx, accountId, input.list_id, 'list_id');
  const account = await resolveRouting(tx, accountId, input.device_id);
  const members = await listMemberPhones(tx, accountId, input.list_id);
  const numbers = new Set<string>();
  const skipped: QueuedBatch['skipped'] = [];
  const targets: string[] = [];
  for (const member of members) {
    if (numbers.has(member.phone)) skipped.push({ recipient_id: member.id, to: member.phone, reason: 'duplicate_number' });
    else {
      numbers.add(member.phone);
      targets.push(member.phone);
    }
  }
  await assertCanSend(rt, tx, account, targets.length);
  await consumeSendRate(rt, accountId);
  const batch = await tx.messageBatch.create({
    data: { id: newId('messageBatch'), accountId, listId: input.list_id, queued: targets.length, skipped: skipped.length },
  });
  const messages = await queueMessages(
    rt,
    tx,
    targets.map((to) => ({
      accountId,
      to,
      body: input.message,
      deviceId: input.device_id,
      ttlSeconds: input.ttl_seconds,
      reference: input.reference,
      batchId: batch.id,
    })),
  );
  return { batchId: batch.id, queued: targets.length, items: messages.map((message) => ({ to: message.to, request_id: message.id })), skipped };
}
