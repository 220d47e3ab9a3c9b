// The dashboard's front door: launch readiness (REST and GraphQL), the queue's health and pause
// notices, the relay's gauges, and its GraphQL files (loaded by the manifest, ../module.ts).
export { launchReadiness, type Readiness, type ReadinessStep } from './readiness.ts';
export { readRelayGauges } from './metrics.ts';
export { pauseNotices } from './queue-health.ts';

/** The dashboard's GraphQL types and fields (queue health, the overview), registered as they load. */
export async function loadDashboardGraphql() {
  await import('./graphql.ts');
  await import('./overview-graphql.ts');
}
