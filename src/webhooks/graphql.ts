import { notFound, parseInput } from '../core/errors.ts';
import { builder, enumOf } from '../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../graphql/input.ts';
import { currentThenLive, readOncePerEvent } from '../graphql/live.ts';
import type { WebhookEndpoint as EndpointRow } from '../generated/prisma/client.ts';
import { deliveriesWhere, endpointsWhere, eventTypeFilters, eventsWhere } from './lists.ts';
import { deliveryStatuses, getDelivery, redeliver, type DeliveryStatus } from './deliveries.ts';
import { deliveryUpdate, type DeliveryUpdate } from './enqueue.ts';
import {
  createEndpoint,
  deleteEndpoint,
  endpointInputs,
  getEndpoint,
  isEnabled,
  revealSecret,
  rotateSecret,
  sendTestWebhook,
  updateEndpoint,
} from './endpoints.ts';
import { eventPayload } from './events.ts';
import type { ModuleRegistry } from '../core/module.ts';
import { deliveryBody, payloadFormats, type PayloadFormat } from './formats.ts';
import { connectionRows } from '../core/pagination.ts';
import { CreateWebhookEndpointInput, EndpointOrderingEnum, UpdateWebhookEndpointInput } from './graphql-inputs.ts';
import type { EndpointOrdering } from './lines.ts';

const scope = { scope: 'webhooks.manage' } as const;

const DeliveryStatusEnum = enumOf('WebhookDeliveryStatus', deliveryStatuses, {
  description: 'PENDING: an attempt is due (first or retry). SUCCEEDED: a 2xx answered. FAILED: no attempt is due any more.',
});
const AttemptTriggerEnum = enumOf('WebhookAttemptTrigger', ['automatic', 'manual'], { description: 'What started an attempt.' });
const AttemptOutcomeEnum = enumOf('WebhookAttemptOutcome', ['in_flight', 'succeeded', 'failed', 'interrupted'], {
  description: 'INTERRUPTED: the worker stopped mid-request; the job ran again under the same delivery number.',
});
const PayloadFormatEnum = enumOf('WebhookPayloadFormat', payloadFormats, {
  description:
    "YARROW: Yarrow's event and X-YarrowPay-* signature; SMS_GATEWAY: the SMS Gateway for Android app's body and X-Signature/X-Timestamp (endpoints registered through /api/3rdparty/v1/webhooks).",
});

const DisabledReasonEnum = enumOf('WebhookEndpointDisabledReason', ['manual', 'gone', 'failing'], {
  description: 'MANUAL: disabled through the API. GONE: the endpoint answered 410. FAILING: every attempt failed for WEBHOOK_DISABLE_AFTER_SECONDS.',
});

export const WebhookEndpoint = builder.prismaObject('WebhookEndpoint', {
  description: 'A URL that receives the account\'s events, signed with the endpoint\'s secret.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    description: t.exposeString('description'),
    eventTypes: t.exposeStringList('eventTypes', { description: 'Events the endpoint receives; empty means every event.' }),
    enabled: t.boolean({ resolve: (endpoint) => isEnabled(endpoint) }),
    headerNames: t.exposeStringList('headerNames', { description: 'The names of its custom headers; their values are never answered.' }),
    rateLimit: t.exposeInt('rateLimit', { nullable: true, description: 'At most this many deliveries a second; null: no limit.' }),
    ordering: t.field({
      type: EndpointOrderingEnum,
      description: 'UNORDERED, or FIFO: one delivery at a time in event order.',
      resolve: (endpoint) => endpoint.ordering as EndpointOrdering,
    }),
    payloadFormat: t.field({
      type: PayloadFormatEnum,
      description: 'The body and signature its deliveries take, set by the API it was made through.',
      resolve: (endpoint) => endpoint.payloadFormat as PayloadFormat,
    }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    disabledReason: t.field({
      type: DisabledReasonEnum,
      nullable: true,
      resolve: (endpoint) => endpoint.disabledReason as 'manual' | 'gone' | 'failing' | null,
    }),
    failingSince: t.expose('failingSince', {
      type: 'DateTime',
      nullable: true,
      description: 'Start of the current run of failed attempts; any success clears it.',
    }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'While set, requests carry a second signature made with the secret before the last rotation.',
      resolve: (endpoint) =>
        endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? endpoint.previousSecretExpiresAt : null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    deliveries: t.relatedConnection('deliveries', {
      cursor: 'id',
      query: () => ({ orderBy: { id: 'desc' } }),
    }),
  }),
});

