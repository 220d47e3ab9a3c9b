import { z } from 'zod';
import { notFound } from '../core/errors.ts';
import { ok, okSchema, timestamp } from '../core/http.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import { listBody, listQuery, listSchema } from '../core/pagination.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute } from '../core/route.ts';
import { createEndpoint, deleteEndpoint, endpointDescription, endpointInputs, endpointOrdering, getEndpoint, rateLimit, revealSecret, rotateSecret, updateEndpoint } from './endpoints.ts';
import { getDelivery, redeliver } from './deliveries.ts';
import { RECOVERY_WINDOW_DAYS, recoverEndpoint } from './recovery.ts';
import { deliveryJson, deliverySchema, endpointJson, endpointSchema, eventJson, eventSchema } from './json.ts';
import { eventTypeFilters, listDeliveries, listEndpoints, listEvents } from './lists.ts';
import { webhookUrl } from './url-safety.ts';
import { MAX_CUSTOM_HEADERS, customHeaders, headerNamesToRemove } from './custom-headers.ts';

const HEADERS_HELP = `Custom headers sent with every request, {"name": "value"}: at most ${MAX_CUSTOM_HEADERS}; not Host, Content-Length, Content-Type, User-Agent or a signature header. Values are sealed and never answered (header_names lists the names).`;

const ORDERING_HELP = '`unordered` (the default): deliveries go in parallel. `fifo`: one at a time in event order; a failing delivery holds the ones behind it through its retries (docs/webhooks.md, Ordered endpoints).';

const RATE_LIMIT_HELP = 'At most this many deliveries a second to the endpoint (1–1,000); its other deliveries wait in the queue. Absent: no limit.';

// REST speaks snake_case; the rules are the service's own field schemas.
function endpointBodies(endpointEventTypes: ReturnType<typeof endpointInputs>['endpointEventTypes']) {
  return {
    createBody: z.strictObject({
      url: webhookUrl,
      description: endpointDescription.optional(),
      event_types: endpointEventTypes.optional(),
      enabled: z.boolean().optional(),
      headers: customHeaders.optional().describe(HEADERS_HELP),
      rate_limit: rateLimit.optional().describe(RATE_LIMIT_HELP),
      ordering: endpointOrdering.optional().describe(ORDERING_HELP),
    }),
    updateBody: z.strictObject({
      url: webhookUrl.optional(),
      description: endpointDescription.optional(),
      event_types: endpointEventTypes.optional(),
      enabled: z.boolean().optional().describe('false disables the endpoint (nothing is sent to it); true enables it again and clears its failing period.'),
      headers: customHeaders.optional().describe(`${HEADERS_HELP} Replaces them all; {} removes them.`),
      set_headers: customHeaders.optional().describe('Adds these headers or replaces their values, keeping the others (as Svix\'s PATCH of headers); not with headers.'),
      remove_headers: headerNamesToRemove.optional().describe('Removes the headers of these names, whatever their case; not with headers.'),
      rate_limit: rateLimit.nullable().optional().describe(`${RATE_LIMIT_HELP} null removes the limit.`),
      ordering: endpointOrdering.optional().describe(`${ORDERING_HELP} Made unordered, the deliveries waiting in its line are sent at once.`),
    }),
  };
}

const secretAnswer = okSchema({
  webhook_endpoint: endpointSchema,
  secret: z.string().describe('The signing secret (whsec_…) that signs from now on.').meta({ examples: ['whsec_3q2k9x7v5t1r8p6n4m2l0j'] }),
  previous_secret_expires_at: timestamp
    .nullable()
    .describe('Until then the secret it replaced signs too (a second `X-YarrowPay-Signature` value); null when no rotation is in its 24-hour overlap.'),
});

