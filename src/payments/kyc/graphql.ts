import { parseInput } from '../../core/errors.ts';
import type { KycReviewUpdate } from '../contract.ts';
import { builder, enumOf } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import type { KycReview } from '../../generated/prisma/client.ts';
import { approveKycReview, currentKycReview, rejectKycInput, rejectKycReview, submitKyc, submitKycCommand } from './kyc.ts';
import { accountIdOf, date, liveUpdates, transaction } from '../graphql-toolkit.ts';

// KYC's GraphQL: the review type, the account's kyc field, submit and the decisions, live updates.

const KycReviewStatusEnum = enumOf('KycReviewStatus', ['pending_review', 'approved', 'rejected']);

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

builder.mutationFields((t) => ({
  submitKyc: t.prismaField({
    type: 'KycReview',
    description: 'Submit KYC details for review (→ pending_review). The sandbox reviewer decides after KYC_REVIEW_DELAY_SECONDS.',
    authScopes: { scope: 'payments.write' },
    args: { input: t.arg({ type: SubmitKycInput, required: true }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const details = parseInput(submitKycCommand, serviceInput(input));
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

builder.subscriptionFields((t) => ({
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
