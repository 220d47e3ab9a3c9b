import { csrfFrom, locationOf, type PostmanFolder, type PostmanStep } from '../core/postman.ts';

/** Create an intent, open its checkout, choose Visa and submit `token` on the card session page. */
function payWithCard(label: string, intentVar: string, sessionVar: string, token: string, expectedStatus: string): PostmanStep[] {
  return [
    {
      name: `Create a payment intent (${label})`,
      operation: 'post /api/v1/payment-intents',
      json: { amount: '25.00', currency: 'USD', title: `Postman: ${label}`, customer_name: 'Ada Customer', customer_email: 'ada@example.com' },
      status: 201,
      checks: { 'a new intent awaits a payment method': `pm.expect(json.payment_intent.status).to.eql('requires_payment_method');` },
      sets: { [intentVar]: 'json.payment_intent.id' },
    },
    {
      name: `Checkout page (${label})`,
      operation: 'get /checkout/{pi}',
      params: { pi: `{{${intentVar}}}` },
      status: 200,
      parse: 'text',
      checks: { 'shows the amount and a form': `pm.expect(text).to.include('25.00'); pm.expect(text).to.include('csrf_token');` },
      sets: { checkout_csrf: csrfFrom },
    },
    {
      name: `Choose Visa (${label})`,
      operation: 'post /checkout/{pi}/pay',
      params: { pi: `{{${intentVar}}}` },
      form: { payment_method_code: 'visa', csrf_token: '{{checkout_csrf}}' },
      status: 303,
      parse: 'none',
      followRedirects: false,
      checks: { 'redirects to a card session page': `pm.expect(${locationOf}).to.match(/\\/card\\/cs_/);` },
      sets: { [sessionVar]: `${locationOf}.split('/card/')[1]` },
    },
    {
      name: `Card session page (${label})`,
      operation: 'get /checkout/{pi}/card/{cs}',
      params: { pi: `{{${intentVar}}}`, cs: `{{${sessionVar}}}` },
      status: 200,
      parse: 'text',
      checks: { 'lists the Visa test tokens': `pm.expect(text).to.include('${token}');` },
      sets: { card_csrf: csrfFrom },
    },
    {
      name: `Submit the test token ${token} (${label})`,
      operation: 'post /checkout/{pi}/card/{cs}',
      params: { pi: `{{${intentVar}}}`, cs: `{{${sessionVar}}}` },
      form: { token, csrf_token: '{{card_csrf}}' },
      status: 303,
      parse: 'none',
      followRedirects: false,
      checks: { 'redirects within the checkout': `pm.expect(${locationOf}).to.include(pm.collectionVariables.get('${intentVar}'));` },
    },
    ...(expectedStatus
      ? [
          {
            name: `Show the payment intent (${label}): ${expectedStatus}`,
            operation: 'get /api/v1/payment-intents/{id}',
            params: { id: `{{${intentVar}}}` },
            status: 200,
            checks: { [`is ${expectedStatus}`]: `pm.expect(json.payment_intent.status).to.eql('${expectedStatus}');` },
          } satisfies PostmanStep,
        ]
      : []),
  ];
}

