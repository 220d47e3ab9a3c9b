/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CreateApiKeyInput = {
  label: string;
  scopes: Array<Scope>;
};

/** A permission an API key can carry. The REST and JSON name is the lower-case dotted form. */
export type Scope =
  /** account.read */
  | 'ACCOUNT_READ'
  /** devices.manage */
  | 'DEVICES_MANAGE'
  /** invoices.read */
  | 'INVOICES_READ'
  /** invoices.write */
  | 'INVOICES_WRITE'
  /** keys.manage */
  | 'KEYS_MANAGE'
  /** messages.read */
  | 'MESSAGES_READ'
  /** otp.send */
  | 'OTP_SEND'
  /** otp.verify */
  | 'OTP_VERIFY'
  /** payments.read */
  | 'PAYMENTS_READ'
  /** payments.write */
  | 'PAYMENTS_WRITE'
  /** recipients.read */
  | 'RECIPIENTS_READ'
  /** recipients.write */
  | 'RECIPIENTS_WRITE'
  /** sms.send */
  | 'SMS_SEND'
  /** webhooks.manage */
  | 'WEBHOOKS_MANAGE';

export type PanelKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelKeysQuery = { account: { id: number, apiKeys: { edges: Array<{ node: { id: string, label: string, prefix: string, scopes: Array<Scope>, createdAt: string, lastUsedAt: string | null, revokedAt: string | null } }> } } };

export type PanelCreateKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type PanelCreateKeyMutation = { createApiKey: { secret: string, apiKey: { id: string } } };

export type PanelRevokeKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelRevokeKeyMutation = { revokeApiKey: { id: string, revokedAt: string | null } };

export type CreateKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateKeyMutation = { createApiKey: { secret: string, apiKey: { id: string, label: string, prefix: string, scopes: Array<Scope>, lastUsedAt: string | null, revokedAt: string | null } } };

export type RevokeKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeKeyMutation = { revokeApiKey: { id: string, revokedAt: string | null } };

export type AccountKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountKeysQuery = { account: { id: number, name: string, apiKeys: { edges: Array<{ node: { id: string, prefix: string, lastUsedAt: string | null } }> } } };

export type OutagePingMutationVariables = Exact<{ [key: string]: never; }>;


export type OutagePingMutation = { sendDiagnosticPing: { pingId: string } };

export type OutagePongsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type OutagePongsSubscription = { diagnosticPong: { pingId: string } };

export type SdkPingMutationVariables = Exact<{ [key: string]: never; }>;


export type SdkPingMutation = { sendDiagnosticPing: { pingId: string } };

export type SdkPongsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SdkPongsSubscription = { diagnosticPong: { pingId: string, workerPid: number } };

export type SendPingMutationVariables = Exact<{ [key: string]: never; }>;


export type SendPingMutation = { sendDiagnosticPing: { pingId: string, sentAt: string } };

export type PongsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PongsSubscription = { diagnosticPong: { pingId: string, workerPid: number, receivedAt: string } };

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

export const PanelKeysDocument = new TypedDocumentString(`
    query PanelKeys {
  account {
    id
    apiKeys(first: 100) {
      edges {
        node {
          id
          label
          prefix
          scopes
          createdAt
          lastUsedAt
          revokedAt
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelKeysQuery, PanelKeysQueryVariables>;
export const PanelCreateKeyDocument = new TypedDocumentString(`
    mutation PanelCreateKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    secret
    apiKey {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<PanelCreateKeyMutation, PanelCreateKeyMutationVariables>;
export const PanelRevokeKeyDocument = new TypedDocumentString(`
    mutation PanelRevokeKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<PanelRevokeKeyMutation, PanelRevokeKeyMutationVariables>;
export const CreateKeyDocument = new TypedDocumentString(`
    mutation CreateKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    secret
    apiKey {
      id
      label
      prefix
      scopes
      lastUsedAt
      revokedAt
    }
  }
}
    `) as unknown as TypedDocumentString<CreateKeyMutation, CreateKeyMutationVariables>;
export const RevokeKeyDocument = new TypedDocumentString(`
    mutation RevokeKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<RevokeKeyMutation, RevokeKeyMutationVariables>;
export const AccountKeysDocument = new TypedDocumentString(`
    query AccountKeys {
  account {
    id
    name
    apiKeys(first: 50) {
      edges {
        node {
          id
          prefix
          lastUsedAt
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AccountKeysQuery, AccountKeysQueryVariables>;
export const OutagePingDocument = new TypedDocumentString(`
    mutation OutagePing {
  sendDiagnosticPing {
    pingId
  }
}
    `) as unknown as TypedDocumentString<OutagePingMutation, OutagePingMutationVariables>;
export const OutagePongsDocument = new TypedDocumentString(`
    subscription OutagePongs {
  diagnosticPong {
    pingId
  }
}
    `) as unknown as TypedDocumentString<OutagePongsSubscription, OutagePongsSubscriptionVariables>;
export const SdkPingDocument = new TypedDocumentString(`
    mutation SdkPing {
  sendDiagnosticPing {
    pingId
  }
}
    `) as unknown as TypedDocumentString<SdkPingMutation, SdkPingMutationVariables>;
export const SdkPongsDocument = new TypedDocumentString(`
    subscription SdkPongs {
  diagnosticPong {
    pingId
    workerPid
  }
}
    `) as unknown as TypedDocumentString<SdkPongsSubscription, SdkPongsSubscriptionVariables>;
export const SendPingDocument = new TypedDocumentString(`
    mutation SendPing {
  sendDiagnosticPing {
    pingId
    sentAt
  }
}
    `) as unknown as TypedDocumentString<SendPingMutation, SendPingMutationVariables>;
export const PongsDocument = new TypedDocumentString(`
    subscription Pongs {
  diagnosticPong {
    pingId
    workerPid
    receivedAt
  }
}
    `) as unknown as TypedDocumentString<PongsSubscription, PongsSubscriptionVariables>;