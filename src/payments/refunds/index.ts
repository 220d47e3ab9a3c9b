// The refunds' front door: nothing of Pay enters refunds/ but module.ts (a refund's lifecycle locks
// its payment intent through intents/).

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const refundParts = {
  rest: () => import('./rest.ts'),
  graphql: () => import('./graphql.ts'),
  workers: () => import('./workers.ts'),
};
