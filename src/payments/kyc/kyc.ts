import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { YarrowError } from '../../core/errors.ts';
import { newId } from '../contract.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { KycReview } from '../../generated/prisma/client.ts';
import { kycSubmitted, transitionKyc } from './lifecycle.ts';

type Rt = Pick<Runtime, 'config' | 'boss'>;

/**
 * The registration number the sandbox reviewer rejects; every other submission is approved.
 * (Like Stripe's test identity numbers: a known value picks the outcome.)
 */
export const SANDBOX_REJECTED_REGISTRATION_NUMBER = '111111111';
export const SANDBOX_REJECTION_REASON = 'The registration number could not be verified.';

/**
 * The 249 officially assigned ISO 3166-1 alpha-2 codes. Written out rather than asked of
 * Intl.DisplayNames, which also names ICU's macro and legacy codes (ZZ "Unknown Region", EU, UK, SU).
 */
const ISO_COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
    'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
    'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
    'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
    'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** KYC details to submit (GraphQL's `SubmitKycInput`, the only wire that takes them). */
export const submitKycCommand = z.strictObject({
  legalName: z.string().trim().min(1).max(200),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => ISO_COUNTRY_CODES.has(code), 'must be a two-letter ISO 3166-1 country code such as SA or US'),
  registrationNumber: z.string().trim().min(1).max(64),
  contactName: z.string().trim().min(1).max(200),
  contactEmail: z.email().max(254),
  contactPhone: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +966501234567').optional(),
});
type SubmitKycCommand = z.output<typeof submitKycCommand>;


/** The account's current KYC state: its latest review, or null before the first submission. */
export async function currentKycReview(db: DbClient, accountId: number): Promise<KycReview | null> {
  return db.kycReview.findFirst({ where: { accountId }, orderBy: { id: 'desc' } });
}

/**
 * Submits KYC details for review (→ `pending_review`, event kyc.review.submitted) and schedules
 * the sandbox reviewer. One review at a time: a pending one must be decided first. An approved
 * account is locked: a new submission is refused and the approval stays.
 */
export async function submitKyc(rt: Rt, tx: DbClient, accountId: number, input: SubmitKycCommand): Promise<KycReview> {
  // Serializes submissions of one account so two cannot both find "nothing pending".
  await lockRow(tx, 'accounts', accountId, { idType: 'int' });
  const current = await currentKycReview(tx, accountId);
  if (current?.status === 'pending_review') {
    throw new YarrowError('invalid_state', 'A KYC review is already pending for this account.', { param: 'status' });
  }
  if (current?.status === 'approved') {
    throw new YarrowError('invalid_state', 'This account is already verified; approved KYC details cannot be changed.', { param: 'status' });
  }
  const review = await tx.kycReview.create({
    data: {
      id: newId('kycReview'),
      accountId,
      legalName: input.legalName,
      country: input.country,
      registrationNumber: input.registrationNumber,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone ?? null,
    },
  });
  await kycSubmitted(rt, tx, review);
  return review;
}

export const rejectKycInput = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type RejectKycInput = z.output<typeof rejectKycInput>;

export async function approveKycReview(rt: Rt, tx: DbClient, accountId: number, reviewId: string) {
  return transitionKyc(rt, tx, accountId, reviewId, 'approve', { reviewedBy: 'api' });
}

export async function rejectKycReview(rt: Rt, tx: DbClient, accountId: number, reviewId: string, { reason }: RejectKycInput) {
  return transitionKyc(rt, tx, accountId, reviewId, 'reject', { reason, reviewedBy: 'api' });
}

/** The kyc-review worker's job: the sandbox reviewer decides a review still pending. */
export async function sandboxKycReviewJob(rt: Runtime, reviewId: string) {
  return rt.db.prisma.$transaction(async (tx) => {
    await lockRow(tx, 'kyc_reviews', reviewId);
    const review = await tx.kycReview.findUnique({ where: { id: reviewId } });
    if (review?.status !== 'pending_review') return null;
    const rejected = review.registrationNumber === SANDBOX_REJECTED_REGISTRATION_NUMBER;
    return transitionKyc(rt, tx, review.accountId, review.id, rejected ? 'reject' : 'approve', {
      reason: rejected ? SANDBOX_REJECTION_REASON : null,
      reviewedBy: 'sandbox_reviewer',
    });
  });
}
