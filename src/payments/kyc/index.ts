// KYC's front door. KYC here is Pay's gate, not the account's record: its review, events
// (kyc.review.*), sandbox reviewer and live topic are Pay's, and only Pay's scopes reach it.

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const kycParts = {
  graphql: () => import('./graphql.ts'),
  workers: () => import('./workers.ts'),
};
