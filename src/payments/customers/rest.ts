import { z } from 'zod';
import { ok, okSchema } from '../../core/http.ts';
import { idempotentCreate } from '../../core/idempotency.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute } from '../../core/route.ts';
import { createCustomer, createCustomerInput, deleteCustomer, updateCustomer, updateCustomerInput } from './customers.ts';
import { customerJson, customerSchema, paymentMethodJson, paymentMethodSchema } from './json.ts';
import { listCustomers, listCustomersQuery, listPaymentMethods, listPaymentMethodsQuery } from './lists.ts';
import { detachPaymentMethod, getCustomer, getPaymentMethod } from './payment-methods.ts';

/** Customers and their saved payment methods (`/api/v1/customers`, `/api/v1/payment-methods`). */
export function registerCustomerRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const customerResponse = okSchema({ customer: customerSchema });
  const methodResponse = okSchema({ payment_method: paymentMethodSchema });
  const accountOf = (c: { get(key: 'principal'): { accountId: number } }) => c.get('principal').accountId;

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/customers',
    tag: 'Customers',
    auth: 'payments.write',
    summary: 'Create a customer',
    operationId: 'createCustomer',
    response: customerResponse,
    body: createCustomerInput,
    idempotent: true,
    responses: { 201: 'The customer.' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => ({
        status: 201,
        body: { customer: customerJson(await createCustomer(rt, tx, accountOf(c), body)) },
      })),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/customers',
    tag: 'Customers',
    auth: 'payments.read',
    summary: 'List customers, or find them by email',
    operationId: 'listCustomers',
    response: listSchema(customerSchema),
    query: listCustomersQuery,
    responses: { 200: 'A page of customers, newest first (those with one email with email=).' },
    handler: async (c, request) => {
      const { rows, query } = await listCustomers(rt.db.prisma, accountOf(c), request.query);
      return ok(c, listBody(rows, query, '/api/v1/customers', customerJson));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/customers/:id',
    tag: 'Customers',
    auth: 'payments.read',
    summary: 'Show a customer',
    operationId: 'getCustomer',
    response: customerResponse,
    responses: { 200: 'The customer.' },
    handler: async (c) => ok(c, { customer: customerJson(await getCustomer(rt.db.prisma, accountOf(c), c.req.param('id'))) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/customers/:id',
    tag: 'Customers',
    auth: 'payments.write',
    summary: 'Update a customer (null clears a field)',
    operationId: 'updateCustomer',
    response: customerResponse,
    body: updateCustomerInput,
    responses: { 200: 'The updated customer.' },
    handler: async (c, { body }) => {
      const customer = await rt.db.prisma.$transaction((tx) => updateCustomer(rt, tx, accountOf(c), c.req.param('id'), body));
      return ok(c, { customer: customerJson(customer) });
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/v1/customers/:id',
    tag: 'Customers',
    auth: 'payments.write',
    summary: 'Delete a customer and its saved payment methods',
    operationId: 'deleteCustomer',
    response: okSchema({ customer: customerSchema, deleted: z.literal(true) }),
    responses: { 200: 'The deleted customer, as it was.' },
    handler: async (c) => {
      const customer = await rt.db.prisma.$transaction((tx) => deleteCustomer(rt, tx, accountOf(c), c.req.param('id')));
      return ok(c, { customer: customerJson(customer), deleted: true });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/customers/:id/payment-methods',
    tag: 'Customers',
    auth: 'payments.read',
    summary: "List a customer's saved payment methods",
    operationId: 'listCustomerPaymentMethods',
    response: listSchema(paymentMethodSchema),
    query: listPaymentMethodsQuery,
    responses: { 200: 'A page of the saved methods, newest first.' },
    handler: async (c, request) => {
      const accountId = accountOf(c);
      const customer = await getCustomer(rt.db.prisma, accountId, c.req.param('id'));
      const { rows, query } = await listPaymentMethods(rt.db.prisma, accountId, customer.id, request.query);
      return ok(c, listBody(rows, query, `/api/v1/customers/${customer.id}/payment-methods`, paymentMethodJson));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/payment-methods/:id',
    tag: 'Customers',
    auth: 'payments.read',
    summary: 'Show a saved payment method',
    operationId: 'getPaymentMethod',
    response: methodResponse,
    responses: { 200: 'The payment method (its card brand and last four; never the card).' },
    handler: async (c) => ok(c, { payment_method: paymentMethodJson(await getPaymentMethod(rt.db.prisma, accountOf(c), c.req.param('id'))) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/payment-methods/:id/detach',
    tag: 'Customers',
    auth: 'payments.write',
    summary: 'Detach a saved payment method from its customer',
    operationId: 'detachPaymentMethod',
    response: methodResponse,
    errorCodes: ['invalid_state'],
    responses: { 200: 'The detached payment method (customer null); it can no longer be charged.' },
    handler: async (c) => {
      const method = await rt.db.prisma.$transaction((tx) => detachPaymentMethod(rt, tx, accountOf(c), c.req.param('id')));
      return ok(c, { payment_method: paymentMethodJson(method) });
    },
  });
}
