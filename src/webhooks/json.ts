import type { Event, WebhookEndpoint } from '../generated/prisma/client.ts';
import { isEnabled } from './endpoints.ts';
import { eventPayload } from './events.ts';

// The JSON shapes REST answers for the webhooks domain. One shape per object, used everywhere.

export function endpointJson(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    enabled: isEnabled(endpoint),
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

/** An event as REST lists it: the webhook body, plus `object`. */
export function eventJson(event: Event) {
  return { object: 'event', ...eventPayload(event) };
}
