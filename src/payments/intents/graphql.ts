import { YarrowError, parseInput } from '../../core/errors.ts';
import type { InvoiceUpdate, KycReviewUpdate, PaymentIntentUpdate } from '../contract.ts';
import { builder, enumOf, type GraphqlContext, perRequest } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { currentThenLive, readOncePerEvent } from '../../graphql/live.ts';
import type { Invoice, KycReview, PaymentIntent } from '../../generated/prisma/client.ts';
import {
  approvePaymentReview,
  cancelPaymentIntent,
  cancelPaymentIntentInput,
  createPaymentIntent,
  createPaymentIntentInput,
  getPaymentIntent,
  rejectPaymentReview,
  rejectReviewInput,
} from './intents.ts';
import { createInvoice, createInvoiceInput, currentInvoicePayment, getInvoice } from '../invoices/invoices.ts';
import { cardSessionsWhere, invoicesWhere, paymentIntentsWhere, invoiceStatuses, refundStatuses, refundsWhere } from './lists.ts';
import { cardSessionStatus, cardSessionStatuses, checkoutUrl, dateOnly, hostedInvoiceUrl, invoiceNo, isOverdue, refundReasons } from './json.ts';
import { createRefund, createRefundInput, getRefund } from '../refunds/refunds.ts';
import { capturePaymentIntent, capturePaymentIntentInput } from './capture.ts';
import { accountNow } from '../../accounts/index.ts';
import { approveKycReview, currentKycReview, rejectKycInput, rejectKycReview, submitKyc, submitKycInput } from '../kyc/kyc.ts';
import { formatAmount, toMajorUnits } from '../money.ts';
import { intentStatuses, voidInvoice } from './lifecycle.ts';
import { paymentMethodCodes, sandboxOutcomes } from '../tokens.ts';
import { connectionRows } from '../../core/pagination.ts';

// --- enums ---

const PaymentIntentStatusEnum = enumOf('PaymentIntentStatus', intentStatuses);
const InvoiceStatusEnum = enumOf('InvoiceStatus', invoiceStatuses);
const CardSessionStatusEnum = enumOf('CardSessionStatus', cardSessionStatuses, {
  description: 'OPEN: waiting for a token; CHALLENGE: waiting for 3-D Secure; COMPLETED: used; EXPIRED: unused after 30 minutes.',
});
const KycReviewStatusEnum = enumOf('KycReviewStatus', ['pending_review', 'approved', 'rejected']);
export const PaymentMethodCodeEnum = enumOf('PaymentMethodCode', paymentMethodCodes);
const SandboxOutcomeEnum = enumOf('SandboxOutcome', sandboxOutcomes);
const RefundStatusEnum = enumOf('RefundStatus', refundStatuses, {
  description: 'PENDING until the payment-refund worker settles it; then SUCCEEDED or FAILED (a failed refund gives its amount back).',
});
const RefundReasonEnum = enumOf('RefundReason', refundReasons);
const CaptureMethodEnum = enumOf('CaptureMethod', ['automatic', 'manual'], {
  description: 'AUTOMATIC: an approved payment is taken at once. MANUAL: it is authorized (REQUIRES_CAPTURE) until captured, within 7 days.',
});
const CancellationReasonEnum = enumOf('CancellationReason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned', 'void_invoice']);

const accountIdOf = (ctx: GraphqlContext) => ctx.principal!.accountId;

/** The account's time (its test clock's, if any), read once per request: a page of card sessions shares it. */
const accountTimes = perRequest(() => new Map<number, Promise<Date>>());
function accountTimeOf(ctx: GraphqlContext, accountId: number): Promise<Date> {
  const nows = accountTimes(ctx);
  if (!nows.has(accountId)) nows.set(accountId, accountNow(ctx.rt.db.prisma, accountId));
  return nows.get(accountId)!;
}
const transaction = <T>(ctx: GraphqlContext, work: (tx: Parameters<Parameters<GraphqlContext['rt']['db']['prisma']['$transaction']>[0]>[0]) => Promise<T>) =>
  ctx.rt.db.prisma.$transaction(work);

