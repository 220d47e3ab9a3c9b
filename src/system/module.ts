import { z } from 'zod';
import { booleanFlag } from '../core/config.ts';
import { defineModule, liveTopic } from '../core/module.ts';
import { idPrefixes, type DiagnosticPong } from './contract.ts';

/** Status, health, metrics, the API reference, and the diagnostics and maintenance workers. */
export const systemModule = defineModule({
  name: 'system',
  routes: async (ctx) => (await import('./rest.ts')).registerSystemRoutes(ctx),
  postman: async () => (await import('./postman.ts')).postmanFolders,
  graphql: () => import('./graphql.ts'),
  workers: {
    diagnostics: async (rt) => (await import('./workers.ts')).runDiagnosticsWorker(rt),
    maintenance: async (rt) => (await import('./workers.ts')).runMaintenanceWorker(rt),
  },
  queues: {
    diagnostics_ping: {
      payload: z.object({ accountId: z.number().int(), pingId: z.string(), sentAt: z.iso.datetime() }),
      options: { retryLimit: 3, expireInSeconds: 60 },
    },
    maintenance: {
      payload: z.object({}).loose(),
      options: { retryLimit: 1, expireInSeconds: 300 },
    },
  },
  idPrefixes,
  banner: (config) => [
    ['Status', `${config.publicBaseUrl}/api/v1/status`],
    ['Health', `${config.publicBaseUrl}/api/v1/health`],
    ...(config.graphiql ? [['GraphiQL', `${config.publicBaseUrl}/graphql`] as const] : []),
  ],
  topics: {
    diagnosticPong: liveTopic<number, DiagnosticPong>(),
  },
  config: {
    env: {
      METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
      METRICS_PUBLIC: booleanFlag.optional(),
    },
    derive: (values) => ({
      /** `/metrics` without a token: open in sandbox, closed in live unless METRICS_PUBLIC=true. */
      metricsPublic: values.METRICS_PUBLIC ?? values.YARROW_ENV === 'sandbox',
    }),
  },
});
