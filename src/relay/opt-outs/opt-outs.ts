// The account's opt-out list: numbers that asked not to be texted (Twilio's STOP list, kept per
// account). Sends to them are refused by the send rules (`checkNotOptedOut`,
// src/relay/messages/rules.ts), list sends skip them (`queueList`). Adding and removing a number
// records `recipient.opted_out` / `recipient.opted_in` in the same transaction.
import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { notFound } from '../../core/errors.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../../core/pagination.ts';
import type { Runtime } from '../../core/runtime.ts';
import { Prisma, type OptOut, type OptOutSource, type PrismaClient } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { newId } from '../contract.ts';
import type { optOutSchema } from '../json.ts';
// From its leaf, not messages/index.ts: an inbound STOP (messages/inbound.ts) opts out through this file.
import { phoneNumber } from '../sms.ts';

export const optOutInput = z.strictObject({ phone: phoneNumber });

export const optOutListQuery = listQuery.extend({
  // A `+` left unencoded in a query string arrives as a space (form encoding): `?phone=+1415…` means the number.
  phone: z.preprocess((value) => (typeof value === 'string' ? value.replace(/^ (?=\d)/, '+') : value), phoneNumber).optional(),
});

export function optOutJson(optOut: OptOut): z.infer<typeof optOutSchema> {
  return { id: optOut.id, object: 'opt_out', phone: optOut.phone, source: optOut.source, created_at: optOut.createdAt.toISOString() };
}

/** Newest first, by Stripe-style cursors; `phone` finds one number (any format, read as E.164). */
export async function listOptOuts(db: DbClient, accountId: number, query: z.output<typeof optOutListQuery>) {
  await assertCursorsOwned(db.optOut, accountId, query, 'opt-out');
  return db.optOut.findMany({ where: optOutsWhere(accountId, query.phone), ...pageArgs(query) });
}

export function optOutsWhere(accountId: number, phone?: string | null): Prisma.OptOutWhereInput {
  return { accountId, ...(phone ? { phone } : {}) };
}

function inTransaction<T>(db: DbClient, work: (tx: DbClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? (db as PrismaClient).$transaction(work) : work(db);
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * Opts a number out. A number already out stays as it was (its first `source` and time) and no
 * event is recorded again: `created` tells which. In the caller's transaction, or one of its own.
 */
export async function optOut(rt: Runtime, db: DbClient, accountId: number, phone: string, source: OptOutSource): Promise<{ optOut: OptOut; created: boolean }> {
  const existing = await db.optOut.findUnique({ where: { accountId_phone: { accountId, phone } } });
  if (existing) return { optOut: existing, created: false };
  try {
    return await inTransaction(db, async (tx) => {
      const row = await tx.optOut.create({ data: { id: newId('optOut'), accountId, phone, source } });
      await recordEvent(rt, tx, {
        accountId,
        type: 'recipient.opted_out',
        objectType: 'opt_out',
        objectPublicId: row.id,
        data: { phone, source, opted_out_at: row.createdAt.toISOString() },
      });
      return { optOut: row, created: true };
    });
  } catch (error) {
    // Two opt-outs of one number at once: the other one recorded it.
    if (!isUniqueViolation(error)) throw error;
    return { optOut: await db.optOut.findUniqueOrThrow({ where: { accountId_phone: { accountId, phone } } }), created: false };
  }
}

/** Opts a number back in (removes it from the list); a number not on it is `not_found` naming `phone`. */
export async function optIn(rt: Runtime, db: DbClient, accountId: number, phone: string, source: OptOutSource): Promise<OptOut> {
  return inTransaction(db, async (tx) => {
    const row = await tx.optOut.findUnique({ where: { accountId_phone: { accountId, phone } } });
    if (!row || (await tx.optOut.deleteMany({ where: { id: row.id } })).count === 0) throw notFound('opt-out', 'phone');
    await recordEvent(rt, tx, {
      accountId,
      type: 'recipient.opted_in',
      objectType: 'opt_out',
      objectPublicId: row.id,
      data: { phone, source, opted_out_at: row.createdAt.toISOString(), opted_in_at: new Date().toISOString() },
    });
    return row;
  });
}

/** Keywords that opt a number out or back in, as Twilio's defaults (whole message, any case). */
const OPT_OUT_KEYWORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const OPT_IN_KEYWORDS = new Set(['START', 'UNSTOP']);
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * What an inbound SMS's text asks for: `opt_out` for STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or
 * QUIT, `opt_in` for START or UNSTOP, else null. As Twilio, the keyword must be the whole message
 * (any case, surrounding spaces and trailing punctuation ignored): "Stop!" opts out, "please stop
 * texting" does not. For the inbound-SMS change, which opts the sender out or in (`source: keyword`).
 */
export function optOutKeyword(text: string): 'opt_out' | 'opt_in' | null {
  if (text.length > 200) return null; // no keyword is that long, even padded with invisibles
  // NFKC folds full-width and compatibility letters (`ＳＴＯＰ`); invisible characters (zero-width
  // spaces and joiners, BOMs, direction marks) are dropped, as a reader never sees them.
  const word = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .trim()
    .replace(/[\s.!?,;:]+$/u, '')
    .toUpperCase();
  if (OPT_OUT_KEYWORDS.has(word)) return 'opt_out';
  if (OPT_IN_KEYWORDS.has(word)) return 'opt_in';
  return null;
}