const EventType = builder.prismaObject('Event', {
  description: 'Something that happened to one of the account\'s objects; webhooks deliver events.',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    objectType: t.exposeString('objectType'),
    objectPublicId: t.exposeString('objectPublicId'),
    data: t.field({ type: 'JSONObject', resolve: (event) => event.data as Record<string, unknown> }),
    payload: t.field({
      type: 'JSONObject',
      description: 'The JSON body webhook receivers get for this event.',
      resolve: (event) => eventPayload(event) as unknown as Record<string, unknown>,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    requestLogId: t.exposeString('requestLogId', { nullable: true, description: 'The API request that caused it (`apiRequest(id)`); null for a worker\'s, a hosted page\'s or the panel\'s change.' }),
    deliveries: t.relatedConnection('webhookDeliveries', {
      cursor: 'id',
      query: () => ({ orderBy: { id: 'desc' } }),
    }),
  }),
});

const WebhookAttempt = builder.prismaObject('WebhookAttempt', {
  description: 'One HTTP request of a delivery.',
  fields: (t) => ({
    id: t.exposeID('id'),
    trigger: t.field({ type: AttemptTriggerEnum, resolve: (attempt) => attempt.trigger as 'automatic' | 'manual' }),
    outcome: t.field({
      type: AttemptOutcomeEnum,
      resolve: (attempt) => attempt.outcome as 'in_flight' | 'succeeded' | 'failed' | 'interrupted',
    }),
    url: t.exposeString('url'),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    httpStatus: t.exposeInt('httpStatus', { nullable: true }),
    responseExcerpt: t.exposeString('responseExcerpt', {
      nullable: true,
      description: 'The first 2 KiB of the response body; null when there was none or the receiver is at a private address.',
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why no HTTP status came back (timeout, refused, …).' }),
  }),
});

const WebhookDelivery = builder.prismaObject('WebhookDelivery', {
  description: 'One event on its way to one endpoint. The id is the delivery number receivers get as X-YarrowPay-Delivery.',
  fields: (t) => ({
    id: t.id({ resolve: (delivery) => String(delivery.id) }),
    status: t.field({ type: DeliveryStatusEnum, resolve: (delivery) => delivery.status as DeliveryStatus }),
    attemptCount: t.exposeInt('attemptCount'),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    endpoint: t.relation('endpoint'),
    // Lets a list of deliveries nested in events name their endpoint without one more level of depth.
    endpointId: t.exposeID('endpointId'),
    event: t.relation('event'),
    body: t.string({
      description: "The exact JSON body each attempt sends, in its endpoint's payloadFormat (the signature headers aside).",
      select: { endpoint: true, event: true },
      resolve: (delivery, _args, ctx) => deliveryBody(ctx.rt.db.prisma, delivery.endpoint, delivery.event),
    }),
    attempts: t.relation('attempts', { query: { orderBy: [{ startedAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

interface EndpointSecret {
  endpoint: EndpointRow;
  secret: string;
  previousSecretExpiresAt?: Date;
}

const CreatedWebhookEndpoint = builder.objectRef<EndpointSecret>('CreatedWebhookEndpoint').implement({
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpoint, resolve: (created) => created.endpoint }),
    secret: t.exposeString('secret', { description: 'The signing secret (`whsec_…`). revealWebhookEndpointSecret shows it again.' }),
  }),
});

const WebhookEndpointSecret = builder.objectRef<EndpointSecret>('WebhookEndpointSecret').implement({
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpoint, resolve: (result) => result.endpoint }),
    secret: t.exposeString('secret', { description: 'The secret that signs from now on.' }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Until then the secret before the rotation signs too (a second signature).',
      resolve: (result) => result.previousSecretExpiresAt ?? null,
    }),
  }),
});

const DeletedWebhookEndpoint = builder.objectRef<{ id: string }>('DeletedWebhookEndpoint').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    deleted: t.boolean({ resolve: () => true }),
  }),
});

const SentTestWebhook = builder
  .objectRef<Awaited<ReturnType<typeof sendTestWebhook>>>('SentTestWebhook')
  .implement({
    fields: (t) => ({
      event: t.field({ type: EventType, resolve: (sent) => sent.event }),
      delivery: t.field({ type: WebhookDelivery, resolve: (sent) => sent.delivery }),
    }),
  });

const WebhookDeliveryUpdate = builder.objectRef<DeliveryUpdate & { accountId: number }>('WebhookDeliveryUpdate').implement({
  description: 'A delivery was created or finished an attempt.',
  fields: (t) => ({
    deliveryId: t.exposeID('deliveryId'),
    endpointId: t.exposeID('endpointId'),
    eventId: t.exposeID('eventId'),
    eventType: t.exposeString('eventType'),
    status: t.field({ type: DeliveryStatusEnum, resolve: (update) => update.status as DeliveryStatus }),
    attemptCount: t.exposeInt('attemptCount'),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true }),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    delivery: t.field({
      type: WebhookDelivery,
      nullable: true,
      description: 'The delivery as it is now (null once its endpoint is deleted).',
      resolve: (update, _args, ctx) =>
        ctx.rt.db.prisma.webhookDelivery.findFirst({ where: { id: BigInt(update.deliveryId), accountId: update.accountId } }),
    }),
  }),
});

