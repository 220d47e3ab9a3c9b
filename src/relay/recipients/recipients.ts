import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { oneAtATimePer } from '../../core/one-at-a-time.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import type { recipientSchema } from '../json.ts';
import { newId } from '../contract.ts';
import { assertCursorsOwned, listQuery } from '../../core/pagination.ts';
import type { Runtime } from '../../core/runtime.ts';
import { Prisma, type PrismaClient, type Recipient, type RecipientList } from '../../generated/prisma/client.ts';
import { messagePartsJson, sendMessages, sendOptions, type SendOptions } from '../messages/index.ts';
import { countSegments, messageText, phoneNumber } from '../sms.ts';
import { recipientInput, recipientTag } from './recipient-input.ts';
import { readImport, SKIPPED_LINES_LISTED } from './recipients-import.ts';
import { parseTemplate, renderTemplate, templateValues } from './template.ts';
import { addListMembers, insertNewRecipients, listMemberPhones, searchRecipientIds } from './sql.ts';

export { recipientInput };

export const recipientUpdate = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  phone: phoneNumber.optional(),
  tags: z.array(recipientTag).max(20).optional(),
});

const digitsOf = (e164: string) => e164.replace(/\D/g, '');

export function recipientJson(recipient: Recipient): z.infer<typeof recipientSchema> {
  return {
    id: recipient.id,
    object: 'recipient',
    name: recipient.name,
    phone: recipient.phone,
    tags: recipient.tags,
    fields: recipient.fields as Record<string, string>,
    created_at: recipient.createdAt.toISOString(),
  };
}

/** What the recipient rules read of the configuration. */
type RecipientLimits = { config: Pick<Runtime['config'], 'RELAY_RECIPIENT_LIMIT'> };

/** The recipient that has this number already: one recipient per number in an account. */
const numberTaken = (phone: string) =>
  new YarrowError('already_exists', `A recipient with the number ${phone} already exists in this account.`, { param: 'phone' });

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * How many more recipients the account may have (its `relay_recipient_limit`, else
 * RELAY_RECIPIENT_LIMIT), with the account row locked until the caller's transaction ends, so two
 * imports of one account cannot both take the last room.
 */
async function recipientRoom(rt: RecipientLimits, tx: DbClient, accountId: number) {
  await lockRow(tx, 'accounts', accountId, { idType: 'int' });
  const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { relayRecipientLimit: true } });
  const limit = account.relayRecipientLimit ?? rt.config.RELAY_RECIPIENT_LIMIT;
  return { limit, room: limit - (await tx.recipient.count({ where: { accountId } })) };
}

const recipientsFull = (limit: number) =>
  new YarrowError('invalid_request', `The account has its most recipients (${limit}, RELAY_RECIPIENT_LIMIT or the account's own limit); delete some first.`);

export async function createRecipient(rt: RecipientLimits, db: DbClient, accountId: number, input: z.infer<typeof recipientInput>): Promise<Recipient> {
  return inTransaction(db, async (tx) => {
    const { limit, room } = await recipientRoom(rt, tx, accountId);
    if (room < 1) throw recipientsFull(limit);
    try {
      return await tx.recipient.create({
        data: { id: newId('recipient'), accountId, name: input.name, phone: input.phone, phoneDigits: digitsOf(input.phone), tags: input.tags },
      });
    } catch (error) {
      throw isUniqueViolation(error) ? numberTaken(input.phone) : error;
    }
  });
}

/** `work` in a transaction: the caller's, or one of its own when given the client. */
function inTransaction<T>(db: DbClient, work: (tx: DbClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? (db as PrismaClient).$transaction(work) : work(db);
}

export async function getRecipient(db: DbClient, accountId: number, id: string, param = 'id'): Promise<Recipient> {
  const recipient = await db.recipient.findFirst({ where: { id, accountId } });
  if (!recipient) throw notFound('recipient', param);
  return recipient;
}

export async function updateRecipient(db: DbClient, accountId: number, id: string, input: z.infer<typeof recipientUpdate>): Promise<Recipient> {
  await getRecipient(db, accountId, id);
  try {
    return await db.recipient.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.phone !== undefined ? { phone: input.phone, phoneDigits: digitsOf(input.phone) } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
      },
    });
  } catch (error) {
    throw isUniqueViolation(error) && input.phone ? numberTaken(input.phone) : error;
  }
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

