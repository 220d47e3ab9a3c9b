import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import { safeEqual } from './crypto.ts';
import { queueGauges, registerDatabaseGauges, registry } from './metrics.ts';
import type { Runtime } from './runtime.ts';

/**
 * Why a scrape is refused, or undefined when it may read the metrics: with METRICS_TOKEN only its
 * bearer; without one, open where `metricsPublic` (sandbox, or METRICS_PUBLIC=true). The gateway's
 * `/metrics` and every worker process's metrics port apply the same rule.
 */
export function metricsRefusal(config: Pick<Config, 'METRICS_TOKEN' | 'metricsPublic'>, authorization: string | undefined): string | undefined {
  const token = config.METRICS_TOKEN;
  const offered = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (token) return offered && safeEqual(offered, token) ? undefined : 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".';
  if (config.metricsPublic) return undefined;
  return 'Metrics are not public on a live instance: set METRICS_TOKEN and send it as "Authorization: Bearer <token>" (or METRICS_PUBLIC=true).';
}

/** How many ports past WORKER_METRICS_PORT a worker process tries when it is taken (another worker process on the host). */
const PORTS_TO_TRY = 20;

/**
 * A worker process's metrics: `GET /metrics` on WORKER_METRICS_PORT (HOST), Prometheus text of
 * this process (its jobs, the webhooks it sent) and the gauges read from the database (core's
 * queue backlog and what the modules declare in `gauges`). Answers the port it listens on.
 */
export async function serveWorkerMetrics(rt: Runtime): Promise<{ port: number; close(): Promise<void> }> {
  registerDatabaseGauges(
    rt.db.prisma,
    [queueGauges, ...rt.modules.list.flatMap((module) => (module.gauges ? [module.gauges] : []))],
    (error) => rt.logger.warn({ err: error }, 'metrics: a database gauge could not be read'),
  );
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
      return;
    }
    const refusal = metricsRefusal(rt.config, request.headers.authorization);
    if (refusal) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end(`${refusal}\n`);
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        rt.logger.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected.\n');
      },
    );
  });
  const wanted = rt.config.WORKER_METRICS_PORT;
  let port = await listen(server, wanted, rt.config.HOST).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || wanted === 0) throw error;
    for (let next = wanted + 1; next <= Math.min(wanted + PORTS_TO_TRY, 65535); next++) {
      const taken = await listen(server, next, rt.config.HOST).catch((again: NodeJS.ErrnoException) => {
        if (again.code !== 'EADDRINUSE') throw again;
        return undefined;
      });
      if (taken !== undefined) return taken;
    }
    throw error;
  });
  if (port !== wanted && wanted !== 0) rt.logger.warn({ wanted, port }, `WORKER_METRICS_PORT ${wanted} is taken (another worker process here?): metrics on ${port} instead`);
  port = Number(port);
  rt.logger.info({ url: `http://${rt.config.HOST}:${port}/metrics` }, 'worker metrics served');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
