import { z } from 'zod';
import { builder, enumOf } from '../../graphql/builder.ts';
import { pauseRelayQueue, queueHealth, resumeRelayQueue, type QueueHealth } from './queue-health.ts';
import { connectionRows } from '../../core/pagination.ts';
import { otpsWhere } from '../lists.ts';
import { displayNumber } from '../sms.ts';

const RelayPausedByEnum = enumOf('RelayPausedBy', ['account', 'operator'], { description: 'Who paused an account\'s relay queue.' });

const Counts = builder.objectRef<QueueHealth['counts']>('RelayQueueCounts').implement({
  fields: (t) => ({
    queued: t.exposeInt('queued', { description: 'Now waiting for a phone.' }),
    inFlight: t.exposeInt('inFlight', { description: 'Now on a phone: pushed, not yet reported sent.' }),
    stuck: t.exposeInt('stuck', { description: 'Of those, held by their phone past RELAY_STUCK_AFTER_SECONDS without a word (message.stuck): see rerouteMessage.' }),
    sent: t.exposeInt('sent', { description: 'Now sent and awaiting their delivery report (a delivered message counts under delivered only).' }),
    delivered: t.exposeInt('delivered', { description: 'Delivered, all time.' }),
    failed: t.exposeInt('failed', { description: 'Failed, all time.' }),
  }),
});

const ThroughputPoint = builder.objectRef<QueueHealth['throughput'][number]>('RelayThroughputPoint').implement({
  fields: (t) => ({
    minute: t.expose('minute', { type: 'DateTime' }),
    accepted: t.exposeInt('accepted', { description: 'Messages queued (accepted) in this minute.' }),
    onPhone: t.exposeInt('onPhone', { description: 'Messages given to a phone in this minute (their latest try).' }),
    sent: t.exposeInt('sent', { description: 'Messages a phone reported sent in this minute.' }),
    delivered: t.exposeInt('delivered', { description: 'Messages reported delivered in this minute.' }),
    failed: t.exposeInt('failed', { description: 'Messages that failed in this minute.' }),
  }),
});

const DeviceLoad = builder.objectRef<QueueHealth['devices'][number]>('RelayDeviceLoad').implement({
  fields: (t) => ({
    deviceId: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', description: 'Its last heartbeat or report.' }),
    inFlight: t.exposeInt('inFlight'),
    stuck: t.exposeInt('stuck', { description: 'Messages this phone has held past RELAY_STUCK_AFTER_SECONDS without a word.' }),
    sentLastMinute: t.exposeInt('sentLastMinute'),
    ratePerMinute: t.exposeInt('ratePerMinute'),
  }),
});

const QueueHealthType = builder.objectRef<QueueHealth>('RelayQueueHealth').implement({
  description: "The account's relay queue: state counts, throughput per minute, oldest wait, device load.",
  fields: (t) => ({
    paused: t.exposeBoolean('paused', { description: 'While paused, sends answer 503 queue_blocked and queued messages wait.' }),
    pausedAt: t.expose('pausedAt', { type: 'DateTime', nullable: true }),
    pausedBy: t.field({
      type: RelayPausedByEnum,
      nullable: true,
      description: 'Who paused the queue (null while it runs): ACCOUNT (this account, which may resume it) or OPERATOR (only the operator lifts it).',
      resolve: (health) => health.pausedBy,
    }),
    queueLimit: t.exposeInt('queueLimit'),
    counts: t.field({ type: Counts, resolve: (health) => health.counts }),
    oldestQueuedAgeSeconds: t.exposeFloat('oldestQueuedAgeSeconds', { nullable: true }),
    throughput: t.field({ type: [ThroughputPoint], resolve: (health) => health.throughput }),
    devices: t.field({ type: [DeviceLoad], resolve: (health) => health.devices }),
  }),
});

