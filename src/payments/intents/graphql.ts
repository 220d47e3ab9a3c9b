import { parseInput } from '../../core/errors.ts';
import type { PaymentIntentUpdate } from '../contract.ts';
import { builder, enumOf } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';
import { connectionRows } from '../../core/pagination.ts';
import { approvePaymentReview, cancelPaymentIntent, cancelPaymentIntentCommand, createPaymentIntent, createPaymentIntentCommand, getPaymentIntent, rejectPaymentReview, rejectReviewCommand } from './intents.ts';
import { paymentIntentsWhere } from './lists.ts';
import { checkoutUrl } from './json.ts';
import { capturePaymentIntent, capturePaymentIntentCommand } from './capture.ts';
import { voidInvoice } from './invoice-void.ts';
import { formatAmount, toMajorUnits } from '../money.ts';
import { intentStatuses } from './lifecycle.ts';
import type { paymentMethodCodes } from '../tokens.ts';
import { accountIdOf, date, listFilterArgs, liveUpdates, PaymentMethodCodeEnum, transaction } from '../graphql-toolkit.ts';

// The payment intents' GraphQL: their type, queries, mutations (capture and an invoice's void
// included: a void cancels the invoice's payment) and live updates, and the account's payment activity.

const PaymentIntentStatusEnum = enumOf('PaymentIntentStatus', intentStatuses);
const CaptureMethodEnum = enumOf('CaptureMethod', ['automatic', 'manual'], {
  description: 'AUTOMATIC: an approved payment is taken at once. MANUAL: it is authorized (REQUIRES_CAPTURE) until captured, within 7 days.',
});
const CancellationReasonEnum = enumOf('CancellationReason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned', 'void_invoice']);

const PaymentErrorType = builder.objectRef<Record<string, string | null>>('PaymentError').implement({
  description: 'Why the latest payment attempt failed.',
  fields: (t) => ({
    code: t.string({ resolve: (error) => error.code ?? 'unknown' }),
    declineCode: t.string({ nullable: true, resolve: (error) => error.decline_code ?? null }),
    message: t.string({ resolve: (error) => error.message ?? '' }),
    paymentMethodCode: t.string({ nullable: true, resolve: (error) => error.payment_method_code ?? null }),
    cardSessionId: t.string({ nullable: true, resolve: (error) => error.card_session ?? null }),
  }),
});

