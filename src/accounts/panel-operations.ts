// The accounts panel pages' GraphQL operations (their scripts in panel-assets/ import this file by URL,
// /panel/src/accounts/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../panel/gql/index.ts';

export const PanelKeys = graphql(`
  query PanelKeys($first: Int, $after: String) {
    account {
      id
      apiKeys(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
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

export const PanelApiKeysChanged = graphql(`
  subscription PanelApiKeysChanged {
    apiKeysChanged {
      keyId
      change
    }
  }
`);

export const PanelTestClock = graphql(`
  query PanelTestClock {
    account {
      environment
    }
    testClock {
      frozenTime
      heldJobsCount
      heldJobs {
        queue
        dueAt
      }
    }
  }
`);

export const PanelApiRequests = graphql(`
  query PanelApiRequests($first: Int, $after: String, $filter: ApiRequestFilter) {
    apiRequests(first: $first, after: $after, filter: $filter) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          method
          path
          status
          durationMs
          keyLabel
          idempotencyKey
          errorCode
          requestId
          createdAt
          requestBody
          responseBody
          events {
            id
            type
          }
        }
      }
    }
  }
`);

export const PanelCreateTestClock = graphql(`
  mutation PanelCreateTestClock($frozenTime: DateTime) {
    createTestClock(frozenTime: $frozenTime) {
      frozenTime
    }
  }
`);

export const PanelAdvanceTestClock = graphql(`
  mutation PanelAdvanceTestClock($frozenTime: DateTime!) {
    advanceTestClock(frozenTime: $frozenTime) {
      releasedJobs
      testClock {
        frozenTime
      }
    }
  }
`);

export const PanelDeleteTestClock = graphql(`
  mutation PanelDeleteTestClock {
    deleteTestClock
  }
`);
