import { z } from 'zod';
import { timestamp } from '../../core/http.ts';
import type { Invoice } from '../../generated/prisma/client.ts';
import { InvoiceStatus } from '../../generated/prisma/enums.ts';
import { iso, metadataJson, moneyJson, type Urls } from '../fields.ts';
import { formatAmount, toMajorUnits } from '../money.ts';

// The JSON shape REST answers and events carry (one zod schema per object: OpenAPI documents it, the
// tests check every answer against it, and the serializer returns its type, so the two cannot drift).

export function hostedInvoiceUrl(config: Urls, invoiceId: string) {
  return `${config.publicBaseUrl}/invoices/${invoiceId}`;
}

/** `INV-000042`: six digits at least, more once an account passes 999,999 invoices. */
export function invoiceNo(number: number) {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** `YYYY-MM-DD` of a DATE column (Prisma reads it as midnight UTC). */
export function dateOnly(date: Date) {
  return date.toISOString().slice(0, 10);
}

/**
 * Open and past its due date (the whole due date counts, in UTC), or marked so by the overdue job
 * (which runs on the account's time: under a test clock, once an advance passes the due date).
 */
export function isOverdue(invoice: Pick<Invoice, 'status' | 'dueDate' | 'overdueAt'>, now = new Date()) {
  return invoice.status === 'open' && (invoice.overdueAt !== null || dateOnly(now) > dateOnly(invoice.dueDate));
}

export const invoiceSchema = z.object({
  id: z.string().meta({ examples: ['inv_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  public_id: z.string().describe('The same as id (the id in the hosted page URL).').meta({ examples: ['inv_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  object: z.literal('invoice'),
  invoice_no: z.string().meta({ examples: ['INV-000042'] }),
  status: z.enum(InvoiceStatus),
  overdue: z.boolean().describe('Open and past its due date.'),
  title: z.string().meta({ examples: ['November hosting'] }),
  ...moneyJson,
  due_date: z.iso.date(),
  customer_name: z.string().nullable().meta({ examples: ['Ada Lovelace'] }),
  customer_email: z.string().nullable().meta({ examples: ['ada@example.com'] }),
  metadata: metadataJson,
  hosted_url: z.string().meta({ examples: ['https://pay.example.com/invoices/inv_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  payment_intent: z.string().nullable().describe('The payment intent that paid it (`pi_…`); null until paid.').meta({ examples: ['pi_01jdx3m2q7v5k8c1z4r6t9w0ya'] }),
  paid_at: timestamp.nullable(),
  voided_at: timestamp.nullable(),
  overdue_at: timestamp.nullable(),
  subscription: z.string().nullable().describe('The subscription (`sub_…`) whose period it bills; null for a one-off invoice.'),
  period_start: timestamp.nullable().describe("The subscription period it bills (the account's time)."),
  period_end: timestamp.nullable(),
  lines: z
    .array(
      z.object({
        description: z.string(),
        amount_minor: z.number().int().describe('May be negative: a proration credit.'),
        quantity: z.number().int(),
        price: z.string().nullable(),
        period_start: timestamp,
        period_end: timestamp,
        proration: z.boolean(),
      }),
    )
    .describe("What it bills, line by line (a subscription's invoice); empty for a one-off invoice."),
  marked_uncollectible_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function invoiceJson(config: Urls, invoice: Invoice): z.infer<typeof invoiceSchema> {
  return {
    id: invoice.id,
    public_id: invoice.id,
    object: 'invoice' as const,
    invoice_no: invoiceNo(invoice.number),
    status: invoice.status,
    overdue: isOverdue(invoice),
    title: invoice.title,
    amount: toMajorUnits(invoice.amount, invoice.currency),
    amount_minor: invoice.amount,
    amount_display: formatAmount(invoice.amount, invoice.currency),
    currency: invoice.currency as z.infer<typeof moneyJson.currency>,
    due_date: dateOnly(invoice.dueDate),
    customer_name: invoice.customerName,
    customer_email: invoice.customerEmail,
    metadata: invoice.metadata as Record<string, string>,
    hosted_url: hostedInvoiceUrl(config, invoice.id),
    payment_intent: invoice.paymentIntentId,
    paid_at: iso(invoice.paidAt),
    voided_at: iso(invoice.voidedAt),
    overdue_at: iso(invoice.overdueAt),
    subscription: invoice.subscriptionId,
    period_start: iso(invoice.periodStart),
    period_end: iso(invoice.periodEnd),
    lines: invoice.lines as z.infer<typeof invoiceSchema>['lines'],
    marked_uncollectible_at: iso(invoice.markedUncollectibleAt),
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}
