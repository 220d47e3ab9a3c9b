// `yarrow trigger` recipes for the payments module's events: how the CLI makes each happen for real,
// through the API and hosted pages a merchant and their customer use. The CLI ships in the SDK and
// cannot import the server, so this file imports only packages/sdk, and the SDK ships a copy of it
// (packages/sdk/generated/trigger/payments.ts, written by `npm run sdk:types`).
import { graphql } from '../../packages/sdk/generated/gql/index.ts';
import { CliError, type Json, graphqlCall, graphqlClient, hostedPages, rest } from '../../packages/sdk/cli/api.ts';
import { type Recipe, type TriggerOptions, cannot, withOverrides } from '../../packages/sdk/cli/recipe.ts';

const SubmitKyc = graphql(`
  mutation TriggerSubmitKyc($input: SubmitKycInput!) {
    submitKyc(input: $input) {
      id
      status
    }
  }
`);


const CurrentKyc = graphql(`
  query TriggerCurrentKyc {
    account {
      kyc {
        id
        status
      }
    }
  }
`);


const ApproveKyc = graphql(`
  mutation TriggerApproveKyc($id: ID!) {
    approveKycReview(id: $id) {
      id
      status
    }
  }
`);


const RejectKyc = graphql(`
  mutation TriggerRejectKyc($id: ID!, $reason: String!) {
    rejectKycReview(id: $id, reason: $reason) {
      id
      status
    }
  }
`);


async function createIntent(options: TriggerOptions, title: string, extra: Record<string, string> = {}): Promise<Json> {
  const { payment_intent: intent } = await rest(options, 'POST', '/api/v1/payment-intents', {
    amount: 12.5,
    currency: 'USD',
    title,
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    metadata: { created_by: 'yarrow trigger' },
    ...extra,
  });
  options.print(`Created payment intent ${intent.id} (${intent.amount_display} ${intent.currency}).`);
  return intent;
}

/** A new intent paid on its hosted checkout with `token` (see README, "Test tokens"). */
function payWith(token: string): Recipe {
  return async (options) => {
    const intent = await createIntent(options, 'yarrow trigger');
    const session = await hostedPages(options.baseUrl).pay(intent.id, token);
    const after = (await rest(options, 'GET', `/api/v1/payment-intents/${intent.id}`)).payment_intent;
    options.print(`Paid it on the hosted checkout (${session}) with the test token ${token}: the intent is ${after.status}.`);
  };
}

/** A new intent paid with YP-VISA-APPROVE, then refunded `amount` (0.13 is the sandbox's failing refund). */
function refundOf(amount: string, follows: string): Recipe {
  return async (options) => {
    const intent = await createIntent(options, 'yarrow trigger');
    await hostedPages(options.baseUrl).pay(intent.id, 'YP-VISA-APPROVE');
    const { refund } = await rest(options, 'POST', '/api/v1/refunds', { payment_intent: intent.id, amount, reason: 'requested_by_customer' });
    options.print(`Paid it with YP-VISA-APPROVE and refunded ${refund.amount_display} ${refund.currency}: refund ${refund.id} is ${refund.status}; ${follows}`);
  };
}

/** A new intent paid with YP-VISA-DISPUTE: it succeeds and its card holder disputes it (dispute.created). Answers the dispute. */
async function disputedPayment(options: TriggerOptions): Promise<Json> {
  const intent = await createIntent(options, 'yarrow trigger');
  await hostedPages(options.baseUrl).pay(intent.id, 'YP-VISA-DISPUTE');
  const [dispute] = (await rest(options, 'GET', `/api/v1/disputes?payment_intent=${intent.id}`)).data;
  if (!dispute) throw new CliError(`Paid ${intent.id} with YP-VISA-DISPUTE, but no dispute opened on it.`);
  options.print(`Paid it with YP-VISA-DISPUTE: dispute ${dispute.id} opened (${dispute.reason}, ${dispute.amount_display} ${dispute.currency}, evidence due by ${dispute.evidence_due_by}).`);
  return dispute;
}

