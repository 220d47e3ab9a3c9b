import type { buildOpenApi } from '../core/openapi.ts';

/**
 * The Postman collection: the OpenAPI document (names, auth, content types) plus one declaration
 * of the *flow* below, the order in which a merchant calls the API so that each id flows into the
 * next request (create an intent → read it → pay it on the hosted checkout with a test token → …),
 * each request with a body that succeeds and a test script asserting its status and key fields.
 * newman runs it against a live server in test/system/postman.test.ts, which also fails when an
 * operation of the OpenAPI document has no step here, so the collection cannot fall behind.
 */

type OpenApi = ReturnType<typeof buildOpenApi>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Step {
  /** The request's name in Postman; the operation's summary when absent. */
  name?: string;
  /** The documented operation it calls, `post /api/v1/payment-intents` (OpenAPI path syntax); absent for a GraphQL call. */
  operation?: `${Method} /${string}`;
  /** Path parameters (`{id}`) → their value, usually a `{{variable}}` an earlier step set. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, a form body, or a GraphQL operation (for what REST has no route for, such as a pairing code). */
  json?: unknown;
  form?: Record<string, string>;
  graphql?: { query: string; variables?: Record<string, unknown> };
  /** The Authorization header when it is not the collection's API key (a device token, a pairing code). */
  authorization?: string;
  /** Asserted first. */
  status: number;
  /** What `checks` and `sets` read: `json` (default), `text` (an HTML page, plain text), or `none` (a redirect, a 204). */
  parse?: 'json' | 'text' | 'none';
  /** Assertion name → statements using `json` (or `text`) and `pm`. */
  checks?: Record<string, string>;
  /** Collection variable → the expression (over `json`/`text`/`pm`) it is set to. */
  sets?: Record<string, string>;
  /** Statements run before the request (computing a date, say). */
  prerequest?: string[];
  /** Redirects are answers to assert, not to follow. */
  followRedirects?: false;
  description?: string;
}

interface Folder {
  name: string;
  description: string;
  steps: Step[];
}

/** Collection variables that hold numbers, written unquoted in JSON bodies. */
const numberVariables = new Set(['message_attempt']);
const csrfFrom = `(/name="csrf_token" value="([^"]+)"/.exec(text) || [])[1]`;
const locationOf = `pm.response.headers.get('Location')`;
const relayDevice = 'Bearer {{device_token}}';
const appDevice = 'Bearer {{app_device_token}}';

/** Create an intent, open its checkout, choose Visa and submit `token` on the card session page. */
function payWithCard(label: string, intentVar: string, sessionVar: string, token: string, expectedStatus: string): Step[] {
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
          } satisfies Step,
        ]
      : []),
  ];
}

/** A GraphQL request, for what only GraphQL does (the dashboard's calls: pairing codes, recipient lists). */
function graphqlStep(name: string, query: string, variables: Record<string, unknown>, checks: Record<string, string>, sets: Record<string, string>): Step {
  return {
    name,
    graphql: { query, variables },
    status: 200,
    checks: { 'no GraphQL errors': 'pm.expect(json.errors).to.be.undefined;', ...checks },
    sets,
    description: 'GraphQL (`POST /graphql`): REST has no route for this; the dashboard does it the same way.',
  };
}

const createPairingCode = (variable: string) =>
  graphqlStep(
    'Create a pairing code (GraphQL)',
    'mutation { createPairingCode { code expiresAt } }',
    {},
    { 'a code of 8 characters': 'pm.expect(json.data.createPairingCode.code.replace(/[- ]/g, "")).to.have.lengthOf(8);' },
    { [variable]: 'json.data.createPairingCode.code' },
  );

/** The work the paired device long-polls for, keeping the message `message` (by `request_id` variable). */
function pollFor(what: string, requestVar: string, sets: Record<string, string> = {}): Step {
  return {
    name: `Device: poll for work (${what})`,
    operation: 'get /api/v1/relay/device/messages',
    query: { wait: '25' },
    authorization: relayDevice,
    status: 200,
    checks: {
      [`the ${what} is there`]: `pm.expect(json.messages.map((m) => m.message_id)).to.include(pm.collectionVariables.get('${requestVar}'));`,
    },
    sets: {
      message_attempt: `json.messages.find((m) => m.message_id === pm.collectionVariables.get('${requestVar}')).attempt`,
      ...sets,
    },
  };
}

