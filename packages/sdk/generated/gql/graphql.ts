/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type KycReviewStatus =
  | 'APPROVED'
  | 'PENDING_REVIEW'
  | 'REJECTED';

export type SubmitKycInput = {
  contactEmail: string;
  contactName: string;
  /** E.164, e.g. +966501234567. */
  contactPhone?: string | null | undefined;
  /** ISO 3166-1 alpha-2, e.g. SA. */
  country: string;
  legalName: string;
  registrationNumber: string;
};

export type ListenEventsSubscriptionVariables = Exact<{
  types?: Array<string> | string | null | undefined;
}>;


export type ListenEventsSubscription = { eventCreated: { id: string, type: string, payload: Record<string, unknown> } };

export type TriggerSubmitKycMutationVariables = Exact<{
  input: SubmitKycInput;
}>;


export type TriggerSubmitKycMutation = { submitKyc: { id: string, status: KycReviewStatus } };

export type TriggerCurrentKycQueryVariables = Exact<{ [key: string]: never; }>;


export type TriggerCurrentKycQuery = { account: { kyc: { id: string, status: KycReviewStatus } | null } };

export type TriggerApproveKycMutationVariables = Exact<{
  id: string | number;
}>;


export type TriggerApproveKycMutation = { approveKycReview: { id: string, status: KycReviewStatus } };

export type TriggerRejectKycMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type TriggerRejectKycMutation = { rejectKycReview: { id: string, status: KycReviewStatus } };

export type TriggerSendTestWebhookMutationVariables = Exact<{
  endpointId: string | number;
}>;


export type TriggerSendTestWebhookMutation = { sendTestWebhook: { event: { id: string } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const ListenEventsDocument = new TypedDocumentString(`
    subscription ListenEvents($types: [String!]) {
  eventCreated(types: $types) {
    id
    type
    payload
  }
}
    `) as unknown as TypedDocumentString<ListenEventsSubscription, ListenEventsSubscriptionVariables>;
export const TriggerSubmitKycDocument = new TypedDocumentString(`
    mutation TriggerSubmitKyc($input: SubmitKycInput!) {
  submitKyc(input: $input) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<TriggerSubmitKycMutation, TriggerSubmitKycMutationVariables>;
export const TriggerCurrentKycDocument = new TypedDocumentString(`
    query TriggerCurrentKyc {
  account {
    kyc {
      id
      status
    }
  }
}
    `) as unknown as TypedDocumentString<TriggerCurrentKycQuery, TriggerCurrentKycQueryVariables>;
export const TriggerApproveKycDocument = new TypedDocumentString(`
    mutation TriggerApproveKyc($id: ID!) {
  approveKycReview(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<TriggerApproveKycMutation, TriggerApproveKycMutationVariables>;
export const TriggerRejectKycDocument = new TypedDocumentString(`
    mutation TriggerRejectKyc($id: ID!, $reason: String!) {
  rejectKycReview(id: $id, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<TriggerRejectKycMutation, TriggerRejectKycMutationVariables>;
export const TriggerSendTestWebhookDocument = new TypedDocumentString(`
    mutation TriggerSendTestWebhook($endpointId: ID!) {
  sendTestWebhook(endpointId: $endpointId) {
    event {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<TriggerSendTestWebhookMutation, TriggerSendTestWebhookMutationVariables>;