async function createInvoice(options: TriggerOptions): Promise<Json> {
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const { invoice } = await rest(options, 'POST', '/api/v1/invoices', {
    title: 'yarrow trigger',
    amount: 42,
    currency: 'USD',
    due_date: dueDate,
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
  });
  options.print(`Created invoice ${invoice.id} (${invoice.invoice_no}, ${invoice.amount_display} ${invoice.currency}, due ${invoice.due_date}).`);
  return invoice;
}

async function submitKyc(options: TriggerOptions) {
  const { submitKyc: review } = await graphqlCall(options, () =>
    graphqlClient(options).request(SubmitKyc, {
      input: {
        legalName: 'Trigger Test Ltd',
        country: 'GB',
        registrationNumber: '123456789',
        contactName: 'Ada Lovelace',
        contactEmail: 'ada@example.com',
      },
    }),
  );
  options.print(`Submitted KYC details: review ${review.id} is ${review.status.toLowerCase()}.`);
  return review;
}

/** The review a decision applies to: the account's pending one (one at a time), else a new submission. */
async function pendingKycReview(options: TriggerOptions) {
  const { account } = await graphqlCall(options, () => graphqlClient(options).request(CurrentKyc));
  if (account.kyc?.status === 'APPROVED') {
    throw new CliError(
      "This account's KYC is approved, and approved details are locked: KYC review events need an account that is not verified yet (a new sandbox account, or sign up again in the panel).",
    );
  }
  if (account.kyc?.status === 'PENDING_REVIEW') {
    options.print(`Using the pending KYC review ${account.kyc.id}.`);
    return account.kyc;
  }
  return submitKyc(options);
}

async function createCustomer(options: TriggerOptions): Promise<Json> {
  const { customer } = await rest(
    options,
    'POST',
    '/api/v1/customers',
    withOverrides(options, 'customer', { email: 'ada@example.com', name: 'Ada Lovelace', metadata: { created_by: 'yarrow trigger' } }),
  );
  options.print(`Created customer ${customer.id} (${customer.email}).`);
  return customer;
}

/** A new customer with a card saved by a payment paid on the hosted checkout with YP-VISA-APPROVE. */
async function customerWithSavedCard(options: TriggerOptions, token = 'YP-VISA-APPROVE'): Promise<Json> {
  const customer = await createCustomer(options);
  const { payment_intent: intent } = await rest(options, 'POST', '/api/v1/payment-intents', {
    amount: 12.5,
    currency: 'USD',
    title: 'yarrow trigger',
    customer: customer.id,
    setup_future_usage: 'off_session',
  });
  // Pinned to approve: a declining token's card is saved, and declines every later charge.
  await hostedPages(options.baseUrl).pay(intent.id, token, 'visa', 'approve');
  const { data } = await rest(options, 'GET', `/api/v1/customers/${customer.id}/payment-methods`);
  const method = data[0];
  options.print(`Paid ${intent.id} on the hosted checkout with ${token}, saving ${method.id} (${method.card.brand} •••• ${method.card.last4}) on the customer.`);
  return method;
}

// --- billing ---

async function createPrice(options: TriggerOptions): Promise<Json> {
  const { product } = await rest(options, 'POST', '/api/v1/products', withOverrides(options, 'product', { name: 'Pro plan', metadata: { created_by: 'yarrow trigger' } }));
  const { price } = await rest(
    options,
    'POST',
    '/api/v1/prices',
    withOverrides(options, 'price', { product: product.id, unit_amount: '9.99', currency: 'USD', recurring: { interval: 'month' } }),
  );
  options.print(`Created product ${product.id} and its price ${price.id} (${price.unit_amount_display} ${price.currency} a ${price.recurring.interval}).`);
  return price;
}

/** A customer with a saved card (`token`: one that declines later makes the first invoice fail) subscribed to a new price. */
async function createSubscription(options: TriggerOptions, extra: Record<string, unknown> = {}, token = 'YP-VISA-APPROVE'): Promise<Json> {
  const method = await customerWithSavedCard(options, token);
  const price = await createPrice(options);
  const { subscription } = await rest(
    options,
    'POST',
    '/api/v1/subscriptions',
    withOverrides(options, 'subscription', { customer: method.customer, items: [{ price: price.id, quantity: 1 }], default_payment_method: method.id, ...extra }),
  );
  options.print(`Subscribed the customer: ${subscription.id} is ${subscription.status}.`);
  return subscription;
}

