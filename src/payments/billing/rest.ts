import { z } from 'zod';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { ok, okSchema } from '../../core/http.ts';
import { idempotentCreate } from '../../core/idempotency.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import { defineRoute } from '../../core/route.ts';
import { paymentIntentJson, paymentIntentSchema } from '../intents/index.ts';
import { invoiceJson, invoiceSchema } from '../invoices/index.ts';
import { createPrice, createPriceFields, createProduct, createProductFields, getPrice, getProduct, updatePrice, updatePriceFields, updateProduct, updateProductFields } from './catalog.ts';
import { priceJson, priceSchema, productJson, productSchema, subscriptionJson, subscriptionSchema } from './json.ts';
import { listPrices, listPricesQuery, listProducts, listProductsQuery, listSubscriptions, listSubscriptionsQuery } from './lists.ts';
import { getBillingSettings, updateBillingSettings, updateBillingSettingsFields } from './settings.ts';
import { cancelSubscription, cancelSubscriptionFields, updateSubscription, updateSubscriptionFields } from './changes.ts';
import { createSubscription, createSubscriptionFields, getSubscription } from './subscriptions.ts';
import { restSchema } from '../../core/wire.ts';

// Billing over REST: each route parses its snake_case body into the service's camelCase command
// (`restSchema`) and answers the objects' JSON (json.ts).

export const billingSettingsSchema = z.object({
  object: z.literal('billing_settings'),
  retry_days: z.array(z.number().int()).describe('Days after the first failure of each retry of a declined renewal.').meta({ examples: [[3, 5, 7]] }),
  after_retries: z.enum(['canceled', 'unpaid']).describe('What a subscription becomes when its last retry fails.'),
});

