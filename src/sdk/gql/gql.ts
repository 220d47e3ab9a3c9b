/* eslint-disable */
import * as types from './graphql.ts';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": typeof types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.AccountKeysDocument,
    "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n": typeof types.IntentByIdDocument,
    "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.IntentLiveDocument,
    "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n": typeof types.InvoiceLiveDocument,
    "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n": typeof types.SubmitKycDocument,
    "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n": typeof types.ApproveKycDocument,
    "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n": typeof types.RejectKycDocument,
    "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n": typeof types.AccountKycDocument,
    "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n": typeof types.KycLiveDocument,
    "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n": typeof types.IntentUpdatesDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": typeof types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": typeof types.PongsDocument,
};
const documents: Documents = {
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": types.AccountKeysDocument,
    "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n": types.IntentByIdDocument,
    "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.IntentLiveDocument,
    "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n": types.InvoiceLiveDocument,
    "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n": types.SubmitKycDocument,
    "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n": types.ApproveKycDocument,
    "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n": types.RejectKycDocument,
    "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n": types.AccountKycDocument,
    "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n": types.KycLiveDocument,
    "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n": types.IntentUpdatesDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": types.PongsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n"): (typeof documents)["\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n"): (typeof documents)["\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n"): (typeof documents)["\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n"): (typeof documents)["\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n"): (typeof documents)["\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;