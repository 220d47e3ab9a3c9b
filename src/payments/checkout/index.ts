// The hosted pages' front door: checkout, card sessions, saved-method checkout, the hosted invoice
// page and the pay button. checkout/ sits on top: it pays intents, invoices and saved methods.

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const checkoutParts = {
  pages: () => import('./pages.ts'),
  payButton: () => import('./pay-button.ts'),
  graphql: () => import('./graphql.ts'),
};
