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
    "\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n": typeof types.DevicesDocument,
    "\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n": typeof types.RevokeDeviceDocument,
    "\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n": typeof types.CreatePairingCodeDocument,
    "\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n": typeof types.MessageStatusChangedDocument,
    "\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n": typeof types.CreateRecipientDocument,
    "\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n": typeof types.UpdateRecipientDocument,
    "\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteRecipientDocument,
    "\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n    }\n  }\n": typeof types.ImportRecipientsDocument,
    "\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateListDocument,
    "\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n": typeof types.AddToListDocument,
    "\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.ListMembersDocument,
    "\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n": typeof types.SearchRecipientsDocument,
    "\n  mutation SetRelayMode($mode: RelayModeInput!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n": typeof types.SetRelayModeDocument,
    "\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n": typeof types.UpdateDeviceDocument,
    "\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n": typeof types.MessageQueryDocument,
    "\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n": typeof types.MessageUpdatedDocument,
    "\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n": typeof types.ReadinessDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": typeof types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": typeof types.PongsDocument,
};
const documents: Documents = {
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": types.AccountKeysDocument,
    "\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n": types.DevicesDocument,
    "\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n": types.RevokeDeviceDocument,
    "\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n": types.CreatePairingCodeDocument,
    "\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n": types.MessageStatusChangedDocument,
    "\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n": types.CreateRecipientDocument,
    "\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n": types.UpdateRecipientDocument,
    "\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n": types.DeleteRecipientDocument,
    "\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n    }\n  }\n": types.ImportRecipientsDocument,
    "\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateListDocument,
    "\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n": types.AddToListDocument,
    "\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n": types.ListMembersDocument,
    "\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n": types.SearchRecipientsDocument,
    "\n  mutation SetRelayMode($mode: RelayModeInput!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n": types.SetRelayModeDocument,
    "\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n": types.UpdateDeviceDocument,
    "\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n": types.MessageQueryDocument,
    "\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n": types.MessageUpdatedDocument,
    "\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n": types.ReadinessDocument,
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
export function graphql(source: "\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n"): (typeof documents)["\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRelayMode($mode: RelayModeInput!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n"): (typeof documents)["\n  mutation SetRelayMode($mode: RelayModeInput!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n"): (typeof documents)["\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n"): (typeof documents)["\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n"];
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