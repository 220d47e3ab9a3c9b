// The opt-outs' front door: the account's list of numbers not to text, which an inbound STOP or
// START changes (messages/inbound.ts) and the send rules and list sends read (in SQL); its REST
// routes and GraphQL fields.
export { optIn, optOut, optOutKeyword } from './opt-outs.ts';
export { registerOptOutRoutes } from './opt-outs-rest.ts';

/** The opt-outs' GraphQL fields (`optOuts`, `optOutRecipient`, `optInRecipient`), registered as they load. */
export async function loadOptOutsGraphql() {
  await import('./opt-outs-graphql.ts');
}
