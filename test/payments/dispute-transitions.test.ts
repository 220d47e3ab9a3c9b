import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YarrowError } from '../../src/core/errors.ts';
import { disputeTransitions, transitionDispute, type DisputeAction } from '../../src/payments/disputes/lifecycle.ts';
import { decideDisputeJob, sandboxVerdict } from '../../src/payments/disputes/disputes.ts';
import { disputeStatuses } from '../../src/payments/disputes/lists.ts';
import type { DisputeStatus } from '../../src/generated/prisma/client.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient, createIntent } from './checkout-client.ts';

// The dispute state machine (issue 33): every action from every status, against a table written
// out here independently of the code; a refused move changes nothing and records nothing. And the
// sandbox issuer's jobs: safe to run twice, and a deadline reached early waits for the due date.

let app: TestApp;
let merchant: TestAccount;
let pages: ReturnType<typeof checkoutClient>;

beforeAll(async () => {
  // No dispute-review worker: the tests run its job themselves.
  app = await startTestApp();
  merchant = await app.account();
  pages = checkoutClient(app);
});
afterAll(() => app?.stop());

const documented: Record<DisputeAction, Partial<Record<DisputeStatus, DisputeStatus>>> = {
  save_evidence: { needs_response: 'needs_response' },
  submit_evidence: { needs_response: 'under_review' },
  accept: { needs_response: 'lost' },
  win: { under_review: 'won' },
  lose: { under_review: 'lost' },
  expire: { needs_response: 'lost' },
};

async function disputed(account = merchant) {
  const intent = await createIntent(app, account.key);
  expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-DISPUTE')).status).toBe(303);
  return app.rt.db.prisma.dispute.findFirstOrThrow({ where: { paymentIntentId: intent.id } });
}

const eventsOf = async (id: string) =>
  (await app.rt.db.prisma.event.findMany({ where: { objectPublicId: id }, orderBy: { id: 'asc' } })).map((event) => event.type);

describe('the dispute state machine', () => {
  it('the code has exactly the documented actions', () => {
    expect(Object.keys(disputeTransitions).sort()).toEqual(Object.keys(documented).sort());
  });

  const combinations = (Object.keys(documented) as DisputeAction[]).flatMap((action) =>
    disputeStatuses.map((from) => ({ action, from, to: documented[action][from] })),
  );

  it.each(combinations)('$action from $from → $to', async ({ action, from, to }) => {
    const dispute = await disputed();
    await app.rt.db.prisma.dispute.update({ where: { id: dispute.id }, data: { status: from } });
    const before = await eventsOf(dispute.id);
    const attempt = app.rt.db.prisma.$transaction((tx) =>
      transitionDispute(app.rt, tx, merchant.id, dispute.id, action, { uncategorized_text: 'winning_evidence' }),
    );
    if (to) {
      const moved = await attempt;
      expect(moved.status).toBe(to);
      expect(await eventsOf(dispute.id)).toEqual([...before, to === 'won' || to === 'lost' ? 'dispute.closed' : 'dispute.updated']);
      expect(moved.closedAt !== null).toBe(to === 'won' || to === 'lost');
    } else {
      const error = await attempt.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(YarrowError);
      expect((error as YarrowError).code).toBe('invalid_state');
      expect((error as YarrowError).status).toBe(409);
      const after = await app.rt.db.prisma.dispute.findUniqueOrThrow({ where: { id: dispute.id } });
      expect(after).toEqual({ ...dispute, status: from, updatedAt: after.updatedAt });
      expect(await eventsOf(dispute.id)).toEqual(before);
    }
  });

  it('another account cannot move a dispute: not_found, nothing changes', async () => {
    const dispute = await disputed();
    const other = await app.account();
    const refused = await app.rt.db.prisma
      .$transaction((tx) => transitionDispute(app.rt, tx, other.id, dispute.id, 'accept'))
      .then(() => undefined, (failure: unknown) => failure);
    expect((refused as YarrowError).code).toBe('not_found');
    expect((await app.rt.db.prisma.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe('needs_response');
  });
});

describe('the sandbox issuer', () => {
  it('wins only on winning_evidence', () => {
    expect(sandboxVerdict({ uncategorized_text: 'winning_evidence' })).toBe('win');
    expect(sandboxVerdict({ product_description: ' winning_evidence ' })).toBe('win');
    expect(sandboxVerdict({ uncategorized_text: 'losing_evidence' })).toBe('lose');
    expect(sandboxVerdict({ uncategorized_text: 'not winning_evidence at all' })).toBe('lose');
    expect(sandboxVerdict({})).toBe('lose');
  });

  it('a review job decides once; run again, or for a dispute not under review, it does nothing', async () => {
    const dispute = await disputed();
    expect(await decideDisputeJob(app.rt, { disputeId: dispute.id, kind: 'review' })).toBeNull();
    await app.rt.db.prisma.$transaction((tx) =>
      transitionDispute(app.rt, tx, merchant.id, dispute.id, 'submit_evidence', { uncategorized_text: 'winning_evidence' }),
    );
    expect((await decideDisputeJob(app.rt, { disputeId: dispute.id, kind: 'review' }))?.status).toBe('won');
    expect(await decideDisputeJob(app.rt, { disputeId: dispute.id, kind: 'review' })).toBeNull();
    expect(await eventsOf(dispute.id)).toEqual(['dispute.created', 'dispute.updated', 'dispute.closed']);
  });

  it('a deadline job before the due date (a clock behind the scheduler) waits for the due date again; after it, the dispute is lost', async () => {
    const account = await app.account();
    const start = new Date(Date.now() + 3_600_000);
    expect((await app.request('POST', '/api/v1/test-clock', { key: account.key, body: { frozen_time: start.toISOString() } })).status).toBe(201);
    const dispute = await disputed(account);
    const held = () => app.rt.db.prisma.testClockJob.count({ where: { accountId: account.id, queue: 'dispute_review' } });
    expect(await held()).toBe(1);
    expect(await decideDisputeJob(app.rt, { disputeId: dispute.id, kind: 'deadline' })).toBeNull();
    expect(await held()).toBe(2);
    expect((await app.rt.db.prisma.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe('needs_response');
    await app.rt.db.prisma.testClock.update({ where: { accountId: account.id }, data: { frozenTime: dispute.evidenceDueBy } });
    expect((await decideDisputeJob(app.rt, { disputeId: dispute.id, kind: 'deadline' }))?.status).toBe('lost');
    expect(await decideDisputeJob(app.rt, { disputeId: dispute.id, kind: 'deadline' })).toBeNull();
  });
});
