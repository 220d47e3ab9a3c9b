import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { parseInput } from '../../core/errors.ts';
import { connectionRows } from '../../core/pagination.ts';
import type { Subscription } from '../../generated/prisma/client.ts';
import { builder, enumOf, type GraphqlContext } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { currentThenLive, readOncePerEvent } from '../../graphql/live.ts';
import { formatAmount, toMajorUnits } from '../money.ts';
import { createPrice, createPriceFields, createProduct, createProductFields, getPrice, getProduct, priceIntervals, updatePrice, updatePriceFields, updateProduct, updateProductFields } from './catalog.ts';
import { pricesWhere, productsWhere, subscriptionsWhere } from './lists.ts';
import { subscriptionStatuses } from './plans.ts';
import { afterRetriesValues, getBillingSettings, updateBillingSettings, updateBillingSettingsFields } from './settings.ts';
import { cancelSubscription, cancelSubscriptionFields, prorationBehaviors, updateSubscription, updateSubscriptionFields } from './changes.ts';
import { createSubscription, createSubscriptionFields, getSubscription } from './subscriptions.ts';

// Billing in GraphQL: each mutation parses its camelCase input into the same command REST's body
// becomes (the fields are written once: catalog.ts, subscriptions.ts, settings.ts), and calls the
// same service; lists page over the same `where` as REST's (lists.ts).

const accountIdOf = (ctx: GraphqlContext) => ctx.principal!.accountId;
const transaction = <T>(ctx: GraphqlContext, work: (tx: DbClient) => Promise<T>) => ctx.rt.db.prisma.$transaction((tx) => work(tx));

const SubscriptionStatusEnum = enumOf('SubscriptionStatus', subscriptionStatuses);
const PriceIntervalEnum = enumOf('PriceInterval', priceIntervals);
const CollectionMethodEnum = enumOf('CollectionMethod', ['charge_automatically', 'send_invoice']);
const AfterRetriesEnum = enumOf('AfterRetries', afterRetriesValues);

