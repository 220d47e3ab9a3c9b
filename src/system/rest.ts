import { z } from 'zod';
import { buildOpenApi, buildPostman, describeRoute } from '../core/openapi.ts';
import { registry } from '../core/metrics.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { referencePage } from './reference-page.ts';
import { checkHealth } from './service.ts';

/** Both products answer on the same base (`/api/v1/…` is the Pay path and the relay base's `/v1/…`). */
const statusBody = z.object({
  ok: z.literal(true),
  service: z.literal('yarrow'),
  products: z.array(z.enum(['yarrow-pay', 'yarrow-relay'])),
  env: z.enum(['sandbox', 'live']),
});

export function registerSystemRoutes({ app, rt }: GatewayContext) {
  // Relay clients whose base already ends in `/api` call these under `/api/api/v1/…` too (aliases).
  for (const [i, path] of ['/api/v1/status', '/api/api/v1/status'].entries()) {
    describeRoute({
      method: 'get',
      path,
      tag: 'System',
      auth: 'none',
      summary: 'Service status',
      responses: { 200: 'The service, the products it serves and the environment.' },
      responseSchema: statusBody,
      ...(i > 0 ? { alias: true } : {}),
    });
    app.get(path, (c) => c.json({ ok: true, service: 'yarrow', products: ['yarrow-pay', 'yarrow-relay'], env: rt.config.YARROW_ENV } satisfies z.infer<typeof statusBody>));
  }

  for (const [i, path] of ['/api/v1/health', '/api/api/v1/health'].entries()) {
    describeRoute({
      method: 'get',
      path,
      tag: 'System',
      auth: 'none',
      summary: 'Database and queue health',
      responses: { 200: 'Everything works.', 503: 'The database or the queue fails.' },
      ...(i > 0 ? { alias: true } : {}),
    });
    app.get(path, async (c) => {
      const report = await checkHealth(rt);
      return c.json(report, report.ok ? 200 : 503);
    });
  }

  describeRoute({ method: 'get', path: '/metrics', tag: 'System', auth: 'none', summary: 'Prometheus metrics', produces: 'text', responses: { 200: 'Metrics in the Prometheus text format.' } });
  app.get('/metrics', async (c) => {
    c.header('Content-Type', registry.contentType);
    return c.body(await registry.metrics());
  });

  describeRoute({ method: 'get', path: '/api/openapi.json', tag: 'System', auth: 'none', summary: 'This API as OpenAPI 3.1', responses: { 200: 'The OpenAPI document.' } });
  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(rt.config.publicBaseUrl)));

  describeRoute({ method: 'get', path: '/api/postman.json', tag: 'System', auth: 'none', summary: 'This API as a Postman v2.1 collection', responses: { 200: 'The Postman collection.' } });
  app.get('/api/postman.json', (c) => {
    c.header('Content-Disposition', 'inline; filename="yarrow.postman_collection.json"');
    return c.json(buildPostman(buildOpenApi(rt.config.publicBaseUrl)));
  });

  describeRoute({ method: 'get', path: '/api/docs', tag: 'System', auth: 'none', summary: 'API reference page', produces: 'html', responses: { 200: 'The rendered API reference.' } });
  app.get('/api/docs', (c) => c.html(referencePage(buildOpenApi(rt.config.publicBaseUrl))));
}