const ackAndReport = (what: string, requestVar: string): Step[] => [
  {
    name: `Device: acknowledge the ${what}`,
    operation: 'post /api/v1/relay/device/messages/{id}/ack',
    params: { id: `{{${requestVar}}}` },
    authorization: relayDevice,
    json: { attempt: '{{message_attempt}}' },
    status: 200,
    checks: { 'applied': 'pm.expect(json.applied).to.eql(true);' },
  },
  {
    name: `Device: report the ${what} delivered`,
    operation: 'post /api/v1/relay/device/messages/{id}/report',
    params: { id: `{{${requestVar}}}` },
    authorization: relayDevice,
    json: { attempt: '{{message_attempt}}', status: 'delivered' },
    status: 200,
    checks: { 'applied': 'pm.expect(json.applied).to.eql(true);' },
  },
];

/** The flow, folder by folder, in the order newman runs it. */
const flow: Folder[] = [
  {
    name: 'System',
    description: 'Public: status, health, metrics and this API described.',
    steps: [
      { operation: 'get /api/v1/status', status: 200, checks: { 'serves both products': "pm.expect(json.products).to.include('yarrow-pay');" } },
      { operation: 'get /api/v1/health', status: 200, checks: { healthy: 'pm.expect(json.ok).to.eql(true);' } },
      { operation: 'get /metrics', status: 200, parse: 'text', checks: { 'Prometheus text': "pm.expect(text).to.include('# HELP');" } },
      { operation: 'get /api/openapi.json', status: 200, checks: { 'OpenAPI 3.1': "pm.expect(json.openapi).to.eql('3.1.0');" } },
      { operation: 'get /api/postman.json', status: 200, checks: { 'this collection': "pm.expect(json.info.name).to.eql('Yarrow API');" } },
      { operation: 'get /api/docs', status: 200, parse: 'text', checks: { 'an HTML page': "pm.expect(text).to.include('<html');" } },
    ],
  },
  {
    name: 'Account and keys',
    description: "The key's account; a key made, listed and revoked (the new key, never `{{apiKey}}`).",
    steps: [
      { operation: 'get /api/v1/account', status: 200, sets: { account_name: 'json.account.name' }, checks: { 'an account': "pm.expect(json.account.id).to.be.ok;" } },
      {
        operation: 'post /api/v1/api-keys',
        json: { label: 'Postman read-only', scopes: ['payments.read'] },
        status: 201,
        checks: { 'the secret, shown once, with its scopes': "pm.expect(json.secret).to.match(/^yk_/); pm.expect(json.api_key.scopes).to.eql(['payments.read']);" },
        sets: { api_key_id: 'json.api_key.id' },
      },
      {
        operation: 'get /api/v1/api-keys',
        query: { limit: '100' },
        status: 200,
        checks: { 'lists the new key': "pm.expect(json.data.map((k) => k.id)).to.include(pm.collectionVariables.get('api_key_id'));" },
      },
      {
        name: 'Revoke the new key (destructive: never the key this collection runs with)',
        operation: 'post /api/v1/api-keys/{id}/revoke',
        params: { id: '{{api_key_id}}' },
        status: 200,
        checks: { revoked: 'pm.expect(json.api_key.revoked_at).to.be.a("string");' },
      },
    ],
  },
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
  {
    name: 'Test clock',
    description: "The sandbox test clock: the account's time frozen, an invoice's overdue check held by it, an advance past the due date sending it, then the clock deleted.",
    steps: [
      {
        operation: 'post /api/v1/test-clock',
        json: {},
        status: 201,
        checks: { 'frozen, holding nothing': "pm.expect(json.test_clock.object).to.eql('test_clock'); pm.expect(json.test_clock.held_jobs_count).to.eql(0);" },
        sets: { clock_time: 'json.test_clock.frozen_time' },
      },
      {
        name: 'Create an invoice under the clock',
        operation: 'post /api/v1/invoices',
        json: { amount: '30.00', currency: 'USD', title: 'Postman: clocked', due_date: '{{due_date}}' },
        status: 201,
        checks: { open: "pm.expect(json.invoice.status).to.eql('open');" },
      },
      {
        operation: 'get /api/v1/test-clock',
        status: 200,
        checks: { "holds the invoice's overdue check": "pm.expect(json.test_clock.held_jobs.map((job) => job.queue)).to.include('invoice_overdue');" },
      },
      {
        operation: 'post /api/v1/test-clock/advance',
        prerequest: ["pm.collectionVariables.set('clock_to', new Date(Date.parse(pm.collectionVariables.get('clock_time')) + 16 * 86400000).toISOString());"],
        json: { frozen_time: '{{clock_to}}' },
        status: 200,
        checks: { 'past the due date: the check is sent': "pm.expect(json.released_jobs).to.be.at.least(1); pm.expect(json.test_clock.frozen_time).to.eql(pm.collectionVariables.get('clock_to'));" },
      },
      { operation: 'delete /api/v1/test-clock', status: 200, checks: { 'back on the real time': 'pm.expect(json.deleted).to.eql(true);' } },
    ],
  },
  {
    name: 'Webhooks and events',
    description:
      'An endpoint made, listed, read, updated, disabled and enabled, its secret rotated and revealed, sent a test webhook (GraphQL), its delivery listed, read and redelivered, and deleted; the events the payments above recorded.',
    steps: [
      {
        operation: 'post /api/v1/webhook-endpoints',
        json: { url: '{{baseUrl}}/postman-webhook-receiver', description: 'Postman', event_types: ['invoice.paid'] },
        status: 201,
        checks: { 'its signing secret, shown once': "pm.expect(json.secret).to.match(/^whsec_/); pm.expect(json.webhook_endpoint.secret).to.be.undefined;" },
        sets: { webhook_endpoint_id: 'json.webhook_endpoint.id' },
      },
      {
        operation: 'get /api/v1/webhook-endpoints',
        status: 200,
        checks: {
          'lists it, without secrets': "const found = json.data.find((e) => e.id === pm.collectionVariables.get('webhook_endpoint_id')); pm.expect(found).to.be.ok; pm.expect(found.secret).to.be.undefined;",
        },
      },
      {
        operation: 'get /api/v1/webhook-endpoints/{id}',
        params: { id: '{{webhook_endpoint_id}}' },
        status: 200,
        checks: { 'its event types': "pm.expect(json.webhook_endpoint.event_types).to.eql(['invoice.paid']);" },
      },
      {
        operation: 'patch /api/v1/webhook-endpoints/{id}',
        params: { id: '{{webhook_endpoint_id}}' },
        json: { description: 'Postman, updated', event_types: ['invoice.paid', 'webhook.test'] },
        status: 200,
        checks: { 'only the fields sent change': "pm.expect(json.webhook_endpoint.description).to.eql('Postman, updated'); pm.expect(json.webhook_endpoint.event_types).to.eql(['invoice.paid', 'webhook.test']);" },
      },
      {
        operation: 'post /api/v1/webhook-endpoints/{id}/disable',
        params: { id: '{{webhook_endpoint_id}}' },
        status: 200,
        checks: { disabled: "pm.expect(json.webhook_endpoint.enabled).to.eql(false); pm.expect(json.webhook_endpoint.disabled_reason).to.eql('manual');" },
      },
      {
        operation: 'post /api/v1/webhook-endpoints/{id}/enable',
        params: { id: '{{webhook_endpoint_id}}' },
        status: 200,
        checks: { 'enabled again': 'pm.expect(json.webhook_endpoint.enabled).to.eql(true); pm.expect(json.webhook_endpoint.disabled_at).to.eql(null);' },
      },
      {
        operation: 'post /api/v1/webhook-endpoints/{id}/rotate-secret',
        params: { id: '{{webhook_endpoint_id}}' },
        status: 200,
        checks: { 'a new secret, the old one signing for 24 h': 'pm.expect(json.secret).to.match(/^whsec_/); pm.expect(json.previous_secret_expires_at).to.be.a("string");' },
        sets: { webhook_secret: 'json.secret' },
      },
      {
        operation: 'get /api/v1/webhook-endpoints/{id}/secret',
        params: { id: '{{webhook_endpoint_id}}' },
        status: 200,
        checks: { 'the rotated secret, not cached': "pm.expect(json.secret).to.eql(pm.collectionVariables.get('webhook_secret')); pm.expect(pm.response.headers.get('Cache-Control')).to.eql('no-store');" },
      },
      graphqlStep(
        'Send a test webhook to the endpoint (GraphQL)',
        'mutation ($endpoint: ID!) { sendTestWebhook(endpointId: $endpoint) { delivery { id status } event { type } } }',
        { endpoint: '{{webhook_endpoint_id}}' },
        { 'a webhook.test delivery': "pm.expect(json.data.sendTestWebhook.event.type).to.eql('webhook.test');" },
        { webhook_delivery_id: 'json.data.sendTestWebhook.delivery.id' },
      ),
      {
        operation: 'get /api/v1/webhook-deliveries',
        query: { endpoint_id: '{{webhook_endpoint_id}}', event_type: 'webhook.test' },
        status: 200,
        checks: { 'the test delivery, found by endpoint and event type': "pm.expect(json.data.map((d) => d.id)).to.include(pm.collectionVariables.get('webhook_delivery_id'));" },
      },
      {
        operation: 'get /api/v1/webhook-deliveries/{id}',
        params: { id: '{{webhook_delivery_id}}' },
        status: 200,
        checks: { 'the delivery to the endpoint': "pm.expect(json.webhook_delivery.endpoint_id).to.eql(pm.collectionVariables.get('webhook_endpoint_id'));" },
      },
      {
        operation: 'post /api/v1/webhook-deliveries/{id}/redeliver',
        params: { id: '{{webhook_delivery_id}}' },
        status: 200,
        checks: { 'pending again': "pm.expect(json.webhook_delivery.status).to.eql('pending');" },
      },
      {
        operation: 'get /api/v1/events',
        query: { object_public_id: '{{payment_intent_id}}', type: 'payment_intent.succeeded' },
        status: 200,
        checks: { "the paid intent's event": 'pm.expect(json.data).to.have.lengthOf(1);' },
        sets: { event_id: 'json.data[0].id' },
      },
      {
        operation: 'get /api/v1/events/{id}',
        params: { id: '{{event_id}}' },
        status: 200,
        checks: { 'the event, about the paid intent': "pm.expect(json.event.event).to.eql('payment_intent.succeeded'); pm.expect(json.event.object_public_id).to.eql(pm.collectionVariables.get('payment_intent_id'));" },
      },
      {
        operation: 'delete /api/v1/webhook-endpoints/{id}',
        params: { id: '{{webhook_endpoint_id}}' },
        status: 200,
        checks: { deleted: 'pm.expect(json.deleted).to.eql(true);' },
      },
    ],
  },
  {
    name: 'Request log',
    description: "The account's API requests: the payment intents created above, found by method and path, and the events one of them caused.",
    steps: [
      {
        operation: 'get /api/v1/request-logs',
        query: { method: 'POST', path: '/api/v1/payment-intents', limit: '10' },
        status: 200,
        checks: {
          'a create, 201, its body without secrets': "const create = json.data.find((r) => r.operation_id === 'createPaymentIntent'); pm.expect(create.status).to.eql(201); pm.expect(JSON.stringify(json.data)).to.not.include(pm.variables.get('apiKey'));",
        },
        sets: { request_log_id: "json.data.find((r) => r.operation_id === 'createPaymentIntent').id" },
      },
      {
        operation: 'get /api/v1/request-logs/{id}',
        params: { id: '{{request_log_id}}' },
        status: 200,
        checks: { 'the request and the event it caused': "pm.expect(json.api_request.operation_id).to.eql('createPaymentIntent'); pm.expect(json.event_ids).to.have.lengthOf(1);" },
      },
    ],
  },
  {
    name: 'Relay: a device',
    description:
      "A phone paired with a pairing code (made in GraphQL, as the dashboard does) takes the phone's side with its device token: heartbeat, long-poll, acknowledge and report.",
    steps: [
      createPairingCode('pairing_code'),
      {
        operation: 'post /api/v1/relay/app/pair',
        json: { pairing_code: '{{pairing_code}}', device_name: 'Postman phone', platform: 'android', app_version: '1.0.0', sims: [{ slot: 0, carrier: 'Sandbox' }] },
        status: 201,
        checks: { 'the device and its token, shown once': 'pm.expect(json.device.id).to.be.ok; pm.expect(json.device_token).to.be.a("string");' },
        sets: { device_id: 'json.device.id', device_token: 'json.device_token' },
      },
      {
        operation: 'post /api/v1/relay/device/heartbeat',
        authorization: relayDevice,
        json: { battery_level: 80, charging: true, signal_level: 4, queue_length: 0 },
        status: 200,
        checks: { 'the interval': 'pm.expect(json.heartbeat_interval_seconds).to.be.above(0);' },
      },
      { operation: 'get /api/v1/relay/device/me', authorization: relayDevice, status: 200, checks: { 'this device': "pm.expect(json.device.id).to.eql(pm.collectionVariables.get('device_id'));" } },
      {
        name: 'Device: say what it holds after connecting (nothing yet)',
        operation: 'post /api/v1/relay/device/sync',
        authorization: relayDevice,
        json: { held: [] },
        status: 200,
        checks: { 'nothing to queue again': 'pm.expect(json.requeued).to.eql(0);' },
      },
      {
        operation: 'get /api/v1/relay/devices',
        status: 200,
        checks: { 'lists the device': "pm.expect(json.data.map((d) => d.id)).to.include(pm.collectionVariables.get('device_id'));" },
      },
      {
        operation: 'post /api/v1/sms/send',
        // A number of its own per run: the one-time codes per number are capped, and a run may be repeated.
        prerequest: ["pm.collectionVariables.set('phone', '+1500555' + String(Math.floor(Math.random() * 10000)).padStart(4, '0'));"],
        json: { to: '{{phone}}', message: 'Hello from Postman', device_id: '{{device_id}}', reference: 'postman-1' },
        status: 202,
        checks: { queued: "pm.expect(json.request_id).to.be.ok; pm.expect(json.status).to.eql('queued');" },
        sets: { sms_request_id: 'json.request_id' },
      },
      pollFor('SMS', 'sms_request_id'),
      ...ackAndReport('SMS', 'sms_request_id'),
      {
        operation: 'get /api/v1/messages/status',
        query: { request_id: '{{sms_request_id}}' },
        status: 200,
        checks: { delivered: "pm.expect(json.status).to.eql('delivered'); pm.expect(json.device_id).to.eql(pm.collectionVariables.get('device_id'));" },
      },
      {
        operation: 'post /api/v1/sms/send',
        json: { to: '{{phone}}', message: 'Given, then moved', device_id: '{{device_id}}' },
        status: 202,
        checks: { queued: 'pm.expect(json.request_id).to.be.ok;' },
        sets: { reroute_request_id: 'json.request_id' },
      },
      pollFor('SMS to reroute', 'reroute_request_id'),
      {
        name: 'Reroute the SMS the phone has not taken (no duplicate possible)',
        operation: 'post /api/v1/messages/{id}/reroute',
        params: { id: '{{reroute_request_id}}' },
        json: {},
        status: 200,
        checks: { 'back in the queue (or on its way again)': "pm.expect(['queued', 'on_phone']).to.include(json.stage); pm.expect(json.held_since).to.eql(null);" },
      },
      pollFor('rerouted SMS', 'reroute_request_id'),
      ...ackAndReport('rerouted SMS', 'reroute_request_id'),
      {
        name: 'List the delivered SMS, searched by its request id',
        operation: 'get /api/v1/messages',
        query: { status: 'delivered', search: '{{sms_request_id}}' },
        status: 200,
        checks: { 'the one SMS, delivered': "pm.expect(json.data).to.have.lengthOf(1); pm.expect(json.data[0].request_id).to.eql(pm.collectionVariables.get('sms_request_id')); pm.expect(json.data[0].status).to.eql('delivered');" },
      },
      {
        operation: 'post /api/v1/otp/send',
        json: { to: '{{phone}}', purpose: 'login', device_id: '{{device_id}}' },
        status: 200,
        checks: { 'an otp_id and its SMS': "pm.expect(json.otp_id).to.be.ok; pm.expect(json.status).to.eql('sent'); pm.expect(json.request_id).to.be.ok; pm.expect(json.message_status).to.eql('queued');" },
        sets: { otp_id: 'json.otp_id', otp_request_id: 'json.request_id' },
      },
      pollFor('one-time code', 'otp_request_id', {
        otp_code: "/(\\d{4,10})/.exec(json.messages.find((m) => m.message_id === pm.collectionVariables.get('otp_request_id')).body)[1]",
      }),
      ...ackAndReport('one-time code', 'otp_request_id'),
      {
        name: 'Check the one-time code (the one the phone received)',
        operation: 'post /api/v1/otp/verify',
        json: { otp_id: '{{otp_id}}', code: '{{otp_code}}' },
        status: 200,
        checks: { success: "pm.expect(json.status).to.eql('success');" },
      },
      {
        operation: 'get /api/v1/launch/readiness',
        status: 200,
        checks: { 'the steps': 'pm.expect(json.steps).to.be.an("array").that.is.not.empty;' },
      },
      { operation: 'get /api/v1/relay/settings', status: 200, checks: { 'a mode': "pm.expect(['auto', 'manual']).to.include(json.mode);" }, sets: { relay_mode: 'json.mode' } },
      {
        name: 'Relay mode: manual (every send names its device)',
        operation: 'post /api/v1/relay/settings',
        json: { mode: 'manual' },
        status: 200,
        checks: { manual: "pm.expect(json.mode).to.eql('manual');" },
      },
      {
        name: 'Relay mode: back to what it was',
        operation: 'post /api/v1/relay/settings',
        json: { mode: '{{relay_mode}}' },
        status: 200,
        checks: { restored: "pm.expect(json.mode).to.eql(pm.collectionVariables.get('relay_mode'));" },
      },
    ],
  },
  {
    name: 'Relay: recipients and lists',
    description: 'A recipient and a list made in GraphQL (REST has only the search and the send), then the list texted.',
    steps: [
      graphqlStep(
        'Create a recipient (GraphQL)',
        'mutation ($input: RecipientInput!) { createRecipient(input: $input) { id phone } }',
        { input: { name: 'Postman Recipient', phone: '{{phone}}' } },
        { 'stored in E.164': "pm.expect(json.data.createRecipient.phone).to.eql(pm.collectionVariables.get('phone'));" },
        { recipient_id: 'json.data.createRecipient.id' },
      ),
      graphqlStep(
        'Create a recipient list (GraphQL)',
        'mutation ($input: RecipientListInput!) { createRecipientList(input: $input) { id } }',
        { input: { name: 'Postman list {{phone}}' } },
        {},
        { recipient_list_id: 'json.data.createRecipientList.id' },
      ),
      {
        name: 'Add the recipient to the list (GraphQL)',
        graphql: { query: 'mutation ($list: ID!, $ids: [ID!]!) { addRecipientsToList(listId: $list, recipientIds: $ids) { id } }', variables: { list: '{{recipient_list_id}}', ids: ['{{recipient_id}}'] } },
        status: 200,
        checks: { 'no GraphQL errors': 'pm.expect(json.errors).to.be.undefined;' },
        description: 'GraphQL (`POST /graphql`): REST has no route for this; the dashboard does it the same way.',
      },
      {
        operation: 'get /api/v1/recipients',
        query: { search: 'Postman' },
        status: 200,
        checks: { 'finds the recipient': "pm.expect(json.data.map((r) => r.id)).to.include(pm.collectionVariables.get('recipient_id'));" },
      },
      {
        operation: 'post /api/v1/recipient-lists/queue',
        json: { list_id: '{{recipient_list_id}}', message: 'Hello, list', device_id: '{{device_id}}' },
        status: 202,
        checks: {
          'one message queued, with its request id': 'pm.expect(json.queued).to.eql(1); pm.expect(json.skipped).to.eql([]); pm.expect(json.items).to.have.lengthOf(1); pm.expect(json.items[0].request_id).to.match(/^req_/);',
        },
        sets: { list_batch_id: 'json.batch_id', list_request_id: 'json.items[0].request_id' },
      },
      {
        name: "List the list send's messages by its batch id",
        operation: 'get /api/v1/messages',
        query: { batch_id: '{{list_batch_id}}' },
        status: 200,
        checks: {
          'the one message of the batch': "pm.expect(json.data).to.have.lengthOf(1); pm.expect(json.data[0].request_id).to.eql(pm.collectionVariables.get('list_request_id')); pm.expect(json.data[0].batch_id).to.eql(pm.collectionVariables.get('list_batch_id'));",
        },
      },
    ],
  },
  {
    name: 'Relay: the Android app API',
    description:
      'The API SMS Gateway for Android calls (its own conventions: errors `{message, code}`). A second phone registers with a new pairing code; its endless event stream is shown refused (a run cannot wait on it).',
    steps: [
      createPairingCode('app_pairing_code'),
      {
        operation: 'post /api/mobile/v1/device',
        authorization: 'Code {{app_pairing_code}}',
        json: { name: 'Postman Android', pushToken: null },
        status: 201,
        checks: { 'the device and its token': 'pm.expect(json.id).to.be.ok; pm.expect(json.token).to.be.a("string");' },
        sets: { app_device_id: 'json.id', app_device_token: 'json.token' },
      },
      { operation: 'get /api/mobile/v1/device', authorization: appDevice, status: 200, checks: { 'this device': "pm.expect(json.device.id).to.eql(pm.collectionVariables.get('app_device_id'));" } },
      { operation: 'patch /api/mobile/v1/device', authorization: appDevice, json: { id: '{{app_device_id}}', pushToken: null }, status: 204, parse: 'none', checks: {} },
      { name: 'Android app: pull messages (/message)', operation: 'get /api/mobile/v1/message', authorization: appDevice, status: 200, checks: { 'no work yet': 'pm.expect(json).to.eql([]);' } },
      { name: 'Android app: pull messages, oldest first (/messages)', operation: 'get /api/mobile/v1/messages', authorization: appDevice, query: { order: 'fifo' }, status: 200, checks: { 'no work yet': 'pm.expect(json).to.eql([]);' } },
      { name: 'Android app: report message states (/message)', operation: 'patch /api/mobile/v1/message', authorization: appDevice, json: [], status: 204, parse: 'none', checks: {} },
      { name: 'Android app: report message states (/messages)', operation: 'patch /api/mobile/v1/messages', authorization: appDevice, json: [], status: 204, parse: 'none', checks: {} },
      { operation: 'get /api/mobile/v1/settings', authorization: appDevice, status: 200, checks: { 'an object': 'pm.expect(json).to.be.an("object");' } },
      { operation: 'get /api/mobile/v1/webhooks', authorization: appDevice, status: 200, checks: { 'none: Yarrow sends webhooks itself': 'pm.expect(json).to.eql([]);' } },
      {
        operation: 'get /api/mobile/v1/user/code',
        status: 501,
        checks: { 'says where pairing codes come from': "pm.expect(json.message).to.be.a('string');" },
      },
      {
        operation: 'patch /api/mobile/v1/user/password',
        authorization: appDevice,
        json: { currentPassword: 'x', newPassword: 'y' },
        status: 501,
        checks: { 'says there is no password': "pm.expect(json.message).to.be.a('string');" },
      },
      {
        name: 'Android app: the live event stream, refused without the device token',
        operation: 'get /api/mobile/v1/events',
        authorization: 'Bearer not-a-device-token',
        status: 401,
        checks: { 'the app-shaped error': "pm.expect(json.message).to.be.a('string');" },
        description:
          'A collection run cannot hold an endless server-sent event stream open, so this request shows the guard. With `Authorization: Bearer {{app_device_token}}` it is the stream: `curl -N -H "Authorization: Bearer …" {{baseUrl}}/api/mobile/v1/events`.',
      },
    ],
  },
  {
    name: 'Clean up',
    description:
      "The run's two phones are unpaired (GraphQL `revokeDevice`, as the dashboard does), so the account is left without devices that will never connect; the list's message, pinned to the first phone and never taken, fails as `device_revoked`. The recipient and list stay (they cost nothing and show on the Recipients page).",
    steps: [
      graphqlStep('Unpair the Postman phone (GraphQL)', 'mutation ($id: ID!) { revokeDevice(id: $id) { id status } }', { id: '{{device_id}}' }, { revoked: "pm.expect(json.data.revokeDevice.status).to.eql('REVOKED');" }, {}),
      graphqlStep('Unpair the Android app phone (GraphQL)', 'mutation ($id: ID!) { revokeDevice(id: $id) { id status } }', { id: '{{app_device_id}}' }, { revoked: "pm.expect(json.data.revokeDevice.status).to.eql('REVOKED');" }, {}),
    ],
  },
];