builder.prismaObject('Product', {
  description: 'What a merchant sells (prod_…); its prices say how much and how often.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    active: t.exposeBoolean('active'),
    metadata: t.field({ type: 'JSONObject', resolve: (product) => product.metadata as Record<string, unknown> }),
    prices: t.relatedConnection('prices', { cursor: 'id', description: 'Newest first.', query: () => ({ orderBy: { id: 'desc' } }) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('Price', {
  description: "A recurring price of a product (price_…): its amount, currency and interval never change.",
  fields: (t) => ({
    id: t.exposeID('id'),
    product: t.relation('product'),
    unitAmount: t.float({ description: 'Per period and unit, in the major unit.', resolve: (price) => toMajorUnits(price.unitAmount, price.currency) }),
    unitAmountMinor: t.exposeInt('unitAmount'),
    unitAmountDisplay: t.string({ resolve: (price) => formatAmount(price.unitAmount, price.currency) }),
    currency: t.exposeString('currency'),
    interval: t.field({ type: PriceIntervalEnum, resolve: (price) => price.interval as (typeof priceIntervals)[number] }),
    intervalCount: t.exposeInt('intervalCount'),
    nickname: t.exposeString('nickname', { nullable: true }),
    active: t.exposeBoolean('active'),
    metadata: t.field({ type: 'JSONObject', resolve: (price) => price.metadata as Record<string, unknown> }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('SubscriptionItem', {
  description: 'One price and quantity of a subscription.',
  fields: (t) => ({
    id: t.exposeID('id'),
    priceId: t.exposeString('priceId'),
    price: t.prismaField({
      type: 'Price',
      resolve: (query, item, _args, ctx) => ctx.rt.db.prisma.price.findUniqueOrThrow({ ...query, where: { id: item.priceId } }),
    }),
    quantity: t.exposeInt('quantity'),
  }),
});

const SubscriptionRef = builder.prismaObject('Subscription', {
  // GraphQL's root `Subscription` type has the name: this one is the customer's.
  name: 'CustomerSubscription',
  description: "A customer's subscription (sub_…): renews each period on the account's time.",
  fields: (t) => ({
    id: t.exposeID('id'),
    customer: t.relation('customer'),
    status: t.field({ type: SubscriptionStatusEnum, resolve: (subscription) => subscription.status }),
    items: t.relation('items', { query: () => ({ orderBy: { id: 'asc' } }) }),
    currency: t.exposeString('currency'),
    defaultPaymentMethodId: t.exposeString('defaultPaymentMethodId', { nullable: true }),
    collectionMethod: t.field({ type: CollectionMethodEnum, resolve: (subscription) => subscription.collectionMethod as 'send_invoice' }),
    daysUntilDue: t.exposeInt('daysUntilDue', { nullable: true }),
    cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd'),
    currentPeriodStart: t.expose('currentPeriodStart', { type: 'DateTime' }),
    currentPeriodEnd: t.expose('currentPeriodEnd', { type: 'DateTime' }),
    trialStart: t.expose('trialStart', { type: 'DateTime', nullable: true }),
    trialEnd: t.expose('trialEnd', { type: 'DateTime', nullable: true }),
    latestInvoiceId: t.exposeString('latestInvoiceId', { nullable: true }),
    invoices: t.prismaConnection({
      type: 'Invoice',
      cursor: 'id',
      description: 'Its invoices, newest first.',
      authScopes: { scope: 'invoices.read' },
      resolve: (query, subscription, { before }, ctx) =>
        connectionRows(ctx.rt.db.prisma.invoice, query, { accountId: subscription.accountId, subscriptionId: subscription.id }, { before }),
    }),
    canceledAt: t.expose('canceledAt', { type: 'DateTime', nullable: true }),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
    metadata: t.field({ type: 'JSONObject', resolve: (subscription) => subscription.metadata as Record<string, unknown> }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectFields('Invoice', (t) => ({
  subscriptionId: t.exposeString('subscriptionId', { nullable: true, description: 'The subscription whose period it bills.' }),
  periodStart: t.expose('periodStart', { type: 'DateTime', nullable: true }),
  periodEnd: t.expose('periodEnd', { type: 'DateTime', nullable: true }),
  lines: t.field({ type: 'JSONObject', description: '{ data: [...] }: what it bills, line by line (amounts in minor units).', resolve: (invoice) => ({ data: invoice.lines }) }),
}));

const BillingSettingsType = builder.objectRef<{ retryDays: number[]; afterRetries: (typeof afterRetriesValues)[number] }>('BillingSettings').implement({
  description: "The account's dunning: when a declined renewal is retried, and what follows the last retry.",
  fields: (t) => ({
    retryDays: t.intList({ resolve: (settings) => settings.retryDays }),
    afterRetries: t.field({ type: AfterRetriesEnum, resolve: (settings) => settings.afterRetries }),
  }),
});

const JsonInput = { type: 'JSONObject' } as const;

const CreateProductInput = builder.inputType('CreateProductInput', {
  fields: (t) => ({ name: t.string({ required: true }), description: t.string(), active: t.boolean(), metadata: t.field(JsonInput) }),
});
const UpdateProductInput = builder.inputType('UpdateProductInput', {
  fields: (t) => ({ name: t.string(), description: t.string(), active: t.boolean(), metadata: t.field(JsonInput) }),
});
const RecurringInput = builder.inputType('RecurringInput', {
  fields: (t) => ({ interval: t.field({ type: PriceIntervalEnum, required: true }), intervalCount: t.int() }),
});
const CreatePriceInput = builder.inputType('CreatePriceInput', {
  fields: (t) => ({
    product: t.id({ required: true }),
    unitAmount: t.float({ required: true, description: 'In the major unit: 12.5 is 12.50.' }),
    currency: t.string({ required: true }),
    recurring: t.field({ type: RecurringInput, required: true }),
    nickname: t.string(),
    active: t.boolean(),
    metadata: t.field(JsonInput),
  }),
});
const UpdatePriceInput = builder.inputType('UpdatePriceInput', {
  description: 'Only these change: a new amount or interval is a new price.',
  fields: (t) => ({ nickname: t.string(), active: t.boolean(), metadata: t.field(JsonInput) }),
});
const SubscriptionItemInput = builder.inputType('SubscriptionItemInput', {
  fields: (t) => ({ price: t.id({ required: true }), quantity: t.int() }),
});
const CreateSubscriptionInput = builder.inputType('CreateSubscriptionInput', {
  fields: (t) => ({
    customer: t.id({ required: true }),
    items: t.field({ type: [SubscriptionItemInput], required: true }),
    defaultPaymentMethod: t.id(),
    trialPeriodDays: t.int(),
    trialEnd: t.field({ type: 'DateTime' }),
    collectionMethod: t.field({ type: CollectionMethodEnum }),
    daysUntilDue: t.int(),
    cancelAtPeriodEnd: t.boolean(),
    metadata: t.field(JsonInput),
  }),
});
const ProrationBehaviorEnum = enumOf('ProrationBehavior', prorationBehaviors);
const UpdateSubscriptionInput = builder.inputType('UpdateSubscriptionInput', {
  fields: (t) => ({
    items: t.field({ type: [SubscriptionItemInput], description: 'Its prices from now on (replaces the items whole).' }),
    quantity: t.int(),
    defaultPaymentMethod: t.id(),
    cancelAtPeriodEnd: t.boolean(),
    prorationBehavior: t.field({ type: ProrationBehaviorEnum }),
    metadata: t.field(JsonInput),
  }),
});
const CancelSubscriptionInput = builder.inputType('CancelSubscriptionInput', {
  fields: (t) => ({ invoiceNow: t.boolean(), prorate: t.boolean() }),
});
const UpdateBillingSettingsInput = builder.inputType('UpdateBillingSettingsInput', {
  fields: (t) => ({ retryDays: t.intList(), afterRetries: t.field({ type: AfterRetriesEnum }) }),
});

/** GraphQL's nulls dropped, nested ones too (items, recurring), and DateTimes back to ISO text: then the camelCase command's own schema parses it. */
function commandInput(input: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') return serviceInput(Object.fromEntries(Object.entries(value).map(([key, field]) => [key, key === 'metadata' ? field : clean(field)])));
    return value;
  };
  return clean(input) as Record<string, unknown>;
}
const command = <Shape extends z.ZodRawShape>(shape: Shape, input: object) => parseInput(z.strictObject(shape), commandInput(input as Record<string, unknown>));

builder.queryFields((t) => ({
  product: t.prismaField({
    type: 'Product',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getProduct(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  products: t.prismaConnection({
    type: 'Product',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: { active: t.arg.boolean() },
    resolve: (query, _root, { active, before }, ctx) => connectionRows(ctx.rt.db.prisma.product, query, productsWhere(accountIdOf(ctx), { active }), { before }),
  }),
  price: t.prismaField({
    type: 'Price',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getPrice(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  prices: t.prismaConnection({
    type: 'Price',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: { productId: t.arg.id(), active: t.arg.boolean() },
    resolve: (query, _root, { productId, active, before }, ctx) =>
      connectionRows(ctx.rt.db.prisma.price, query, pricesWhere(accountIdOf(ctx), { productId: productId ? String(productId) : null, active }), { before }),
  }),
  subscription: t.prismaField({
    type: 'Subscription',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getSubscription(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  subscriptions: t.prismaConnection({
    type: 'Subscription',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: { customerId: t.arg.id(), status: t.arg({ type: [SubscriptionStatusEnum] }), priceId: t.arg.id() },
    resolve: (query, _root, { customerId, status, priceId, before }, ctx) =>
      connectionRows(
        ctx.rt.db.prisma.subscription,
        query,
        subscriptionsWhere(accountIdOf(ctx), { customerId: customerId ? String(customerId) : null, status, priceId: priceId ? String(priceId) : null }),
        { before },
      ),
  }),
  billingSettings: t.field({
    type: BillingSettingsType,
    authScopes: { scope: 'payments.read' },
    resolve: (_root, _args, ctx) => getBillingSettings(ctx.rt.db.prisma, accountIdOf(ctx)),
  }),
}));

builder.mutationFields((t) => ({
  createProduct: t.prismaField({
    type: 'Product',
    description: 'As POST /api/v1/products (use REST for Idempotency-Key).',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreateProductInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => createProduct(ctx.rt, tx, accountIdOf(ctx), command(createProductFields, input)))),
  }),
  updateProduct: t.prismaField({
    type: 'Product',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateProductInput, required: true }) },
    resolve: (_query, _root, { id, input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => updateProduct(ctx.rt, tx, accountIdOf(ctx), String(id), command(updateProductFields, input)))),
  }),
  createPrice: t.prismaField({
    type: 'Price',
    description: 'As POST /api/v1/prices.',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreatePriceInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => createPrice(ctx.rt, tx, accountIdOf(ctx), command(createPriceFields, input)))),
  }),
  updatePrice: t.prismaField({
    type: 'Price',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdatePriceInput, required: true }) },
    resolve: (_query, _root, { id, input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => updatePrice(ctx.rt, tx, accountIdOf(ctx), String(id), command(updatePriceFields, input)))),
  }),
  createSubscription: t.prismaField({
    type: 'Subscription',
    description: "As POST /api/v1/subscriptions. An incomplete one's checkout: invoice(id: latestInvoiceId) { paymentIntent { checkoutUrl } }.",
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreateSubscriptionInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const created = await transaction(ctx, (tx) => createSubscription(ctx.rt, tx, accountIdOf(ctx), command(createSubscriptionFields, input)));
        return created.subscription;
      }),
  }),
  updateSubscription: t.prismaField({
    type: 'Subscription',
    description: 'As POST /api/v1/subscriptions/{id}.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateSubscriptionInput, required: true }) },
    resolve: (_query, _root, { id, input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => updateSubscription(ctx.rt, tx, accountIdOf(ctx), String(id), command(updateSubscriptionFields, input)))),
  }),
  cancelSubscription: t.prismaField({
    type: 'Subscription',
    description: 'As POST /api/v1/subscriptions/{id}/cancel.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CancelSubscriptionInput }) },
    resolve: (_query, _root, { id, input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => cancelSubscription(ctx.rt, tx, accountIdOf(ctx), String(id), command(cancelSubscriptionFields, input ?? {})))),
  }),
  updateBillingSettings: t.field({
    type: BillingSettingsType,
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: UpdateBillingSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      withGraphqlParams('input.', () => transaction(ctx, (tx) => updateBillingSettings(tx, accountIdOf(ctx), command(updateBillingSettingsFields, input)))),
  }),
}));

builder.subscriptionFields((t) => ({
  subscriptionUpdated: t.field({
    type: SubscriptionRef,
    description: 'The subscription now, then again after every change (status, period, items, cancel_at_period_end).',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const load = () => getSubscription(ctx.rt.db.prisma, accountIdOf(ctx), String(id));
      await load(); // another account's id: not_found before anything is streamed
      const accountKey = String(accountIdOf(ctx));
      return currentThenLive(ctx.pubsub.subscribe('subscriptionUpdated', String(id)), {
        current: load,
        next: async (update) => ({ ...(await readOncePerEvent(update, accountKey, load)), status: update.status as Subscription['status'] }),
      });
    },
    resolve: (subscription) => subscription,
  }),
}));
