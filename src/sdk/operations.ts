// Operations of the merchant panel, typed by codegen and importable by any TypeScript client.
import { graphql } from './gql/index.ts';

export const PanelKeys = graphql(`
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
`);

export const PanelCreateKey = graphql(`
  mutation PanelCreateKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        id
      }
    }
  }
`);

export const PanelRevokeKey = graphql(`
  mutation PanelRevokeKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);
