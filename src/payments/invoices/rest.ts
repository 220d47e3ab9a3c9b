import { ok, okSchema } from '../../core/http.ts';
import { idempotentCreate } from '../../core/idempotency.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute } from '../../core/route.ts';
import { createInvoice, createInvoiceBody, getInvoice } from './invoices.ts';
import { invoiceJson, invoiceSchema } from './json.ts';
import { listInvoices, listInvoicesQuery } from './lists.ts';

/** The invoices' REST routes (./invoices.ts has their rules; the void, which cancels the invoice's payment, is intents/invoice-void.ts's). */
export function registerInvoiceRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const invoiceBody = (invoice: Parameters<typeof invoiceJson>[1]) => ({ invoice: invoiceJson(rt.config, invoice) });
  const invoiceResponse = okSchema({ invoice: invoiceSchema });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/invoices',
    tag: 'Invoices',
    auth: 'invoices.write',
    summary: 'Create an invoice',
    operationId: 'createInvoice',
    response: invoiceResponse,
    body: createInvoiceBody,
    idempotent: true,
    responses: { 201: 'The invoice, with its invoice_no and hosted_url.' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => ({
        status: 201,
        body: invoiceBody(await createInvoice(rt, tx, c.get('principal').accountId, body)),
      })),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/invoices',
    tag: 'Invoices',
    auth: 'invoices.read',
    summary: 'List invoices',
    operationId: 'listInvoices',
    response: listSchema(invoiceSchema),
    query: listInvoicesQuery,
    responses: { 200: 'A page of invoices, newest first.' },
    handler: async (c, request) => {
      const { rows, query } = await listInvoices(rt.db.prisma, c.get('principal').accountId, request.query);
      return ok(c, listBody(rows, query, '/api/v1/invoices', (invoice) => invoiceJson(rt.config, invoice)));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/invoices/:id',
    tag: 'Invoices',
    auth: 'invoices.read',
    summary: 'Show an invoice',
    operationId: 'getInvoice',
    response: invoiceResponse,
    responses: { 200: 'The invoice.' },
    handler: async (c) => ok(c, invoiceBody(await getInvoice(rt.db.prisma, c.get('principal').accountId, c.req.param('id')))),
  });
}
