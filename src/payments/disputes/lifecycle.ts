import type { DbClient } from '../../core/db.ts';
import { lockRow } from '../../core/locks.ts';
import { notFound } from '../../core/errors.ts';
import { defineLifecycle } from '../../core/lifecycle.ts';
import { accountNow, sendJobAt } from '../../accounts/index.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent } from '../../webhooks/index.ts';
import type { Dispute, DisputeStatus, PaymentIntent, Prisma } from '../../generated/prisma/client.ts';
import { disputeJson } from './json.ts';
import { newId } from '../contract.ts';
import type { DisputeReason } from '../tokens.ts';
import { publishIntentUpdate } from '../intent-updates.ts';

// A dispute's lifecycle, as the payment intent's is in intents/lifecycle.ts: every status change (and
// every evidence save) happens here, and only here. Each transition locks the dispute, checks the
// move is allowed (else 409 invalid_state), runs its one write (its plan below), records its event
// and schedules what follows, all in the caller's transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;

/** The text evidence a dispute keeps, by Stripe's evidence field names. */
export type DisputeEvidence = Record<string, string>;

const disputeLifecycle = defineLifecycle('dispute', ['needs_response', 'under_review', 'won', 'lost'] satisfies DisputeStatus[], {
  save_evidence: { from: ['needs_response'], to: 'needs_response', event: 'dispute.updated', verb: 'take more evidence' },
  submit_evidence: { from: ['needs_response'], to: 'under_review', event: 'dispute.updated', verb: 'take evidence' },
  accept: { from: ['needs_response'], to: 'lost', event: 'dispute.closed', verb: 'be accepted' },
  win: { from: ['under_review'], to: 'won', event: 'dispute.closed', verb: 'be won' },
  lose: { from: ['under_review'], to: 'lost', event: 'dispute.closed', verb: 'be lost' },
  expire: { from: ['needs_response'], to: 'lost', event: 'dispute.closed', verb: 'pass its due date unanswered' },
}, (status) => status.replace('_', ' '));

export const disputeTransitions = disputeLifecycle.transitions;

export type DisputeAction = keyof typeof disputeTransitions;

/** The sandbox issuer's decision job: `review` after evidence is submitted, `deadline` at evidence_due_by. */
export type DisputeJobKind = 'review' | 'deadline';

type Plan = (tx: DbClient, dispute: Dispute, evidence: DisputeEvidence, now: Date) => Promise<Dispute>;

/** Evidence merges over what was saved (each field sent replaces its earlier value, as at Stripe); an empty one clears it. */
const merged = (dispute: Dispute, evidence: DisputeEvidence) =>
  Object.fromEntries(Object.entries({ ...(dispute.evidence as DisputeEvidence), ...evidence }).filter(([, value]) => value.trim() !== ''));

const update = (tx: DbClient, dispute: Dispute, data: Prisma.DisputeUpdateInput) => tx.dispute.update({ where: { id: dispute.id }, data });

/** One write per transition: what each move changes besides the status. */
const plans: Record<DisputeAction, Plan> = {
  // A draft: the merchant gathers evidence over several calls before the due date; nothing is decided.
  save_evidence: (tx, dispute, evidence, now) => update(tx, dispute, { evidence: merged(dispute, evidence), updatedAt: now }),
  // Submitting is final (Stripe allows one submission): the evidence is frozen for the issuer's review.
  submit_evidence: (tx, dispute, evidence, now) =>
    update(tx, dispute, { status: 'under_review', evidence: merged(dispute, evidence), evidenceSubmittedAt: now, updatedAt: now }),
  // Accepting concedes the money to the card holder at once, without a review.
  accept: (tx, dispute, _evidence, now) => update(tx, dispute, { status: 'lost', closedAt: now, updatedAt: now }),
  // The issuer sided with the merchant: the disputed amount is theirs again (and refundable).
  win: (tx, dispute, _evidence, now) => update(tx, dispute, { status: 'won', closedAt: now, updatedAt: now }),
  // The issuer sided with the card holder.
  lose: (tx, dispute, _evidence, now) => update(tx, dispute, { status: 'lost', closedAt: now, updatedAt: now }),
  // No response by evidence_due_by counts as accepting (the evidence saved as a draft was never submitted).
  expire: (tx, dispute, _evidence, now) => update(tx, dispute, { status: 'lost', closedAt: now, updatedAt: now }),
};


