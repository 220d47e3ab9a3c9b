import { ok, okSchema } from '../../core/http.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute } from '../../core/route.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Invoice } from '../../generated/prisma/client.ts';
import { assertInvoiceMove, invoiceJson, invoiceSchema, lockInvoice, transitionInvoiceLocked } from '../invoices/index.ts';
import { intentLifecycle, transitionIntent } from './lifecycle.ts';

// Voiding an invoice cancels its unfinished payment first: a move of the payment intent's lifecycle,
// so it lives with the intents (invoices/ sits below intents/, whose success pays an invoice).

type Rt = Pick<Runtime, 'config' | 'boss'>;

/**
 * Voids an open invoice. Its unfinished payment intent is canceled in the same transaction
 * (reason `void_invoice`); a payment under review blocks the void, since money may be moving.
 */
export async function voidInvoice(rt: Rt, tx: DbClient, accountId: number, invoiceId: string): Promise<Invoice> {
  const invoice = await lockInvoice(tx, accountId, invoiceId);
  assertInvoiceMove(invoice, 'void');
  const unfinished = await tx.paymentIntent.findMany({
    // The payments the void cancels: those the table lets `cancel` start from (an invoice's payment is
    // captured automatically, so never requires_capture).
    where: { invoiceId, status: { in: intentLifecycle.fromStates('cancel') } },
  });
  if (unfinished.some((intent) => intent.status === 'processing')) {
    throw new YarrowError('invalid_state', 'A payment for this invoice is under review; resolve it before voiding.', {
      param: 'status',
    });
  }
  for (const intent of unfinished) {
    await transitionIntent(rt, tx, accountId, intent.id, 'cancel', { cancellationReason: 'void_invoice' });
  }
  return transitionInvoiceLocked(rt, tx, invoice, 'void');
}

/** `POST /api/v1/invoices/:id/void`, registered after the invoices' own routes (module.ts). */
export function registerInvoiceVoidRoute(ctx: GatewayContext) {
  const { rt } = ctx;
  const invoiceBody = (invoice: Parameters<typeof invoiceJson>[1]) => ({ invoice: invoiceJson(rt.config, invoice) });
  const invoiceResponse = okSchema({ invoice: invoiceSchema });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/invoices/:id/void',
    tag: 'Invoices',
    auth: 'invoices.write',
    summary: 'Void an open invoice',
    operationId: 'voidInvoice',
    response: invoiceResponse,
    errorCodes: ['invalid_state'],
    responses: { 200: 'The voided invoice.' },
    handler: async (c) => {
      const invoice = await rt.db.prisma.$transaction((tx) => voidInvoice(rt, tx, c.get('principal').accountId, c.req.param('id')));
      return ok(c, invoiceBody(invoice));
    },
  });
}
