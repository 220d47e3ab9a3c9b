import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { eventTypesOf } from './checkout-client.ts';

const SubmitKyc = graphql(`
  mutation SubmitKyc($input: SubmitKycInput!) {
    submitKyc(input: $input) {
      id
      status
      legalName
      country
    }
  }
`);

const ApproveKyc = graphql(`
  mutation ApproveKyc($id: ID!) {
    approveKycReview(id: $id) {
      id
      status
      reviewedBy
    }
  }
`);

const RejectKyc = graphql(`
  mutation RejectKyc($id: ID!, $reason: String!) {
    rejectKycReview(id: $id, reason: $reason) {
      id
      status
      reason
    }
  }
`);

const AccountKyc = graphql(`
  query AccountKyc {
    account {
      id
      kyc {
        id
        status
        legalName
        registrationNumber
        reason
        reviewedBy
      }
    }
  }
`);

const KycLive = graphql(`
  subscription KycLive {
    kycReviewUpdated {
      id
      status
      reason
      reviewedBy
    }
  }
`);

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { KYC_REVIEW_DELAY_SECONDS: '0' } });
});
afterAll(() => app?.stop());

const details = {
  legalName: 'Oak Street Studio LLC',
  country: 'sa',
  registrationNumber: '1010101010',
  contactName: 'Sara Al-Harbi',
  contactEmail: 'sara@oakstreet.example',
  contactPhone: '+966501234567',
};

