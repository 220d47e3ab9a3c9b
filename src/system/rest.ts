import { registry } from '../core/metrics.ts';
import type { GatewayContext } from '../gateway.ts';
import { checkHealth } from './service.ts';

export function registerSystemRoutes({ app, rt }: GatewayContext) {
  app.get('/api/v1/status', (c) => c.json({ ok: true, service: 'yarrow-pay', env: rt.config.YARROW_ENV }));

  app.get('/api/v1/health', async (c) => {
    const report = await checkHealth(rt);
    return c.json(report, report.ok ? 200 : 503);
  });

  app.get('/metrics', async (c) => {
    c.header('Content-Type', registry.contentType);
    return c.body(await registry.metrics());
  });
}
