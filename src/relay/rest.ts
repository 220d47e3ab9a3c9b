import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import { ok, okSchema } from '../core/http.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import { listBody, listSchema } from '../core/pagination.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute, type Credential } from '../core/route.ts';
import type { DbClient } from '../core/db.ts';
import type { Runtime } from '../core/runtime.ts';
import { registerAndroidAppRoutes } from './transports/index.ts';
import { registerThirdPartyApi } from './transports/index.ts';
import { registerDeviceSockets } from './transports/index.ts';
import { registerLongPollRoutes } from './transports/index.ts';
import {
  deviceSchema,
  listPreviewSchema,
  messageStatusSchema,
  otpSentSchema,
  otpVerifiedSchema,
  pairedSchema,
  queuedBatchSchema,
  readinessSchema,
  recipientSchema,
  relaySettingsSchema,
  sendAcceptedSchema,
} from './json.ts';
import { deviceListQuery, listDevices, listMessages, messageListQuery } from './lists.ts';
import {
  deviceJson,
  deviceOfflineAfterSeconds,
  deviceOfflineAfterSecondsInput,
  pairDevice,
  relayBaseUrl,
  relaySettingsInput,
  setDeviceOfflineAfterSeconds,
  setRelayMode,
  spendPairingAttempt,
  withConnections,
} from './devices/index.ts';
import { sendAcceptedJson, sendMessages, sendSmsInput } from './messages/index.ts';
import { rerouteBody, rerouteMessage } from './messages/index.ts';
import { attachmentsOf, getMessage, messageStatusJson, quietHoursBody, quietHoursJson, registerAttachmentRoutes, registerScheduleRoutes, setQuietHours, waitReasons } from './messages/index.ts';
import { otpSentJson, sendOtp, sendOtpInput, verifyOtp, verifyOtpInput } from './otp/index.ts';
import { DEVICE_WS_PATH } from './transports/index.ts';
import { launchReadiness } from './dashboard/index.ts';
import { PREVIEW_SIZE, previewList, previewListInput, queueList, queueListInput, recipientJson, recipientSearchQuery, searchRecipients } from './recipients/index.ts';
import { registerOptOutRoutes } from './opt-outs/index.ts';
import { registerDeviceSettingsRoutes } from './devices/index.ts';

const statusQuery = z.object({ request_id: z.string().trim().min(1).max(64) });

/** A SIM as POST /api/v1/relay/devices/pair's body describes it. */
const simInput = z.strictObject({
  slot: z.number().int().min(0).max(7),
  carrier: z.string().trim().max(100).optional(),
  phone_number: z.string().trim().max(32).optional(),
});

/** POST /api/v1/relay/devices/pair's body: a pairing code or a QR payload, and the device. */
const pairDeviceInput = z
  .strictObject({
    pairing_code: z.string().trim().min(1).max(64).meta({ examples: ['483920'] }).optional(),
    qr_payload: z.string().trim().min(1).max(2048).optional(),
    device_name: z.string().trim().min(1).max(100).meta({ examples: ['Shop phone'] }),
    platform: z.string().trim().min(1).max(50).optional(),
    app_version: z.string().trim().min(1).max(50).optional(),
    sims: z.array(simInput).max(8).optional(),
  })
  .superRefine((input, ctx) => {
    if (!!input.pairing_code === !!input.qr_payload) {
      ctx.addIssue({ code: 'custom', path: ['pairing_code'], message: 'give exactly one of pairing_code or qr_payload' });
    }
  });

/**
 * Relay routes answer at `/api/v1/…` (the relay base `…/api` joined with the documented `/v1/…`)
 * and, for clients that join that path to a base already ending in `/api`, at `/api/api/v1/…`
 * too (`alias`: served, but one operation is one entry in OpenAPI and Postman).
 */
