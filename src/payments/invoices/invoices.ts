import { z } from 'zod';
import type { DbClient, Prisma } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { commandSchema, restSchema } from '../../core/wire.ts';
import { newCapabilityId } from '../contract.ts';
import { accountNow, sendJobAt } from '../../accounts/index.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Invoice, PaymentIntent } from '../../generated/prisma/client.ts';
import { metadataSchema } from '../fields.ts';
import { dateOnly } from './json.ts';
import { moneyFields, refineMoney } from '../money.ts';
import { invoiceCreated, markInvoiceOverdue } from './lifecycle.ts';

type Rt = Pick<Runtime, 'config' | 'boss'>;

const DAY_MS = 86_400_000;
const MAX_DUE_YEARS = 5;

/** The same day `years` calendar years after `YYYY-MM-DD` (29 February → 28 February in a common year). */
export function calendarYearsAfter(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return dateOnly(new Date(Date.UTC(year + years, month - 1, Math.min(day, lastDay))));
}

/** `YYYY-MM-DD`, a real calendar date, today (UTC) or later, at most five calendar years ahead (today's date in five years included). */
export const dueDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && dateOnly(date) === text;
  }, 'is not a calendar date')
  .refine((text) => text >= dateOnly(new Date()), 'must be today or later (UTC)')
  .refine((text) => text <= calendarYearsAfter(dateOnly(new Date()), MAX_DUE_YEARS), `must be within ${MAX_DUE_YEARS} years (today's date in ${MAX_DUE_YEARS} years at the latest)`)
  .meta({ examples: ['2026-12-31'] });

/** An invoice's create command, field by field (camelCase; REST takes them in snake_case). */
const createInvoiceFields = {
  ...moneyFields,
  title: z.string().trim().min(1).max(200).meta({ examples: ['November hosting'] }),
  dueDate: dueDateSchema,
  customerName: z.string().trim().min(1).max(200).meta({ examples: ['Ada Lovelace'] }).optional(),
  customerEmail: z.email().max(254).meta({ examples: ['ada@example.com'] }).optional(),
  metadata: metadataSchema.default({}),
};
/** GraphQL's `CreateInvoiceInput`, parsed into the command. */
export const createInvoiceCommand = commandSchema(createInvoiceFields).transform(refineMoney);
/** The body of POST /api/v1/invoices, parsed into the same command. */
export const createInvoiceBody = restSchema(createInvoiceFields).transform(refineMoney);
/** An invoice to create (amount in minor units). */
type CreateInvoiceCommand = z.output<typeof createInvoiceCommand>;

/**
 * The account's next invoice number. The counter row is advanced inside the creating
 * transaction: if the create rolls back, so does the number, and concurrent creates queue on the
 * row, so numbers are sequential without gaps.
 */
async function nextInvoiceNumber(tx: DbClient, accountId: number): Promise<number> {
  // Prisma runs this upsert as one INSERT … ON CONFLICT DO UPDATE (a single unique key, no nesting).
  const counter = await tx.invoiceCounter.upsert({
    where: { accountId },
    create: { accountId, lastNumber: 1 },
    update: { lastNumber: { increment: 1 } },
  });
  return counter.lastNumber;
}

/** Creates an open invoice, records invoice.created and schedules the overdue check for after its due date. */
export async function createInvoice(rt: Rt, tx: DbClient, accountId: number, input: CreateInvoiceCommand): Promise<Invoice> {
  const invoice = await insertInvoice(rt, tx, {
    accountId,
    title: input.title,
    amount: input.amount,
    currency: input.currency,
    dueDate: new Date(`${input.dueDate}T00:00:00Z`),
    customerName: input.customerName ?? null,
    customerEmail: input.customerEmail ?? null,
    metadata: input.metadata,
  });
  await scheduleOverdueCheck(rt, tx, invoice);
  return invoice;
}

/** An invoice's fields as checked by its creator (an API request, a subscription's period: src/payments/billing/). */
export type NewInvoice = Omit<Prisma.InvoiceUncheckedCreateInput, 'id' | 'number'>;

/** Inserts an open invoice with the account's next number and records invoice.created. */
export async function insertInvoice(rt: Rt, tx: DbClient, fields: NewInvoice): Promise<Invoice> {
  const invoice = await tx.invoice.create({ data: { ...fields, id: newCapabilityId('invoice'), number: await nextInvoiceNumber(tx, fields.accountId) } });
  await invoiceCreated(rt, tx, invoice);
  return invoice;
}

/** The overdue job runs at 00:00 UTC the day after the due date, in the account's time (its test clock, if any). */
async function scheduleOverdueCheck(rt: Rt, tx: DbClient, invoice: Invoice) {
  await sendJobAt(rt, tx, invoice.accountId, 'invoice_overdue', { invoiceId: invoice.id }, { at: new Date(invoice.dueDate.getTime() + DAY_MS) });
}

export async function getInvoice(db: DbClient, accountId: number, id: string): Promise<Invoice> {
  const invoice = await db.invoice.findFirst({ where: { id, accountId } });
  if (!invoice) throw notFound('invoice', 'id');
  return invoice;
}

/** An invoice by its id alone, for its hosted page (the unguessable id is the capability). */
export async function findInvoiceForHostedPage(db: DbClient, id: string): Promise<Invoice> {
  const invoice = await db.invoice.findUnique({ where: { id } });
  if (!invoice) throw new YarrowError('not_found', 'This invoice does not exist.', { param: 'invoice' });
  return invoice;
}

/** The invoice's payment in progress or done, if any (canceled attempts do not count). */
export async function currentInvoicePayment(db: DbClient, invoiceId: string): Promise<PaymentIntent | null> {
  return db.paymentIntent.findFirst({ where: { invoiceId, status: { not: 'canceled' } }, orderBy: { id: 'desc' } });
}

/** The invoice-overdue worker's job: runs after the due date; marks the invoice once if still open. */
export async function overdueJob(rt: Runtime, invoiceId: string) {
  return rt.db.prisma.$transaction(async (tx) => {
    const invoice = await tx.invoice.findUnique({ where: { id: invoiceId } });
    if (!invoice) return null;
    if (dateOnly(await accountNow(tx, invoice.accountId)) <= dateOnly(invoice.dueDate)) {
      // Not due yet (a clock behind the scheduler's): look again when it is.
      await scheduleOverdueCheck(rt, tx, invoice);
      return null;
    }
    return markInvoiceOverdue(rt, tx, invoiceId);
  });
}