describe('KYC without the sandbox reviewer running', () => {
  it('submit → pending_review, readable on the account, event written; a second submission waits', async () => {
    const account = await app.account();
    expect((await execute(app.baseUrl, account.key, AccountKyc)).data?.account.kyc).toBeNull();
    const submitted = await execute(app.baseUrl, account.key, SubmitKyc, { input: details });
    expect(submitted.errors).toBeUndefined();
    const review = submitted.data!.submitKyc;
    expect(review).toMatchObject({ status: 'PENDING_REVIEW', legalName: 'Oak Street Studio LLC', country: 'SA' });
    expect(review.id).toMatch(/^kyc_/);
    expect((await execute(app.baseUrl, account.key, AccountKyc)).data?.account.kyc).toMatchObject({ id: review.id, status: 'PENDING_REVIEW' });
    expect(await eventTypesOf(app, review.id)).toEqual(['kyc.review.submitted']);
    const event = await app.rt.db.prisma.event.findFirstOrThrow({ where: { objectPublicId: review.id } });
    expect(event).toMatchObject({ accountId: account.id, objectType: 'kyc_review' });
    expect(event.data).toMatchObject({ kyc_review: { id: review.id, status: 'pending_review', legal_name: 'Oak Street Studio LLC' } });

    const again = await execute(app.baseUrl, account.key, SubmitKyc, { input: details });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });
    expect(await app.rt.db.prisma.kycReview.count({ where: { accountId: account.id } })).toBe(1);
  });

  it('the operator (in the sandbox, the account itself) approves or rejects, once', async () => {
    const account = await app.account();
    const first = (await execute(app.baseUrl, account.key, SubmitKyc, { input: details })).data!.submitKyc;
    const rejected = await execute(app.baseUrl, account.key, RejectKyc, { id: first.id, reason: 'Blurry registration certificate' });
    expect(rejected.data?.rejectKycReview).toMatchObject({ status: 'REJECTED', reason: 'Blurry registration certificate' });
    const late = await execute(app.baseUrl, account.key, ApproveKyc, { id: first.id });
    expect(late.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state' });

    const second = (await execute(app.baseUrl, account.key, SubmitKyc, { input: details })).data!.submitKyc;
    const approved = await execute(app.baseUrl, account.key, ApproveKyc, { id: second.id });
    expect(approved.data?.approveKycReview).toMatchObject({ status: 'APPROVED', reviewedBy: 'api' });
    expect(await eventTypesOf(app, first.id)).toEqual(['kyc.review.submitted', 'kyc.review.rejected']);
    expect(await eventTypesOf(app, second.id)).toEqual(['kyc.review.submitted', 'kyc.review.approved']);
    expect((await execute(app.baseUrl, account.key, AccountKyc)).data?.account.kyc).toMatchObject({ id: second.id, status: 'APPROVED' });
  });

  it('validates the details and names the GraphQL param', async () => {
    const account = await app.account();
    for (const [change, param] of [
      [{ country: 'Saudi Arabia' }, 'input.country'],
      [{ country: 'ZZ' }, 'input.country'],
      [{ country: 'uk' }, 'input.country'],
      [{ contactEmail: 'nope' }, 'input.contactEmail'],
      [{ contactPhone: '0501234567' }, 'input.contactPhone'],
      [{ legalName: ' ' }, 'input.legalName'],
    ] as const) {
      const result = await execute(app.baseUrl, account.key, SubmitKyc, { input: { ...details, ...change } });
      expect(result.errors?.[0]?.extensions, param).toMatchObject({ code: 'invalid_request', param });
    }
    expect(await app.rt.db.prisma.kycReview.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('an approved account is locked: a second submission is refused and the approval stays', async () => {
    const account = await app.account();
    const review = (await execute(app.baseUrl, account.key, SubmitKyc, { input: details })).data!.submitKyc;
    await execute(app.baseUrl, account.key, ApproveKyc, { id: review.id });
    const again = await execute(app.baseUrl, account.key, SubmitKyc, { input: { ...details, legalName: 'Another Name LLC' } });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_state', param: 'status' });
    expect(again.errors?.[0]?.message).toMatch(/already verified/);
    expect((await execute(app.baseUrl, account.key, AccountKyc)).data?.account.kyc).toMatchObject({ id: review.id, status: 'APPROVED', legalName: 'Oak Street Studio LLC' });
    expect(await app.rt.db.prisma.kycReview.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("another account's review is not found", async () => {
    const owner = await app.account();
    const stranger = await app.account();
    const review = (await execute(app.baseUrl, owner.key, SubmitKyc, { input: details })).data!.submitKyc;
    const result = await execute(app.baseUrl, stranger.key, ApproveKyc, { id: review.id });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'not_found' });
    expect((await app.rt.db.prisma.kycReview.findUniqueOrThrow({ where: { id: review.id } })).status).toBe('pending_review');
  });

  it('needs payments.write to submit and account.read to read', async () => {
    const reader = await app.account({ scopes: ['account.read'] });
    const result = await execute(app.baseUrl, reader.key, SubmitKyc, { input: details });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'forbidden', param: 'payments.write' });
  });
});

describe('the sandbox KYC reviewer (kyc-review worker)', () => {
  beforeAll(async () => {
    await app.startWorkers(['kyc-review']);
  });

  it.each([
    ['approves ordinary details', '1010101010', 'approved', null],
    ['rejects registration number 111111111', '111111111', 'rejected', 'The registration number could not be verified.'],
  ])('%s', async (_label, registrationNumber, status, reason) => {
    const account = await app.account();
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, KycLive);
    try {
      expect((await live.next()).data?.kycReviewUpdated).toBeNull();
      const review = (await execute(app.baseUrl, account.key, SubmitKyc, { input: { ...details, registrationNumber } })).data!.submitKyc;
      expect((await live.next()).data?.kycReviewUpdated).toMatchObject({ id: review.id, status: 'PENDING_REVIEW' });
      expect((await live.next()).data?.kycReviewUpdated).toMatchObject({ id: review.id, status: status.toUpperCase(), reason, reviewedBy: 'sandbox_reviewer' });
      expect(await eventTypesOf(app, review.id)).toEqual(['kyc.review.submitted', `kyc.review.${status}`]);
    } finally {
      live.dispose();
      await client.dispose();
    }
  });
});
