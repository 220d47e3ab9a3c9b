// `yarrow trigger` recipes for the webhooks module's events: how the CLI makes each happen for real,
// through the API and hosted pages a merchant and their customer use. The CLI ships in the SDK and
// cannot import the server, so this file imports only packages/sdk, and the SDK ships a copy of it
// (packages/sdk/generated/trigger/webhooks.ts, written by `npm run sdk:types`).
import { graphql } from '../../packages/sdk/generated/gql/index.ts';
import { CliError, type Json, graphqlCall, graphqlClient, rest } from '../../packages/sdk/cli/api.ts';
import { type Recipe, cannot } from '../../packages/sdk/cli/recipe.ts';

const SendTestWebhook = graphql(`
  mutation TriggerSendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      event {
        id
      }
    }
  }
`);


export const recipes: Record<string, Recipe> = {
  'webhook.test': async (options) => {
    const endpoints = (await rest(options, 'GET', '/api/v1/webhook-endpoints?limit=100')).data as Json[];
    const endpoint = endpoints.find((candidate) => candidate.enabled);
    if (!endpoint) {
      throw new CliError('webhook.test is sent to one webhook endpoint, and the account has no enabled one: create one (POST /api/v1/webhook-endpoints or createWebhookEndpoint), then try again.');
    }
    const { sendTestWebhook } = await graphqlCall(options, () => graphqlClient(options).request(SendTestWebhook, { endpointId: endpoint.id }));
    options.print(`Sent a test event ${sendTestWebhook.event.id} to endpoint ${endpoint.id} (${endpoint.url}).`);
  },
  'endpoint.disabled': cannot(
    'endpoint.disabled is recorded when the webhooks worker disables an endpoint: one that answered 410 Gone, or failed every attempt for WEBHOOK_DISABLE_AFTER_SECONDS. Point an endpoint at a URL that answers 410 and send it an event (yarrow trigger webhook.test).',
  ),
  'webhook_delivery.exhausted': cannot(
    'webhook_delivery.exhausted is recorded when a delivery fails its last scheduled retry (about 46 hours of retries; WEBHOOK_RETRY_SCHEDULE), and sent to the account\'s other endpoints. Point an endpoint at a URL that answers 500 and send it an event (yarrow trigger webhook.test) on a server with a short retry schedule.',
  ),
};
