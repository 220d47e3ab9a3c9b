import { builder } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { connectionRows } from '../../core/pagination.ts';
import { parseInput } from '../../core/errors.ts';
import { createCustomer, createCustomerInput, deleteCustomer, updateCustomer, updateCustomerInput } from './customers.ts';
import { accountIdOf, PaymentMethodCodeEnum } from '../graphql-toolkit.ts';
import { customersWhere } from './lists.ts';
import { detachPaymentMethod, getCustomer, getPaymentMethod } from './payment-methods.ts';
import type { paymentMethodCodes } from '../tokens.ts';

// Customers and saved payment methods in GraphQL: the same services and list filters as REST
// (customers.ts, payment-methods.ts, lists.ts). A customer's payments are intents/graphql.ts's field.

builder.prismaObject('Customer', {
  description: 'A customer of the merchant: saved payment methods are charged again for it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'cus_…' }),
    email: t.exposeString('email', { nullable: true }),
    name: t.exposeString('name', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    metadata: t.field({ type: 'JSONObject', resolve: (customer) => customer.metadata as Record<string, unknown> }),
    paymentMethods: t.relatedConnection('paymentMethods', {
      cursor: 'id',
      description: 'Its saved methods, newest first (a detached one is no longer its).',
      query: () => ({ orderBy: { id: 'desc' } }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('PaymentMethod', {
  description: 'A payment method saved on a customer: its rail, card brand and last four. The card itself is never kept or shown.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'pm_…' }),
    customer: t.relation('customer', { nullable: true, description: 'The customer it is saved on; null once detached.' }),
    paymentMethodCode: t.field({
      type: PaymentMethodCodeEnum,
      resolve: (method) => method.paymentMethodCode as (typeof paymentMethodCodes)[number],
    }),
    brand: t.exposeString('brand', { description: 'The card network (inside the wallet, for a wallet): visa or mastercard.' }),
    last4: t.exposeString('last4'),
    paymentIntentId: t.exposeString('paymentIntentId', { nullable: true, description: 'The payment intent whose success saved it.' }),
    detachedAt: t.expose('detachedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectFields('PaymentIntent', (t) => ({
  customer: t.prismaField({
    type: 'Customer',
    nullable: true,
    description: 'The customer it is for; null without one (or once that customer is deleted).',
    resolve: (query, intent, _args, ctx) =>
      intent.customerId ? ctx.rt.db.prisma.customer.findFirst({ ...query, where: { id: intent.customerId, accountId: intent.accountId } }) : null,
  }),
  customerId: t.exposeString('customerId', { nullable: true }),
  setupFutureUsage: t.exposeString('setupFutureUsage', { nullable: true, description: 'off_session: its success saves the method paid with.' }),
  paymentMethod: t.prismaField({
    type: 'PaymentMethod',
    nullable: true,
    description: 'The saved method it was charged with, or that its success saved.',
    resolve: (query, intent, _args, ctx) =>
      intent.paymentMethodId ? ctx.rt.db.prisma.paymentMethod.findFirst({ ...query, where: { id: intent.paymentMethodId, accountId: intent.accountId } }) : null,
  }),
}));

const CreateCustomerInput = builder.inputType('CreateCustomerInput', {
  fields: (t) => ({
    email: t.string(),
    name: t.string(),
    description: t.string(),
    metadata: t.field({ type: 'JSONObject' }),
  }),
});

const UpdateCustomerInput = builder.inputType('UpdateCustomerInput', {
  description: 'A field left out stays; null clears it.',
  fields: (t) => ({
    email: t.string(),
    name: t.string(),
    description: t.string(),
    metadata: t.field({ type: 'JSONObject', description: 'Replaces the whole metadata.' }),
  }),
});

builder.queryFields((t) => ({
  customer: t.prismaField({
    type: 'Customer',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getCustomer(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  customers: t.prismaConnection({
    type: 'Customer',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: {
      email: t.arg.string({ description: 'Only the customers with this email (any case).' }),
      search: t.arg.string({ description: 'Part of an email or name, or a customer id.' }),
    },
    resolve: (query, _root, { email, search, before }, ctx) =>
      connectionRows(ctx.rt.db.prisma.customer, query, customersWhere(accountIdOf(ctx), { email, search }), { before }),
  }),
  paymentMethod: t.prismaField({
    type: 'PaymentMethod',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getPaymentMethod(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
}));

builder.mutationFields((t) => ({
  createCustomer: t.prismaField({
    type: 'Customer',
    description: 'As POST /api/v1/customers (use REST for Idempotency-Key).',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreateCustomerInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const customer = parseInput(createCustomerInput, serviceInput(input));
        return ctx.rt.db.prisma.$transaction((tx) => createCustomer(ctx.rt, tx, accountIdOf(ctx), customer));
      }),
  }),
  updateCustomer: t.prismaField({
    type: 'Customer',
    description: 'As POST /api/v1/customers/{id}.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateCustomerInput, required: true }) },
    // Nulls are kept here: null clears a field.
    resolve: (_query, _root, { id, input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const changes = parseInput(updateCustomerInput, input);
        return ctx.rt.db.prisma.$transaction((tx) => updateCustomer(ctx.rt, tx, accountIdOf(ctx), String(id), changes));
      }),
  }),
  deleteCustomer: t.id({
    description: 'As DELETE /api/v1/customers/{id}: deletes it and its saved methods; answers its id.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => (await ctx.rt.db.prisma.$transaction((tx) => deleteCustomer(ctx.rt, tx, accountIdOf(ctx), String(id)))).id,
  }),
  detachPaymentMethod: t.prismaField({
    type: 'PaymentMethod',
    description: 'As POST /api/v1/payment-methods/{id}/detach: it can no longer be charged.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => ctx.rt.db.prisma.$transaction((tx) => detachPaymentMethod(ctx.rt, tx, accountIdOf(ctx), String(id))),
  }),
}));