const PaymentIntentRef = builder.prismaObject('PaymentIntent', {
  description: 'A payment to collect. Amounts are in the currency\'s major unit (12.5 = 12.50 USD).',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: PaymentIntentStatusEnum, resolve: (intent) => intent.status }),
    amount: t.float({ resolve: (intent) => toMajorUnits(intent.amount, intent.currency) }),
    amountMinor: t.exposeInt('amount', { description: 'The amount in minor units (cents).' }),
    amountDisplay: t.string({ resolve: (intent) => formatAmount(intent.amount, intent.currency) }),
    currency: t.exposeString('currency'),
    title: t.exposeString('title'),
    customerName: t.exposeString('customerName'),
    customerEmail: t.exposeString('customerEmail'),
    checkoutUrl: t.string({ resolve: (intent, _args, ctx) => checkoutUrl(ctx.rt.config, intent.id) }),
    returnUrl: t.exposeString('returnUrl', { nullable: true }),
    paymentMethodCode: t.field({
      type: PaymentMethodCodeEnum,
      nullable: true,
      resolve: (intent) => intent.paymentMethodCode as (typeof paymentMethodCodes)[number] | null,
    }),
    lastPaymentError: t.field({
      type: PaymentErrorType,
      nullable: true,
      resolve: (intent) => (intent.lastPaymentError as Record<string, string | null> | null) ?? null,
    }),
    cancellationReason: t.exposeString('cancellationReason', { nullable: true }),
    metadata: t.field({ type: 'JSONObject', resolve: (intent) => intent.metadata as Record<string, unknown> }),
    invoice: t.relation('invoice', { nullable: true, authScopes: { scope: 'invoices.read' } }),
    cardSessions: t.relatedConnection('cardSessions', { cursor: 'id', query: () => ({ orderBy: { id: 'desc' } }) }),
    amountRefunded: t.float({
      description: 'Refunded or being refunded (pending and succeeded refunds), in the major unit.',
      resolve: (intent) => toMajorUnits(intent.amountRefunded, intent.currency),
    }),
    amountRefundedMinor: t.exposeInt('amountRefunded', { description: 'The same in minor units.' }),
    refunded: t.boolean({
      description: 'The whole amount received is refunded or being refunded.',
      resolve: (intent) => intent.amountRefunded > 0 && intent.amountRefunded >= intent.amountReceived,
    }),
    amountRefundable: t.float({
      description: 'What is left to refund of a succeeded payment, less what is disputed (0 for any other status).',
      resolve: (intent) =>
        intent.status === 'succeeded' ? toMajorUnits(Math.max(0, intent.amountReceived - intent.amountRefunded - intent.amountDisputed), intent.currency) : 0,
    }),
    amountDisputed: t.float({
      description: 'Under open or lost disputes, in the major unit (a won dispute gives its amount back); it cannot also be refunded.',
      resolve: (intent) => toMajorUnits(intent.amountDisputed, intent.currency),
    }),
    amountDisputedMinor: t.exposeInt('amountDisputed', { description: 'The same in minor units.' }),
    captureMethod: t.field({ type: CaptureMethodEnum, resolve: (intent) => intent.captureMethod }),
    amountCapturable: t.float({
      description: 'Authorized and not yet captured (REQUIRES_CAPTURE), in the major unit; 0 otherwise.',
      resolve: (intent) => toMajorUnits(intent.amountCapturable, intent.currency),
    }),
    amountCapturableMinor: t.exposeInt('amountCapturable', { description: 'The same in minor units.' }),
    amountReceived: t.float({
      description: 'Taken from the customer (the captured part of an authorization), in the major unit.',
      resolve: (intent) => toMajorUnits(intent.amountReceived, intent.currency),
    }),
    amountReceivedMinor: t.exposeInt('amountReceived', { description: 'The same in minor units.' }),
    captureBefore: t.expose('captureBefore', {
      type: 'DateTime',
      nullable: true,
      description: 'An authorization not captured by then is canceled (cancellationReason expired).',
    }),
    refunds: t.relatedConnection('refunds', { cursor: 'id', query: () => ({ orderBy: { id: 'desc' } }) }),
    succeededAt: t.expose('succeededAt', { type: 'DateTime', nullable: true }),
    canceledAt: t.expose('canceledAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CreatePaymentIntentInput = builder.inputType('CreatePaymentIntentInput', {
  fields: (t) => ({
    amount: t.float({ required: true, description: 'In the major unit: 12.5 is 12.50 USD; JPY takes whole numbers.' }),
    currency: t.string({ required: true }),
    title: t.string({ required: true }),
    customerName: t.string({ description: "Required unless customer is given (then the customer's name by default)." }),
    customerEmail: t.string({ description: "Required unless customer is given (then the customer's email by default)." }),
    metadata: t.field({ type: 'JSONObject' }),
    returnUrl: t.string(),
    captureMethod: t.field({ type: CaptureMethodEnum, description: 'MANUAL: authorize now, capture later (capturePaymentIntent). Default AUTOMATIC.' }),
    customer: t.id({ description: 'The customer (cus_…) the payment is for.' }),
    setupFutureUsage: t.string({ description: 'off_session: its success saves the method paid with on the customer.' }),
    paymentMethod: t.id({ description: "A saved method (pm_…) of the customer to charge now (with confirm and offSession)." }),
    confirm: t.boolean({ description: 'true: charge paymentMethod now, without the checkout.' }),
    offSession: t.boolean({ description: 'true: the customer is not there to authenticate (required with confirm).' }),
  }),
});

/** A customer's payments (customers/ sits below intents/, so the field is added here). */
builder.prismaObjectField('Customer', 'paymentIntents', (t) =>
  t.prismaConnection({
    type: 'PaymentIntent',
    cursor: 'id',
    description: 'Its payments, newest first.',
    authScopes: { scope: 'payments.read' },
    resolve: (query, customer, { before }, ctx) =>
      connectionRows(ctx.rt.db.prisma.paymentIntent, query, paymentIntentsWhere(customer.accountId, { customerId: customer.id }), { before }),
  }),
);

