import { parseInput } from '../../core/errors.ts';
import { builder, enumOf } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { connectionRows } from '../../core/pagination.ts';
import { createRefund, createRefundCommand, getRefund } from './refunds.ts';
import { refundStatuses, refundsWhere } from './lists.ts';
import { refundReasons } from './json.ts';
import { formatAmount, toMajorUnits } from '../money.ts';
import { accountIdOf, transaction } from '../graphql-toolkit.ts';

// The refunds' GraphQL: their type, queries and create.

const RefundStatusEnum = enumOf('RefundStatus', refundStatuses, {
  description: 'PENDING until the payment-refund worker settles it; then SUCCEEDED or FAILED (a failed refund gives its amount back).',
});
const RefundReasonEnum = enumOf('RefundReason', refundReasons);

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

const CreateRefundInput = builder.inputType('CreateRefundInput', {
  fields: (t) => ({
    paymentIntent: t.id({ required: true, description: 'The succeeded payment intent to refund.' }),
    amount: t.float({ description: "In the payment's major unit; absent: everything left to refund." }),
    reason: t.field({ type: RefundReasonEnum }),
    metadata: t.field({ type: 'JSONObject' }),
  }),
});

builder.queryFields((t) => ({
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
}));

builder.mutationFields((t) => ({
  createRefund: t.prismaField({
    type: 'Refund',
    description: 'As POST /api/v1/refunds: refunds a succeeded payment, in full or in part (use REST for Idempotency-Key).',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: CreateRefundInput, required: true }) },
    resolve: async (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const refund = parseInput(createRefundCommand, serviceInput({ ...input, paymentIntent: String(input.paymentIntent) }));
        return (await transaction(ctx, (tx) => createRefund(ctx.rt, tx, accountIdOf(ctx), refund))).refund;
      }),
  }),
}));
