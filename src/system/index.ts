// The system domain's front door: what other domains use of it. Another domain imports these from
// here, never from the files behind it (.dependency-cruiser.cjs).

export { checkHealth, type HealthReport } from './service.ts';