const WebhookDeliveryFilter = builder.inputType('WebhookDeliveryFilter', {
  fields: (t) => ({
    endpointId: t.id(),
    status: t.field({ type: DeliveryStatusEnum }),
    eventType: t.string(),
    eventId: t.id(),
    requestLogId: t.string({ description: 'The deliveries of the events this API request caused.' }),
  }),
});

/**
 * The fields that check an event name, given every module's (`graphql` in module.ts calls this with
 * `rt.modules`): an endpoint subscribes to, and a list filters by, only a name some module declares.
 */
export function addWebhookFields({ eventTypes }: ModuleRegistry) {
  const { eventTypeFilter, deliveryFilter } = eventTypeFilters(eventTypes);
  const { endpointEventTypes, createEndpointInput, updateEndpointInput } = endpointInputs(eventTypes);

  builder.queryFields((t) => ({
    webhookEventTypes: t.stringList({
      description: 'Every event name an endpoint can subscribe to.',
      authScopes: scope,
      resolve: () => [...eventTypes],
    }),
    webhookEndpoints: t.prismaConnection({
      type: 'WebhookEndpoint',
      cursor: 'id',
      authScopes: scope,
      description: 'The account\'s webhook endpoints, newest first.',
      resolve: async (query, _root, { before }, ctx) => {
        return connectionRows(ctx.rt.db.prisma.webhookEndpoint, query, endpointsWhere(ctx.principal!.accountId), { before });
      },
    }),
    webhookEndpoint: t.field({
      type: WebhookEndpoint,
      authScopes: scope,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, { id }, ctx) => getEndpoint(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
    }),
    webhookDeliveries: t.prismaConnection({
      type: 'WebhookDelivery',
      cursor: 'id',
      authScopes: scope,
      description: 'The delivery log, newest first.',
      args: { filter: t.arg({ type: WebhookDeliveryFilter, validate: deliveryFilter.nullish() }) },
      resolve: async (query, _root, { filter, before }, ctx) => {
        return connectionRows(ctx.rt.db.prisma.webhookDelivery, query, deliveriesWhere(ctx.principal!.accountId, serviceInput({ ...filter })), { before });
      },
    }),
    webhookDelivery: t.field({
      type: WebhookDelivery,
      authScopes: scope,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, { id }, ctx) => getDelivery(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
    }),
    webhookAttempts: t.field({
      type: [WebhookAttempt],
      authScopes: scope,
      description: 'Every attempt of a delivery, oldest first.',
      args: { deliveryId: t.arg.id({ required: true }) },
      resolve: async (_root, { deliveryId }, ctx) => {
        const delivery = await getDelivery(ctx.rt.db.prisma, ctx.principal!.accountId, String(deliveryId), 'deliveryId');
        return ctx.rt.db.prisma.webhookAttempt.findMany({
          where: { deliveryId: delivery.id },
          orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
        });
      },
    }),
    events: t.prismaConnection({
      type: 'Event',
      cursor: 'id',
      authScopes: scope,
      description: 'The account\'s events, newest first.',
      args: { type: t.arg.string({ validate: eventTypeFilter.nullish() }), objectPublicId: t.arg.string(), requestLogId: t.arg.string({ description: 'Only the events this API request caused.' }) },
      resolve: async (query, _root, args, ctx) => {
        return connectionRows(ctx.rt.db.prisma.event, query, eventsWhere(ctx.principal!.accountId, args), args);
      },
    }),
    event: t.field({
      type: EventType,
      authScopes: scope,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, ctx) => {
        const event = await ctx.rt.db.prisma.event.findFirst({ where: { id: String(id), accountId: ctx.principal!.accountId } });
        if (!event) throw notFound('event', 'id');
        return event;
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createWebhookEndpoint: t.field({
      type: CreatedWebhookEndpoint,
      authScopes: scope,
      args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true, validate: createEndpointInput }) },
      resolve: (_root, { input }, ctx) =>
        withGraphqlParams('input.', () => createEndpoint(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, parseInput(createEndpointInput, serviceInput({ ...input })))),
    }),
    updateWebhookEndpoint: t.field({
      type: WebhookEndpoint,
      authScopes: scope,
      args: {
        id: t.arg.id({ required: true }),
        input: t.arg({ type: UpdateWebhookEndpointInput, required: true, validate: updateEndpointInput }),
      },
      resolve: (_root, { id, input }, ctx) =>
        withGraphqlParams('input.', () => updateEndpoint(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, String(id), parseInput(updateEndpointInput, { ...serviceInput({ ...input }), ...(input.rateLimit === null ? { rateLimit: null } : {}) }))),
    }),
    rotateWebhookEndpointSecret: t.field({
      type: WebhookEndpointSecret,
      authScopes: scope,
      description: 'A new secret signs from now on; the previous one keeps signing too for 24 hours.',
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, { id }, ctx) => rotateSecret(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
    }),
    revealWebhookEndpointSecret: t.field({
      type: WebhookEndpointSecret,
      authScopes: scope,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, ctx) => {
        const revealed = await revealSecret(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, String(id));
        const overlap = revealed.endpoint.previousSecretExpiresAt;
        return { ...revealed, previousSecretExpiresAt: overlap && overlap > new Date() ? overlap : undefined };
      },
    }),
    deleteWebhookEndpoint: t.field({
      type: DeletedWebhookEndpoint,
      authScopes: scope,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, ctx) => {
        const endpoint = await deleteEndpoint(ctx.rt.db.prisma, ctx.principal!.accountId, String(id));
        return { id: endpoint.id };
      },
    }),
    sendTestWebhook: t.field({
      type: SentTestWebhook,
      authScopes: scope,
      description: 'Records a `webhook.test` event and delivers it to this endpoint only.',
      args: { endpointId: t.arg.id({ required: true }) },
      resolve: (_root, { endpointId }, ctx) => sendTestWebhook(ctx.rt, ctx.principal!.accountId, String(endpointId)),
    }),
    redeliverWebhook: t.field({
      type: WebhookDelivery,
      authScopes: scope,
      description: 'Sends a delivery again now, as a new attempt under the same delivery number.',
      args: { deliveryId: t.arg.id({ required: true }) },
      resolve: (_root, { deliveryId }, ctx) => redeliver(ctx.rt, ctx.principal!.accountId, String(deliveryId)),
    }),
  }));

  builder.subscriptionFields((t) => ({
    eventCreated: t.field({
      type: EventType,
      description:
        'The account\'s live event feed: every event as it commits, whether or not an endpoint receives it (what `yarrow listen` forwards). `types`: only these event names (see webhookEventTypes); absent or empty: every event.',
      authScopes: scope,
      args: { types: t.arg.stringList({ validate: endpointEventTypes }) },
      subscribe: (_root, args, ctx) => {
        const accountId = ctx.principal!.accountId;
        const types = new Set(args.types ?? []);
        return currentThenLive(ctx.pubsub.subscribe('eventCreated', accountId), {
          next: (created) =>
            types.size === 0 || types.has(created.type)
              ? readOncePerEvent(created, `event:${accountId}`, () => ctx.rt.db.prisma.event.findFirst({ where: { id: created.id, accountId } })).then(
                  (event) => event ?? undefined,
                )
              : undefined,
        });
      },
      resolve: (event) => event,
    }),
    webhookDeliveryUpdated: t.field({
      type: WebhookDeliveryUpdate,
      description:
        'The live delivery log: every created delivery and every finished attempt of the account. With deliveryId, the delivery\'s current state comes first.',
      authScopes: scope,
      args: { endpointId: t.arg.id(), deliveryId: t.arg.id() },
      subscribe: async (_root, args, ctx) => {
        const accountId = ctx.principal!.accountId;
        const endpointId = args.endpointId ? String(args.endpointId) : undefined;
        const deliveryId = args.deliveryId ? String(args.deliveryId) : undefined;
        // Another account's endpoint is not_found, as everywhere, rather than a feed that stays silent.
        if (endpointId) await getEndpoint(ctx.rt.db.prisma, accountId, endpointId, 'endpointId');
        return liveDeliveryUpdates(ctx.pubsub.subscribe('webhookDeliveryUpdated', accountId), {
          accountId,
          endpointId,
          deliveryId,
          current: deliveryId
            ? async () => {
                const delivery = await getDelivery(ctx.rt.db.prisma, accountId, deliveryId, 'deliveryId');
                const event = await ctx.rt.db.prisma.event.findUniqueOrThrow({ where: { id: delivery.eventId } });
                return deliveryUpdate(delivery, event);
              }
            : undefined,
        });
      },
      resolve: (update) => update,
    }),
  }));
}

/** The account's delivery updates, filtered; with `current`, the delivery's current state first. */
function liveDeliveryUpdates(
  source: AsyncIterator<DeliveryUpdate>,
  options: { accountId: number; endpointId?: string; deliveryId?: string; current?: () => Promise<DeliveryUpdate> },
) {
  const withAccount = (update: DeliveryUpdate) => ({ ...update, accountId: options.accountId });
  const current = options.current;
  return currentThenLive(source, {
    current: current && (async () => withAccount(await current())),
    next: (update) => {
      if (options.endpointId && update.endpointId !== options.endpointId) return undefined;
      if (options.deliveryId && update.deliveryId !== options.deliveryId) return undefined;
      return withAccount(update);
    },
  });
}
