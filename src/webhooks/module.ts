import { z } from 'zod';
import { defineModule, liveTopic } from '../core/module.ts';

/** A delivery as the live delivery log shows it. */
export interface WebhookDeliveryUpdate {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  nextAttemptAt: string | null;
  updatedAt: string;
}

/** Events (the outbox every domain records into), webhook endpoints, deliveries and signing. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  routes: async (ctx) => (await import('./rest.ts')).registerWebhookRoutes(ctx),
  graphql: () => import('./graphql.ts'),
  workers: {
    webhooks: async (rt) => (await import('./worker.ts')).startWebhookWorker(rt),
  },
  queues: {
    // One job per delivery attempt. pg-boss's own retries only cover a worker that died or threw
    // (expiry, crash); the webhook retry schedule sends a new job per attempt. Each job's expiry is
    // set from WEBHOOK_TIMEOUT_SECONDS when it is sent (src/webhooks/deliveries.ts).
    webhook_deliver: {
      payload: z.object({ deliveryId: z.string().regex(/^\d+$/), trigger: z.enum(['automatic', 'manual']) }),
      options: { retryLimit: 50, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 30 },
    },
    webhook_sweep: {
      payload: z.object({}).loose(),
      options: { retryLimit: 1, expireInSeconds: 300 },
    },
  },
  idPrefixes: { event: 'evt', webhookEndpoint: 'we', webhookAttempt: 'wa' },
  eventTypes: ['endpoint.disabled', 'webhook.test'],
  topics: {
    /** A delivery was created or finished an attempt (the live delivery log). */
    webhookDeliveryUpdated: liveTopic<number, WebhookDeliveryUpdate>(),
  },
  panelPages: [{ path: 'webhooks', title: 'Webhooks' }],
});