export function registerWebhookRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const { createBody, updateBody } = endpointBodies(endpointInputs(rt.modules.eventTypes).endpointEventTypes);
  const { eventListQuery, deliveryListQuery } = eventTypeFilters(rt.modules.eventTypes);

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-endpoints',
    summary: 'List webhook endpoints (never their secrets)',
    operationId: 'listWebhookEndpoints',
    response: listSchema(endpointSchema),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    query: listQuery,
    responses: { 200: 'A list of webhook endpoints, newest first.' },
    handler: async (c, { query }) => {
      const rows = await listEndpoints(rt.db.prisma, c.get('principal').accountId, query);
      return ok(c, listBody(rows, query, '/api/v1/webhook-endpoints', endpointJson));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/webhook-endpoints',
    summary: 'Create a webhook endpoint',
    operationId: 'createWebhookEndpoint',
    response: okSchema({
      webhook_endpoint: endpointSchema,
      secret: z.string().nullable().describe('The signing secret (whsec_…), shown once; null in an Idempotency-Key replay.').meta({ examples: ['whsec_3q2k9x7v5t1r8p6n4m2l0j'] }),
      secret_redacted: z.literal(true).optional().describe('Present in an Idempotency-Key replay: the secret is not stored.'),
    }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    body: createBody,
    idempotent: true,
    responses: { 201: 'The endpoint and its signing secret (whsec_…; an Idempotency-Key replay answers `secret: null, secret_redacted: true`: reveal it instead).' },
    handler: (c, { body: input, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        const created = await createEndpoint(rt, tx, c.get('principal').accountId, {
          url: input.url,
          description: input.description,
          eventTypes: input.event_types,
          enabled: input.enabled,
          headers: input.headers,
          rateLimit: input.rate_limit,
          ordering: input.ordering,
        });
        return { status: 201, body: { webhook_endpoint: endpointJson(created.endpoint), secret: created.secret } };
      }, { secretFields: ['secret'] }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-endpoints/:id',
    summary: 'Show a webhook endpoint',
    operationId: 'getWebhookEndpoint',
    response: okSchema({ webhook_endpoint: endpointSchema }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The endpoint.' },
    handler: async (c) => {
      const endpoint = await getEndpoint(rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      return ok(c, { webhook_endpoint: endpointJson(endpoint) });
    },
  });

  defineRoute(ctx, {
    method: 'patch',
    path: '/api/v1/webhook-endpoints/:id',
    summary: 'Update a webhook endpoint',
    operationId: 'updateWebhookEndpoint',
    response: okSchema({ webhook_endpoint: endpointSchema }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    body: updateBody,
    responses: { 200: 'The endpoint as changed: only the fields sent change.' },
    handler: async (c, { body: input }) => {
      const endpoint = await updateEndpoint(rt, rt.db.prisma, c.get('principal').accountId, c.req.param('id'), {
        url: input.url,
        description: input.description,
        eventTypes: input.event_types,
        enabled: input.enabled,
        headers: input.headers,
        setHeaders: input.set_headers,
        removeHeaders: input.remove_headers,
        rateLimit: input.rate_limit,
        ordering: input.ordering,
      });
      return ok(c, { webhook_endpoint: endpointJson(endpoint) });
    },
  });

  for (const [action, enabled] of [['disable', false], ['enable', true]] as const) {
    defineRoute(ctx, {
      method: 'post',
      path: `/api/v1/webhook-endpoints/:id/${action}`,
      summary: enabled ? 'Enable a webhook endpoint again' : 'Disable a webhook endpoint',
      operationId: enabled ? 'enableWebhookEndpoint' : 'disableWebhookEndpoint',
      response: okSchema({ webhook_endpoint: endpointSchema }),
      tag: 'Webhooks',
      auth: 'webhooks.manage',
      responses: {
        200: enabled
          ? 'The endpoint, enabled, its failing period cleared (an endpoint already enabled is answered as it is).'
          : 'The endpoint, disabled (`disabled_reason: manual`): no event is sent to it until it is enabled (one already disabled is answered as it is).',
      },
      handler: async (c) => {
        const endpoint = await updateEndpoint(rt, rt.db.prisma, c.get('principal').accountId, c.req.param('id'), { enabled });
        return ok(c, { webhook_endpoint: endpointJson(endpoint) });
      },
    });
  }

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/webhook-endpoints/:id/rotate-secret',
    summary: "Rotate a webhook endpoint's signing secret",
    operationId: 'rotateWebhookEndpointSecret',
    response: secretAnswer,
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The new secret, which signs from now on; the one it replaces keeps signing too for 24 hours.' },
    handler: async (c) => {
      const rotated = await rotateSecret(rt, rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      c.header('Cache-Control', 'no-store');
      return ok(c, { webhook_endpoint: endpointJson(rotated.endpoint), secret: rotated.secret, previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString() });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-endpoints/:id/secret',
    summary: "Reveal a webhook endpoint's signing secret",
    operationId: 'getWebhookEndpointSecret',
    response: secretAnswer,
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The current signing secret (as Svix and Stripe show it on request), answered with `Cache-Control: no-store`.' },
    handler: async (c) => {
      const revealed = await revealSecret(rt, rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      const overlap = revealed.endpoint.previousSecretExpiresAt;
      c.header('Cache-Control', 'no-store');
      return ok(c, {
        webhook_endpoint: endpointJson(revealed.endpoint),
        secret: revealed.secret,
        previous_secret_expires_at: overlap && overlap > new Date() ? overlap.toISOString() : null,
      });
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/v1/webhook-endpoints/:id',
    summary: 'Delete a webhook endpoint with its deliveries',
    operationId: 'deleteWebhookEndpoint',
    response: okSchema({ webhook_endpoint: endpointSchema, deleted: z.literal(true) }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The deleted endpoint.' },
    handler: async (c) => {
      const endpoint = await deleteEndpoint(rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      return ok(c, { webhook_endpoint: endpointJson(endpoint), deleted: true });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/webhook-endpoints/:id/recover',
    summary: "Send again every failed delivery of a webhook endpoint since a time",
    operationId: 'recoverWebhookEndpoint',
    response: okSchema({
      webhook_endpoint: endpointSchema,
      since: timestamp,
      until: timestamp,
      queued: z.number().int().describe('Failed deliveries of the window queued to be sent again (none already queued by a recovery still running).'),
    }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    body: z.strictObject({
      since: z.iso.datetime({ offset: true }).describe(`Deliveries that ended failed from this time on; at most ${RECOVERY_WINDOW_DAYS} days ago.`),
      until: z.iso.datetime({ offset: true }).optional().describe('Until this time (excluded); default now.'),
    }),
    errorCodes: ['invalid_state'],
    responses: {
      202: 'The recovery is queued: the webhooks worker sends each claimed delivery again, oldest first, as a new attempt under its delivery number, at the endpoint\'s own limits.',
    },
    handler: async (c, { body }) => {
      const recovery = await recoverEndpoint(rt, c.get('principal').accountId, {
        endpointId: c.req.param('id'),
        since: new Date(body.since),
        until: body.until === undefined ? undefined : new Date(body.until),
      });
      return ok(
        c,
        { webhook_endpoint: endpointJson(recovery.endpoint), since: recovery.since.toISOString(), until: recovery.until.toISOString(), queued: recovery.queued },
        202,
      );
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/events',
    summary: 'List events',
    operationId: 'listEvents',
    response: listSchema(eventSchema),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    query: eventListQuery,
    responses: { 200: 'A list of events, newest first, each as webhooks deliver it.' },
    handler: async (c, { query }) => {
      const rows = await listEvents(rt.db.prisma, c.get('principal').accountId, query);
      return ok(c, listBody(rows, query, '/api/v1/events', eventJson));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/events/:id',
    summary: 'Show an event',
    operationId: 'getEvent',
    response: okSchema({ event: eventSchema }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The event, as webhooks deliver it.' },
    handler: async (c) => {
      const event = await rt.db.prisma.event.findFirst({ where: { id: c.req.param('id'), accountId: c.get('principal').accountId } });
      if (!event) throw notFound('event', 'id');
      return ok(c, { event: eventJson(event) });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-deliveries',
    summary: 'List webhook deliveries (the delivery log)',
    operationId: 'listWebhookDeliveries',
    response: listSchema(deliverySchema),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    query: deliveryListQuery,
    responses: { 200: 'Deliveries, newest first; filter with `endpoint_id`, `event_type`, `event_id`, `status` (`pending`, `succeeded`, `failed`), `request_log_id` (the deliveries of the events one API request caused).' },
    handler: async (c, { query }) => {
      const rows = await listDeliveries(rt.db.prisma, c.get('principal').accountId, query);
      return ok(c, listBody(rows, query, '/api/v1/webhook-deliveries', deliveryJson));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-deliveries/:id',
    summary: 'Show a webhook delivery',
    operationId: 'getWebhookDelivery',
    response: okSchema({ webhook_delivery: deliverySchema }),
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The delivery: its status, attempt count, the last HTTP status and what is next.' },
    handler: async (c) => {
      const delivery = await getDelivery(rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      return ok(c, { webhook_delivery: deliveryJson(delivery) });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/webhook-deliveries/:id/redeliver',
    summary: 'Send a webhook delivery again now',
    operationId: 'redeliverWebhookDelivery',
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    response: okSchema({ webhook_delivery: deliverySchema }),
    errorCodes: ['invalid_state'],
    responses: {
      200: 'The delivery, pending again: a new attempt under the same delivery number goes out now; if it fails, the retry schedule continues from its attempt count.',
    },
    handler: async (c) => {
      const delivery = await redeliver(rt, c.get('principal').accountId, c.req.param('id'), 'id');
      return ok(c, { webhook_delivery: deliveryJson(delivery) });
    },
  });
}