/** Rows per INSERT of an import: each statement and its parameters stay small however large the file. */
const IMPORT_BATCH = 1000;

export interface ImportResult {
  created: number;
  /** The first SKIPPED_LINES_LISTED skipped lines, in line order. */
  skipped: Array<{ line: number; reason: string }>;
  /** Every line skipped, listed or not. */
  skippedCount: number;
}

/**
 * CSV with a header row: `name`, `phone` (or `number`, `phone_number`, `mobile`) and optional
 * `tags` (separated by `;` or `|`). Bad rows are skipped with their line, and so are duplicates:
 * a number seen earlier in the file, or one the account already has, which the database tells
 * (its unique index, `ON CONFLICT DO NOTHING`) without the account's recipients being read. Rows
 * go in batches of 1,000, up to the account's recipient limit (the rest are skipped, saying so).
 * Given a list, every imported row is added to it. In the caller's transaction, or one of its own.
 * The answer lists the first SKIPPED_LINES_LISTED skipped lines and counts them all (`skippedCount`).
 */
export function importRecipients(rt: RecipientLimits, db: DbClient, accountId: number, csv: string, listId?: string): Promise<ImportResult> {
  // Parsed only when its turn comes: waiting imports hold their text, not their rows.
  return oneImportAtATime(accountId, async () => {
    if (listId) await getList(db, accountId, listId, 'listId');
    const read = await readImport(csv);
    return inTransaction(db, async (tx) => {
      const { limit, room: roomAtStart } = await recipientRoom(rt, tx, accountId);
      let room = roomAtStart;
      let created = 0;
      // Rows go in line order, so the first skips here are the only ones that may be listed
      // beside the file's own (the answer lists the first SKIPPED_LINES_LISTED of both).
      const skipped: ImportResult['skipped'] = [];
      let skippedHere = 0;
      const skip = (line: number, reason: string) => {
        skippedHere += 1;
        if (skipped.length < SKIPPED_LINES_LISTED) skipped.push({ line, reason });
      };
      for (let start = 0; start < read.rows.length; start += IMPORT_BATCH) {
        const batch = read.rows.slice(start, start + IMPORT_BATCH);
        const fits = batch.slice(0, Math.max(0, room)).map((row) => ({ ...row, id: newId('recipient') }));
        for (const row of batch.slice(fits.length)) skip(row.line, `limit: the account has its most recipients (${limit})`);
        if (fits.length === 0) continue;
        const inserted = new Set(await insertNewRecipients(tx, accountId, fits));
        for (const row of fits) {
          if (!inserted.has(row.id)) skip(row.line, 'duplicate: the account already has a recipient with this number');
        }
        if (listId && inserted.size > 0) await addListMembers(tx, listId, [...inserted]);
        created += inserted.size;
        room -= inserted.size;
      }
      return {
        created,
        skipped: [...read.skipped, ...skipped].sort((a, b) => a.line - b.line).slice(0, SKIPPED_LINES_LISTED),
        skippedCount: read.skippedCount + skippedHere,
      };
    });
  });
}

/**
 * An account's imports run in this process one after another: each holds the account's row lock
 * for its transaction, so concurrent ones would each hold a pooled connection while they wait
 * (12 at once took the pool from every other tenant). Waiting here holds none.
 */
const oneImportAtATime = oneAtATimePer<number>();

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

export async function createList(db: DbClient, accountId: number, input: z.infer<typeof listInput>) {
  return db.recipientList.create({ data: { id: newId('recipientList'), accountId, name: input.name, description: input.description ?? null } });
}