const billingRecipes: Record<string, Recipe> = {
  'product.created': async (options) => {
    await createPrice(options);
  },
  'product.updated': async (options) => {
    const price = await createPrice(options);
    await rest(options, 'POST', `/api/v1/products/${price.product}`, { description: 'Updated by yarrow trigger' });
    options.print('Updated its description.');
  },
  'price.created': async (options) => {
    await createPrice(options);
  },
  'price.updated': async (options) => {
    const price = await createPrice(options);
    await rest(options, 'POST', `/api/v1/prices/${price.id}`, { nickname: 'Updated by yarrow trigger' });
    options.print('Gave the price a nickname (its amount and interval never change).');
  },
  'customer.subscription.created': async (options) => {
    await createSubscription(options);
  },
  'customer.subscription.updated': async (options) => {
    const subscription = await createSubscription(options);
    await rest(options, 'POST', `/api/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true });
    options.print('Set cancel_at_period_end.');
  },
  'customer.subscription.deleted': async (options) => {
    const subscription = await createSubscription(options);
    await rest(options, 'POST', `/api/v1/subscriptions/${subscription.id}/cancel`, {});
    options.print('Canceled it.');
  },
  'customer.subscription.trial_will_end': async (options) => {
    await createSubscription(options, { trial_period_days: 1 });
    options.print('Its trial ends within 3 days: the billing worker records customer.subscription.trial_will_end at once.');
  },
  'invoice.finalized': async (options) => {
    const subscription = await createSubscription(options);
    options.print(`Its first invoice ${subscription.latest_invoice} was finalized and charged.`);
  },
  'invoice.payment_failed': async (options) => {
    const subscription = await createSubscription(options, {}, 'YP-VISA-DECLINE');
    options.print(`Its first invoice ${subscription.latest_invoice} was declined (insufficient_funds): the subscription is ${subscription.status}.`);
  },
  'invoice.upcoming': cannot(
    'invoice.upcoming is sent 3 days before a subscription renews: create a subscription on an account with a test clock (yarrow trigger customer.subscription.created makes one) and advance the clock to 3 days before its current_period_end (docs/pay.md, "Subscriptions").',
  ),
  'invoice.marked_uncollectible': cannot(
    'invoice.marked_uncollectible follows the last failed retry of a renewal: subscribe a customer whose card declines later, on an account with a test clock, and advance the clock through the retry schedule (docs/pay.md, "Subscriptions").',
  ),
};

export const recipes: Record<string, Recipe> = {
  'payment_intent.created': async (options) => {
    await createIntent(options, 'yarrow trigger');
  },
  'payment_intent.requires_action': payWith('YP-VISA-3DS'),
  'payment_intent.processing': payWith('YP-VISA-REVIEW'),
  'payment_intent.succeeded': payWith('YP-VISA-APPROVE'),
  'payment_intent.payment_failed': payWith('YP-VISA-DECLINE'),
  'payment_intent.canceled': async (options) => {
    const intent = await createIntent(options, 'yarrow trigger');
    await rest(options, 'POST', `/api/v1/payment-intents/${intent.id}/cancel`, { cancellation_reason: 'requested_by_customer' });
    options.print(`Canceled it (requested_by_customer).`);
  },
  'payment_intent.amount_capturable_updated': async (options) => {
    const intent = await createIntent(options, 'yarrow trigger', { capture_method: 'manual' });
    await hostedPages(options.baseUrl).pay(intent.id, 'YP-VISA-APPROVE');
    const after = (await rest(options, 'GET', `/api/v1/payment-intents/${intent.id}`)).payment_intent;
    options.print(
      `Authorized it on the hosted checkout with YP-VISA-APPROVE (capture_method manual): the intent is ${after.status}, ${after.amount_capturable} ${after.currency} capturable until ${after.capture_before}. Capture it with POST /api/v1/payment-intents/${intent.id}/capture.`,
    );
  },
  'refund.created': refundOf('5.00', 'the payment-refund worker settles it.'),
  'refund.succeeded': refundOf('5.00', 'refund.succeeded follows when the payment-refund worker settles it.'),
  'refund.failed': refundOf('0.13', 'an amount ending in 13 minor units fails: refund.failed follows when the payment-refund worker settles it.'),
  'dispute.created': async (options) => {
    await disputedPayment(options);
  },
  'dispute.updated': async (options) => {
    const dispute = await disputedPayment(options);
    await rest(options, 'POST', `/api/v1/disputes/${dispute.id}/evidence`, { evidence: { product_description: 'Saved by yarrow trigger' } });
    options.print('Saved evidence as a draft (the dispute still needs a response; submit: true would send it for review).');
  },
  'dispute.closed': async (options) => {
    const dispute = await disputedPayment(options);
    const { dispute: closed } = await rest(options, 'POST', `/api/v1/disputes/${dispute.id}/close`, {});
    options.print(`Accepted it: the dispute is ${closed.status}. (Submitting winning_evidence instead closes it won after DISPUTE_REVIEW_DELAY_SECONDS.)`);
  },
  'invoice.created': async (options) => {
    await createInvoice(options);
  },
  'invoice.paid': async (options) => {
    const invoice = await createInvoice(options);
    const intentId = await hostedPages(options.baseUrl).openInvoicePayment(invoice.id);
    await hostedPages(options.baseUrl).pay(intentId, 'YP-VISA-APPROVE');
    const after = (await rest(options, 'GET', `/api/v1/invoices/${invoice.id}`)).invoice;
    options.print(`Paid it on the hosted invoice page (payment intent ${intentId}, test token YP-VISA-APPROVE): the invoice is ${after.status}.`);
  },
  'invoice.voided': async (options) => {
    const invoice = await createInvoice(options);
    await rest(options, 'POST', `/api/v1/invoices/${invoice.id}/void`, {});
    options.print('Voided it.');
  },
  'invoice.overdue': cannot(
    'invoice.overdue is recorded by the invoice-overdue worker at 00:00 UTC the day after an open invoice\'s due date, and a due date cannot be in the past: create an invoice due today (yarrow trigger invoice.created makes one due in 7 days) and the event follows after midnight UTC, or freeze the account\'s time with a test clock and advance it past the due date (README, "Test clock").',
  ),
  'kyc.review.submitted': async (options) => {
    await submitKyc(options);
  },
  'kyc.review.approved': async (options) => {
    const review = await pendingKycReview(options);
    const { approveKycReview: approved } = await graphqlCall(options, () => graphqlClient(options).request(ApproveKyc, { id: review.id }));
    options.print(`Approved it (sandbox operator): ${approved.status.toLowerCase()}.`);
  },
  'kyc.review.rejected': async (options) => {
    const review = await pendingKycReview(options);
    const { rejectKycReview: rejected } = await graphqlCall(options, () =>
      graphqlClient(options).request(RejectKyc, { id: review.id, reason: 'Rejected by yarrow trigger.' }),
    );
    options.print(`Rejected it (sandbox operator): ${rejected.status.toLowerCase()}.`);
  },
  'customer.created': async (options) => {
    await createCustomer(options);
  },
  'customer.updated': async (options) => {
    const customer = await createCustomer(options);
    await rest(options, 'POST', `/api/v1/customers/${customer.id}`, { description: 'Updated by yarrow trigger' });
    options.print('Updated its description.');
  },
  'customer.deleted': async (options) => {
    const customer = await createCustomer(options);
    await rest(options, 'DELETE', `/api/v1/customers/${customer.id}`);
    options.print('Deleted it.');
  },
  'payment_method.attached': async (options) => {
    await customerWithSavedCard(options);
  },
  'payment_method.detached': async (options) => {
    const method = await customerWithSavedCard(options);
    await rest(options, 'POST', `/api/v1/payment-methods/${method.id}/detach`, {});
    options.print('Detached it.');
  },
  // Billing's after the payment intent's: `yarrow trigger`'s list of events starts with the most used.
  ...billingRecipes,
};
