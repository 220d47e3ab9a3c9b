import { csrfFrom, locationOf, type PostmanFolder, type PostmanStep } from '../../core/postman.ts';

// Billing in the Postman flow (newman runs it in test/system/postman.test.ts, with the billing
// worker): a product and its price, the dunning settings, then on a test clock a subscription
// whose trial ends and renews (paid), whose next renewal is declined on a card that declines later
// (past_due), and which a dunning retry brings back to active once an approving card is the
// default again; then changed and canceled.

/**
 * A GET repeated (newman's `setNextRequest`, a quarter second apart, at most 120 times) until
 * `condition` holds over `json`: the worker plays what the clock released while the flow waits.
 */
function pollUntil(name: string, operation: PostmanStep['operation'], params: Record<string, string>, condition: string, what: string): PostmanStep {
  const counter = `polls_${name.replace(/\W+/g, '_')}`;
  return {
    name,
    operation,
    params,
    status: 200,
    prerequest: [`if (+(pm.collectionVariables.get('${counter}') || 0) > 0) setTimeout(() => {}, 250);`],
    checks: {
      [what]: `const polls = +(pm.collectionVariables.get('${counter}') || 0); if (!(${condition}) && polls < 120) { pm.collectionVariables.set('${counter}', polls + 1); postman.setNextRequest(pm.info.requestName); } else { pm.collectionVariables.set('${counter}', 0); pm.expect(${condition}).to.eql(true); }`,
    },
    description: 'Repeated until the billing worker has played what the test clock released.',
  };
}

/** The hosted checkout paid with `token` (Visa), `outcome` pinned or not: four steps, each named for `label`. */
function checkoutSteps(label: string, intentVariable: string, token: string, outcome: string): PostmanStep[] {
  const pi = `{{${intentVariable}}}`;
  return [
    { name: `Checkout page (${label})`, operation: 'get /checkout/{pi}', params: { pi }, status: 200, parse: 'text', sets: { checkout_csrf: csrfFrom } },
    {
      name: `Choose Visa (${label})`,
      operation: 'post /checkout/{pi}/pay',
      params: { pi },
      form: { payment_method_code: 'visa', sandbox_outcome: outcome, csrf_token: '{{checkout_csrf}}' },
      status: 303,
      parse: 'none',
      followRedirects: false,
      sets: { billing_session_id: `${locationOf}.split('/card/')[1]` },
    },
    { name: `Card page (${label})`, operation: 'get /checkout/{pi}/card/{cs}', params: { pi, cs: '{{billing_session_id}}' }, status: 200, parse: 'text', sets: { card_csrf: csrfFrom } },
    {
      name: `Submit ${token} (${label})`,
      operation: 'post /checkout/{pi}/card/{cs}',
      params: { pi, cs: '{{billing_session_id}}' },
      form: { token, csrf_token: '{{card_csrf}}' },
      status: 303,
      parse: 'none',
      followRedirects: false,
    },
  ];
}

const subscription = { id: '{{subscription_id}}' };

