import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { DbClient } from '../core/db.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { YarrowError, notFound, parseInput } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Recipient, RecipientList } from '../generated/prisma/client.ts';
import { wakeDispatcher } from './dispatch.ts';
import { resolveRouting, sendOptions } from './messages.ts';
import { assertCanSend, consumeSendRate } from './rules.ts';
import { countSegments, phoneNumber } from './sms.ts';

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

export function recipientJson(recipient: Recipient) {
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

export const recipientSearchQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().min(1).max(255).optional(),
  ending_before: z.string().min(1).max(255).optional(),
});

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search condition: a query that looks like a number (digits, spaces, + - . ( )) matches the
 * digits of the phone (a national leading 0 is dropped: "0612…" finds "+33612…"); anything else
 * is a case-insensitive substring of the name. Both are served by trigram GIN indexes.
 */
export function recipientSearchCondition(search: string | undefined): Prisma.Sql {
  if (!search) return Prisma.sql`TRUE`;
  if (/^[\d\s()+.-]+$/.test(search) && /\d{2}/.test(search.replace(/\D/g, ''))) {
    const digits = search.replace(/\D/g, '').replace(/^0+/, '') || '0';
    return Prisma.sql`phone_digits LIKE ${likePattern(digits)}`;
  }
  return Prisma.sql`name ILIKE ${likePattern(search)}`;
}

/** Newest first, Stripe-style cursors; the cursor must be one of the account's recipients. */
export async function searchRecipients(db: DbClient, accountId: number, query: z.infer<typeof recipientSearchQuery>): Promise<Recipient[]> {
  for (const [param, id] of [['starting_after', query.starting_after], ['ending_before', query.ending_before]] as const) {
    if (id && (await db.recipient.count({ where: { id, accountId } })) !== 1) throw notFound('recipient', param);
  }
  const condition = recipientSearchCondition(query.search);
  const take = query.limit + 1;
  let rows: Array<{ id: string }>;
  if (query.ending_before) {
    rows = await db.$queryRaw`
      SELECT id FROM recipients WHERE account_id = ${accountId} AND ${condition} AND id > ${query.ending_before}
      ORDER BY id ASC LIMIT ${take}`;
    rows.reverse();
  } else {
    const after = query.starting_after ? Prisma.sql`AND id < ${query.starting_after}` : Prisma.empty;
    rows = await db.$queryRaw`
      SELECT id FROM recipients WHERE account_id = ${accountId} AND ${condition} ${after}
      ORDER BY id DESC LIMIT ${take}`;
  }
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
    await db.$executeRaw`
      INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags, updated_at)
      SELECT r.id, ${accountId}, r.name, r.phone, regexp_replace(r.phone, '\\D', '', 'g'),
             COALESCE(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id text, name text, phone text, tags jsonb)`;
    if (listId) {
      await db.$executeRaw`
        INSERT INTO recipient_list_members (list_id, recipient_id)
        SELECT ${listId}, id FROM unnest(${rows.map((row) => row.id)}::text[]) AS id ON CONFLICT DO NOTHING`;
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
  skipped: Array<{ recipient_id: string; to: string; reason: string }>;
}

/**
 * Sends one text to every member of a list: each distinct number becomes its own message with its
 * own request_id, all inserted (with one dispatcher wake-up) in the caller's transaction. Members
 * sharing a number get it once; the others are listed as skipped.
 */
export async function queueList(rt: Runtime, tx: DbClient, accountId: number, raw: unknown): Promise<QueuedBatch> {
  const input = parseInput(queueListInput, raw);
  await getList(tx, accountId, input.list_id, 'list_id');
  const account = await resolveRouting(tx, accountId, input.device_id);
  const members = await tx.$queryRaw<Array<{ id: string; phone: string }>>`
    SELECT r.id, r.phone FROM recipient_list_members m JOIN recipients r ON r.id = m.recipient_id
    WHERE m.list_id = ${input.list_id} AND r.account_id = ${accountId}
    ORDER BY m.added_at, r.id`;
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
  if (targets.length > 0) {
    const { encoding, segments } = countSegments(input.message);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + (input.ttl_seconds ?? rt.config.RELAY_DEFAULT_TTL_SECONDS) * 1000);
    const ids = targets.map(() => newId('message'));
    await tx.$executeRaw`
      INSERT INTO messages (id, account_id, to_number, body, encoding, segments, requested_device_id, max_attempts,
                            failed_device_ids, reference, batch_id, expires_at, next_attempt_at, queued_at, updated_at)
      SELECT t.id, ${accountId}, t.to_number, ${input.message}, ${encoding}, ${segments}, ${input.device_id ?? null},
             ${rt.config.RELAY_MAX_ATTEMPTS}, '{}', ${input.reference ?? null}, ${batch.id}, ${expiresAt}, ${now}, ${now}, ${now}
      FROM unnest(${ids}::text[], ${targets}::text[]) AS t(id, to_number)`;
    await wakeDispatcher(rt, tx, accountId);
  }
  return { batchId: batch.id, queued: targets.length, skipped };
}
