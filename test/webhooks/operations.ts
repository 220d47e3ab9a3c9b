import type { Client } from 'graphql-ws';
import { graphql } from '../gql/index.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';

export const CreateEndpoint = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
        url
        description
        eventTypes
        enabled
        disabledAt
        disabledReason
        createdAt
      }
    }
  }
`);

export const UpdateEndpoint = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      id
      url
      description
      eventTypes
      enabled
      disabledAt
      disabledReason
      failingSince
      ordering
    }
  }
`);

export const RotateSecret = graphql(`
  mutation RotateWebhookEndpointSecret($id: ID!) {
    rotateWebhookEndpointSecret(id: $id) {
      secret
      previousSecretExpiresAt
      endpoint {
        id
        previousSecretExpiresAt
      }
    }
  }
`);

export const RevealSecret = graphql(`
  mutation RevealWebhookEndpointSecret($id: ID!) {
    revealWebhookEndpointSecret(id: $id) {
      secret
      previousSecretExpiresAt
    }
  }
`);

export const DeleteEndpoint = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      id
      deleted
    }
  }
`);

export const SendTest = graphql(`
  mutation SendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      event {
        id
        type
      }
      delivery {
        id
        status
      }
    }
  }
`);

export const Redeliver = graphql(`
  mutation RedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
      attemptCount
    }
  }
`);

export const Endpoint = graphql(`
  query WebhookEndpoint($id: ID!) {
    webhookEndpoint(id: $id) {
      id
      url
      enabled
      disabledAt
      disabledReason
      failingSince
      eventTypes
      deliveries(first: 10) {
        edges {
          node {
            id
            status
          }
        }
      }
    }
  }
`);

export const Endpoints = graphql(`
  query WebhookEndpoints($first: Int, $after: String) {
    webhookEndpoints(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          url
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const Deliveries = graphql(`
  query WebhookDeliveries($filter: WebhookDeliveryFilter, $first: Int) {
    webhookDeliveries(filter: $filter, first: $first) {
      edges {
        node {
          id
          status
          attemptCount
          endpoint {
            id
          }
          event {
            id
            type
          }
        }
      }
    }
  }
`);

export const Delivery = graphql(`
  query WebhookDelivery($id: ID!) {
    webhookDelivery(id: $id) {
      id
      status
      attemptCount
      lastStatusCode
      nextAttemptAt
      deliveredAt
      event {
        id
        type
        payload
      }
      attempts {
        id
        trigger
        outcome
        httpStatus
        durationMs
        responseExcerpt
        error
        startedAt
        finishedAt
      }
    }
  }
`);

export const Attempts = graphql(`
  query WebhookAttempts($deliveryId: ID!) {
    webhookAttempts(deliveryId: $deliveryId) {
      id
      trigger
      outcome
      httpStatus
      error
    }
  }
`);

export const Events = graphql(`
  query Events($type: String, $first: Int) {
    events(type: $type, first: $first) {
      edges {
        node {
          id
          type
          objectType
          objectPublicId
          data
          payload
        }
      }
    }
  }
`);

export const EventTypes = graphql(`
  query WebhookEventTypes {
    webhookEventTypes
  }
`);

export const DeliveryUpdates = graphql(`
  subscription WebhookDeliveryUpdated($deliveryId: ID, $endpointId: ID) {
    webhookDeliveryUpdated(deliveryId: $deliveryId, endpointId: $endpointId) {
      deliveryId
      endpointId
      eventId
      eventType
      status
      attemptCount
      lastStatusCode
      nextAttemptAt
      delivery {
        id
        status
      }
    }
  }
`);

type Update = { deliveryId: string; status: string; attemptCount: number; lastStatusCode?: number | null };

/**
 * Follows one delivery over graphql-ws (its current state first, then every change) until
 * `done` holds; returns every state seen.
 */
export async function followDelivery(
  client: Client,
  deliveryId: string,
  done: (update: Update) => boolean = (update) => update.status !== 'PENDING',
): Promise<Update[]> {
  const live = subscribe(client, DeliveryUpdates, { deliveryId });
  const seen: Update[] = [];
  try {
    for (;;) {
      const result = await live.next();
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      const update = result.data!.webhookDeliveryUpdated;
      seen.push(update);
      if (done(update)) return seen;
    }
  } finally {
    live.dispose();
  }
}

export { wsClient };

export const Recover = graphql(`
  mutation RecoverWebhookEndpoint($id: ID!, $since: DateTime!, $until: DateTime) {
    recoverWebhookEndpoint(id: $id, since: $since, until: $until) {
      queued
      since
      until
      endpoint {
        id
      }
    }
  }
`);
