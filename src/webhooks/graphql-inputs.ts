// The endpoint inputs of the webhooks' GraphQL (graphql.ts uses them), checked by the same zod
// schemas as REST (endpoints.ts, `endpointInputs`).
import { builder, enumOf } from '../graphql/builder.ts';
import { MAX_CUSTOM_HEADERS } from './custom-headers.ts';
import { endpointOrderings } from './lines.ts';

export const EndpointOrderingEnum = enumOf('WebhookEndpointOrdering', endpointOrderings, {
  description:
    'UNORDERED: deliveries go in parallel (up to WEBHOOK_ENDPOINT_CONCURRENCY). FIFO: one at a time in event order; a failing delivery holds the ones behind it through its retries.',
});

const HEADERS_HELP = `Custom headers sent with every request, {"name": "value"}: at most ${MAX_CUSTOM_HEADERS}; not Host, Content-Length, Content-Type, User-Agent or a signature header. Values are sealed and never answered (headerNames lists the names).`;

export const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'http(s); outside the sandbox it must reach a public address.' }),
    description: t.string(),
    eventTypes: t.stringList({ description: 'Event names to receive (see webhookEventTypes); empty or absent: every event.' }),
    enabled: t.boolean({ description: 'Default true.' }),
    headers: t.field({ type: 'JSONObject', description: HEADERS_HELP }),
    rateLimit: t.int({ description: 'At most this many deliveries a second to the endpoint (1–1,000); its other deliveries wait in the queue. Absent: no limit.' }),
    ordering: t.field({ type: EndpointOrderingEnum, description: 'Default UNORDERED.' }),
  }),
});

export const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string(),
    description: t.string(),
    eventTypes: t.stringList(),
    enabled: t.boolean({ description: 'false disables the endpoint; true enables it again and clears its failing period.' }),
    headers: t.field({ type: 'JSONObject', description: `${HEADERS_HELP} Replaces them all; {} removes them.` }),
    setHeaders: t.field({ type: 'JSONObject', description: "Adds these headers or replaces their values, keeping the others (as Svix's PATCH of headers); not with headers." }),
    removeHeaders: t.stringList({ description: 'Removes the headers of these names, whatever their case; not with headers.' }),
    rateLimit: t.int({ description: 'At most this many deliveries a second (1–1,000); null removes the limit.' }),
    ordering: t.field({ type: EndpointOrderingEnum, description: 'Made UNORDERED, the deliveries waiting in its line are sent at once.' }),
  }),
});
