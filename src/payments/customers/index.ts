// The customers' front door: customers and their saved payment methods. customers/ sits below
// intents/ (a payment is for a customer, its success saves its method) and checkout/ (a saved method pays).

export { findPaymentMethod, getCustomer, methodPaidWith, savedMethodOf, tokenOf } from './payment-methods.ts';

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const customerParts = {
  rest: () => import('./rest.ts'),
  graphql: () => import('./graphql.ts'),
  postman: () => import('./postman.ts'),
  pages: () => import('./pages.ts'),
};