export function registerRelayRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  /** Pairing has no API key: the code in the body is the credential, so each attempt per address counts first. */
  const pairingAttempt: Credential<void> = {
    documentedAs: 'none',
    authenticate: (c) => spendPairingAttempt(rt, getConnInfo(c).remote.address ?? 'unknown'),
  };

  registerDeviceSockets(ctx);
  registerLongPollRoutes(ctx);
  registerAndroidAppRoutes(ctx);

  // --- Pairing ---
  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/app/pair',
    alias: true,
    tag: 'Relay',
    summary: 'Pair a device with a pairing code or QR payload (docs/relay-protocol.md).',
    operationId: 'pairDevice',
    response: okSchema(pairedSchema.shape),
    // The code is unknown, used or expired: one answer (404); each attempt per address counts (429).
    errorCodes: ['not_found', 'rate_limited'],
    auth: pairingAttempt,
    body: pairDeviceInput,
    responses: { 201: 'The device and its token (shown once).' },
    handler: async (c, { body }) => {
      const paired = await rt.db.prisma.$transaction((tx) =>
        pairDevice(rt, tx, {
          pairingCode: body.pairing_code,
          qrPayload: body.qr_payload,
          deviceName: body.device_name,
          platform: body.platform,
          appVersion: body.app_version,
          sims: body.sims?.map((sim) => ({ slot: sim.slot, carrier: sim.carrier, phoneNumber: sim.phone_number })),
        }),
      );
      return ok(
        c,
        {
          device: deviceJson(rt, await withConnections(rt.db.prisma, paired.device)),
          device_token: paired.token,
          heartbeat_interval_seconds: rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS,
          websocket_url: `${rt.config.publicBaseUrl.replace(/^http/, 'ws')}${DEVICE_WS_PATH}`,
          base_url: relayBaseUrl(rt),
        },
        201,
      );
    },
  });

  // --- Merchant API ---
  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/relay/devices',
    alias: true,
    tag: 'Relay',
    summary: "The account's paired devices, newest first; filter by `status`, `search` an id or part of a name.",
    operationId: 'listDevices',
    response: listSchema(deviceSchema),
    auth: 'devices.manage',
    query: deviceListQuery,
    responses: { 200: 'A list of devices.' },
    handler: async (c, { query }) => {
      const rows = await listDevices(rt.db.prisma, c.get('principal').accountId, query);
      return ok(c, listBody(rows, query, '/api/v1/relay/devices', (row) => deviceJson(rt, row)));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/sms/send',
    alias: true,
    tag: 'Relay',
    summary: 'Queue an SMS through a paired device.',
    operationId: 'sendSms',
    response: okSchema(sendAcceptedSchema.shape),
    errorCodes: ['recipient_opted_out', 'subscription_expired', 'invalid_device', 'queue_blocked', 'rate_limited'],
    auth: 'sms.send',
    body: sendSmsInput,
    idempotent: true,
    responses: { 202: 'Queued (or `scheduled`, with `send_at`): the request_id to follow it by.' },
    handler: (c, { body, rawBody }) => {
      const accountId = c.get('principal').accountId;
      const send = async (tx?: DbClient) => {
        const [message] = await sendMessages(rt, accountId, [{ to: body.to, text: body.message }], {
          deviceId: body.device_id,
          ttlSeconds: body.ttl_seconds,
          reference: body.reference,
          priority: body.priority,
          simNumber: body.sim_number,
          sendAt: body.send_at === undefined ? undefined : new Date(body.send_at),
          isEncrypted: body.is_encrypted,
          tx,
        });
        return { status: 202 as const, body: sendAcceptedJson(message!) };
      };
      return idempotentCreate(rt, c, rawBody, send, { withoutKey: () => send() });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/messages',
    alias: true,
    tag: 'Relay',
    summary:
      'The account\'s SMS, newest first; filter by `status` (or the finer `stage`: `on_phone` apart from `queued`), `device_id`, `batch_id` (the messages of a list send), `queued_after`/`queued_before`, `search` a request id, batch id or number digits; `direction=inbound` the SMS the account\'s phones received (`from` digits of the sender), `direction=outbound` only those it sent.',
    operationId: 'listMessages',
    response: listSchema(messageStatusSchema),
    auth: 'messages.read',
    query: messageListQuery,
    responses: { 200: 'A list of messages, each as GET /api/v1/messages/status answers it.' },
    handler: async (c, { query }) => {
      const accountId = c.get('principal').accountId;
      const rows = await listMessages(rt.db.prisma, accountId, query);
      const reasons = await waitReasons(rt, rt.db.prisma, accountId, rows);
      const parts = await attachmentsOf(rt.db.prisma, rows.filter((row) => row.direction === 'inbound').map((row) => row.id));
      return ok(c, listBody(rows, query, '/api/v1/messages', (row) => messageStatusJson(rt, row, reasons.get(row.id), parts.get(row.id))));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/messages/:id/reroute',
    alias: true,
    tag: 'Relay',
    summary:
      'Send an SMS that waits on a phone through another phone. If the phone took it (it may still send it), only with `allow_duplicate: true`: the person may get it twice.',
    operationId: 'rerouteMessage',
    response: okSchema(messageStatusSchema.shape),
    errorCodes: ['not_found', 'invalid_state'],
    auth: 'sms.send',
    body: rerouteBody,
    responses: { 200: 'The message, queued again for another phone.' },
    handler: async (c, { body }) => {
      const accountId = c.get('principal').accountId;
      await rerouteMessage(rt, accountId, c.req.param('id'), body);
      return ok(c, messageStatusJson(rt, await getMessage(rt.db.prisma, accountId, c.req.param('id'))));
    },
  });

  registerScheduleRoutes(ctx);
  registerAttachmentRoutes(ctx);

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/messages/status',
    alias: true,
    tag: 'Relay',
    summary: 'Status of an SMS by request_id.',
    operationId: 'getMessageStatus',
    response: okSchema(messageStatusSchema.shape),
    errorCodes: ['not_found'],
    auth: 'messages.read',
    query: statusQuery,
    responses: { 200: 'Status, device, attempts, failure reason and timestamps.' },
    handler: async (c, { query: { request_id } }) => {
      const accountId = c.get('principal').accountId;
      const message = await getMessage(rt.db.prisma, accountId, request_id);
      const reasons = await waitReasons(rt, rt.db.prisma, accountId, [message]);
      const parts = message.direction === 'inbound' ? await attachmentsOf(rt.db.prisma, [message.id]) : undefined;
      return ok(c, messageStatusJson(rt, message, reasons.get(message.id), parts?.get(message.id)));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/otp/send',
    alias: true,
    tag: 'Relay',
    summary: 'Send a one-time code by SMS.',
    operationId: 'sendOtp',
    response: okSchema(otpSentSchema.shape),
    errorCodes: ['recipient_opted_out', 'subscription_expired', 'invalid_device', 'queue_blocked', 'rate_limited'],
    auth: 'otp.send',
    body: sendOtpInput,
    idempotent: true,
    // 200, not sms/send's 202: the answer holds a resource that is complete now (the OTP can be
    // verified at once), while 202 answers a receipt for work still going on (README, "Status codes").
    responses: { 200: 'The OTP (`status: sent`), its expiry, the request_id of its SMS and that SMS\'s own progress (`message_status`).' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        const { otp, message } = await sendOtp(rt, tx, c.get('principal').accountId, {
          to: body.to,
          purpose: body.purpose,
          locale: body.locale,
          expirySeconds: body.expiry_seconds,
          codeLength: body.code_length,
          deviceId: body.device_id,
        });
        return { status: 200, body: otpSentJson(otp, message) };
      }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/otp/verify',
    alias: true,
    tag: 'Relay',
    summary: 'Check a one-time code (5 attempts, single use).',
    operationId: 'verifyOtp',
    response: okSchema(otpVerifiedSchema.shape),
    errorCodes: ['not_found'],
    auth: 'otp.verify',
    body: verifyOtpInput,
    responses: { 200: 'success, failed (attempts_left, reason) or expired.' },
    handler: async (c, { body }) => ok(c, { ...(await verifyOtp(rt, c.get('principal').accountId, { otpId: body.otp_id, code: body.code })) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/recipients',
    alias: true,
    tag: 'Relay',
    summary: 'Search recipients by name or number digits.',
    operationId: 'searchRecipients',
    response: listSchema(recipientSchema),
    auth: 'recipients.read',
    query: recipientSearchQuery,
    responses: { 200: 'A list of recipients, newest first.' },
    handler: async (c, { query }) => {
      const rows = await searchRecipients(rt.db.prisma, c.get('principal').accountId, query);
      return ok(c, listBody(rows, query, '/api/v1/recipients', recipientJson));
    },
  });

  registerOptOutRoutes(ctx);
  registerDeviceSettingsRoutes(ctx);

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/recipient-lists/queue',
    alias: true,
    tag: 'Relay',
    summary:
      'Send a text to every distinct number of a list: one `message` for all, or a `template` rendered per member (`{{first_name|there}}`); a member without a value refuses the send (400 naming it), nothing queued.',
    operationId: 'queueRecipientList',
    response: okSchema(queuedBatchSchema.shape),
    errorCodes: ['not_found', 'recipient_opted_out', 'subscription_expired', 'invalid_device', 'queue_blocked', 'rate_limited'],
    auth: 'sms.send',
    body: queueListInput,
    idempotent: true,
    responses: { 202: 'The batch: how many were queued, each with its parts, and which members were skipped.' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        const batch = await queueList(rt, tx, c.get('principal').accountId, {
          listId: body.list_id,
          text: body.message,
          template: body.template,
          options: {
            deviceId: body.device_id,
            ttlSeconds: body.ttl_seconds,
            reference: body.reference,
            priority: body.priority,
            simNumber: body.sim_number,
            sendAt: body.send_at === undefined ? undefined : new Date(body.send_at),
          },
        });
        return { status: 202, body: { batch_id: batch.batchId, queued: batch.queued, items: batch.items, segments: batch.segments, skipped: batch.skipped } };
      }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/recipient-lists/preview',
    alias: true,
    tag: 'Relay',
    summary: `What a list send would text, without sending: how many messages and parts, and the first ${PREVIEW_SIZE} texts as each member would get them (a template rendered), refused as the send would be.`,
    operationId: 'previewRecipientList',
    response: okSchema(listPreviewSchema.shape),
    errorCodes: ['not_found'],
    auth: 'recipients.read',
    body: previewListInput,
    responses: { 200: 'The messages it would queue, their parts, the first texts.' },
    handler: async (c, { body }) =>
      ok(c, { ...(await previewList(rt.db.prisma, c.get('principal').accountId, { listId: body.list_id, text: body.message, template: body.template })) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/relay/settings',
    alias: true,
    tag: 'Relay',
    summary:
      "The account's relay mode: `auto` (Yarrow picks the device) or `manual` (every send names its `device_id`); its quiet hours; after how many seconds of silence its phones are marked offline.",
    operationId: 'getRelaySettings',
    response: okSchema(relaySettingsSchema.shape),
    auth: 'devices.manage',
    responses: { 200: 'The relay mode, quiet hours and phone-offline threshold.' },
    handler: async (c) => {
      const account = await rt.db.prisma.account.findUniqueOrThrow({ where: { id: c.get('principal').accountId } });
      return ok(c, relaySettingsJson(rt, account));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/settings',
    alias: true,
    tag: 'Relay',
    summary:
      'Set the relay mode (GraphQL `setRelayMode`): in `manual`, a send without `device_id` answers 400 `invalid_request`; and/or the quiet hours (`setRelayQuietHours`, null ends them); and/or the phone-offline threshold (`setDeviceOfflineAfterSeconds`, null: the server default). What the body leaves out stays.',
    operationId: 'updateRelaySettings',
    response: okSchema(relaySettingsSchema.shape),
    auth: 'devices.manage',
    body: relaySettingsInput.partial().extend({ quiet_hours: quietHoursBody.optional(), device_offline_after_seconds: deviceOfflineAfterSecondsInput.optional() }),
    responses: { 200: 'The relay settings now.' },
    handler: async (c, { body }) => {
      const accountId = c.get('principal').accountId;
      if (body.mode) await setRelayMode(rt.db.prisma, accountId, body.mode);
      if (body.quiet_hours !== undefined) await setQuietHours(rt.db.prisma, accountId, body.quiet_hours);
      if (body.device_offline_after_seconds !== undefined) await setDeviceOfflineAfterSeconds(rt.db.prisma, accountId, body.device_offline_after_seconds);
      return ok(c, relaySettingsJson(rt, await rt.db.prisma.account.findUniqueOrThrow({ where: { id: accountId } })));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/launch/readiness',
    alias: true,
    tag: 'Relay',
    summary: 'The relay go-live checklist.',
    operationId: 'getLaunchReadiness',
    response: okSchema(readinessSchema.shape),
    auth: 'account.read',
    responses: { 200: 'ready, and each step with ok and a hint.' },
    handler: async (c) => ok(c, { ...(await launchReadiness(rt, rt.db.prisma, c.get('principal').accountId)) }),
  });

  // The reference server's API of SMS Gateway for Android, for its client libraries (README).
  registerThirdPartyApi(ctx);
}

/** The account's relay settings as REST shows them: its routing mode, its quiet hours, its phone-offline threshold. */
function relaySettingsJson(
  rt: Pick<Runtime, 'config'>,
  account: Parameters<typeof quietHoursJson>[0] & Parameters<typeof deviceOfflineAfterSeconds>[1] & { relayMode: 'auto' | 'manual' },
): z.infer<typeof relaySettingsSchema> {
  return { mode: account.relayMode, quiet_hours: quietHoursJson(account), device_offline_after_seconds: deviceOfflineAfterSeconds(rt, account) };
}