async function recordDisputeEvent(rt: Rt, tx: DbClient, dispute: Dispute, type: EventType) {
  await recordEvent(rt, tx, {
    accountId: dispute.accountId,
    type,
    objectType: 'dispute',
    objectPublicId: dispute.id,
    data: { dispute: disputeJson(dispute) },
  });
}

async function scheduleDecision(rt: Rt, tx: DbClient, dispute: Dispute, kind: DisputeJobKind, when: { at: Date } | { afterSeconds: number }) {
  // On the account's time: under a test clock the decision waits for an advance past it.
  await sendJobAt(rt, tx, dispute.accountId, 'dispute_review', { disputeId: dispute.id, kind }, when);
}

/**
 * The card holder disputes `intent` (just succeeded or captured, locked by the caller) for `reason`:
 * the dispute opens `needs_response` for what was taken (all of an automatic payment, the captured
 * part of an authorization) and not refunded, due in DISPUTE_EVIDENCE_DAYS of the account's time;
 * `dispute.created` is recorded and the deadline job commits with it. The intent's `amount_disputed`
 * counts it (open and lost disputes cannot also be refunded): answers the intent after that.
 */
export async function openDispute(rt: Rt, tx: DbClient, intent: PaymentIntent, reason: DisputeReason): Promise<PaymentIntent> {
  const now = await accountNow(tx, intent.accountId);
  const dispute = await tx.dispute.create({
    data: {
      id: newId('dispute'),
      accountId: intent.accountId,
      paymentIntentId: intent.id,
      amount: intent.amountReceived - intent.amountRefunded,
      currency: intent.currency,
      reason,
      evidenceDueBy: new Date(now.getTime() + rt.config.DISPUTE_EVIDENCE_DAYS * 86_400_000),
    },
  });
  const disputed = await intentDisputeChanged(tx, intent.id, dispute.amount);
  await recordDisputeEvent(rt, tx, dispute, 'dispute.created');
  await scheduleDecision(rt, tx, dispute, 'deadline', { at: dispute.evidenceDueBy });
  return disputed;
}

/** Locks the account's dispute for the rest of the transaction (another account's: not_found). */
export async function lockDispute(tx: DbClient, accountId: number, id: string): Promise<Dispute> {
  if (!(await lockRow(tx, 'disputes', id, { accountId }))) throw notFound('dispute', 'id');
  return tx.dispute.findUniqueOrThrow({ where: { id } });
}

/** Moves a dispute by `action` (see `disputeTransitions`); `evidence` for the evidence actions. */
export async function transitionDispute(
  rt: Rt,
  tx: DbClient,
  accountId: number,
  id: string,
  action: DisputeAction,
  evidence: DisputeEvidence = {},
): Promise<Dispute> {
  const dispute = await lockDispute(tx, accountId, id);
  disputeLifecycle.assertMove(action, dispute.status);
  const transition = disputeTransitions[action];
  const updated = await plans[action](tx, dispute, evidence, new Date());
  // Won: the amount is the merchant's again (refundable); every other close keeps it disputed.
  if (action === 'win') await intentDisputeChanged(tx, dispute.paymentIntentId, -dispute.amount);
  await recordDisputeEvent(rt, tx, updated, transition.event);
  if (action === 'submit_evidence') {
    await scheduleDecision(rt, tx, updated, 'review', { afterSeconds: rt.config.DISPUTE_REVIEW_DELAY_SECONDS });
  }
  return updated;
}

/**
 * A dispute of the intent opened (`delta` its amount) or was won (minus its amount): the intent's
 * `amount_disputed` follows, and its subscribers see it. An increment in one statement, which takes
 * the row lock: a dispute opens under the intent's lock already (a payment or a capture), and a win
 * only lowers it, so a refund deciding under the lock never sees less disputed than there is.
 */
export async function intentDisputeChanged(tx: DbClient, intentId: string, delta: number): Promise<PaymentIntent> {
  const intent = await tx.paymentIntent.update({ where: { id: intentId }, data: { amountDisputed: { increment: delta }, updatedAt: new Date() } });
  await publishIntentUpdate(tx, intent);
  return intent;
}
