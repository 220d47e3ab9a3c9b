import { z } from 'zod';
import { YarrowError } from '../core/errors.ts';
import { buildOpenApi } from '../core/openapi.ts';
import { defineRoute } from '../core/route.ts';
import { registry } from '../core/metrics.ts';
import { metricsRefusal } from '../core/metrics-server.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { buildPostman, postmanFlow } from '../core/postman.ts';
import { REFERENCE_ASSETS_PATH, referenceAssets, referencePage } from './reference-page.ts';
import { checkHealth, healthReportSchema } from './service.ts';

/** Both products answer on the same base (`/api/v1/…` is the Pay path and the relay base's `/v1/…`). */
const statusBody = z.object({
  ok: z.literal(true),
  service: z.literal('yarrow'),
  products: z.array(z.enum(['yarrow-pay', 'yarrow-relay'])),
  env: z.enum(['sandbox', 'live']),
});

export function registerSystemRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  // Relay clients whose base already ends in `/api` call these under `/api/api/v1/…` too (aliases).
  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/status',
    tag: 'System',
    auth: 'none',
    summary: 'Service status',
    operationId: 'getStatus',
    alias: true,
    response: statusBody,
    responses: { 200: 'The service, the products it serves and the environment.' },
    handler: (c) => c.json({ ok: true, service: 'yarrow', products: ['yarrow-pay', 'yarrow-relay'], env: rt.config.YARROW_ENV } satisfies z.infer<typeof statusBody>),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/health',
    tag: 'System',
    auth: 'none',
    summary: 'Database and queue health',
    operationId: 'getHealth',
    response: healthReportSchema,
    alias: true,
    responses: { 200: 'Everything works.', 503: 'The database or the queue fails.' },
    handler: async (c) => {
      const report = await checkHealth(rt);
      // As every other answer while the database is away (`serviceUnavailable`): try again shortly.
      if (!report.ok) c.header('Retry-After', '2');
      return c.json(report, report.ok ? 200 : 503);
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/metrics',
    tag: 'System',
    auth: 'none',
    summary: 'Prometheus metrics',
    operationId: 'getMetrics',
    produces: 'text',
    responses: { 200: 'Metrics in the Prometheus text format.', 401: 'The metrics token is missing or wrong, or metrics are not public here.' },
    errorCodes: ['unauthorized'],
    handler: async (c) => {
      const refusal = metricsRefusal(rt.config, c.req.header('authorization'));
      if (refusal) throw new YarrowError('unauthorized', refusal);
      c.header('Content-Type', registry.contentType);
      return c.body(await registry.metrics());
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'System',
    auth: 'none',
    summary: 'This API as OpenAPI 3.1',
    operationId: 'getOpenApiDocument',
    response: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    responses: { 200: 'The OpenAPI document.' },
    handler: (c) => c.json(buildOpenApi(rt.config.publicBaseUrl, ctx.routeDocs)),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/postman.json',
    tag: 'System',
    auth: 'none',
    summary: 'This API as a Postman v2.1 collection',
    operationId: 'getPostmanCollection',
    response: z.looseObject({ info: z.looseObject({ name: z.string(), schema: z.string() }), item: z.array(z.unknown()) }),
    responses: { 200: 'The Postman collection.' },
    handler: async (c) => {
      c.header('Content-Disposition', 'inline; filename="yarrow.postman_collection.json"');
      return c.json(buildPostman(buildOpenApi(rt.config.publicBaseUrl, ctx.routeDocs), await postmanFlow(rt.modules.list)));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/docs',
    tag: 'System',
    auth: 'none',
    summary: 'API reference page',
    operationId: 'getApiReference',
    produces: 'html',
    responses: { 200: 'The rendered API reference.' },
    handler: (c) => {
      const { body, headers } = referencePage(buildOpenApi(rt.config.publicBaseUrl, ctx.routeDocs));
      return c.html(body, 200, headers);
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: `${REFERENCE_ASSETS_PATH}/:file{[a-z.-]+\\.js}`,
    tag: 'System',
    summary: "The API reference page's scripts (Redoc's bundle, and the one that starts it)",
    auth: 'none',
    openapi: false,
    produces: 'text',
    responses: { 200: 'The file.' },
    handler: (c) => {
      const file = c.req.param('file')!;
      const asset = Object.hasOwn(referenceAssets, file) ? referenceAssets[file] : undefined;
      if (!asset) throw new YarrowError('not_found', `No API reference asset ${file}.`);
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(asset());
    },
  });
}
