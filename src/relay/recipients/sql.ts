// The recipients' raw SQL (lists, search, imports), one named statement each (pg-boss `plans.ts` style). A statement is here because Prisma cannot
// say it (`FOR UPDATE [SKIP LOCKED]`, CTEs that write several tables, `unnest` arrays, per-minute
// series) or because one round trip instead of several was measured (docs/performance.md#raw-sql-or-prisma); each says which.
import type { DbClient } from '../../core/db.ts';
import { Prisma } from '../../generated/prisma/client.ts';

/** Adds recipients to a list (one array parameter however many; members already there stay). */
export async function addListMembers(db: DbClient, listId: string, recipientIds: string[]) {
  await db.$executeRaw`
    INSERT INTO recipient_list_members (list_id, recipient_id)
    SELECT ${listId}, id FROM unnest(${recipientIds}::text[]) AS id ON CONFLICT DO NOTHING`;
}

/**
 * A list's members of the account, in the order they were added, with their numbers and whether
 * each number is on the account's opt-out list: one join, where Prisma reads the members and then
 * their recipients with every id (10,000 for a big list), then the opt-outs with every number.
 */
export async function listMemberPhones(db: DbClient, accountId: number, listId: string) {
  return db.$queryRaw<Array<{ id: string; name: string; phone: string; tags: string[]; fields: Record<string, string>; opted_out: boolean }>>`
    SELECT r.id, r.name, r.phone, r.tags, r.fields, o.id IS NOT NULL AS opted_out
    FROM recipient_list_members m JOIN recipients r ON r.id = m.recipient_id
    LEFT JOIN relay_opt_outs o ON o.account_id = r.account_id AND o.phone = r.phone
    WHERE m.list_id = ${listId} AND r.account_id = ${accountId}
    ORDER BY m.added_at, r.id`;
}

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search condition: a query that looks like a number (digits, spaces, + - . ( )) matches the
 * digits of the phone (a national leading 0 is dropped: "0612…" finds "+33612…"); anything else
 * is a substring of the name ignoring case and accents. Both are served by trigram GIN indexes. One SQL
 * condition shared by REST and GraphQL search, and the one the index test explains (`EXPLAIN`).
 */
export function recipientSearchCondition(search: string | undefined): Prisma.Sql {
  if (!search) return Prisma.sql`TRUE`;
  if (/^[\d\s()+.-]+$/.test(search) && /\d{2}/.test(search.replace(/\D/g, ''))) {
    const digits = search.replace(/\D/g, '').replace(/^0+/, '') || '0';
    return Prisma.sql`phone_digits LIKE ${likePattern(digits)}`;
  }
  // Accents ignored on both sides ("zoe" finds "Zoë"), on the trigram index of yarrow_unaccent(name).
  return Prisma.sql`yarrow_unaccent(name) ILIKE yarrow_unaccent(${likePattern(search)})`;
}

/**
 * A page of the account's recipients matching `search`, newest first, by Stripe-style cursors
 * (`take` rows after `startingAfter`, or before `endingBefore`): ids only, read back with Prisma.
 */
export async function searchRecipientIds(
  db: DbClient,
  accountId: number,
  search: string | undefined,
  { startingAfter, endingBefore, take }: { startingAfter?: string; endingBefore?: string; take: number },
): Promise<Array<{ id: string }>> {
  const condition = recipientSearchCondition(search);
  if (endingBefore) {
    const rows = await db.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM recipients WHERE account_id = ${accountId} AND ${condition} AND id > ${endingBefore}
      ORDER BY id ASC LIMIT ${take}`;
    return rows.reverse();
  }
  const after = startingAfter ? Prisma.sql`AND id < ${startingAfter}` : Prisma.empty;
  return db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM recipients WHERE account_id = ${accountId} AND ${condition} ${after}
    ORDER BY id DESC LIMIT ${take}`;
}

/** Every id of the account's recipients matching `search` (the GraphQL connection pages over them). */
export async function recipientIdsMatching(db: DbClient, accountId: number, search: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM recipients WHERE account_id = ${accountId} AND ${recipientSearchCondition(search)}`;
  return rows.map((row) => row.id);
}

/**
 * Inserts an import's batch of recipients in one statement, skipping any whose number the account
 * already has (`ON CONFLICT` on the unique (account_id, phone) index: the database tells, no read
 * of the account's recipients), and answers the ids it inserted. SQL: Prisma's `createMany` with
 * `skipDuplicates` does not say which rows it skipped.
 */
export async function insertNewRecipients(
  db: DbClient,
  accountId: number,
  rows: Array<{ id: string; name: string; phone: string; tags: string[]; fields: Record<string, string> }>,
) {
  const inserted = await db.$queryRaw<Array<{ id: string }>>`
    INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags, fields, updated_at)
    SELECT r.id, ${accountId}, r.name, r.phone, regexp_replace(r.phone, '\\D', '', 'g'),
           COALESCE(ARRAY(SELECT jsonb_array_elements_text(r.tags)), '{}'), COALESCE(r.fields, '{}'), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows.map(({ id, name, phone, tags, fields }) => ({ id, name, phone, tags, fields })))}::jsonb)
      AS r(id text, name text, phone text, tags jsonb, fields jsonb)
    ON CONFLICT (account_id, phone) DO NOTHING
    RETURNING id`;
  return inserted.map((row) => row.id);
}
