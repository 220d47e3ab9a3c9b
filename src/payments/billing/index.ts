// Billing's front door: what the payments module (module.ts) and other sub-modules use of it
// (module.ts also reads its declarations from the contract.ts leaf).
export { registerBillingRoutes } from './rest.ts';
export { runBillingWorker } from './workers.ts';
export { billingFolders } from './postman.ts';