export async function updateList(db: DbClient, accountId: number, id: string, input: z.infer<typeof listUpdate>) {
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
export async function addToList(db: DbClient, accountId: number, listId: string, recipientIds: string[]) {
  const ids = [...new Set(recipientIds)];
  await getList(db, accountId, listId, 'listId');
  const owned = await db.recipient.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } });
  if (owned.length !== ids.length) {
    const missing = ids.find((id) => !owned.some((row) => row.id === id));
    throw new YarrowError('not_found', `No such recipient ${missing}.`, { param: 'recipientIds' });
  }
  await db.recipientListMember.createMany({ data: ids.map((recipientId) => ({ listId, recipientId })), skipDuplicates: true });
  return getList(db, accountId, listId);
}

export async function removeFromList(db: DbClient, accountId: number, listId: string, recipientIds: string[]) {
  const ids = recipientIds;
  await getList(db, accountId, listId, 'listId');
  await db.recipientListMember.deleteMany({ where: { listId, recipientId: { in: ids } } });
  return getList(db, accountId, listId);
}

/** A list's id as a send names it. */
export const listIdInput = z.string().trim().min(1).max(64);

/** A list send's text: one `message` for all, or a `template` rendered per member (./template.ts). */
export const listSendText = {
  message: messageText.optional(),
  template: z
    .string()
    .min(1)
    .max(1600)
    .optional()
    .describe('Instead of `message`: a text per member with `{{name}}`, `{{phone}}`, `{{tags}}` and any column of the CSV it was imported from (`{{first_name}}`); `{{first_name|there}}` gives a default. A member without a value and no default refuses the send (400), nothing queued.')
    .meta({ examples: ['Hi {{first_name|there}}, we open at 9 tomorrow.'] }),
};

export const oneText = (input: { message?: string; template?: string }, ctx: z.RefinementCtx) => {
  if ((input.message === undefined) === (input.template === undefined)) {
    ctx.addIssue({ code: 'custom', path: [input.message === undefined ? 'message' : 'template'], message: 'give `message` or `template`, one of them' });
  }
};

/** POST /api/v1/recipient-lists/queue's body: one of `message` and `template`. */
export const queueListInput = z.strictObject({ list_id: listIdInput, ...sendOptions, ...listSendText }).superRefine(oneText);

/** POST /api/v1/recipient-lists/preview's body: what a list send would text, without sending. */
export const previewListInput = z.strictObject({ list_id: listIdInput, ...listSendText }).superRefine(oneText);

/** Members a preview answers. */
export const PREVIEW_SIZE = 5;

type Parts = { segments: number; encoding: 'gsm7' | 'ucs2' };

export interface QueuedBatch {
  batchId: string;
  queued: number;
  /** Each queued message, in list order, with its parts. */
  items: Array<{ to: string; request_id: string } & Parts>;
  /** The parts of every queued message together. */
  segments: number;
  skipped: Array<{ recipient_id: string; to: string; reason: string }>;
}

export interface ListPreview {
  /** The messages the send would queue now (distinct numbers not opted out). */
  queued: number;
  /** Their parts together. */
  segments: number;
  /** The first PREVIEW_SIZE, as each would be sent. */
  items: Array<{ recipient_id: string; to: string; text: string } & Parts>;
}


/** A list send, typed: each transport parses its own input into it (REST: `queueListInput`; GraphQL: `QueueRecipientListInput`). */
export interface QueueListCommand {
  listId: string;
  /** One text for every member, or a template rendered per member (./template.ts): one of them. */
  text?: string;
  template?: string;
  options: Pick<SendOptions, 'deviceId' | 'ttlSeconds' | 'reference' | 'priority' | 'simNumber' | 'sendAt'>;
}

/**
 * Each member to text (one per distinct number, none opted out) with its text, rendered once here
 * (a template) and checked as any SMS text (`messageText`), and the members skipped. A member
 * without a value for a variable the template has no default for, or whose text is not a valid
 * SMS, refuses the whole send: 400 naming the member and the variable, before anything is queued.
 */
