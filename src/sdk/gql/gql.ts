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
    "\n  query PanelKeys {\n    account {\n      id\n      apiKeys(first: 100) {\n        edges {\n          node {\n            id\n            label\n            prefix\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelKeysDocument,
    "\n  mutation PanelCreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n      }\n    }\n  }\n": typeof types.PanelCreateKeyDocument,
    "\n  mutation PanelRevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.PanelRevokeKeyDocument,
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": typeof types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.AccountKeysDocument,
    "\n  mutation OutagePing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": typeof types.OutagePingDocument,
    "\n  subscription OutagePongs {\n    diagnosticPong {\n      pingId\n    }\n  }\n": typeof types.OutagePongsDocument,
    "\n  mutation SdkPing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": typeof types.SdkPingDocument,
    "\n  subscription SdkPongs {\n    diagnosticPong {\n      pingId\n      workerPid\n    }\n  }\n": typeof types.SdkPongsDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": typeof types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": typeof types.PongsDocument,
};
const documents: Documents = {
    "\n  query PanelKeys {\n    account {\n      id\n      apiKeys(first: 100) {\n        edges {\n          node {\n            id\n            label\n            prefix\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": types.PanelKeysDocument,
    "\n  mutation PanelCreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n      }\n    }\n  }\n": types.PanelCreateKeyDocument,
    "\n  mutation PanelRevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.PanelRevokeKeyDocument,
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": types.AccountKeysDocument,
    "\n  mutation OutagePing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": types.OutagePingDocument,
    "\n  subscription OutagePongs {\n    diagnosticPong {\n      pingId\n    }\n  }\n": types.OutagePongsDocument,
    "\n  mutation SdkPing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": types.SdkPingDocument,
    "\n  subscription SdkPongs {\n    diagnosticPong {\n      pingId\n      workerPid\n    }\n  }\n": types.SdkPongsDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": types.PongsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelKeys {\n    account {\n      id\n      apiKeys(first: 100) {\n        edges {\n          node {\n            id\n            label\n            prefix\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): typeof import('./graphql.ts').PanelRevokeKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').CreateKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): typeof import('./graphql.ts').RevokeKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').AccountKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OutagePing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n"): typeof import('./graphql.ts').OutagePingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OutagePongs {\n    diagnosticPong {\n      pingId\n    }\n  }\n"): typeof import('./graphql.ts').OutagePongsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SdkPing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n"): typeof import('./graphql.ts').SdkPingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SdkPongs {\n    diagnosticPong {\n      pingId\n      workerPid\n    }\n  }\n"): typeof import('./graphql.ts').SdkPongsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n"): typeof import('./graphql.ts').SendPingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n"): typeof import('./graphql.ts').PongsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
