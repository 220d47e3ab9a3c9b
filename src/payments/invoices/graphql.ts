import { parseInput } from '../../core/errors.ts';
import type { InvoiceUpdate } from '../contract.ts';
import { builder, enumOf } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import type { Invoice } from '../../generated/prisma/client.ts';
import { connectionRows } from '../../core/pagination.ts';
import { createInvoice, createInvoiceCommand, currentInvoicePayment, getInvoice } from './invoices.ts';
import { invoicesWhere, invoiceStatuses } from './lists.ts';
import { dateOnly, hostedInvoiceUrl, invoiceNo, isOverdue } from './json.ts';
import { formatAmount, toMajorUnits } from '../money.ts';
import { accountIdOf, date, listFilterArgs, liveUpdates, transaction } from '../graphql-toolkit.ts';

// The invoices' GraphQL: their type, queries, create and live updates (the void is intents/graphql.ts's).

const InvoiceStatusEnum = enumOf('InvoiceStatus', invoiceStatuses);

const InvoiceRef = builder.prismaObject('Invoice', {
  description: 'A bill with a hosted page; paying it runs a payment intent through the same checkout.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The public id, inv_…' }),
    invoiceNo: t.string({ description: 'INV-000042: sequential per account, without gaps.', resolve: (invoice) => invoiceNo(invoice.number) }),
    status: t.field({ type: InvoiceStatusEnum, resolve: (invoice) => invoice.status }),
    overdue: t.boolean({ description: 'Open and past its due date (UTC).', resolve: (invoice) => isOverdue(invoice) }),
    title: t.exposeString('title'),
    amount: t.float({ resolve: (invoice) => toMajorUnits(invoice.amount, invoice.currency) }),
    amountMinor: t.exposeInt('amount'),
    amountDisplay: t.string({ resolve: (invoice) => formatAmount(invoice.amount, invoice.currency) }),
    currency: t.exposeString('currency'),
    dueDate: t.string({ description: 'YYYY-MM-DD', resolve: (invoice) => dateOnly(invoice.dueDate) }),
    customerName: t.exposeString('customerName', { nullable: true }),
    customerEmail: t.exposeString('customerEmail', { nullable: true }),
    metadata: t.field({ type: 'JSONObject', resolve: (invoice) => invoice.metadata as Record<string, unknown> }),
    hostedUrl: t.string({ resolve: (invoice, _args, ctx) => hostedInvoiceUrl(ctx.rt.config, invoice.id) }),
    paymentIntent: t.prismaField({
      type: 'PaymentIntent',
      nullable: true,
      description: 'The payment in progress or done (canceled attempts aside).',
      authScopes: { scope: 'payments.read' },
      resolve: (_query, invoice, _args, ctx) => currentInvoicePayment(ctx.rt.db.prisma, invoice.id),
    }),
    paymentIntentId: t.exposeString('paymentIntentId', { nullable: true, description: 'The payment intent that paid it; null until paid.' }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true }),
    overdueAt: t.expose('overdueAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CreateInvoiceInput = builder.inputType('CreateInvoiceInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    amount: t.float({ required: true }),
    currency: t.string({ required: true }),
    dueDate: t.string({ required: true, description: 'YYYY-MM-DD, today (UTC) or later.' }),
    customerName: t.string(),
    customerEmail: t.string(),
    metadata: t.field({ type: 'JSONObject' }),
  }),
});

builder.queryFields((t) => ({
  invoice: t.prismaField({
    type: 'Invoice',
    authScopes: { scope: 'invoices.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getInvoice(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  invoices: t.prismaConnection({
    type: 'Invoice',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'invoices.read' },
    args: { status: t.arg({ type: [InvoiceStatusEnum] }), ...listFilterArgs(t) },
    resolve: async (query, _root, { status, search, createdFrom, createdBefore, before }, ctx) => {
      const where = invoicesWhere(accountIdOf(ctx), { status, search, createdFrom, createdBefore });
      return connectionRows(ctx.rt.db.prisma.invoice, query, where, { before });
    },
  }),
}));

builder.mutationFields((t) => ({
  createInvoice: t.prismaField({
    type: 'Invoice',
    description: 'As POST /api/v1/invoices.',
    authScopes: { scope: 'invoices.write' },
    args: { input: t.arg({ type: CreateInvoiceInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const invoice = parseInput(createInvoiceCommand, serviceInput(input));
        return transaction(ctx, (tx) => createInvoice(ctx.rt, tx, accountIdOf(ctx), invoice));
      }),
  }),
}));

function applyInvoiceUpdate(invoice: Invoice, update: InvoiceUpdate): Invoice {
  return {
    ...invoice,
    status: update.status as Invoice['status'],
    paidAt: date(update.paidAt),
    voidedAt: date(update.voidedAt),
    overdueAt: date(update.overdueAt),
    updatedAt: new Date(update.updatedAt),
  };
}

builder.subscriptionFields((t) => ({
  invoiceUpdated: t.field({
    type: InvoiceRef,
    description: 'The invoice now, then again after every change (paid, void, overdue).',
    authScopes: { scope: 'invoices.read' },
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const load = () => getInvoice(ctx.rt.db.prisma, accountIdOf(ctx), String(id));
      await load();
      return liveUpdates(ctx.pubsub.subscribe('invoiceUpdated', String(id)), accountIdOf(ctx), load, applyInvoiceUpdate);
    },
    resolve: (invoice) => invoice,
  }),
}));
