import { z } from 'zod';
import type { RelayMessageStatus } from './contract.ts';
import { builder, enumOf, perRequest } from '../graphql/builder.ts';
import { withGraphqlParams } from '../graphql/input.ts';
import { anyEventOf, currentThenLive, readOncePerEvent } from '../graphql/live.ts';
import {
  createPairingCode,
  deviceConnection,
  effectiveRate,
  getDevice,
  revokeDevice,
  setRelayMode,
  updateDevice,
  relaySettingsInput,
  updateDeviceInput,
  withConnections,
  type CreatedPairingCode,
} from './devices/index.ts';
import { parseInput } from '../core/errors.ts';
import { MessageAttachmentType, attachmentsOf, rerouteMessage } from './messages/index.ts';
import { messageStages, messageStatuses } from './json.ts';
import { devicesTried, getMessage, messageStage, messageStatus, pinnedFailsAt, statusEvent } from './messages/index.ts';
import { waitReasonsPerRequest } from './messages/index.ts';
import { displayNumber } from './sms.ts';
import { launchReadiness, type Readiness, type ReadinessStep } from './dashboard/index.ts';
import { devicesWhere, messagesWhere } from './lists.ts';
import { connectionRows } from '../core/pagination.ts';

/** One wait-reason reader per request: a page of queued messages reads the account's devices once. */
const waitReasonOf = perRequest((ctx) => waitReasonsPerRequest(ctx.rt, ctx.rt.db.prisma));

const DeviceStatusEnum = enumOf('DeviceStatus', ['online', 'offline', 'revoked']);
const MessageStatusEnum = enumOf('MessageStatus', messageStatuses, {
  description: 'Public status of an SMS: SCHEDULED (held for its sendAt or the end of quiet hours), QUEUED (waiting or on a phone), SENT, DELIVERED or FAILED; RECEIVED for an inbound SMS.',
});
const MessageStageEnum = enumOf('MessageStage', messageStages, {
  description: "Where an SMS is, as the panel names it: SCHEDULED (held for its time), QUEUED (waiting for a phone), ON_PHONE (a phone holds it, not yet reported sent; the API's status says QUEUED), SENT (sent, awaiting the delivery report), DELIVERED or FAILED; RECEIVED: an inbound SMS.",
});
const MessageDirectionEnum = enumOf('MessageDirection', ['outbound', 'inbound'], {
  description: 'OUTBOUND: the account sent it; INBOUND: a phone of the account received it (status RECEIVED).',
});
const RelayModeEnum = enumOf('RelayMode', ['auto', 'manual'], {
  description: 'AUTO: the router picks among online devices; MANUAL: every send names its device_id.',
});

builder.prismaObjectFields('Account', (t) => ({
  relayMode: t.field({ type: RelayModeEnum, resolve: (account) => account.relayMode }),
}));

