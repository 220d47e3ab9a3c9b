import type { PostmanFolder } from '../core/postman.ts';

/** The accounts' folders of the Postman flow (src/core/postman.ts): the test clock uses the invoices' due date, the request log reads the payment intents made before. */
export const postmanFolders: PostmanFolder[] = [
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
    name: 'Test clock',
    after: 'Invoices',
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
    name: 'Request log',
    after: 'Webhooks and events',
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
];
