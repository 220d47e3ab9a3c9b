import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { workQueue } from '../../core/queue.ts';
import { commandSchema, restSchema, snakeCase } from '../../core/wire.ts';
import type { Runtime } from '../../core/runtime.ts';
import { accountNow, sendJobAt } from '../../accounts/index.ts';
import type { Dispute } from '../../generated/prisma/client.ts';
import { type DisputeEvidence, type DisputeJobKind, transitionDispute } from './lifecycle.ts';

// Disputes (chargebacks) in the sandbox, as at Stripe: a payment made with a dispute test token
// succeeds, then its card holder disputes it (./lifecycle.ts opens it). The merchant saves
// evidence, submits it (→ under_review) or accepts the dispute (→ lost). After the review delay the
// sandbox issuer decides by Stripe's test convention: evidence text `winning_evidence` wins,
// `losing_evidence` (or anything else) loses; no submission by evidence_due_by loses. Both delays
// run on the account's time, so a test clock plays a dispute out in seconds.

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** Stripe's caps: a text field holds at most 20,000 characters, all the evidence at most 150,000. */
export const MAX_EVIDENCE_FIELD_LENGTH = 20_000;
export const MAX_EVIDENCE_TOTAL_LENGTH = 150_000;

const text = (description: string) => z.string().max(MAX_EVIDENCE_FIELD_LENGTH).describe(description).optional();

/**
 * The text evidence fields (Stripe's names, camelCase here; REST and the stored evidence use them in
 * snake_case); files are not taken: describe them in a text field.
 */
const disputeEvidenceSchema = z
  .strictObject({
    customerName: text('The card holder\'s name.'),
    customerEmailAddress: text('The card holder\'s email address.'),
    customerPurchaseIp: text('The IP address the purchase was made from.'),
    billingAddress: text('The billing address given at checkout.'),
    productDescription: text('What was sold.'),
    shippingAddress: text('Where it was shipped.'),
    shippingCarrier: text('Who carried it.'),
    shippingTrackingNumber: text('The carrier\'s tracking number.'),
    shippingDate: text('When it was shipped.'),
    serviceDate: text('When the service was provided.'),
    accessActivityLog: text('Sign-ins and use of what was bought.'),
    customerCommunication: text('Messages with the card holder.'),
    refundPolicyDisclosure: text('How the refund policy was shown.'),
    refundRefusalExplanation: text('Why no refund was given.'),
    cancellationRebuttal: text('Why a cancellation claim does not hold.'),
    duplicateChargeExplanation: text('Why the charges are not duplicates.'),
    uncategorizedText: text('Anything else. In the sandbox, winning_evidence wins the dispute and losing_evidence loses it.'),
  })
  .refine(
    (evidence) => Object.values(evidence).reduce((sum, value) => sum + (value?.length ?? 0), 0) <= MAX_EVIDENCE_TOTAL_LENGTH,
    `at most ${MAX_EVIDENCE_TOTAL_LENGTH.toLocaleString('en')} characters of evidence in all`,
  )
  .meta({ examples: [{ productDescription: 'A blue teapot', uncategorizedText: 'winning_evidence' }] });

/** Evidence to save or submit, field by field (camelCase; REST takes them in snake_case). */
const submitDisputeEvidenceFields = {
  evidence: disputeEvidenceSchema.default({}).describe('Fields to save; each replaces its earlier value (an empty string clears it).'),
  submit: z.boolean().default(false).describe('true: submit the evidence for review (final, → under_review); false: save it as a draft.'),
};
/** GraphQL's `evidence` and `submit` arguments, parsed into the command. */
export const submitDisputeEvidenceCommand = commandSchema(submitDisputeEvidenceFields);
/** The body of POST /api/v1/disputes/{id}/evidence, parsed into the same command. */
export const submitDisputeEvidenceBody = restSchema(submitDisputeEvidenceFields);
type SubmitDisputeEvidenceCommand = z.output<typeof submitDisputeEvidenceCommand>;

export async function getDispute(db: DbClient, accountId: number, id: string): Promise<Dispute> {
  const dispute = await db.dispute.findFirst({ where: { id, accountId } });
  if (!dispute) throw notFound('dispute', 'id');
  return dispute;
}

/** Saves evidence, and with `submit: true` submits all of it for the issuer's review. */
export async function submitDisputeEvidence(rt: Rt, tx: DbClient, accountId: number, id: string, input: SubmitDisputeEvidenceCommand): Promise<Dispute> {
  // Stored (and answered) under the REST names, Stripe's.
  const evidence = Object.fromEntries(Object.entries(input.evidence).flatMap(([field, value]) => (value === undefined ? [] : [[snakeCase(field), value]]))) as DisputeEvidence;
  if (!input.submit) return transitionDispute(rt, tx, accountId, id, 'save_evidence', evidence);
  const saved = (await getDispute(tx, accountId, id)).evidence as DisputeEvidence;
  if (!Object.values({ ...saved, ...evidence }).some((value) => value.trim() !== '')) {
    throw new YarrowError('invalid_request', 'evidence: submit at least one evidence field (or close the dispute to accept it).', { param: 'evidence' });
  }
  return transitionDispute(rt, tx, accountId, id, 'submit_evidence', evidence);
}

/** Accepts the dispute: the card holder keeps the money (→ lost). */
export async function closeDispute(rt: Rt, tx: DbClient, accountId: number, id: string): Promise<Dispute> {
  return transitionDispute(rt, tx, accountId, id, 'accept');
}

/** The sandbox issuer's verdict on submitted evidence (Stripe's test-mode convention). */
export function sandboxVerdict(evidence: DisputeEvidence): 'win' | 'lose' {
  return Object.values(evidence).some((value) => value.trim() === 'winning_evidence') ? 'win' : 'lose';
}

/**
 * The dispute-review job: `review` decides a dispute under review; `deadline` closes one still
 * unanswered at its due date as lost. A job that finds the dispute moved on does nothing (retries
 * and duplicates are harmless); a deadline reached early (a clock behind the scheduler) looks again.
 */
export async function decideDisputeJob(rt: Runtime, job: { disputeId: string; kind: DisputeJobKind }) {
  return rt.db.prisma.$transaction(async (tx) => {
    const found = await tx.dispute.findUnique({ where: { id: job.disputeId } });
    if (!found) return null;
    if (job.kind === 'review') {
      if (found.status !== 'under_review') return null;
      return transitionDispute(rt, tx, found.accountId, found.id, sandboxVerdict(found.evidence as DisputeEvidence));
    }
    if (found.status !== 'needs_response') return null;
    if ((await accountNow(tx, found.accountId)) < found.evidenceDueBy) {
      await sendJobAt(rt, tx, found.accountId, 'dispute_review', job, { at: found.evidenceDueBy });
      return null;
    }
    return transitionDispute(rt, tx, found.accountId, found.id, 'expire');
  });
}

/** dispute-review: the sandbox issuer decides disputes (their delays are dated jobs: look every second). */
export async function runDisputeReviewWorker(rt: Runtime) {
  const options = { batchSize: 5, localConcurrency: rt.config.WORKER_CONCURRENCY, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
  await workQueue(rt.boss, 'dispute_review', options, async (jobs) => {
    for (const job of jobs) await decideDisputeJob(rt, job.data);
  });
}