/** The payments' folders of the Postman flow (src/core/postman.ts). */
export const postmanFolders: PostmanFolder[] = [
  {
    name: 'Payments',
    description: 'Payment intents paid on the hosted checkout with the sandbox test tokens: approved (then partly refunded), 3-D Secure, review approved and rejected; one canceled.',
    steps: [
      ...payWithCard('approved', 'payment_intent_id', 'card_session_id', 'YP-VISA-APPROVE', 'succeeded'),
      {
        operation: 'get /api/v1/payment-intents',
        query: { limit: '10', status: 'succeeded' },
        status: 200,
        checks: { 'lists the paid intent': "pm.expect(json.data.map((i) => i.id)).to.include(pm.collectionVariables.get('payment_intent_id'));" },
      },
      {
        name: 'Refund part of the paid intent',
        operation: 'post /api/v1/refunds',
        json: { payment_intent: '{{payment_intent_id}}', amount: '5.00', reason: 'requested_by_customer' },
        status: 201,
        checks: {
          'pending, counted on the intent': "pm.expect(json.refund.status).to.eql('pending'); pm.expect(json.refund.amount_minor).to.eql(500); pm.expect(json.payment_intent.amount_refunded_minor).to.eql(500);",
        },
        sets: { refund_id: 'json.refund.id' },
      },
      {
        operation: 'get /api/v1/refunds/{id}',
        params: { id: '{{refund_id}}' },
        status: 200,
        checks: { 'the refund of the paid intent': "pm.expect(json.refund.payment_intent).to.eql(pm.collectionVariables.get('payment_intent_id'));" },
      },
      {
        operation: 'get /api/v1/refunds',
        query: { payment_intent: '{{payment_intent_id}}' },
        status: 200,
        checks: { 'lists the refund': "pm.expect(json.data.map((r) => r.id)).to.eql([pm.collectionVariables.get('refund_id')]);" },
      },
      {
        name: 'Refund more than is left: refused, naming amount',
        operation: 'post /api/v1/refunds',
        json: { payment_intent: '{{payment_intent_id}}', amount: '100.00' },
        status: 400,
        checks: { 'invalid amount': "pm.expect(json.error.code).to.eql('invalid_request'); pm.expect(json.error.param).to.eql('amount');" },
      },
      ...payWithCard('3-D Secure', 'payment_intent_3ds_id', 'card_session_3ds_id', 'YP-VISA-3DS', 'requires_action'),
      {
        name: 'Answer the 3-D Secure challenge: pass',
        operation: 'post /checkout/{pi}/card/{cs}/challenge',
        params: { pi: '{{payment_intent_3ds_id}}', cs: '{{card_session_3ds_id}}' },
        form: { challenge_result: 'pass', csrf_token: '{{card_csrf}}' },
        status: 303,
        parse: 'none',
        followRedirects: false,
        checks: { 'redirects within the checkout': `pm.expect(${locationOf}).to.include(pm.collectionVariables.get('payment_intent_3ds_id'));` },
      },
      {
        name: 'The pay button reads the paid intent: no longer payable',
        operation: 'get /checkout/{pi}/state',
        params: { pi: '{{payment_intent_3ds_id}}' },
        status: 200,
        checks: { 'succeeded, not payable': "pm.expect(json.status).to.eql('succeeded'); pm.expect(json.payable).to.eql(false);" },
      },
      {
        name: 'Show the payment intent (3-D Secure): succeeded',
        operation: 'get /api/v1/payment-intents/{id}',
        params: { id: '{{payment_intent_3ds_id}}' },
        status: 200,
        checks: { 'is succeeded': "pm.expect(json.payment_intent.status).to.eql('succeeded');" },
      },
      ...payWithCard('review, approved', 'payment_intent_review_id', 'card_session_review_id', 'YP-VISA-REVIEW', 'processing'),
      {
        operation: 'post /api/v1/payment-intents/{id}/review/approve',
        params: { id: '{{payment_intent_review_id}}' },
        status: 200,
        checks: { 'succeeded': "pm.expect(json.payment_intent.status).to.eql('succeeded');" },
      },
      ...payWithCard('review, rejected', 'payment_intent_reject_id', 'card_session_reject_id', 'YP-VISA-REVIEW', 'processing'),
      {
        operation: 'post /api/v1/payment-intents/{id}/review/reject',
        params: { id: '{{payment_intent_reject_id}}' },
        json: { reason: 'Postman: the order looked wrong.' },
        status: 200,
        checks: { 'failed': "pm.expect(json.payment_intent.status).to.eql('requires_payment_method'); pm.expect(json.payment_intent.last_payment_error).to.be.ok;" },
      },
      {
        name: 'Create a payment intent (to cancel)',
        operation: 'post /api/v1/payment-intents',
        json: { amount: '9.99', currency: 'EUR', title: 'Postman: canceled', customer_name: 'Ada Customer', customer_email: 'ada@example.com' },
        status: 201,
        checks: { 'in EUR': "pm.expect(json.payment_intent.currency).to.eql('EUR');" },
        sets: { payment_intent_cancel_id: 'json.payment_intent.id' },
      },
      {
        operation: 'post /api/v1/payment-intents/{id}/cancel',
        params: { id: '{{payment_intent_cancel_id}}' },
        json: { cancellation_reason: 'requested_by_customer' },
        status: 200,
        checks: { 'canceled, with the reason': "pm.expect(json.payment_intent.status).to.eql('canceled'); pm.expect(json.payment_intent.cancellation_reason).to.eql('requested_by_customer');" },
      },
    ],
  },
  {
    name: 'Invoices',
    description: 'An invoice made, read, listed and opened on its hosted page; another voided.',
    steps: [
      {
        operation: 'post /api/v1/invoices',
        prerequest: ["pm.collectionVariables.set('due_date', new Date(Date.now() + 14 * 86400000).toISOString().slice(0, 10));"],
        json: { amount: '120.00', currency: 'USD', title: 'Postman: consulting', due_date: '{{due_date}}', customer_name: 'Ada Customer', customer_email: 'ada@example.com' },
        status: 201,
        checks: { 'open, due when asked': "pm.expect(json.invoice.status).to.eql('open'); pm.expect(json.invoice.due_date).to.include(pm.collectionVariables.get('due_date'));" },
        sets: { invoice_id: 'json.invoice.id' },
      },
      { operation: 'get /api/v1/invoices/{id}', params: { id: '{{invoice_id}}' }, status: 200, checks: { 'the invoice': "pm.expect(json.invoice.id).to.eql(pm.collectionVariables.get('invoice_id'));" } },
      {
        operation: 'get /api/v1/invoices',
        query: { limit: '10', status: 'open' },
        status: 200,
        checks: { 'lists it': "pm.expect(json.data.map((i) => i.id)).to.include(pm.collectionVariables.get('invoice_id'));" },
      },
      {
        operation: 'get /invoices/{inv}',
        params: { inv: '{{invoice_id}}' },
        status: 200,
        parse: 'text',
        checks: { 'shows the title and a form': "pm.expect(text).to.include('Postman: consulting'); pm.expect(text).to.include('csrf_token');" },
        sets: { invoice_csrf: csrfFrom },
      },
      {
        operation: 'post /invoices/{inv}/pay',
        params: { inv: '{{invoice_id}}' },
        form: { csrf_token: '{{invoice_csrf}}' },
        status: 303,
        parse: 'none',
        followRedirects: false,
        checks: { 'redirects to the checkout of its intent': `pm.expect(${locationOf}).to.match(/\\/checkout\\/pi_/);` },
      },
      {
        name: 'Create an invoice (to void)',
        operation: 'post /api/v1/invoices',
        json: { amount: '15.00', currency: 'USD', title: 'Postman: voided', due_date: '{{due_date}}' },
        status: 201,
        checks: { open: "pm.expect(json.invoice.status).to.eql('open');" },
        sets: { invoice_void_id: 'json.invoice.id' },
      },
      { operation: 'post /api/v1/invoices/{id}/void', params: { id: '{{invoice_void_id}}' }, status: 200, checks: { voided: "pm.expect(json.invoice.status).to.eql('void');" } },
    ],
  },
];
