// The payment intents' front door: what Pay's other sub-modules (refunds, checkout, kyc) and
// module.ts use of them. Their files (the lifecycle, creation, capture, off-session charges) are
// their own. intents/ sits above invoices/, customers/ and disputes/: a payment's success pays its
// invoice, saves its method and opens a dispute token's dispute, all in its transaction.

export { intentStatuses, lockPaymentIntent, transitionIntent, type IntentAction } from './lifecycle.ts';
export { checkoutStateSchema, checkoutUrl, paymentIntentJson, paymentIntentSchema } from './json.ts';
export { createPaymentIntent } from './intents.ts';
export { voidInvoice } from './invoice-void.ts';
// The one way a test token charges an intent (checkout, off-session, renewals): ./outcomes.ts over tokens.ts's tokenOutcome.
export { chargeTestToken, type TokenAttempt } from './outcomes.ts';
export { reviewPolling } from './workers.ts';

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const intentParts = {
  rest: () => import('./rest.ts'),
  /** `POST /api/v1/invoices/:id/void`: a void cancels the invoice's payment first (./invoice-void.ts). */
  invoiceVoid: () => import('./invoice-void.ts'),
  graphql: () => import('./graphql.ts'),
  postman: () => import('./postman.ts'),
  workers: () => import('./workers.ts'),
  capture: () => import('./capture.ts'),
  pages: () => import('./pages.ts'),
};