builder.prismaObject('Otp', {
  description: 'A one-time password that was sent. The code itself is never readable.',
  fields: (t) => ({
    id: t.exposeID('id'),
    to: t.exposeString('to'),
    toDisplay: t.string({ description: 'The number in international format, for people.', resolve: (otp) => displayNumber(otp.to) }),
    purpose: t.exposeString('purpose'),
    locale: t.exposeString('locale'),
    codeLength: t.exposeInt('codeLength'),
    status: t.string({ resolve: (otp) => otp.status }),
    attempts: t.exposeInt('attempts'),
    maxAttempts: t.exposeInt('maxAttempts'),
    requestId: t.exposeID('messageId', { description: 'The SMS that carried the code.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    verifiedAt: t.expose('verifiedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const DeviceChange = builder
  .objectRef<{ deviceId: string; status: string; lastSeenAt: string; batteryLevel: number | null }>('DeviceChange')
  .implement({
    fields: (t) => ({
      deviceId: t.exposeID('deviceId'),
      status: t.exposeString('status'),
      lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
      batteryLevel: t.exposeInt('batteryLevel', { nullable: true }),
    }),
  });

const QueueChange = builder.objectRef<{ paused: boolean }>('RelayQueueChange').implement({
  fields: (t) => ({ paused: t.exposeBoolean('paused') }),
});

builder.queryFields((t) => ({
  relayQueueHealth: t.field({
    type: QueueHealthType,
    authScopes: { scope: 'messages.read' },
    args: {
      minutes: t.arg.int({ defaultValue: 15, description: 'Throughput window, 1 to 120 minutes.', validate: z.number().int().min(1).max(120) }),
    },
    // Five aggregate queries, the throughput series scanning `minutes` of messages: priced by the window.
    complexity: ({ minutes }) => ({ field: 50 + 10 * Math.min(Math.max(minutes ?? 15, 1), 120), multiplier: 1 }),
    resolve: (_root, { minutes }, ctx) => queueHealth(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, minutes ?? 15),
  }),
  otps: t.prismaConnection({
    type: 'Otp',
    cursor: 'id',
    description: 'The OTP log, newest first (never the codes).',
    authScopes: { scope: 'messages.read' },
    resolve: async (query, _root, { before }, ctx) => {
      return connectionRows(ctx.rt.db.prisma.otp, query, otpsWhere(ctx.principal!.accountId), { before });
    },
  }),
}));

builder.mutationFields((t) => ({
  pauseRelayQueue: t.field({
    type: QueueHealthType,
    description: 'Pause sending: new sends answer 503 queue_blocked, queued messages wait.',
    authScopes: { scope: 'devices.manage' },
    resolve: async (_root, _args, ctx) => {
      const accountId = ctx.principal!.accountId;
      await ctx.rt.db.prisma.$transaction((tx) => pauseRelayQueue(tx, accountId, 'account'));
      return queueHealth(ctx.rt, ctx.rt.db.prisma, accountId);
    },
  }),
  resumeRelayQueue: t.field({
    type: QueueHealthType,
    description: "Resume sending; waiting messages go out at once. A pause by an operator (pausedBy OPERATOR) is the operator's to lift: refused with invalid_state.",
    authScopes: { scope: 'devices.manage' },
    resolve: async (_root, _args, ctx) => {
      const accountId = ctx.principal!.accountId;
      await ctx.rt.db.prisma.$transaction((tx) => resumeRelayQueue(tx, accountId, 'account'));
      return queueHealth(ctx.rt, ctx.rt.db.prisma, accountId);
    },
  }),
}));

builder.subscriptionFields((t) => ({
  deviceUpdated: t.field({
    type: DeviceChange,
    description: 'A device of the account paired, came online, went offline, sent a heartbeat or changed.',
    authScopes: { scope: 'devices.manage' },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('deviceUpdated', ctx.principal!.accountId),
    resolve: (change) => change,
  }),
  relayQueueChanged: t.field({
    type: QueueChange,
    description: "The account's relay queue was paused or resumed.",
    authScopes: { scope: 'messages.read' },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('relayQueueChanged', ctx.principal!.accountId),
    resolve: (change) => change,
  }),
}));
