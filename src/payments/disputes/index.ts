// The disputes' front door. disputes/ sits below intents/: a dispute token's payment opens its
// dispute when it succeeds (at checkout, off-session or at capture), in the payment's transaction.

export { openDispute } from './lifecycle.ts';

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const disputeParts = {
  rest: () => import('./rest.ts'),
  graphql: () => import('./graphql.ts'),
  postman: () => import('./postman.ts'),
  workers: () => import('./disputes.ts'),
  pages: () => import('./pages.ts'),
};
