import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { notFound } from '../../core/errors.ts';
import { defineLifecycle } from '../../core/lifecycle.ts';
import { invoiceStatuses } from './lists.ts';
import { publish } from '../../core/pubsub.ts';
import { accountNow } from '../../accounts/index.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent } from '../../webhooks/index.ts';
import type { Invoice, InvoiceStatus, PaymentIntent } from '../../generated/prisma/client.ts';
import { invoiceJson, invoiceNo } from './json.ts';

// Every status change of an invoice happens here: it locks its row, checks the move is allowed (else
// 409 invalid_state), writes the row, records its event and publishes the live update, in the
// caller's transaction. Its payment's success pays it (intents/lifecycle.ts); a void cancels its
// unfinished payment first (intents/invoice-void.ts).

type Rt = Pick<Runtime, 'config' | 'boss'>;


export async function lockInvoice(tx: DbClient, accountId: number, id: string): Promise<Invoice> {
  await lockRow(tx, 'invoices', id, { accountId });
  const invoice = await tx.invoice.findFirst({ where: { id, accountId } });
  if (!invoice) throw notFound('invoice', 'id');
  return invoice;
}

export const invoiceLifecycle = defineLifecycle('invoice', invoiceStatuses, {
  // Its payment intent succeeded (intents/lifecycle.ts, in the payment's transaction). An
  // uncollectible invoice (dunning gave up) can still be paid, as at Stripe: the customer pays the
  // last retry's intent at its checkout, or on the hosted page.
  pay: { from: ['open', 'uncollectible'], to: 'paid', event: 'invoice.paid', verb: 'be paid' },
  // The merchant voided it, after its unfinished payment was canceled (intents/invoice-void.ts).
  void: { from: ['open'], to: 'void', event: 'invoice.voided', verb: 'be voided' },
  // A subscription's invoice still unpaid after the last dunning retry (src/payments/billing/).
  mark_uncollectible: { from: ['open'], to: 'uncollectible', event: 'invoice.marked_uncollectible', verb: 'be marked uncollectible' },
});
export const invoiceTransitions = invoiceLifecycle.transitions;

export type InvoiceAction = keyof typeof invoiceTransitions;

/** Whether a customer may still pay an invoice in this status (its hosted page offers to). */
export const invoicePayable = (status: InvoiceStatus) => invoiceLifecycle.allows('pay', status);

/** Records `invoice.created` for an invoice the caller just inserted in `tx`. */
export async function invoiceCreated(rt: Rt, tx: DbClient, invoice: Invoice) {
  await recordInvoiceEvent(rt, tx, invoice, 'invoice.created');
}

/** Throws 409 invalid_state unless the invoice may move by `action` (its status checked before any other change). */
export function assertInvoiceMove(invoice: Invoice, action: InvoiceAction) {
  invoiceLifecycle.assertMove(action, invoice.status);
}

/** `paidBy`: the intent whose success pays the invoice; the invoice keeps its id and its payer (as the payer gave them on the hosted page, unless the invoice named one). */
export async function transitionInvoiceLocked(rt: Rt, tx: DbClient, invoice: Invoice, action: InvoiceAction, now = new Date(), paidBy?: PaymentIntent): Promise<Invoice> {
  const transition: { to: InvoiceStatus; event: EventType } = invoiceTransitions[action];
  invoiceLifecycle.assertMove(action, invoice.status);
  const payment = paidBy
    ? { paymentIntentId: paidBy.id, customerName: invoice.customerName ?? paidBy.customerName, customerEmail: invoice.customerEmail ?? paidBy.customerEmail }
    : {};
  const updated = await tx.invoice.update({
    where: { id: invoice.id },
    data: { status: transition.to, updatedAt: now, ...(action === 'pay' ? { paidAt: now, ...payment } : action === 'void' ? { voidedAt: now } : { markedUncollectibleAt: now }) },
  });
  await recordInvoiceEvent(rt, tx, updated, transition.event);
  return updated;
}

/** Marks a subscription's open invoice uncollectible (dunning gave up on it). */
export async function markInvoiceUncollectible(rt: Rt, tx: DbClient, accountId: number, invoiceId: string): Promise<Invoice> {
  return transitionInvoiceLocked(rt, tx, await lockInvoice(tx, accountId, invoiceId), 'mark_uncollectible');
}

/**
 * Marks an open invoice overdue once its due date has passed: sets `overdue_at` and records
 * `invoice.overdue`, once. Paid, void or already-marked invoices are left alone (returns null).
 */
export async function markInvoiceOverdue(rt: Rt, tx: DbClient, invoiceId: string): Promise<Invoice | null> {
  const found = await tx.invoice.findUnique({ where: { id: invoiceId }, select: { accountId: true } });
  if (!found) return null;
  const invoice = await lockInvoice(tx, found.accountId, invoiceId);
  if (invoice.status !== 'open' || invoice.overdueAt) return null;
  const updated = await tx.invoice.update({ where: { id: invoice.id }, data: { overdueAt: await accountNow(tx, invoice.accountId), updatedAt: new Date() } });
  await recordInvoiceEvent(rt, tx, updated, 'invoice.overdue');
  return updated;
}

/** `2026-11-22 09:30:05` (UTC), the timestamp format of invoice.paid's `paid_at`. */
export function sqlTimestamp(date: Date) {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

async function recordInvoiceEvent(rt: Rt, tx: DbClient, invoice: Invoice, type: EventType) {
  const data =
    type === 'invoice.paid'
      ? {
          invoice: { public_id: invoice.id, invoice_no: invoiceNo(invoice.number), status: invoice.status },
          paid_at: sqlTimestamp(invoice.paidAt!),
        }
      : { invoice: invoiceJson(rt.config, invoice) };
  await recordEvent(rt, tx, { accountId: invoice.accountId, type, objectType: 'invoice', objectPublicId: invoice.id, data });
  await publish(tx, 'paymentActivity', invoice.accountId, { objectType: 'invoice', id: invoice.id, status: invoice.status, event: type });
  if (type === 'invoice.created') return;
  await publish(tx, 'invoiceUpdated', invoice.id, {
    id: invoice.id,
    status: invoice.status,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    overdueAt: invoice.overdueAt?.toISOString() ?? null,
    updatedAt: invoice.updatedAt.toISOString(),
  });
}
