// The invoices' front door. invoices/ sits below intents/: the intent's lifecycle locks an invoice
// before its payment and pays it when the payment succeeds (./lifecycle.ts has those moves).

export { assertInvoiceMove, invoicePayable, lockInvoice, markInvoiceUncollectible, sqlTimestamp, transitionInvoiceLocked } from './lifecycle.ts';
export { hostedInvoiceUrl, invoiceJson, invoiceNo, invoiceSchema, isOverdue } from './json.ts';
export { currentInvoicePayment, findInvoiceForHostedPage, insertInvoice } from './invoices.ts';

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const invoiceParts = {
  rest: () => import('./rest.ts'),
  graphql: () => import('./graphql.ts'),
  postman: () => import('./postman.ts'),
  workers: () => import('./workers.ts'),
  pages: () => import('./pages.ts'),
};