async function listTexts(tx: DbClient, accountId: number, input: { listId: string; text?: string; template?: string }) {
  await getList(tx, accountId, input.listId, 'list_id');
  const members = await listMemberPhones(tx, accountId, input.listId);
  const template = input.template === undefined ? undefined : parseTemplate(input.template);
  const numbers = new Set<string>();
  const skipped: QueuedBatch['skipped'] = [];
  const targets: Array<{ recipientId: string; to: string; text: string }> = [];
  for (const member of members) {
    if (member.opted_out) skipped.push({ recipient_id: member.id, to: member.phone, reason: 'opted_out' });
    else if (numbers.has(member.phone)) skipped.push({ recipient_id: member.id, to: member.phone, reason: 'duplicate_number' });
    else {
      numbers.add(member.phone);
      targets.push({ recipientId: member.id, to: member.phone, text: template ? renderFor(template, member) : input.text! });
    }
  }
  return { targets, skipped };
}

function renderFor(template: ReturnType<typeof parseTemplate>, member: Awaited<ReturnType<typeof listMemberPhones>>[number]) {
  const who = `${member.name} (${member.id}, ${member.phone})`;
  const rendered = renderTemplate(template, templateValues(member));
  if ('missing' in rendered) {
    throw new YarrowError('invalid_request', `Recipient ${who} has no value for {{${rendered.missing}}}: give a default ({{${rendered.missing}|…}}) or fill it in. Nothing was queued.`, {
      param: 'template',
    });
  }
  const checked = messageText.safeParse(rendered.text);
  if (!checked.success) throw new YarrowError('invalid_request', `The text for recipient ${who}: ${checked.error.issues[0]!.message}. Nothing was queued.`, { param: 'template' });
  return rendered.text;
}

/**
 * Sends a text to every member of a list: each distinct number becomes its own message with its
 * own request_id, one batch sent by `sendMessages` like any send (the account's rules for all of
 * them at once, inserted in chunks) in the caller's transaction. Members sharing a number get it
 * once, and numbers on the opt-out list get nothing; both are listed as skipped with their reason.
 * A `template` is rendered per member first (`listTexts`); each text is stored as it was sent.
 */
export async function queueList(rt: Runtime, tx: DbClient, accountId: number, input: QueueListCommand): Promise<QueuedBatch> {
  const { targets, skipped } = await listTexts(tx, accountId, input);
  const batchId = newId('messageBatch');
  const messages = await sendMessages(
    rt,
    accountId,
    targets.map(({ to, text }) => ({ to, text })),
    { ...input.options, batch: { id: batchId, listId: input.listId, skipped: skipped.length }, tx },
  );
  const items = messages.map((message) => ({ to: message.to, request_id: message.id, ...messagePartsJson(message) }));
  return { batchId, queued: targets.length, items, segments: items.reduce((sum, item) => sum + item.segments, 0), skipped };
}

/** What a list send would queue now: the count, the parts, the first PREVIEW_SIZE texts. Sends nothing. */
export async function previewList(db: DbClient, accountId: number, input: Pick<QueueListCommand, 'listId' | 'text' | 'template'>): Promise<ListPreview> {
  const { targets } = await listTexts(db, accountId, input);
  // One text for all counts once; a template's each (the count is what the send would store).
  const counted = new Map<string, Parts>();
  const partsOf = (text: string) => counted.get(text) ?? counted.set(text, countSegments(text)).get(text)!;
  let segments = 0;
  for (const target of targets) segments += partsOf(target.text).segments;
  const items = targets.slice(0, PREVIEW_SIZE).map(({ recipientId, to, text }) => {
    const { encoding, segments: parts } = partsOf(text);
    return { recipient_id: recipientId, to, text, segments: parts, encoding };
  });
  return { queued: targets.length, segments, items };
}
