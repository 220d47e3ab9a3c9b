import { z } from 'zod';
import { booleanFlag } from '../core/config.ts';
import { defineModule, liveTopic } from '../core/module.ts';
import { idPrefixes, webhooksLocks, type EventCreated, type WebhookDeliveryUpdate } from './contract.ts';

/** Events (the outbox every domain records into), webhook endpoints, deliveries and signing. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  routes: async (ctx) => (await import('./rest.ts')).registerWebhookRoutes(ctx),
  postman: async () => (await import('./postman.ts')).postmanFolders,
  graphql: async (modules) => {
    (await import('./graphql.ts')).addWebhookFields(modules);
    (await import('./graphql-recovery.ts')).addRecoveryFields();
    (await import('./notifications/graphql.ts')).addNotificationFields();
  },
  workers: {
    webhooks: async (rt) => (await import('./workers.ts')).startWebhookWorker(rt),
  },
  queues: {
    // One job per delivery attempt. pg-boss's own retries only cover a worker that died or threw
    // (expiry, crash); the webhook retry schedule sends a new job per attempt. Each job's expiry is
    // set from WEBHOOK_TIMEOUT_SECONDS when it is sent (src/webhooks/deliveries.ts).
    webhook_deliver: {
      payload: z.object({ deliveryId: z.string().regex(/^\d+$/), trigger: z.enum(['automatic', 'manual']) }),
      options: { retryLimit: 50, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 30 },
    },
    // One job per recover call that claimed deliveries (src/webhooks/recovery.ts).
    webhook_recover: {
      payload: z.object({ endpointId: z.string() }),
      options: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
    },
    // One job per event a panel user is emailed about (src/webhooks/notifications).
    webhook_notify: {
      payload: z.object({ eventId: z.string() }),
      options: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    },
    webhook_sweep: {
      payload: z.object({}).loose(),
      options: { retryLimit: 1, expireInSeconds: 300 },
    },
  },
  scopes: ['webhooks.manage'],
  idPrefixes,
  lockNamespaces: webhooksLocks,
  eventTypes: ['endpoint.disabled', 'webhook_delivery.exhausted', 'webhook.test'],
  topics: {
    /** A delivery was created or finished an attempt (the live delivery log). */
    webhookDeliveryUpdated: liveTopic<number, WebhookDeliveryUpdate>(),
    /** An event of the account committed, whether or not an endpoint receives it. */
    eventCreated: liveTopic<number, EventCreated>(),
    /** An endpoint of the account was created, changed, disabled or deleted (launch readiness listens). */
    webhookEndpointsChanged: liveTopic<number, { endpointId: string }>(),
  },
  config: {
    env: {
      WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.optional(),
      WEBHOOK_RETRY_SCHEDULE: z
        .string()
        .default('30,120,600,3600,10800,21600,43200,86400')
        .transform((text, ctx) => {
          const delays = text.split(',').map((part) => part.trim()).filter((part) => part !== '').map(Number);
          if (delays.some((delay) => !Number.isFinite(delay) || delay < 0 || delay > 7 * 86400)) {
            ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of seconds (0 to 604800 each)' });
            return z.NEVER;
          }
          return delays;
        }),
      WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce.number().int().min(1).default(3 * 86400),
      WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
      WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
      WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
      WEBHOOK_FETCH_BATCH: z.coerce.number().int().min(1).max(100).default(50),
      /** Days an event is kept (with its finished deliveries) before the maintenance worker purges it. */
      EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
      /** Days a finished webhook delivery (and its attempts) is kept. */
      WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
      /** `smtp://user:pass@host:587` or `smtps://…`: notifications are emailed through it; unset, they are kept for the panel's Notifications page. */
      SMTP_URL: z
        .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
        .optional(),
      /** The From address of notification emails. */
      NOTIFICATION_FROM: z.string().default('Yarrow <notifications@yarrow.localhost>'),
    },
    derive: (values) => ({
      /**
       * The operator's override of each account's `allowPrivateWebhookUrls`: true lets every account's
       * webhooks reach private, loopback and link-local addresses, false none; unset, the account decides.
       */
      webhookAllowPrivateUrls: values.WEBHOOK_ALLOW_PRIVATE_URLS,
    }),
  },
  panelPages: [
    {
      path: 'webhooks',
      title: 'Webhooks', group: 'Developers',
      summary: 'Webhooks page: endpoints and deliveries',
      script: 'webhooks.js',
      body: async () => (await import('./panel.ts')).webhooksPage(),
    },
    {
      path: 'webhooks/:id{we_[0-9a-z]+}',
      partOf: 'webhooks',
      title: 'Webhook endpoint', group: 'Developers',
      summary: 'Webhook endpoint page: its deliveries with each attempt, redeliver, secret rotation',
      script: 'webhook-endpoint.js',
      body: async () => (await import('./panel.ts')).webhookEndpointPage(),
    },
    {
      path: 'notifications',
      title: 'Notifications',
      summary: 'Notifications page: email notifications (kept ones without SMTP_URL) and the signed-in user\'s preferences',
      script: 'notifications.js',
      body: async () => (await import('./notifications/panel.ts')).notificationsPage(),
    },
  ],
  panelOverview: [{ title: 'Failing webhook endpoints', script: 'webhooks-overview.js' }],
  panelAssets: `${import.meta.dirname}/panel-assets`,
  retention: [
    { what: 'webhook deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS', purgeBatch: async (rt, size) => (await import('./retention.ts')).purgeOldDeliveries(rt, size) },
    { what: 'events past EVENT_RETENTION_DAYS', purgeBatch: async (rt, size) => (await import('./retention.ts')).purgeOldEvents(rt, size) },
  ],
  sandbox: {
    // On a developer's machine the sandbox account (and no other) may send webhooks to a receiver on localhost.
    seed: async ({ tx, accountId, onDevelopersMachine }) => {
      if (onDevelopersMachine) await tx.account.update({ where: { id: accountId }, data: { allowPrivateWebhookUrls: true } });
      return [];
    },
  },
});
