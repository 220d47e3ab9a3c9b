import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'yarrow_' });

export const httpRequests = new Histogram({
  name: 'yarrow_http_request_duration_seconds',
  help: 'HTTP request duration by route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const jobsProcessed = new Counter({
  name: 'yarrow_jobs_processed_total',
  help: 'Jobs handled by worker processes, by queue and outcome.',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});
