/* eslint-disable */
import * as types from './graphql.ts';



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
    "\n  subscription ListenEvents($types: [String!]) {\n    eventCreated(types: $types) {\n      id\n      type\n      payload\n    }\n  }\n": typeof types.ListenEventsDocument,
    "\n  mutation TriggerSubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.TriggerSubmitKycDocument,
    "\n  query TriggerCurrentKyc {\n    account {\n      kyc {\n        id\n        status\n      }\n    }\n  }\n": typeof types.TriggerCurrentKycDocument,
    "\n  mutation TriggerApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.TriggerApproveKycDocument,
    "\n  mutation TriggerRejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.TriggerRejectKycDocument,
    "\n  mutation TriggerSendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      event {\n        id\n      }\n    }\n  }\n": typeof types.TriggerSendTestWebhookDocument,
};
const documents: Documents = {
    "\n  subscription ListenEvents($types: [String!]) {\n    eventCreated(types: $types) {\n      id\n      type\n      payload\n    }\n  }\n": types.ListenEventsDocument,
    "\n  mutation TriggerSubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n    }\n  }\n": types.TriggerSubmitKycDocument,
    "\n  query TriggerCurrentKyc {\n    account {\n      kyc {\n        id\n        status\n      }\n    }\n  }\n": types.TriggerCurrentKycDocument,
    "\n  mutation TriggerApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n    }\n  }\n": types.TriggerApproveKycDocument,
    "\n  mutation TriggerRejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.TriggerRejectKycDocument,
    "\n  mutation TriggerSendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      event {\n        id\n      }\n    }\n  }\n": types.TriggerSendTestWebhookDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ListenEvents($types: [String!]) {\n    eventCreated(types: $types) {\n      id\n      type\n      payload\n    }\n  }\n"): typeof import('./graphql.ts').ListenEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TriggerSubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').TriggerSubmitKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TriggerCurrentKyc {\n    account {\n      kyc {\n        id\n        status\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TriggerCurrentKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TriggerApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').TriggerApproveKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TriggerRejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').TriggerRejectKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TriggerSendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      event {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TriggerSendTestWebhookDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