// --- object types ---

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

builder.prismaObject('CardSession', {
  description: 'One attempt on the hosted sandbox card page: a rail, then a test token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    paymentIntent: t.relation('paymentIntent'),
    paymentMethodCode: t.field({
      type: PaymentMethodCodeEnum,
      resolve: (session) => session.paymentMethodCode as (typeof paymentMethodCodes)[number],
    }),
    sandboxOutcome: t.field({ type: SandboxOutcomeEnum, resolve: (session) => session.sandboxOutcome as (typeof sandboxOutcomes)[number] }),
    status: t.field({
      type: CardSessionStatusEnum,
      resolve: async (session, _args, ctx) => cardSessionStatus(session, await accountTimeOf(ctx, session.accountId)),
    }),
    token: t.string({
      nullable: true,
      description: "The test token submitted, once one was; null for a customer's saved method (whose token is never answered).",
      resolve: (session) => (session.paymentMethodId ? null : session.token),
    }),
    outcome: t.exposeString('outcome', {
      nullable: true,
      description: 'succeeded, declined, review, authentication_failed or abandoned, once completed.',
    }),
    url: t.string({ resolve: (session, _args, ctx) => `${checkoutUrl(ctx.rt.config, session.paymentIntentId)}/card/${session.id}` }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('Refund', {
  description: 'A refund of all or part of a succeeded payment intent.',
  fields: (t) => ({
    id: t.exposeID('id'),
    paymentIntent: t.relation('paymentIntent'),
    status: t.field({ type: RefundStatusEnum, resolve: (refund) => refund.status }),
    amount: t.float({ resolve: (refund) => toMajorUnits(refund.amount, refund.currency) }),
    amountMinor: t.exposeInt('amount'),
    amountDisplay: t.string({ resolve: (refund) => formatAmount(refund.amount, refund.currency) }),
    currency: t.exposeString('currency'),
    reason: t.field({ type: RefundReasonEnum, nullable: true, resolve: (refund) => refund.reason as (typeof refundReasons)[number] | null }),
    failureReason: t.exposeString('failureReason', { nullable: true, description: 'Why a failed refund failed, e.g. expired_or_canceled_card.' }),
    metadata: t.field({ type: 'JSONObject', resolve: (refund) => refund.metadata as Record<string, unknown> }),
    succeededAt: t.expose('succeededAt', { type: 'DateTime', nullable: true }),
    failedAt: t.expose('failedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const KycReviewRef = builder.prismaObject('KycReview', {
  description: 'KYC details an account submitted and the review decision.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: KycReviewStatusEnum, resolve: (review) => review.status }),
    legalName: t.exposeString('legalName'),
    country: t.exposeString('country'),
    registrationNumber: t.exposeString('registrationNumber'),
    contactName: t.exposeString('contactName'),
    contactEmail: t.exposeString('contactEmail'),
    contactPhone: t.exposeString('contactPhone', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why it was rejected.' }),
    reviewedBy: t.exposeString('reviewedBy', { nullable: true, description: 'sandbox_reviewer or api.' }),
    reviewedAt: t.expose('reviewedAt', { type: 'DateTime', nullable: true }),
    submittedAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField('Account', 'kyc', (t) =>
  t.prismaField({
    type: 'KycReview',
    nullable: true,
    description: 'The latest KYC submission and its review; null before the first.',
    authScopes: { scope: 'account.read' },
    resolve: (query, account, _args, ctx) =>
      ctx.rt.db.prisma.kycReview.findFirst({ ...query, where: { accountId: account.id }, orderBy: { id: 'desc' } }),
  }),
);

// --- inputs ---

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

const CreateRefundInput = builder.inputType('CreateRefundInput', {
  fields: (t) => ({
    paymentIntent: t.id({ required: true, description: 'The succeeded payment intent to refund.' }),
    amount: t.float({ description: "In the payment's major unit; absent: everything left to refund." }),
    reason: t.field({ type: RefundReasonEnum }),
    metadata: t.field({ type: 'JSONObject' }),
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

const SubmitKycInput = builder.inputType('SubmitKycInput', {
  fields: (t) => ({
    legalName: t.string({ required: true }),
    country: t.string({ required: true, description: 'ISO 3166-1 alpha-2, e.g. SA.' }),
    registrationNumber: t.string({ required: true }),
    contactName: t.string({ required: true }),
    contactEmail: t.string({ required: true }),
    contactPhone: t.string({ description: 'E.164, e.g. +966501234567.' }),
  }),
});

// --- queries ---

/** The payments lists' filters beside status (lists.ts applies them, for REST too). */
function listFilterArgs(t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) {
  return {
    search: t.arg.string({ description: 'An id (exactly), or part of a title, customer email or name, any case.' }),
    createdFrom: t.arg({ type: 'DateTime', description: 'Created at or after.' }),
    createdBefore: t.arg({ type: 'DateTime', description: 'Created before.' }),
  };
}

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
  refund: t.prismaField({
    type: 'Refund',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getRefund(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  refunds: t.prismaConnection({
    type: 'Refund',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: { status: t.arg({ type: [RefundStatusEnum] }), paymentIntentId: t.arg.id() },
    resolve: (query, _root, { status, paymentIntentId, before }, ctx) =>
      connectionRows(ctx.rt.db.prisma.refund, query, refundsWhere(accountIdOf(ctx), { status, paymentIntentId: paymentIntentId == null ? null : String(paymentIntentId) }), { before }),
  }),
  cardSession: t.prismaField({
    type: 'CardSession',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, { id }, ctx) => {
      const session = await ctx.rt.db.prisma.cardSession.findFirst({ ...query, where: { id: String(id), accountId: accountIdOf(ctx) } });
      if (!session) throw new YarrowError('not_found', 'No such card session.', { param: 'id' });
      return session;
    },
  }),
  cardSessions: t.prismaConnection({
    type: 'CardSession',
    cursor: 'id',
    description: 'Newest first. `EXPIRED` means open or in challenge past its 30 minutes.',
    authScopes: { scope: 'payments.read' },
    args: { status: t.arg({ type: [CardSessionStatusEnum] }), paymentIntentId: t.arg.id() },
    resolve: async (query, _root, { status, paymentIntentId, before }, ctx) => {
      const now = await accountTimeOf(ctx, accountIdOf(ctx));
      return connectionRows(ctx.rt.db.prisma.cardSession, query, cardSessionsWhere(accountIdOf(ctx), { status, paymentIntentId: paymentIntentId == null ? null : String(paymentIntentId) }, now), { before });
    },
  }),
}));

// --- mutations ---

builder.mutationFields((t) => ({
  createPaymentIntent: t.prismaField({
    type: 'PaymentIntent',
    description: 'As POST /api/v1/payment-intents (use REST for Idempotency-Key).',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreatePaymentIntentInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', () => createPaymentIntent(ctx.rt, accountIdOf(ctx), parseInput(createPaymentIntentInput, serviceInput(input, { names: 'snake_case' })))),
  }),
  cancelPaymentIntent: t.prismaField({
    type: 'PaymentIntent',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), cancellationReason: t.arg({ type: CancellationReasonEnum }) },
    resolve: (_query, _root, { id, cancellationReason }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(cancelPaymentIntentInput, cancellationReason ? { cancellation_reason: cancellationReason } : {});
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
        const input = parseInput(capturePaymentIntentInput, serviceInput({ amountToCapture }, { names: 'snake_case' }));
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
        const input = parseInput(rejectReviewInput, { reason });
        return transaction(ctx, (tx) => rejectPaymentReview(ctx.rt, tx, accountIdOf(ctx), String(id), input));
      }),
  }),
  createRefund: t.prismaField({
    type: 'Refund',
    description: 'As POST /api/v1/refunds: refunds a succeeded payment, in full or in part (use REST for Idempotency-Key).',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreateRefundInput, required: true }) },
    resolve: async (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const refund = parseInput(createRefundInput, serviceInput({ ...input, paymentIntent: String(input.paymentIntent) }, { names: 'snake_case' }));
        return (await transaction(ctx, (tx) => createRefund(ctx.rt, tx, accountIdOf(ctx), refund))).refund;
      }),
  }),
  createInvoice: t.prismaField({
    type: 'Invoice',
    description: 'As POST /api/v1/invoices.',
    authScopes: { scope: 'invoices.write' },
    args: { input: t.arg({ type: CreateInvoiceInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const invoice = parseInput(createInvoiceInput, serviceInput(input, { names: 'snake_case' }));
        return transaction(ctx, (tx) => createInvoice(ctx.rt, tx, accountIdOf(ctx), invoice));
      }),
  }),
  voidInvoice: t.prismaField({
    type: 'Invoice',
    authScopes: { scope: 'invoices.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => transaction(ctx, (tx) => voidInvoice(ctx.rt, tx, accountIdOf(ctx), String(id))),
  }),
  submitKyc: t.prismaField({
    type: 'KycReview',
    description: 'Submit KYC details for review (→ pending_review). The sandbox reviewer decides after KYC_REVIEW_DELAY_SECONDS.',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: SubmitKycInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const details = parseInput(submitKycInput, serviceInput(input, { names: 'snake_case' }));
        return transaction(ctx, (tx) => submitKyc(ctx.rt, tx, accountIdOf(ctx), details));
      }),
  }),
  approveKycReview: t.prismaField({
    type: 'KycReview',
    description: 'Operator decision; in the sandbox the account may decide its own review.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => transaction(ctx, (tx) => approveKycReview(ctx.rt, tx, accountIdOf(ctx), String(id))),
  }),
  rejectKycReview: t.prismaField({
    type: 'KycReview',
    description: 'Operator decision; in the sandbox the account may decide its own review.',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_query, _root, { id, reason }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(rejectKycInput, { reason });
        return transaction(ctx, (tx) => rejectKycReview(ctx.rt, tx, accountIdOf(ctx), String(id), input));
      }),
  }),
}));

// --- subscriptions ---

/**
 * The object's current state first, then one result per transition, from any process. Each result
 * shows the mutable fields as of its transition (from the event) over the stored row.
 */
function liveUpdates<Row, Update>(updates: AsyncIterator<Update>, accountId: number, load: () => Promise<Row>, apply: (row: Row, update: Update) => Row) {
  // One read per transition for all of the account's subscribers of this object (apply copies the row).
  return currentThenLive(updates, { current: load, next: async (update) => apply(await readOncePerEvent(update, String(accountId), load), update) });
}

const date = (text: string | null) => (text ? new Date(text) : null);

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

/** The update may be about a newer review than the stored latest one: then it is loaded. */
function applyKycUpdate(latest: KycReview | null, update: KycReviewUpdate): KycReview | null {
  if (!latest || latest.id !== update.id) return latest;
  return {
    ...latest,
    status: update.status as KycReview['status'],
    reason: update.reason,
    reviewedBy: update.reviewedBy,
    reviewedAt: date(update.reviewedAt),
  };
}

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
  kycReviewUpdated: t.field({
    type: KycReviewRef,
    nullable: true,
    description: "The account's latest KYC review now (null before the first), then again after every submission and decision.",
    authScopes: { scope: 'account.read' },
    subscribe: (_root, _args, ctx) =>
      liveUpdates(
        ctx.pubsub.subscribe('kycReviewUpdated', accountIdOf(ctx)),
        accountIdOf(ctx),
        () => currentKycReview(ctx.rt.db.prisma, accountIdOf(ctx)),
        applyKycUpdate,
      ),
    resolve: (review) => review,
  }),
}));

