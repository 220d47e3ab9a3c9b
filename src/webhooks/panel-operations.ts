// The webhooks panel pages' GraphQL operations (their scripts in panel-assets/ import this file by URL,
// /panel/src/webhooks/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../panel/gql/index.ts';

export const PanelWebhookEndpoints = graphql(`
  query PanelWebhookEndpoints($first: Int, $after: String) {
    webhookEventTypes
    webhookEndpoints(first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          url
          description
          enabled
          eventTypes
          disabledReason
          failingSince
          previousSecretExpiresAt
          createdAt
        }
      }
    }
  }
`);

export const PanelCreateWebhookEndpoint = graphql(`
  mutation PanelCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
      }
    }
  }
`);

export const PanelRevealWebhookSecret = graphql(`
  mutation PanelRevealWebhookSecret($id: ID!) {
    revealWebhookEndpointSecret(id: $id) {
      secret
    }
  }
`);

export const PanelRotateWebhookSecret = graphql(`
  mutation PanelRotateWebhookSecret($id: ID!) {
    rotateWebhookEndpointSecret(id: $id) {
      secret
      previousSecretExpiresAt
    }
  }
`);

export const PanelSendTestWebhook = graphql(`
  mutation PanelSendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      delivery {
        id
      }
    }
  }
`);

export const PanelUpdateWebhookEndpoint = graphql(`
  mutation PanelUpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      id
      enabled
      rateLimit
      headerNames
      ordering
    }
  }
`);

export const PanelWebhookDeliveries = graphql(`
  query PanelWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: $first, after: $after, filter: $filter) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          attemptCount
          lastStatusCode
          nextAttemptAt
          createdAt
          event {
            type
            objectPublicId
          }
          endpoint {
            url
          }
          attempts {
            id
            startedAt
            durationMs
            httpStatus
            outcome
            trigger
            responseExcerpt
            error
          }
        }
      }
    }
  }
`);

export const PanelWebhookEndpoint = graphql(`
  query PanelWebhookEndpoint($id: ID!) {
    webhookEndpoint(id: $id) {
      id
      url
      description
      enabled
      eventTypes
      disabledReason
      failingSince
      previousSecretExpiresAt
      payloadFormat
      rateLimit
      headerNames
      ordering
      createdAt
    }
  }
`);

export const PanelWebhookEndpointDeliveries = graphql(`
  query PanelWebhookEndpointDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: $first, after: $after, filter: $filter) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          attemptCount
          nextAttemptAt
          createdAt
          body
          event {
            id
            type
            objectPublicId
          }
          attempts {
            id
            url
            startedAt
            durationMs
            httpStatus
            outcome
            trigger
            responseExcerpt
            error
          }
        }
      }
    }
  }
`);

export const PanelRedeliverWebhook = graphql(`
  mutation PanelRedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
    }
  }
`);

export const PanelWebhookLog = graphql(`
  subscription PanelWebhookLog {
    webhookDeliveryUpdated {
      deliveryId
      status
      attemptCount
    }
  }
`);

export const PanelRecoverWebhookEndpoint = graphql(`
  mutation PanelRecoverWebhookEndpoint($id: ID!, $since: DateTime!) {
    recoverWebhookEndpoint(id: $id, since: $since) {
      queued
    }
  }
`);
