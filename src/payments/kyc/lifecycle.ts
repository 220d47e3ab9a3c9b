import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { notFound } from '../../core/errors.ts';
import { defineLifecycle } from '../../core/lifecycle.ts';
import { publish } from '../../core/pubsub.ts';
import { sendJobAt } from '../../accounts/index.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent } from '../../webhooks/index.ts';
import type { KycReview, KycReviewStatus } from '../../generated/prisma/client.ts';
import { kycReviewJson } from './json.ts';

// Every status change of a KYC review happens here: it locks its row, checks the move is allowed
// (else 409 invalid_state), writes the row, records its event and publishes the live update.

type Rt = Pick<Runtime, 'config' | 'boss'>;


export const kycLifecycle = defineLifecycle('KYC review', ['pending_review', 'approved', 'rejected'], {
  // The sandbox reviewer (or the account, in the sandbox) approved the submission.
  approve: { from: ['pending_review'], to: 'approved', event: 'kyc.review.approved', verb: 'be approved' },
  // It was rejected, with its reason: the account may submit again.
  reject: { from: ['pending_review'], to: 'rejected', event: 'kyc.review.rejected', verb: 'be rejected' },
});
export const kycTransitions = kycLifecycle.transitions;

export type KycAction = keyof typeof kycTransitions;

/** Records `kyc.review.submitted` and schedules the sandbox reviewer for a review just inserted. */
export async function kycSubmitted(rt: Rt, tx: DbClient, review: KycReview) {
  await recordKycEvent(rt, tx, review, 'kyc.review.submitted');
  await sendJobAt(rt, tx, review.accountId, 'kyc_review', { kycReviewId: review.id }, { afterSeconds: rt.config.KYC_REVIEW_DELAY_SECONDS });
}

export async function transitionKyc(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  reviewId: string,
  action: KycAction,
  decision: { reason?: string | null; reviewedBy: 'sandbox_reviewer' | 'api' },
): Promise<KycReview> {
  await lockRow(tx, 'kyc_reviews', reviewId, { accountId });
  const review = await tx.kycReview.findFirst({ where: { id: reviewId, accountId } });
  if (!review) throw notFound('KYC review', 'id');
  const transition: { to: KycReviewStatus; event: EventType } = kycTransitions[action];
  kycLifecycle.assertMove(action, review.status);
  const updated = await tx.kycReview.update({
    where: { id: review.id },
    data: {
      status: transition.to,
      reason: decision.reason ?? null,
      reviewedBy: decision.reviewedBy,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    },
  });
  await recordKycEvent(rt, tx, updated, transition.event);
  return updated;
}

async function recordKycEvent(rt: Rt, tx: DbClient, review: KycReview, type: EventType) {
  await recordEvent(rt, tx, {
    accountId: review.accountId,
    type,
    objectType: 'kyc_review',
    objectPublicId: review.id,
    data: { kyc_review: kycReviewJson(review) },
  });
  await publish(tx, 'kycReviewUpdated', review.accountId, {
    id: review.id,
    status: review.status,
    reason: review.reason,
    reviewedBy: review.reviewedBy,
    reviewedAt: review.reviewedAt?.toISOString() ?? null,
  });
}
