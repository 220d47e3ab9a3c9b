import { z } from 'zod';
import { notFound } from '../core/errors.ts';
import { ok } from '../core/http.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import { listBody, listQuery } from '../core/pagination.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute } from '../core/route.ts';
import { createEndpoint, deleteEndpoint, endpointDescription, endpointEventTypes, getEndpoint } from './endpoints.ts';
import { endpointJson, eventJson } from './json.ts';
import { eventListQuery, listEndpoints, listEvents } from './lists.ts';
import { webhookUrl } from './url-safety.ts';

// REST speaks snake_case; the rules are the service's own field schemas.
const createBody = z.strictObject({
  url: webhookUrl,
  description: endpointDescription.optional(),
  event_types: endpointEventTypes.optional(),
  enabled: z.boolean().optional(),
});

export function registerWebhookRoutes(ctx: GatewayContext) {
  const { rt } = ctx;

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-endpoints',
    summary: 'List webhook endpoints (never their secrets)',
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
        });
        return { status: 201, body: { webhook_endpoint: endpointJson(created.endpoint), secret: created.secret } };
      }, { secretFields: ['secret'] }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/webhook-endpoints/:id',
    summary: 'Show a webhook endpoint',
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The endpoint.' },
    handler: async (c) => {
      const endpoint = await getEndpoint(rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      return ok(c, { webhook_endpoint: endpointJson(endpoint) });
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/v1/webhook-endpoints/:id',
    summary: 'Delete a webhook endpoint with its deliveries',
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The deleted endpoint.' },
    handler: async (c) => {
      const endpoint = await deleteEndpoint(rt.db.prisma, c.get('principal').accountId, c.req.param('id'));
      return ok(c, { webhook_endpoint: endpointJson(endpoint), deleted: true });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/events',
    summary: 'List events',
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
    tag: 'Webhooks',
    auth: 'webhooks.manage',
    responses: { 200: 'The event, as webhooks deliver it.' },
    handler: async (c) => {
      const event = await rt.db.prisma.event.findFirst({ where: { id: c.req.param('id'), accountId: c.get('principal').accountId } });
      if (!event) throw notFound('event', 'id');
      return ok(c, { event: eventJson(event) });
    },
  });
}
