import { graphqlStep, type PostmanFolder } from '../core/postman.ts';

/** The webhooks' folder of the Postman flow (src/core/postman.ts). */
export const postmanFolders: PostmanFolder[] = [
  {
    name: 'Webhooks and events',
    description:
      'An endpoint made (with a rate limit and a custom header, whose value is never answered), listed, read, updated (its limit changed, a header added and one removed), disabled and enabled, its secret rotated and revealed, sent a test webhook (GraphQL), its delivery listed, read and redelivered, its failed deliveries recovered, and deleted; the events the payments above recorded.',
    steps: [
      {
        operation: 'post /api/v1/webhook-endpoints',
        json: {
          url: '{{baseUrl}}/postman-webhook-receiver',
          description: 'Postman',
          event_types: ['invoice.paid'],
          rate_limit: 5,
          headers: { 'X-Postman-Key': 'pm-gateway-key-2f8a' },
        },
        status: 201,
        checks: {
          'its signing secret, shown once': "pm.expect(json.secret).to.match(/^whsec_/); pm.expect(json.webhook_endpoint.secret).to.be.undefined;",
          'its rate limit and header name, never the value': "pm.expect(json.webhook_endpoint.rate_limit).to.eql(5); pm.expect(json.webhook_endpoint.header_names).to.eql(['X-Postman-Key']); pm.expect(pm.response.text()).to.not.include('pm-gateway-key-2f8a');",
        },
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
        checks: {
          'its event types': "pm.expect(json.webhook_endpoint.event_types).to.eql(['invoice.paid']);",
          'its limit and header name, never the value': "pm.expect(json.webhook_endpoint.rate_limit).to.eql(5); pm.expect(json.webhook_endpoint.header_names).to.eql(['X-Postman-Key']); pm.expect(pm.response.text()).to.not.include('pm-gateway-key-2f8a');",
        },
      },
      {
        operation: 'patch /api/v1/webhook-endpoints/{id}',
        params: { id: '{{webhook_endpoint_id}}' },
        json: { description: 'Postman, updated', event_types: ['invoice.paid', 'webhook.test'], ordering: 'unordered' },
        status: 200,
        checks: {
          'only the fields sent change': "pm.expect(json.webhook_endpoint.description).to.eql('Postman, updated'); pm.expect(json.webhook_endpoint.event_types).to.eql(['invoice.paid', 'webhook.test']); pm.expect(json.webhook_endpoint.rate_limit).to.eql(5); pm.expect(json.webhook_endpoint.ordering).to.eql('unordered');",
        },
      },
      {
        name: 'Change the rate limit and one custom header, keeping the other',
        operation: 'patch /api/v1/webhook-endpoints/{id}',
        params: { id: '{{webhook_endpoint_id}}' },
        json: { rate_limit: 20, set_headers: { 'X-Postman-Tenant': 'pm-tenant-secret-9c1e' } },
        status: 200,
        checks: {
          'the new limit and both names, never a value':
            "pm.expect(json.webhook_endpoint.rate_limit).to.eql(20); pm.expect(json.webhook_endpoint.header_names).to.eql(['X-Postman-Key', 'X-Postman-Tenant']); pm.expect(pm.response.text()).to.not.include('pm-tenant-secret-9c1e'); pm.expect(pm.response.text()).to.not.include('pm-gateway-key-2f8a');",
        },
      },
      {
        name: 'Remove a custom header and the rate limit',
        operation: 'patch /api/v1/webhook-endpoints/{id}',
        params: { id: '{{webhook_endpoint_id}}' },
        json: { rate_limit: null, remove_headers: ['x-postman-key'] },
        status: 200,
        checks: { 'no limit, the other header kept': "pm.expect(json.webhook_endpoint.rate_limit).to.eql(null); pm.expect(json.webhook_endpoint.header_names).to.eql(['X-Postman-Tenant']);" },
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
        operation: 'post /api/v1/webhook-endpoints/{id}/recover',
        params: { id: '{{webhook_endpoint_id}}' },
        prerequest: ["pm.collectionVariables.set('recover_since', new Date(Date.now() - 3600000).toISOString());"],
        json: { since: '{{recover_since}}' },
        status: 202,
        checks: { 'nothing failed in the last hour: none queued': 'pm.expect(json.queued).to.eql(0); pm.expect(json.since).to.be.a("string");' },
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
];