export function registerBillingRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const accountOf = (c: { get(key: 'principal'): { accountId: number } }) => c.get('principal').accountId;
  const productResponse = okSchema({ product: productSchema });
  const priceResponse = okSchema({ price: priceSchema });
  const subscriptionResponse = okSchema({ subscription: subscriptionSchema });
  const settingsResponse = okSchema({ billing_settings: billingSettingsSchema });
  const common = { tag: 'Billing' } as const;

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/products',
    auth: 'payments.write',
    summary: 'Create a product',
    operationId: 'createProduct',
    response: productResponse,
    body: restSchema(createProductFields),
    idempotent: true,
    responses: { 201: 'The product.' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => ({ status: 201, body: { product: productJson(await createProduct(rt, tx, accountOf(c), body)) } })),
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/products',
    auth: 'payments.read',
    summary: 'List products',
    operationId: 'listProducts',
    response: listSchema(productSchema),
    query: listProductsQuery,
    responses: { 200: 'A page of products, newest first.' },
    handler: async (c, request) => {
      const { rows, query } = await listProducts(rt.db.prisma, accountOf(c), request.query);
      return ok(c, listBody(rows, query, '/api/v1/products', productJson));
    },
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/products/:id',
    auth: 'payments.read',
    summary: 'Show a product',
    operationId: 'getProduct',
    response: productResponse,
    responses: { 200: 'The product.' },
    handler: async (c) => ok(c, { product: productJson(await getProduct(rt.db.prisma, accountOf(c), c.req.param('id'))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/products/:id',
    auth: 'payments.write',
    summary: 'Update a product',
    operationId: 'updateProduct',
    response: productResponse,
    body: restSchema(updateProductFields),
    responses: { 200: 'The updated product.' },
    handler: async (c, { body }) =>
      ok(c, { product: productJson(await rt.db.prisma.$transaction((tx) => updateProduct(rt, tx, accountOf(c), c.req.param('id'), body))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/prices',
    auth: 'payments.write',
    summary: 'Create a recurring price of a product (its amount and interval never change)',
    operationId: 'createPrice',
    response: priceResponse,
    body: restSchema(createPriceFields),
    errorCodes: ['not_found'],
    idempotent: true,
    responses: { 201: 'The price.' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => ({ status: 201, body: { price: priceJson(await createPrice(rt, tx, accountOf(c), body)) } })),
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/prices',
    auth: 'payments.read',
    summary: 'List prices',
    operationId: 'listPrices',
    response: listSchema(priceSchema),
    query: listPricesQuery,
    responses: { 200: 'A page of prices, newest first.' },
    handler: async (c, request) => {
      const { rows, query } = await listPrices(rt.db.prisma, accountOf(c), request.query);
      return ok(c, listBody(rows, query, '/api/v1/prices', priceJson));
    },
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/prices/:id',
    auth: 'payments.read',
    summary: 'Show a price',
    operationId: 'getPrice',
    response: priceResponse,
    responses: { 200: 'The price.' },
    handler: async (c) => ok(c, { price: priceJson(await getPrice(rt.db.prisma, accountOf(c), c.req.param('id'))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/prices/:id',
    auth: 'payments.write',
    summary: 'Update a price (active, nickname, metadata: its amount and interval never change)',
    operationId: 'updatePrice',
    response: priceResponse,
    body: restSchema(updatePriceFields),
    responses: { 200: 'The updated price.' },
    handler: async (c, { body }) =>
      ok(c, { price: priceJson(await rt.db.prisma.$transaction((tx) => updatePrice(rt, tx, accountOf(c), c.req.param('id'), body))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/subscriptions',
    auth: 'payments.write',
    summary: 'Subscribe a customer to prices',
    operationId: 'createSubscription',
    response: okSchema({
      subscription: subscriptionSchema,
      latest_invoice: invoiceSchema.nullable().describe('Its first invoice (null during a trial).'),
      payment_intent: paymentIntentSchema.nullable().describe("The first invoice's payment: for an incomplete subscription, send the customer to its checkout_url."),
    }),
    body: restSchema(createSubscriptionFields),
    errorCodes: ['not_found'],
    idempotent: true,
    responses: { 201: 'The subscription (trialing, active, or incomplete when its first charge did not go through).' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        const { subscription, invoice, paymentIntent } = await createSubscription(rt, tx, accountOf(c), body);
        return {
          status: 201,
          body: {
            subscription: subscriptionJson(subscription),
            latest_invoice: invoice ? invoiceJson(rt.config, invoice) : null,
            payment_intent: paymentIntent ? paymentIntentJson(rt.config, paymentIntent) : null,
          },
        };
      }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/subscriptions',
    auth: 'payments.read',
    summary: 'List subscriptions',
    operationId: 'listSubscriptions',
    response: listSchema(subscriptionSchema),
    query: listSubscriptionsQuery,
    responses: { 200: 'A page of subscriptions, newest first.' },
    handler: async (c, request) => {
      const { rows, query } = await listSubscriptions(rt.db.prisma, accountOf(c), request.query);
      return ok(c, listBody(rows, query, '/api/v1/subscriptions', subscriptionJson));
    },
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/subscriptions/:id',
    auth: 'payments.read',
    summary: 'Show a subscription',
    operationId: 'getSubscription',
    response: subscriptionResponse,
    responses: { 200: 'The subscription.' },
    handler: async (c) => ok(c, { subscription: subscriptionJson(await getSubscription(rt.db.prisma, accountOf(c), c.req.param('id'))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/subscriptions/:id',
    auth: 'payments.write',
    summary: 'Change a subscription: items, quantity, default method, cancel_at_period_end (prorated to the second)',
    operationId: 'updateSubscription',
    response: subscriptionResponse,
    body: restSchema(updateSubscriptionFields),
    errorCodes: ['not_found', 'invalid_state'],
    responses: { 200: 'The subscription as it now is.' },
    handler: async (c, { body }) =>
      ok(c, { subscription: subscriptionJson(await rt.db.prisma.$transaction((tx) => updateSubscription(rt, tx, accountOf(c), c.req.param('id'), body))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/subscriptions/:id/cancel',
    auth: 'payments.write',
    summary: 'End a subscription now',
    operationId: 'cancelSubscription',
    response: subscriptionResponse,
    body: restSchema(cancelSubscriptionFields),
    errorCodes: ['invalid_state'],
    responses: { 200: 'The canceled subscription.' },
    handler: async (c, { body }) =>
      ok(c, { subscription: subscriptionJson(await rt.db.prisma.$transaction((tx) => cancelSubscription(rt, tx, accountOf(c), c.req.param('id'), body))) }),
  });

  const settingsJson = (settings: { retryDays: number[]; afterRetries: 'canceled' | 'unpaid' }) => ({
    object: 'billing_settings' as const,
    retry_days: settings.retryDays,
    after_retries: settings.afterRetries,
  });

  defineRoute(ctx, {
    ...common,
    method: 'get',
    path: '/api/v1/billing/settings',
    auth: 'payments.read',
    summary: "The account's dunning settings",
    operationId: 'getBillingSettings',
    response: settingsResponse,
    responses: { 200: 'The retry schedule and what follows the last retry.' },
    handler: async (c) => ok(c, { billing_settings: settingsJson(await getBillingSettings(rt.db.prisma, accountOf(c))) }),
  });

  defineRoute(ctx, {
    ...common,
    method: 'post',
    path: '/api/v1/billing/settings',
    auth: 'payments.write',
    summary: "Change the account's dunning settings",
    operationId: 'updateBillingSettings',
    response: settingsResponse,
    body: restSchema(updateBillingSettingsFields),
    responses: { 200: 'The settings as they now are.' },
    handler: async (c, { body }) =>
      ok(c, { billing_settings: settingsJson(await rt.db.prisma.$transaction((tx) => updateBillingSettings(tx, accountOf(c), body))) }),
  });
}