builder.queryFields((t) => ({
  paymentIntent: t.prismaField({
    type: 'PaymentIntent',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getPaymentIntent(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  paymentIntents: t.prismaConnection({
    type: 'PaymentIntent',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: { status: t.arg({ type: [PaymentIntentStatusEnum] }), ...listFilterArgs(t) },
    resolve: async (query, _root, { status, search, createdFrom, createdBefore, before }, ctx) => {
      const where = paymentIntentsWhere(accountIdOf(ctx), { status, search, createdFrom, createdBefore });
      return connectionRows(ctx.rt.db.prisma.paymentIntent, query, where, { before });
    },
  }),
}));

builder.mutationFields((t) => ({
  createPaymentIntent: t.prismaField({
    type: 'PaymentIntent',
    description: 'As POST /api/v1/payment-intents (use REST for Idempotency-Key).',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreatePaymentIntentInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', () => createPaymentIntent(ctx.rt, accountIdOf(ctx), parseInput(createPaymentIntentCommand, serviceInput(input)))),
  }),
  cancelPaymentIntent: t.prismaField({
    type: 'PaymentIntent',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), cancellationReason: t.arg({ type: CancellationReasonEnum }) },
    resolve: (_query, _root, { id, cancellationReason }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(cancelPaymentIntentCommand, serviceInput({ cancellationReason }));
        return transaction(ctx, (tx) => cancelPaymentIntent(ctx.rt, tx, accountIdOf(ctx), String(id), input));
      }),
  }),
  capturePaymentIntent: t.prismaField({
    type: 'PaymentIntent',
    description: 'As POST /api/v1/payment-intents/{id}/capture: takes amountToCapture (default: all) of an authorized payment; the rest is released.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), amountToCapture: t.arg.float({ description: "In the payment's major unit, at most amountCapturable." }) },
    resolve: (_query, _root, { id, amountToCapture }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(capturePaymentIntentCommand, serviceInput({ amountToCapture }));
        return transaction(ctx, (tx) => capturePaymentIntent(ctx.rt, tx, accountIdOf(ctx), String(id), input));
      }),
  }),
  approvePaymentReview: t.prismaField({
    type: 'PaymentIntent',
    description: 'Approve a payment held for review (processing → succeeded). In the sandbox the account decides its own reviews.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => transaction(ctx, (tx) => approvePaymentReview(ctx.rt, tx, accountIdOf(ctx), String(id))),
  }),
  rejectPaymentReview: t.prismaField({
    type: 'PaymentIntent',
    description: 'Reject a payment held for review (processing → requires_payment_method, payment_failed).',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_query, _root, { id, reason }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(rejectReviewCommand, { reason });
        return transaction(ctx, (tx) => rejectPaymentReview(ctx.rt, tx, accountIdOf(ctx), String(id), input));
      }),
  }),
  voidInvoice: t.prismaField({
    type: 'Invoice',
    authScopes: { scope: 'invoices.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => transaction(ctx, (tx) => voidInvoice(ctx.rt, tx, accountIdOf(ctx), String(id))),
  }),
}));

function applyIntentUpdate(intent: PaymentIntent, update: PaymentIntentUpdate): PaymentIntent {
  return {
    ...intent,
    status: update.status as PaymentIntent['status'],
    paymentMethodCode: update.paymentMethodCode,
    lastPaymentError: update.lastPaymentError as PaymentIntent['lastPaymentError'],
    cancellationReason: update.cancellationReason,
    latestCardSessionId: update.latestCardSessionId,
    succeededAt: date(update.succeededAt),
    canceledAt: date(update.canceledAt),
    amountRefunded: update.amountRefunded,
    amountCapturable: update.amountCapturable,
    amountReceived: update.amountReceived,
    amountDisputed: update.amountDisputed,
    captureBefore: date(update.captureBefore),
    updatedAt: new Date(update.updatedAt),
  };
}

const PaymentActivity = builder
  .objectRef<{ objectType: 'payment_intent' | 'invoice'; id: string; status: string; event: string }>('PaymentActivity')
  .implement({
    description: 'A payment intent or invoice of the account was created or changed status.',
    fields: (t) => ({
      objectType: t.exposeString('objectType', { description: 'payment_intent or invoice' }),
      id: t.exposeID('id'),
      status: t.exposeString('status'),
      event: t.exposeString('event', { description: 'The event recorded with the change, e.g. payment_intent.succeeded.' }),
    }),
  });

builder.subscriptionFields((t) => ({
  paymentActivity: t.field({
    type: PaymentActivity,
    description: "Every creation and status change of the account's payment intents and invoices (for dashboards).",
    authScopes: { scope: 'payments.read' },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('paymentActivity', accountIdOf(ctx)),
    resolve: (activity) => activity,
  }),
  paymentIntentUpdated: t.field({
    type: PaymentIntentRef,
    description: 'The payment intent now, then again after every status change and every change of its refunds.',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const load = () => getPaymentIntent(ctx.rt.db.prisma, accountIdOf(ctx), String(id));
      await load(); // another account's id: not_found before anything is streamed
      return liveUpdates(ctx.pubsub.subscribe('paymentIntentUpdated', String(id)), accountIdOf(ctx), load, applyIntentUpdate);
    },
    resolve: (intent) => intent,
  }),
}));
