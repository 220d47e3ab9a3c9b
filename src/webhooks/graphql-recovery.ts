// GraphQL of recover (src/webhooks/recovery.ts), beside graphql.ts, which holds the domain's types.
import { builder } from '../graphql/builder.ts';
import { WebhookEndpoint } from './graphql.ts';
import { RECOVERY_WINDOW_DAYS, recoverEndpoint, type Recovery } from './recovery.ts';

const WebhookEndpointRecovery = builder.objectRef<Recovery>('WebhookEndpointRecovery').implement({
  description: 'A recovery queued by recoverWebhookEndpoint.',
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpoint, resolve: (recovery) => recovery.endpoint }),
    since: t.field({ type: 'DateTime', resolve: (recovery) => recovery.since }),
    until: t.field({ type: 'DateTime', resolve: (recovery) => recovery.until }),
    queued: t.int({
      description: 'Failed deliveries of the window queued to be sent again (none already queued by a recovery still running).',
      resolve: (recovery) => recovery.queued,
    }),
  }),
});

export function addRecoveryFields() {
  builder.mutationFields((t) => ({
    recoverWebhookEndpoint: t.field({
      type: WebhookEndpointRecovery,
      authScopes: { scope: 'webhooks.manage' },
      description:
        `Sends again every delivery of the endpoint that ended FAILED from \`since\` (at most ${RECOVERY_WINDOW_DAYS} days ago) until \`until\` (default now), ` +
        'oldest first, each as a new attempt under its delivery number, from the webhooks worker at the endpoint\'s own limits. ' +
        'A delivery is queued once however often this is called while its recovery runs.',
      args: { id: t.arg.id({ required: true }), since: t.arg({ type: 'DateTime', required: true }), until: t.arg({ type: 'DateTime' }) },
      resolve: (_root, { id, since, until }, ctx) =>
        recoverEndpoint(ctx.rt, ctx.principal!.accountId, { endpointId: String(id), since, until: until ?? undefined }),
    }),
  }));
}
