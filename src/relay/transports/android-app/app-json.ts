import { z } from 'zod';
import { YarrowError, knownError } from '../../../core/errors.ts';
import type { HttpContext } from '../../../core/http.ts';
import type { Runtime } from '../../../core/runtime.ts';
import type { Device, Message } from '../../../generated/prisma/client.ts';
import type { DeviceWork } from '../../json.ts';
import { appMessagesSettings, appMessagesSettingsSchema } from '../../devices/index.ts';

// The JSON the "SMS Gateway for Android" app (me.capcom.smsgateway) sends and reads in its
// private-server mode, and how its states map onto Yarrow's (docs/relay-protocol.md, "The SMS
// Gateway for Android app"). Its request bodies are parsed leniently (unknown fields are dropped:
// the app adds fields between releases); a known field of the wrong type is `invalid_request`.

/** `User-Agent: me.capcom.smsgateway/<versionName>`: the app's version. */
const appUserAgent = /^me\.capcom\.smsgateway\/(\S{1,50})/;

export function appVersionFrom(userAgent: string | undefined) {
  return userAgent ? appUserAgent.exec(userAgent)?.[1] : undefined;
}

/** A SIM as the app describes it; it masks all but the last 4 characters of each value. */
const appSimCard = z.object({
  // -1: Android could not say which slot (SubscriptionInfo's INVALID_SIM_SLOT_INDEX); refusing it
  // made PATCH /device fail, and the app then never opened its events stream.
  slotIndex: z.number().int().min(-1).max(7),
  simNumber: z.number().int().min(1).max(8).nullish(),
  phoneNumber: z.string().trim().max(32).nullish(),
  carrierName: z.string().trim().max(100).nullish(),
  iccid: z.string().trim().max(64).nullish(),
});
const appSimCards = z.array(appSimCard).max(8).nullish();

/** POST <base>/device: the reference server takes names up to 128 characters; ours keep 100. */
export const appRegistration = z.object({
  name: z.string().trim().min(1).max(128),
  pushToken: z.string().max(256).nullish(),
  simCards: appSimCards,
});

/** PATCH <base>/device. */
export const appDeviceUpdate = z.object({
  id: z.string().min(1).max(64),
  pushToken: z.string().max(256).nullish(),
  simCards: appSimCards,
});

/** Our device's `sims` from the app's SIM cards. */
export function simsFromApp(simCards: z.infer<typeof appSimCards>) {
  return (simCards ?? []).map((sim, index) => ({
    // A SIM of unknown slot keeps its place in the app's list.
    slot: sim.slotIndex >= 0 ? sim.slotIndex : index,
    ...(sim.carrierName ? { carrier: sim.carrierName } : {}),
    ...(sim.phoneNumber ? { phone_number: sim.phoneNumber } : {}),
  }));
}

/** The app's processing states (its ProcessingState). */
export const appStates = ['Pending', 'Processed', 'Sent', 'Delivered', 'Failed', 'Cancelling', 'Cancelled'] as const;

/** PATCH <base>/message: an array of state reports (the app sends one per call). */
export const appStateReports = z
  .array(
    z.object({
      id: z.string().min(1).max(64),
      state: z.enum(appStates),
      recipients: z
        // 256: an encrypted number comes back as given (`$aes-256-cbc/pbkdf2-sha1$i=…$salt$ciphertext`, about 90 characters).
        .array(z.object({ phoneNumber: z.string().max(256), state: z.enum(appStates), error: z.string().max(2000).nullish() }))
        .max(100)
        .default([]),
      states: z.record(z.string(), z.string().nullable()).optional(),
    }),
  )
  .max(100);
export type AppStateReport = z.infer<typeof appStateReports>[number];

export const appPullQuery = z.object({ order: z.enum(['lifo', 'fifo']).default('lifo') });

/** Reports longer than this are cut: the same bound as the WebSocket's `reason`. */
const REASON_MAX = 200;

export type AppReportAction =
  | { kind: 'ack' }
  | { kind: 'report'; status: 'sent' | 'delivered' }
  | { kind: 'report'; status: 'failed'; reason?: string };

/**
 * What an app state means for the message's current attempt on the phone. `Pending` and
 * `Processed` say the phone holds it (an acknowledgement); `Sent`, `Delivered` and `Failed` are
 * reports, a failure carrying the first recipient's error as its reason. The cancel states change
 * nothing: Yarrow takes work back from a phone itself (another device has it by then).
 */
export function appReportAction(report: AppStateReport): AppReportAction | null {
  switch (report.state) {
    case 'Pending':
    case 'Processed':
      return { kind: 'ack' };
    case 'Sent':
      return { kind: 'report', status: 'sent' };
    case 'Delivered':
      return { kind: 'report', status: 'delivered' };
    case 'Failed': {
      const error = report.recipients.map((recipient) => recipient.error?.trim()).find((text) => !!text);
      return { kind: 'report', status: 'failed', ...(error ? { reason: error.slice(0, REASON_MAX) } : {}) };
    }
    default:
      return null;
  }
}

