// Billing's front door: products, prices, subscriptions and their renewals, for module.ts (other
// sub-modules use nothing of it: an invoice's payment tells it through a job). billing/ sits above
// intents/, invoices/ and customers/: a period's invoice is charged with a customer's saved method.

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const billingParts = {
  rest: () => import('./rest.ts'),
  graphql: () => import('./graphql.ts'),
  postman: () => import('./postman.ts'),
  workers: () => import('./workers.ts'),
  pages: () => import('./pages.ts'),
};
