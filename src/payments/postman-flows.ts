import { csrfFrom, locationOf, type PostmanStep } from '../core/postman.ts';

// A payment through the hosted checkout, as Postman steps: the payments' and the disputes' flows
// (intents/postman.ts, disputes/postman.ts) both pay this way.

/** Create an intent, open its checkout, choose Visa and submit `token` on the card session page. */
export function payWithCard(label: string, intentVar: string, sessionVar: string, token: string, expectedStatus: string, create: Record<string, string> = {}): PostmanStep[] {
  return [
    {
      name: `Create a payment intent (${label})`,
      operation: 'post /api/v1/payment-intents',
      json: { amount: '25.00', currency: 'USD', title: `Postman: ${label}`, customer_name: 'Ada Customer', customer_email: 'ada@example.com', ...create },
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
