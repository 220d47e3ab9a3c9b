import { ok, readJson } from '../core/http.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import { listBody } from '../core/pagination.ts';
import type { GatewayContext } from '../gateway.ts';
import {
  approvePaymentReview,
  cancelPaymentIntent,
  createPaymentIntent,
  getPaymentIntent,
  listPaymentIntents,
  rejectPaymentReview,
} from './intents.ts';
import { createInvoice, getInvoice, listInvoices } from './invoices.ts';
import { invoiceJson, paymentIntentJson } from './json.ts';
import { voidInvoice } from './state-machine.ts';

export function registerPaymentRoutes({ app, rt, auth }: GatewayContext) {
  const intentBody = (intent: Parameters<typeof paymentIntentJson>[1]) => ({ payment_intent: paymentIntentJson(rt.config, intent) });
  const invoiceBody = (invoice: Parameters<typeof invoiceJson>[1]) => ({ invoice: invoiceJson(rt.config, invoice) });

  app.post('/api/v1/payment-intents', auth.require('payments.write'), async (c) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => ({
      status: 201,
      body: intentBody(await createPaymentIntent(rt, tx, c.get('principal').accountId, body)),
    }));
  });

  app.get('/api/v1/payment-intents', auth.require('payments.read'), async (c) => {
    const { rows, query } = await listPaymentIntents(rt.db.prisma, c.get('principal').accountId, c.req.query());
    return ok(c, listBody(rows, query, '/api/v1/payment-intents', (intent) => paymentIntentJson(rt.config, intent)));
  });

  app.get('/api/v1/payment-intents/:id', auth.require('payments.read'), async (c) => {
    return ok(c, intentBody(await getPaymentIntent(rt.db.prisma, c.get('principal').accountId, c.req.param('id'))));
  });

  app.post('/api/v1/payment-intents/:id/cancel', auth.require('payments.write'), async (c) => {
    const { body } = await readJson(c);
    const intent = await rt.db.prisma.$transaction((tx) => cancelPaymentIntent(rt, tx, c.get('principal').accountId, c.req.param('id'), body));
    return ok(c, intentBody(intent));
  });

  app.post('/api/v1/payment-intents/:id/review/approve', auth.require('payments.write'), async (c) => {
    const intent = await rt.db.prisma.$transaction((tx) => approvePaymentReview(rt, tx, c.get('principal').accountId, c.req.param('id')));
    return ok(c, intentBody(intent));
  });

  app.post('/api/v1/payment-intents/:id/review/reject', auth.require('payments.write'), async (c) => {
    const { body } = await readJson(c);
    const intent = await rt.db.prisma.$transaction((tx) => rejectPaymentReview(rt, tx, c.get('principal').accountId, c.req.param('id'), body));
    return ok(c, intentBody(intent));
  });

  app.post('/api/v1/invoices', auth.require('invoices.write'), async (c) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => ({
      status: 201,
      body: invoiceBody(await createInvoice(rt, tx, c.get('principal').accountId, body)),
    }));
  });

  app.get('/api/v1/invoices', auth.require('invoices.read'), async (c) => {
    const { rows, query } = await listInvoices(rt.db.prisma, c.get('principal').accountId, c.req.query());
    return ok(c, listBody(rows, query, '/api/v1/invoices', (invoice) => invoiceJson(rt.config, invoice)));
  });

  app.get('/api/v1/invoices/:id', auth.require('invoices.read'), async (c) => {
    return ok(c, invoiceBody(await getInvoice(rt.db.prisma, c.get('principal').accountId, c.req.param('id'))));
  });

  app.post('/api/v1/invoices/:id/void', auth.require('invoices.write'), async (c) => {
    const invoice = await rt.db.prisma.$transaction((tx) => voidInvoice(rt, tx, c.get('principal').accountId, c.req.param('id')));
    return ok(c, invoiceBody(invoice));
  });
}