/** A message as the app pulls it (GET <base>/message): plain text to one number. */
/** A message in the app's shape (its MessageDetails), as `GET …/messages` answers it. */
export const appMessageSchema = z.object({
  id: z.string().meta({ examples: ['req_01jdx3w6y8a0c2e4g6j8l0n2q4'] }),
  textMessage: z.object({ text: z.string().meta({ examples: ['Your code is 123456'] }) }),
  phoneNumbers: z.array(z.string().meta({ examples: ['+14155550123'] })),
  simNumber: z.number().int().min(1).nullable(),
  withDeliveryReport: z.boolean(),
  isEncrypted: z.boolean(),
  validUntil: z.iso.datetime(),
  // The app holds a message until then (GatewayApi.kt's Message.scheduleAt, MessagesService.kt).
  scheduleAt: z.iso.datetime().optional().describe('Only for a scheduled message: the time it was scheduled for (the app sends it no earlier).'),
  priority: z.number().int().min(-128).max(127),
  state: z.enum(['Pending', 'Cancelling']),
  createdAt: z.iso.datetime(),
});

export function appMessageJson(work: DeviceWork, message: Pick<Message, 'queuedAt'>): z.infer<typeof appMessageSchema> {
  return {
    id: work.message_id,
    textMessage: { text: work.body },
    phoneNumbers: [work.to],
    simNumber: work.sim_number,
    withDeliveryReport: true,
    // The sender's ciphertext (text and number), decrypted by the app with its passphrase.
    isEncrypted: work.is_encrypted === true,
    validUntil: work.expires_at,
    ...(work.send_at ? { scheduleAt: work.send_at } : {}),
    priority: work.priority,
    state: 'Pending' as const,
    createdAt: message.queuedAt.toISOString(),
  };
}

/**
 * A message the app must drop (`Cancelling`): the app cancels it if still queued and answers
 * `Cancelled` (apps before 1.67 skip the state). Its text is not sent again.
 */
export function appCancellingJson(message: Pick<Message, 'id' | 'to' | 'expiresAt' | 'queuedAt' | 'priority'>): z.infer<typeof appMessageSchema> {
  return {
    id: message.id,
    textMessage: { text: '' },
    phoneNumbers: [message.to],
    simNumber: null,
    withDeliveryReport: true,
    isEncrypted: false,
    validUntil: message.expiresAt.toISOString(),
    priority: message.priority,
    state: 'Cancelling' as const,
    createdAt: message.queuedAt.toISOString(),
  };
}

/** GET <base>/device's `device` (the reference server's Device). */
export const appDeviceSchema = z.object({
  id: z.string().meta({ examples: ['dev_01jdx3v4x6z8b0d2f4h6k8m0p2'] }),
  name: z.string().meta({ examples: ['Shop phone'] }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
});

export function appDeviceJson(device: Device): z.infer<typeof appDeviceSchema> {
  return {
    id: device.id,
    name: device.name,
    createdAt: device.pairedAt.toISOString(),
    updatedAt: device.updatedAt.toISOString(),
    lastSeen: device.lastSeenAt.toISOString(),
  };
}

/** The reference server's error body, extended with Yarrow's code and param. */
export const appErrorSchema = z.object({ message: z.string(), code: z.string(), param: z.string().optional() });

export function appErrorJson(error: YarrowError): z.infer<typeof appErrorSchema> {
  return { message: error.message, code: error.code, ...(error.param ? { param: error.param } : {}) };
}

/**
 * A refused app call in that shape: what the database refuses (a NUL in a text) a 400 like any bad
 * value, an outage a 503 with Retry-After (the app retries every non-2xx), a bug a logged 500.
 */
export function appError(c: HttpContext, rt: Pick<Runtime, 'logger'>, error: unknown) {
  const known = knownError(error);
  if (!known) rt.logger.error({ err: error, path: c.req.path }, 'android app request failed');
  const answer = known ?? new YarrowError('internal_error', 'An internal error occurred.');
  for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
  return c.json(appErrorJson(answer), answer.status as 400);
}

/**
 * GET <base>/settings: the app imports these keys. `SSE_ONLY` makes it hold the events stream
 * (it has no push channel to Yarrow); it applies after the app restarts.
 */
export const appSettingsJson = { gateway: { notification_channel: 'SSE_ONLY' } } as const;

/**
 * The device's own settings: the above, and its `messages` section (SIM mode, random wait, the
 * per-minute budget as the app's limit: devices/pacing.ts). The app re-reads them on `SettingsUpdated`.
 */
export function appSettingsFor(device: Parameters<typeof appMessagesSettings>[0], ratePerMinute: number) {
  return { ...appSettingsJson, messages: appMessagesSettings(device, ratePerMinute) };
}

export const appSettingsSchema = z.object({
  gateway: z.object({ notification_channel: z.literal('SSE_ONLY') }),
  messages: appMessagesSettingsSchema,
});
