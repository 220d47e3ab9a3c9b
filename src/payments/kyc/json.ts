import type { KycReview } from '../../generated/prisma/client.ts';
import { iso } from '../fields.ts';

/** A KYC review as REST answers it and its events carry it. */
export function kycReviewJson(review: KycReview) {
  return {
    id: review.id,
    object: 'kyc_review' as const,
    status: review.status,
    legal_name: review.legalName,
    country: review.country,
    registration_number: review.registrationNumber,
    contact_name: review.contactName,
    contact_email: review.contactEmail,
    contact_phone: review.contactPhone,
    reason: review.reason,
    reviewed_by: review.reviewedBy,
    reviewed_at: iso(review.reviewedAt),
    submitted_at: review.createdAt.toISOString(),
  };
}