export const billingFolders: PostmanFolder[] = [
  {
    name: 'Billing',
    after: 'Customers',
    description:
      'A product and a monthly price; the dunning settings; then on a test clock a subscription whose trial ends and renews (paid), whose next renewal is declined on a card that declines later (past_due), recovered by the dunning retry once an approving card is the default (active again), changed, and canceled.',
    steps: [
      {
        operation: 'post /api/v1/products',
        json: { name: 'Postman Pro', metadata: { tier: 'pro' } },
        status: 201,
        checks: { 'a prod_ id': 'pm.expect(json.product.id).to.match(/^prod_/);' },
        sets: { product_id: 'json.product.id' },
      },
      { operation: 'get /api/v1/products', status: 200, checks: { 'lists it': "pm.expect(json.data.map((p) => p.id)).to.include(pm.collectionVariables.get('product_id'));" } },
      { operation: 'get /api/v1/products/{id}', params: { id: '{{product_id}}' }, status: 200, checks: { 'the product': "pm.expect(json.product.name).to.eql('Postman Pro');" } },
      { operation: 'post /api/v1/products/{id}', params: { id: '{{product_id}}' }, json: { description: 'Everything' }, status: 200, checks: { updated: "pm.expect(json.product.description).to.eql('Everything');" } },
      {
        operation: 'post /api/v1/prices',
        json: { product: '{{product_id}}', unit_amount: '19.00', currency: 'USD', recurring: { interval: 'month' } },
        status: 201,
        checks: { 'monthly, in minor units too': "pm.expect(json.price.unit_amount_minor).to.eql(1900); pm.expect(json.price.recurring.interval).to.eql('month');" },
        sets: { price_id: 'json.price.id' },
      },
      { operation: 'get /api/v1/prices', query: { product: '{{product_id}}' }, status: 200, checks: { 'its one price': 'pm.expect(json.data.length).to.eql(1);' } },
      { operation: 'get /api/v1/prices/{id}', params: { id: '{{price_id}}' }, status: 200, checks: { active: 'pm.expect(json.price.active).to.eql(true);' } },
      {
        operation: 'post /api/v1/prices/{id}',
        params: { id: '{{price_id}}' },
        json: { nickname: 'Monthly' },
        status: 200,
        checks: { 'nickname only: the amount never changes': "pm.expect(json.price.nickname).to.eql('Monthly'); pm.expect(json.price.unit_amount_minor).to.eql(1900);" },
      },
      { operation: 'get /api/v1/billing/settings', status: 200, checks: { 'the default schedule': 'pm.expect(json.billing_settings.retry_days).to.eql([3, 5, 7]);' } },
      {
        operation: 'post /api/v1/billing/settings',
        json: { retry_days: [2], after_retries: 'canceled' },
        status: 200,
        checks: { 'one retry, two days after a failure': 'pm.expect(json.billing_settings.retry_days).to.eql([2]);' },
      },
      {
        name: 'Create a customer to subscribe',
        operation: 'post /api/v1/customers',
        json: { email: 'hopper@example.com', name: 'Grace Hopper' },
        status: 201,
        sets: { billing_customer_id: 'json.customer.id' },
      },
      {
        name: 'Save an approving card',
        operation: 'post /api/v1/payment-intents',
        json: { amount: '1.00', currency: 'USD', title: 'Postman: card check', customer: '{{billing_customer_id}}', setup_future_usage: 'off_session' },
        status: 201,
        sets: { billing_good_intent_id: 'json.payment_intent.id' },
      },
      ...checkoutSteps('an approving card', 'billing_good_intent_id', 'YP-VISA-APPROVE', 'pending'),
      {
        name: 'The saved approving card',
        operation: 'get /api/v1/payment-intents/{id}',
        params: { id: '{{billing_good_intent_id}}' },
        status: 200,
        checks: { saved: 'pm.expect(json.payment_intent.payment_method).to.match(/^pm_/);' },
        sets: { billing_good_card_id: 'json.payment_intent.payment_method' },
      },
      {
        name: 'Save a card that declines later',
        operation: 'post /api/v1/payment-intents',
        json: { amount: '1.00', currency: 'USD', title: 'Postman: card check', customer: '{{billing_customer_id}}', setup_future_usage: 'off_session' },
        status: 201,
        sets: { billing_card_intent_id: 'json.payment_intent.id' },
      },
      // Stripe's 4000 0000 0000 0341: the payment that saves it succeeds, every later off-session charge is declined.
      ...checkoutSteps('a card that declines later', 'billing_card_intent_id', 'YP-VISA-DECLINE-LATER', 'pending'),
      {
        name: 'The saved card that declines later',
        operation: 'get /api/v1/payment-intents/{id}',
        params: { id: '{{billing_card_intent_id}}' },
        status: 200,
        checks: { 'paid and saved': "pm.expect(json.payment_intent.status).to.eql('succeeded'); pm.expect(json.payment_intent.payment_method).to.match(/^pm_/);" },
        sets: { billing_card_id: 'json.payment_intent.payment_method' },
      },
      {
        name: 'Start a test clock for billing',
        operation: 'post /api/v1/test-clock',
        json: {},
        status: 201,
        sets: { billing_clock_time: 'json.test_clock.frozen_time' },
      },
      {
        operation: 'post /api/v1/subscriptions',
        json: { customer: '{{billing_customer_id}}', items: [{ price: '{{price_id}}', quantity: 1 }], default_payment_method: '{{billing_good_card_id}}', trial_period_days: 1 },
        status: 201,
        checks: { 'trialing, no invoice yet': "pm.expect(json.subscription.status).to.eql('trialing'); pm.expect(json.latest_invoice).to.eql(null);" },
        sets: { subscription_id: 'json.subscription.id' },
      },
      {
        operation: 'get /api/v1/subscriptions',
        query: { customer: '{{billing_customer_id}}' },
        status: 200,
        checks: { "the customer's": "pm.expect(json.data.map((s) => s.id)).to.eql([pm.collectionVariables.get('subscription_id')]);" },
      },
      { operation: 'get /api/v1/subscriptions/{id}', params: subscription, status: 200, checks: { trialing: "pm.expect(json.subscription.status).to.eql('trialing');" } },
      {
        name: 'Advance the clock past the trial: the first renewal',
        operation: 'post /api/v1/test-clock/advance',
        prerequest: ["pm.collectionVariables.set('billing_clock_to', new Date(Date.parse(pm.collectionVariables.get('billing_clock_time')) + 86400000 + 60000).toISOString());"],
        json: { frozen_time: '{{billing_clock_to}}' },
        status: 200,
        checks: { 'the renewal is sent': 'pm.expect(json.released_jobs).to.be.at.least(1);' },
      },
      pollUntil('Wait for the renewal: active', 'get /api/v1/subscriptions/{id}', subscription, "json.subscription.status === 'active' && json.subscription.latest_invoice !== null", 'active, invoiced'),
      {
        name: 'The renewed subscription',
        operation: 'get /api/v1/subscriptions/{id}',
        params: subscription,
        status: 200,
        sets: { billing_invoice_id: 'json.subscription.latest_invoice', billing_period_end: 'json.subscription.current_period_end' },
      },
      { name: "The first renewal's invoice, paid", operation: 'get /api/v1/invoices/{id}', params: { id: '{{billing_invoice_id}}' }, status: 200, checks: { paid: "pm.expect(json.invoice.status).to.eql('paid'); pm.expect(json.invoice.amount_minor).to.eql(1900);" } },
      {
        name: 'Make the card that declines later the default',
        operation: 'post /api/v1/subscriptions/{id}',
        params: subscription,
        json: { default_payment_method: '{{billing_card_id}}' },
        status: 200,
        checks: { 'the next renewal charges it': "pm.expect(json.subscription.default_payment_method).to.eql(pm.collectionVariables.get('billing_card_id'));" },
      },
      {
        name: 'Advance the clock a period: the next renewal is declined',
        operation: 'post /api/v1/test-clock/advance',
        prerequest: ["pm.collectionVariables.set('billing_clock_to', new Date(Date.parse(pm.collectionVariables.get('billing_period_end')) + 60000).toISOString());"],
        json: { frozen_time: '{{billing_clock_to}}' },
        status: 200,
        checks: { 'the renewal is sent': 'pm.expect(json.released_jobs).to.be.at.least(1);' },
      },
      pollUntil('Wait for the declined renewal: past_due', 'get /api/v1/subscriptions/{id}', subscription, "json.subscription.status === 'past_due'", 'past_due'),
      {
        name: "The declined renewal's payment",
        operation: 'get /api/v1/payment-intents',
        query: { customer: '{{billing_customer_id}}', limit: '1' },
        status: 200,
        checks: {
          'declined off-session, insufficient_funds': "pm.expect(json.data[0].last_payment_error.decline_code).to.eql('insufficient_funds'); pm.expect(json.data[0].payment_method).to.eql(pm.collectionVariables.get('billing_card_id'));",
        },
      },
      {
        name: 'Make the approving card the default again',
        operation: 'post /api/v1/subscriptions/{id}',
        params: subscription,
        json: { default_payment_method: '{{billing_good_card_id}}' },
        status: 200,
        checks: { 'still past_due: the retry charges it': "pm.expect(json.subscription.status).to.eql('past_due'); pm.expect(json.subscription.default_payment_method).to.eql(pm.collectionVariables.get('billing_good_card_id'));" },
      },
      {
        name: 'Advance the clock to the dunning retry (2 days after the failure)',
        operation: 'post /api/v1/test-clock/advance',
        prerequest: ["pm.collectionVariables.set('billing_clock_to', new Date(Date.parse(pm.collectionVariables.get('billing_period_end')) + 2 * 86400000 + 60000).toISOString());"],
        json: { frozen_time: '{{billing_clock_to}}' },
        status: 200,
        checks: { 'the retry is sent': 'pm.expect(json.released_jobs).to.be.at.least(1);' },
      },
      pollUntil('Wait for the recovery by the retry: active', 'get /api/v1/subscriptions/{id}', subscription, "json.subscription.status === 'active'", 'active again'),
      {
        name: 'The recovered subscription',
        operation: 'get /api/v1/subscriptions/{id}',
        params: subscription,
        status: 200,
        sets: { billing_invoice_id: 'json.subscription.latest_invoice' },
      },
      { name: 'The declined invoice, paid by the retry', operation: 'get /api/v1/invoices/{id}', params: { id: '{{billing_invoice_id}}' }, status: 200, checks: { paid: "pm.expect(json.invoice.status).to.eql('paid');" } },
      {
        operation: 'post /api/v1/subscriptions/{id}',
        params: subscription,
        json: { cancel_at_period_end: true },
        status: 200,
        checks: { 'ends with its period': 'pm.expect(json.subscription.cancel_at_period_end).to.eql(true);' },
      },
      { operation: 'post /api/v1/subscriptions/{id}/cancel', params: subscription, json: {}, status: 200, checks: { canceled: "pm.expect(json.subscription.status).to.eql('canceled');" } },
      { name: 'Delete the billing test clock', operation: 'delete /api/v1/test-clock', status: 200, checks: { 'back on the real time': 'pm.expect(json.deleted).to.eql(true);' } },
    ],
  },
];