/** Every operation of the flow, `get /api/v1/...` in OpenAPI path syntax. */
export function flowOperations(): Set<string> {
  return new Set(flow.flatMap((folder) => folder.steps.flatMap((step) => (step.operation ? [step.operation] : []))));
}

const assertion = (name: string, body: string) => `pm.test(${JSON.stringify(name)}, () => { ${body} });`;

function testScript(step: Step): string[] {
  const parse = step.parse ?? 'json';
  const lines = [assertion(`answers ${step.status}`, `pm.response.to.have.status(${step.status});`)];
  if (parse === 'json') lines.push('const json = pm.response.json();');
  if (parse === 'text') lines.push('const text = pm.response.text();');
  for (const [name, body] of Object.entries(step.checks ?? {})) lines.push(assertion(name, body));
  for (const [variable, expression] of Object.entries(step.sets ?? {})) {
    lines.push(assertion(`sets {{${variable}}}`, `const value = ${expression}; pm.expect(value).to.not.be.undefined; pm.collectionVariables.set(${JSON.stringify(variable)}, value);`));
  }
  return lines;
}

// biome-ignore lint/suspicious/noExplicitAny: an operation of the OpenAPI document, read as plain JSON
type Operation = Record<string, any>;

function item(spec: OpenApi, step: Step) {
  const [method, template] = step.operation ? (step.operation.split(' ') as [Method, string]) : (['post', '/graphql'] as const);
  const operation: Operation | undefined = step.operation ? (spec.paths[template] as Record<string, Operation> | undefined)?.[method] : undefined;
  if (step.operation && !operation) throw new Error(`The Postman flow names ${step.operation}, which the OpenAPI document does not have`);
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = step.params?.[name];
    if (value === undefined) throw new Error(`The Postman flow's ${step.operation} gives no value for {${name}}`);
    return value;
  });
  const documented = operation ? [operation.summary, operation.description].filter(Boolean).join('\n\n') : '';
  const description = [step.description, documented].filter(Boolean).join('\n\n');
  const isPublic = operation && !operation.security?.length;
  const header: Array<{ key: string; value: string }> = [];
  if (step.authorization) header.push({ key: 'Authorization', value: step.authorization });
  let body: unknown;
  if (step.json !== undefined || step.graphql) {
    header.push({ key: 'Content-Type', value: 'application/json' });
    // A number variable is written unquoted (`"attempt": {{message_attempt}}`), so it arrives as a number.
    const raw = JSON.stringify(step.graphql ?? step.json, null, 2).replace(/"\{\{(\w+)\}\}"/g, (quoted, name: string) =>
      numberVariables.has(name) ? `{{${name}}}` : quoted,
    );
    body = { mode: 'raw', raw, options: { raw: { language: 'json' } } };
  } else if (step.form) {
    header.push({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    body = { mode: 'urlencoded', urlencoded: Object.entries(step.form).map(([key, value]) => ({ key, value })) };
  }
  const query = Object.entries(step.query ?? {}).map(([key, value]) => ({ key, value }));
  const queryString = query.length ? `?${query.map(({ key, value }) => `${key}=${value}`).join('&')}` : '';
  const prerequest = step.prerequest ?? [];
  return {
    name: step.name ?? operation?.summary ?? template,
    ...(step.followRedirects === false ? { protocolProfileBehavior: { followRedirects: false } } : {}),
    event: [
      ...(prerequest.length ? [{ listen: 'prerequest', script: { type: 'text/javascript', exec: prerequest } }] : []),
      { listen: 'test', script: { type: 'text/javascript', exec: testScript(step) } },
    ],
    request: {
      method: method.toUpperCase(),
      ...(step.authorization || isPublic ? { auth: { type: 'noauth' } } : {}),
      header,
      url: {
        raw: `{{baseUrl}}${path}${queryString}`,
        host: ['{{baseUrl}}'],
        path: path.split('/').filter(Boolean),
        ...(query.length ? { query } : {}),
      },
      ...(body ? { body } : {}),
      description,
    },
  };
}

/** A Postman v2.1 collection of the flow: folders in order, Bearer `{{apiKey}}` at collection level. */
export function buildPostman(spec: OpenApi) {
  return {
    info: {
      name: spec.info.title,
      description: `${spec.info.description}\n\nRun it in order (newman run or the Collection Runner): each request sets the ids the next ones use. Set \`baseUrl\` and \`apiKey\` (a sandbox key with every scope).`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: spec.servers[0]!.url },
      { key: 'apiKey', value: 'yk_test_…' },
    ],
    item: flow.map((folder) => ({ name: folder.name, description: folder.description, item: folder.steps.map((step) => item(spec, step)) })),
  };
}
