// The webhooks domain's front door: what other domains use of it. Another domain imports these from
// here, never from the files behind it (.dependency-cruiser.cjs).

// The outbox: every domain records its events here, in the transaction of the change they describe.
export { recordEvent, recordEvents, type EventInput } from './events.ts';
// Endpoints, for the relay's SMS Gateway for Android compatible API (its own webhook registrations).
export { createEndpoint, deleteEndpoint, updateEndpoint } from './endpoints.ts';
export { listEndpoints } from './lists.ts';