builder.prismaObject('Device', {
  description: 'A paired Android phone that sends SMS through its own SIM.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.field({ type: DeviceStatusEnum, resolve: (device) => device.status }),
    connected: t.boolean({
      description:
        'Whether it has a connection open now (WebSocket or the app’s events stream). A phone whose last connection closed is out of routing at once, while status stays ONLINE until the heartbeat window passes.',
      resolve: async (device, _args, ctx) => deviceConnection(await withConnections(ctx.rt.db.prisma, device)).connected,
    }),
    disconnectedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'While not connected: when its last connection closed (null if it never had one).',
      resolve: async (device, _args, ctx) => deviceConnection(await withConnections(ctx.rt.db.prisma, device)).disconnectedAt,
    }),
    platform: t.exposeString('platform', { nullable: true }),
    appVersion: t.exposeString('appVersion', { nullable: true }),
    sims: t.field({ type: ['JSONObject'], resolve: (device) => device.sims as Array<Record<string, unknown>> }),
    ratePerMinute: t.int({ description: 'SMS per minute this device may send.', resolve: (device, _args, ctx) => effectiveRate(ctx.rt, device) }),
    simSelectionMode: t.exposeString('simSelectionMode', { description: 'default (the phone chooses), round_robin or random (Yarrow chooses among its SIMs; budgets and caps count per SIM).' }),
    dailyCap: t.exposeInt('dailyCap', { nullable: true, description: 'Messages per UTC day at most (per SIM when Yarrow picks the SIM); null: no cap.' }),
    monthlyRecipientsCap: t.exposeInt('monthlyRecipientsCap', { nullable: true, description: 'Distinct numbers per UTC month at most; null: no cap.' }),
    sendIntervalMinSeconds: t.exposeInt('sendIntervalMinSeconds', { nullable: true }),
    sendIntervalMaxSeconds: t.exposeInt('sendIntervalMaxSeconds', { nullable: true, description: 'The Android app waits a random time up to this after each send; null: no wait.' }),
    batteryLevel: t.exposeInt('batteryLevel', { nullable: true }),
    charging: t.exposeBoolean('charging', { nullable: true }),
    signalLevel: t.exposeInt('signalLevel', { nullable: true }),
    queueLength: t.exposeInt('queueLength', { nullable: true }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    pairedAt: t.expose('pairedAt', { type: 'DateTime' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    sentLastMinute: t.int({
      description: 'Messages given to this device in the last minute (its rate budget is ratePerMinute).',
      resolve: (device, _args, ctx) =>
        ctx.rt.db.prisma.messageAttempt.count({ where: { deviceId: device.id, dispatchedAt: { gt: new Date(Date.now() - 60_000) } } }),
    }),
    heldMessages: t.int({
      description: 'Messages this phone took and has not reported sent: they are its own until it reports, gives them back, or the account reroutes them.',
      resolve: (device, _args, ctx) => ctx.rt.db.prisma.message.count({ where: { deviceId: device.id, state: 'dispatched', acknowledgedAt: { not: null } } }),
    }),
    stuckMessages: t.int({
      description: 'Of those, the ones held past RELAY_STUCK_AFTER_SECONDS without a word (message.stuck).',
      resolve: (device, _args, ctx) => ctx.rt.db.prisma.message.count({ where: { deviceId: device.id, state: 'dispatched', stuckAt: { not: null } } }),
    }),
    messages: t.relatedConnection('messages', {
      cursor: 'id',
      description: 'The SMS this device holds or sent, newest first.',
      query: () => ({ orderBy: { id: 'desc' } }),
    }),
    presenceHistory: t.relation('presenceChanges', {
      description: 'Its last 50 presence changes (paired, online, offline, revoked), newest first.',
      query: { orderBy: { id: 'desc' }, take: 50 },
    }),
  }),
});

