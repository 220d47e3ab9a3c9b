import type { GraphqlContext } from '../../graphql/builder.ts';
import { builder, enumOf } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { connectionRows } from '../../core/pagination.ts';
import { parseInput } from '../../core/errors.ts';
import { closeDispute, getDispute, submitDisputeEvidence, submitDisputeEvidenceCommand } from './disputes.ts';
import { disputeStatuses, disputesWhere } from './lists.ts';
import { formatAmount, toMajorUnits } from '../money.ts';
import { disputeReasons } from '../tokens.ts';

// Disputes in GraphQL: the same rules and list filters as REST (disputes.ts, lists.ts).

const DisputeStatusEnum = enumOf('DisputeStatus', disputeStatuses, {
  description: 'NEEDS_RESPONSE until evidence is submitted (UNDER_REVIEW) or the dispute is accepted; WON or LOST when closed.',
});
const DisputeReasonEnum = enumOf('DisputeReason', disputeReasons);

const accountIdOf = (ctx: GraphqlContext) => ctx.principal!.accountId;

const DisputeEvidenceType = builder.objectRef<Record<string, string>>('DisputeEvidence').implement({
  description: 'The evidence saved or submitted so far (text fields; null where none was given).',
  fields: (t) => ({
    customerName: t.string({ nullable: true, resolve: (evidence) => evidence.customer_name ?? null }),
    customerEmailAddress: t.string({ nullable: true, resolve: (evidence) => evidence.customer_email_address ?? null }),
    productDescription: t.string({ nullable: true, resolve: (evidence) => evidence.product_description ?? null }),
    shippingTrackingNumber: t.string({ nullable: true, resolve: (evidence) => evidence.shipping_tracking_number ?? null }),
    customerCommunication: t.string({ nullable: true, resolve: (evidence) => evidence.customer_communication ?? null }),
    uncategorizedText: t.string({ nullable: true, resolve: (evidence) => evidence.uncategorized_text ?? null }),
    all: t.field({ type: 'JSONObject', description: 'Every field given, by its REST name.', resolve: (evidence) => evidence }),
  }),
});

builder.prismaObject('Dispute', {
  description: 'A chargeback the card holder opened on a succeeded payment (sandbox: a dispute test token).',
  fields: (t) => ({
    id: t.exposeID('id'),
    paymentIntent: t.relation('paymentIntent'),
    status: t.field({ type: DisputeStatusEnum, resolve: (dispute) => dispute.status }),
    reason: t.field({ type: DisputeReasonEnum, resolve: (dispute) => dispute.reason as (typeof disputeReasons)[number] }),
    amount: t.float({ resolve: (dispute) => toMajorUnits(dispute.amount, dispute.currency) }),
    amountMinor: t.exposeInt('amount'),
    amountDisplay: t.string({ resolve: (dispute) => formatAmount(dispute.amount, dispute.currency) }),
    currency: t.exposeString('currency'),
    evidence: t.field({ type: DisputeEvidenceType, resolve: (dispute) => dispute.evidence as Record<string, string> }),
    evidenceDueBy: t.expose('evidenceDueBy', { type: 'DateTime', description: "Respond by then (the account's time), or the dispute is lost." }),
    evidenceSubmittedAt: t.expose('evidenceSubmittedAt', { type: 'DateTime', nullable: true }),
    closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField('PaymentIntent', 'disputes', (t) =>
  t.relatedConnection('disputes', { cursor: 'id', description: 'Its disputes, newest first.', query: () => ({ orderBy: { id: 'desc' } }) }),
);

const DisputeEvidenceInput = builder.inputType('DisputeEvidenceInput', {
  description: "Text evidence, by Stripe's field names (each at most 20,000 characters, 150,000 in all). In the sandbox, winning_evidence in any field wins.",
  fields: (t) => ({
    customerName: t.string(),
    customerEmailAddress: t.string(),
    customerPurchaseIp: t.string(),
    billingAddress: t.string(),
    productDescription: t.string(),
    shippingAddress: t.string(),
    shippingCarrier: t.string(),
    shippingTrackingNumber: t.string(),
    shippingDate: t.string(),
    serviceDate: t.string(),
    accessActivityLog: t.string(),
    customerCommunication: t.string(),
    refundPolicyDisclosure: t.string(),
    refundRefusalExplanation: t.string(),
    cancellationRebuttal: t.string(),
    duplicateChargeExplanation: t.string(),
    uncategorizedText: t.string(),
  }),
});

builder.queryFields((t) => ({
  dispute: t.prismaField({
    type: 'Dispute',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getDispute(ctx.rt.db.prisma, accountIdOf(ctx), String(id)),
  }),
  disputes: t.prismaConnection({
    type: 'Dispute',
    cursor: 'id',
    description: 'Newest first.',
    authScopes: { scope: 'payments.read' },
    args: { status: t.arg({ type: [DisputeStatusEnum] }), paymentIntentId: t.arg.id() },
    resolve: (query, _root, { status, paymentIntentId, before }, ctx) =>
      connectionRows(
        ctx.rt.db.prisma.dispute,
        query,
        disputesWhere(accountIdOf(ctx), { status, paymentIntentId: paymentIntentId == null ? null : String(paymentIntentId) }),
        { before },
      ),
  }),
}));

builder.mutationFields((t) => ({
  submitDisputeEvidence: t.prismaField({
    type: 'Dispute',
    description: 'As POST /api/v1/disputes/{id}/evidence: saves evidence; with submit: true submits it for review (→ UNDER_REVIEW, final).',
    authScopes: { scope: 'payments.write' },
    args: {
      id: t.arg.id({ required: true }),
      evidence: t.arg({ type: DisputeEvidenceInput, required: true }),
      submit: t.arg.boolean({ description: 'Submit for review (default: save as a draft).' }),
    },
    resolve: (_query, _root, { id, evidence, submit }, ctx) =>
      withGraphqlParams('', async () => {
        const input = parseInput(submitDisputeEvidenceCommand, { evidence: serviceInput(evidence), ...(submit == null ? {} : { submit }) });
        return ctx.rt.db.prisma.$transaction((tx) => submitDisputeEvidence(ctx.rt, tx, accountIdOf(ctx), String(id), input));
      }),
  }),
  closeDispute: t.prismaField({
    type: 'Dispute',
    description: 'As POST /api/v1/disputes/{id}/close: accepts the dispute (→ LOST).',
    authScopes: { scope: 'payments.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => ctx.rt.db.prisma.$transaction((tx) => closeDispute(ctx.rt, tx, accountIdOf(ctx), String(id))),
  }),
}));