builder.prismaObject('DevicePresenceChange', {
  description: 'A device paired, came online, went offline or was revoked.',
  fields: (t) => ({
    change: t.exposeString('change', { description: 'paired, online, offline or revoked.' }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

builder.prismaObject('MessageAttempt', {
  description: 'One try of an SMS on one device, from the push to its outcome.',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.exposeInt('number'),
    device: t.relation('device'),
    dispatchedAt: t.expose('dispatchedAt', { type: 'DateTime' }),
    acknowledgedAt: t.expose('acknowledgedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    outcome: t.exposeString('outcome', {
      nullable: true,
      description:
        'sent, delivered, failed, expired; given back: device_disconnected, device_offline, ack_timeout (never taken), not_held, cancelled_by_device (the phone’s word), rerouted, device_revoked (the account’s choice); null while the phone has it.',
    }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    deviceState: t.exposeString('deviceState', {
      nullable: true,
      description: 'What the phone last said about this attempt, late reports included: pending, processed, sent, delivered, failed, cancelled or not_held.',
    }),
  }),
});

builder.prismaObject('Message', {
  description: 'An SMS: one the account sent (its id is the request_id the send answered with) or one its phones received (direction INBOUND).',
  fields: (t) => ({
    requestId: t.exposeID('id'),
    direction: t.field({ type: MessageDirectionEnum, resolve: (message) => message.direction }),
    from: t.exposeString('from', { nullable: true, description: 'Inbound: the sender (E.164 when it is a number, else as the phone gave it).' }),
    fromDisplay: t.string({
      nullable: true,
      description: 'Inbound: the sender for people, written as `toDisplay` writes a number (`+1 415 555 2671`); a sender name as received.',
      resolve: (message) => (message.from === null ? null : displayNumber(message.from)),
    }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime', nullable: true, description: 'Inbound: when the phone received it (its clock).' }),
    inReplyTo: t.exposeID('inReplyTo', {
      nullable: true,
      description: 'Inbound: the request id of the last SMS the account sent to `from` within RELAY_REPLY_WINDOW_DAYS, which this answers.',
    }),
    status: t.field({ type: MessageStatusEnum, resolve: (message) => messageStatus(message) }),
    stage: t.field({ type: MessageStageEnum, resolve: (message) => messageStage(message) }),
    to: t.exposeString('to'),
    toDisplay: t.string({ description: 'The number in international format, for people (`+1 415 555 2671`).', resolve: (message) => displayNumber(message.to) }),
    body: t.exposeString('body', { description: 'The text (an OTP code is masked).' }),
    segments: t.exposeInt('segments'),
    encoding: t.exposeString('encoding'),
    attachments: t.field({
      type: [MessageAttachmentType],
      description: 'Inbound MMS: its parts (text parts are the body), each downloadable at GET /api/v1/messages/{id}/attachments/{attachment_id}. Empty otherwise.',
      resolve: async (message, _args, ctx) =>
        message.direction === 'inbound' ? ((await attachmentsOf(ctx.rt.db.prisma, [message.id])).get(message.id) ?? []) : [],
    }),
    attempts: t.int({ description: 'How many distinct devices were given this SMS.', resolve: (message) => devicesTried(message) }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    reference: t.exposeString('reference', { nullable: true }),
    priority: t.exposeInt('priority', { description: '−128..127 (0 unless the send said): higher goes first; OTPs are sent at 100.' }),
    simNumber: t.exposeInt('simNumber', { nullable: true, description: 'The SIM the send named (1-based); null: the phone chooses.' }),
    isEncrypted: t.exposeBoolean('isEncrypted', { description: 'The sender encrypted the number and text (is_encrypted): shown as sent.' }),
    waitReason: t.string({
      nullable: true,
      description:
        'While queued, why no phone has it yet: account_paused, quiet_hours (the account\'s quiet hours hold it until they end), no_device_online, no_device_with_sim, device_budget, device_daily_cap or device_monthly_recipients_cap; null when nothing holds it back.',
      resolve: (message, _args, ctx) => waitReasonOf(ctx)(message),
    }),
    batchId: t.exposeID('batchId', { nullable: true, description: 'The batch it was queued in (a list send); messages(batchId:) lists them.' }),
    device: t.relation('device', { nullable: true }),
    pinnedDevice: t.relation('requestedDevice', {
      nullable: true,
      description: 'The device the send named (deviceId): only that device may send it. Null when the router picks.',
    }),
    pinnedFailsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'While a pinned message waits: when it fails (device_offline) if its device stays unreachable, RELAY_PINNED_OFFLINE_WAIT_SECONDS after it began waiting or the device was last heard from, whichever is later.',
      select: { requestedDevice: { select: { name: true, lastSeenAt: true, revokedAt: true } } },
      resolve: (message, _args, ctx) => pinnedFailsAt(ctx.rt.config.RELAY_PINNED_OFFLINE_WAIT_SECONDS, message, message.requestedDevice),
    }),
    attemptLog: t.relation('attemptLog', {
      description: 'Each try, in order: the device, when it was pushed and acknowledged, its outcome and reason.',
      query: { orderBy: { number: 'asc' } },
    }),
    queuedAt: t.expose('queuedAt', { type: 'DateTime' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
    failedAt: t.expose('failedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    heldSince: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'While on a phone: since when that phone holds it (it acknowledged or pulled it). From then on it moves only on the phone’s word, the account’s reroute or its TTL.',
      resolve: (message) => (message.state === 'dispatched' ? message.acknowledgedAt : null),
    }),
    stuckSince: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'While on a phone: since when it is flagged stuck (held past RELAY_STUCK_AFTER_SECONDS without a word; message.stuck). rerouteMessage moves it.',
      resolve: (message) => (message.state === 'dispatched' ? message.stuckAt : null),
    }),
  }),
});

const MessageStatusEvent = builder.objectRef<RelayMessageStatus>('MessageStatusEvent').implement({
  description: 'A change of an SMS: its status, attempts, device and failure reason at that moment.',
  fields: (t) => ({
    requestId: t.exposeID('requestId'),
    status: t.field({ type: MessageStatusEnum, resolve: (event) => event.status }),
    attempts: t.exposeInt('attempts'),
    deviceId: t.exposeID('deviceId', { nullable: true }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

const PairingCode = builder.objectRef<CreatedPairingCode>('PairingCode').implement({
  description: 'A single-use code that pairs one device within 10 minutes.',
  fields: (t) => ({
    id: t.exposeID('id'),
    code: t.exposeString('code', { description: '8 characters from an unambiguous alphabet; type it in the app (dashes and spaces are ignored).' }),
    appServerUrl: t.exposeString('appServerUrl', {
      description: 'The "API URL" to enter in SMS Gateway for Android (Settings → Cloud Server) before "Sign in by code".',
    }),
    qrPayload: t.exposeString('qrPayload', { description: 'A yarrow-relay://pair URI with the base URL and the code, for a future Yarrow Relay app.' }),
    qrImage: t.exposeString('qrImage', { description: 'The QR code of qrPayload as an SVG data URL.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const UpdateDeviceInput = builder.inputType('UpdateDeviceInput', {
  fields: (t) => ({
    name: t.string(),
    ratePerMinute: t.int({ description: 'SMS per minute; null goes back to the default.' }),
    simSelectionMode: t.string({ description: 'default, round_robin or random: which SIM a message that names none goes out on.' }),
    dailyCap: t.int({ description: 'Messages per UTC day (per SIM when Yarrow picks the SIM); null: no cap.' }),
    monthlyRecipientsCap: t.int({ description: 'Distinct numbers per UTC month (per SIM when Yarrow picks the SIM); null: no cap.' }),
    sendIntervalMinSeconds: t.int({ description: 'Lower end of the random wait after each send (Android app); null: 0.' }),
    sendIntervalMaxSeconds: t.int({ description: 'Upper end of the random wait after each send (Android app); null: no wait.' }),
  }),
});


const ReadinessStepType = builder.objectRef<ReadinessStep>('ReadinessStep').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    title: t.exposeString('title'),
    ok: t.exposeBoolean('ok'),
    hint: t.exposeString('hint'),
  }),
});

const ReadinessType = builder.objectRef<Readiness>('LaunchReadiness').implement({
  description: 'The relay go-live checklist, in order; ready when every step is ok.',
  fields: (t) => ({
    ready: t.exposeBoolean('ready'),
    steps: t.field({ type: [ReadinessStepType], resolve: (readiness) => readiness.steps }),
  }),
});

builder.queryFields((t) => ({
  launchReadiness: t.field({
    type: ReadinessType,
    authScopes: { scope: 'account.read' },
    resolve: (_root, _args, ctx) => launchReadiness(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId),
  }),
  devices: t.prismaConnection({
    type: 'Device',
    cursor: 'id',
    description: 'Newest first; filter by status, search an id or part of a name.',
    authScopes: { scope: 'devices.manage' },
    args: {
      status: t.arg({ type: DeviceStatusEnum }),
      search: t.arg.string({ validate: z.string().max(100) }),
    },
    resolve: async (query, _root, args, ctx) => {
      return connectionRows(ctx.rt.db.prisma.device, query, devicesWhere(ctx.principal!.accountId, args), args);
    },
  }),
  device: t.prismaField({
    type: 'Device',
    authScopes: { scope: 'devices.manage' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getDevice(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
  }),
  message: t.prismaField({
    type: 'Message',
    authScopes: { scope: 'messages.read' },
    args: { requestId: t.arg.id({ required: true }) },
    resolve: (_query, _root, { requestId }, ctx) => getMessage(ctx.rt.db.prisma, ctx.principal!.accountId, String(requestId), 'requestId'),
  }),
  messages: t.prismaConnection({
    type: 'Message',
    cursor: 'id',
    description: 'Newest first; filter by public status or the finer stage, recipient number, device, batch, time queued; search a request id, batch id or number digits.',
    authScopes: { scope: 'messages.read' },
    args: {
      status: t.arg({ type: MessageStatusEnum }),
      stage: t.arg({ type: MessageStageEnum }),
      to: t.arg.string({ validate: z.string().max(32) }),
      deviceId: t.arg.id(),
      batchId: t.arg.id({ description: 'The batch a list send answered (batchId).' }),
      queuedAfter: t.arg({ type: 'DateTime', description: 'Queued at or after this time.' }),
      queuedBefore: t.arg({ type: 'DateTime', description: 'Queued before this time.' }),
      search: t.arg.string({ validate: z.string().max(64) }),
      direction: t.arg({ type: MessageDirectionEnum, description: 'INBOUND: the SMS the account’s phones received; OUTBOUND: those it sent; both when unset.' }),
      from: t.arg.string({ validate: z.string().max(32), description: 'Inbound: digits the sender’s number contains.' }),
      counterparty: t.arg.string({
        validate: z.string().max(64),
        description: 'The conversation with one number: OUTBOUND messages sent to it and INBOUND ones from it (the whole number, E.164; or a sender name as received).',
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const accountId = ctx.principal!.accountId;
      return withGraphqlParams('', async () => connectionRows(ctx.rt.db.prisma.message, query, messagesWhere(accountId, args), args));
    },
  }),
}));

builder.mutationFields((t) => ({
  createPairingCode: t.field({
    type: PairingCode,
    description: 'A pairing code for a phone (SMS Gateway for Android: "Sign in by code"; QR for a future Yarrow Relay app): single use, valid 10 minutes.',
    authScopes: { scope: 'devices.manage' },
    resolve: (_root, _args, ctx) => createPairingCode(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId),
  }),
  updateDevice: t.prismaField({
    type: 'Device',
    authScopes: { scope: 'devices.manage' },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateDeviceInput, required: true, validate: updateDeviceInput }),
    },
    resolve: (_query, _root, { id, input }, ctx) =>
      withGraphqlParams('input.', () => updateDevice(ctx.rt, ctx.principal!.accountId, String(id), parseInput(updateDeviceInput, input))),
  }),
  rerouteMessage: t.prismaField({
    type: 'Message',
    description:
      'Send an SMS waiting on a phone through another phone. If the phone took it (heldSince is set) it may still send it: allowDuplicate must be true, the account accepting that the person may get it twice.',
    authScopes: { scope: 'sms.send' },
    args: { requestId: t.arg.id({ required: true }), allowDuplicate: t.arg.boolean({ required: false }) },
    resolve: async (query, _root, { requestId, allowDuplicate }, ctx) => {
      const accountId = ctx.principal!.accountId;
      await withGraphqlParams('', () => rerouteMessage(ctx.rt, accountId, String(requestId), { allowDuplicate: allowDuplicate ?? false }));
      return ctx.rt.db.prisma.message.findUniqueOrThrow({ ...query, where: { id: String(requestId) } });
    },
  }),
  revokeDevice: t.prismaField({
    type: 'Device',
    description: 'Unpair a device: its token stops working and its unsent messages reroute.',
    authScopes: { scope: 'devices.manage' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => revokeDevice(ctx.rt, ctx.principal!.accountId, String(id)),
  }),
  setRelayMode: t.prismaField({
    type: 'Account',
    description: 'AUTO: the router picks among online devices; MANUAL: every send names its device_id.',
    authScopes: { scope: 'devices.manage' },
    args: { mode: t.arg({ type: RelayModeEnum, required: true }) },
    resolve: (_query, _root, { mode }, ctx) => setRelayMode(ctx.rt.db.prisma, ctx.principal!.accountId, parseInput(relaySettingsInput, { mode }).mode),
  }),
}));

builder.subscriptionFields((t) => ({
  launchReadinessChanged: t.field({
    type: ReadinessType,
    description:
      'The go-live checklist now, then again each time a step may have changed: a device paired or changed presence, a message changed, an API key or a webhook endpoint changed, the subscription was renewed.',
    authScopes: { scope: 'account.read' },
    subscribe: (_root, _args, ctx) => {
      const accountId = ctx.principal!.accountId;
      const changes = anyEventOf([
        ctx.pubsub.subscribe('deviceUpdated', accountId),
        ctx.pubsub.subscribe('messageUpdated', accountId),
        ctx.pubsub.subscribe('apiKeysChanged', accountId),
        ctx.pubsub.subscribe('webhookEndpointsChanged', accountId),
        ctx.pubsub.subscribe('relaySubscriptionChanged', accountId),
      ]);
      // Most events (a heartbeat, a message sent) change no step: only a changed checklist is sent.
      // The checklist is read once per event for all of the account's subscribers on this gateway.
      let shown = '';
      const load = () => launchReadiness(ctx.rt, ctx.rt.db.prisma, accountId);
      const ifChanged = (readiness: Awaited<ReturnType<typeof load>>) => {
        const seen = JSON.stringify(readiness);
        if (seen === shown) return undefined;
        shown = seen;
        return readiness;
      };
      return currentThenLive(changes, {
        current: async () => ifChanged(await load())!,
        next: async (event) => ifChanged(await readOncePerEvent(event, `readiness:${accountId}`, load)),
      });
    },
    resolve: (readiness) => readiness,
  }),
  messageStatusChanged: t.field({
    type: MessageStatusEvent,
    description: 'Status changes of one SMS, from any gateway or worker. Yields its current state first, then each later change once.',
    authScopes: { scope: 'messages.read' },
    args: { requestId: t.arg.id({ required: true }) },
    subscribe: (_root, { requestId }, ctx) => {
      // A change the current read already shows is heard too, and dropped: every event carries the
      // time of its write (`at`).
      let shown = Number.NEGATIVE_INFINITY;
      return currentThenLive(ctx.pubsub.subscribe('messageStatusChanged', String(requestId)), {
        current: async () => {
          const message = await getMessage(ctx.rt.db.prisma, ctx.principal!.accountId, String(requestId), 'requestId');
          const first = statusEvent(message, message.updatedAt);
          shown = Date.parse(first.at);
          return first;
        },
        next: (event: RelayMessageStatus) => (Date.parse(event.at) > shown ? event : undefined),
      });
    },
    resolve: (event) => event,
  }),
  messageReceived: t.prismaField({
    type: 'Message',
    description: "Each SMS the account's phones receive (an inbound message), once, from any gateway; STOP/START replies too.",
    authScopes: { scope: 'messages.read' },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('messageReceived', ctx.principal!.accountId),
    resolve: (query, event: { requestId: string }, _args, ctx) =>
      ctx.rt.db.prisma.message.findFirstOrThrow({ ...query, where: { id: event.requestId, accountId: ctx.principal!.accountId } }),
  }),
  messageUpdated: t.field({
    type: MessageStatusEvent,
    description: "Every status change of the account's SMS, from any gateway or worker.",
    authScopes: { scope: 'messages.read' },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('messageUpdated', ctx.principal!.accountId),
    resolve: (event) => event,
  }),
}));
