/**
 * The reference server's user-facing ("3rd-party") API of SMS Gateway for Android, mapped onto
 * Yarrow: its request bodies (validated here) and its JSON shapes (built here). Field names are
 * the reference's own, so its client libraries work unchanged. The protocol summary is
 * `capcom6-protocol.md` §3; nothing here is copied from those projects.
 */
import { z } from 'zod';
import type { Device, WebhookEndpoint } from '../../../generated/prisma/client.ts';
import type { HealthReport } from '../../../system/index.ts';
import { encryptedValue, MAX_ENCRYPTED_LENGTH, messagePartsJson } from '../../messages/index.ts';
import { messagePriority } from '../../priority.ts';
import { messageText } from '../../sms.ts';
import { simNumberInput } from '../../devices/index.ts';
import { appDeviceJson } from './app-json.ts';

/** The reference's message states, least advanced first (`Failed` last: it ends a recipient). */
export const referenceStates = ['Pending', 'Processed', 'Sent', 'Delivered', 'Failed'] as const;
export type ReferenceState = (typeof referenceStates)[number];

/** Longest time to live Yarrow keeps a message (as `ttl_seconds` on POST /v1/sms/send). */
export const MAX_TTL_SECONDS = 604_800;

/** A message id the caller chooses: up to 36 characters (a UUID fits), safe in a URL path. */
const messageId = z
  .string()
  .trim()
  .min(1)
  .max(36)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');

/** A number as given before it is read as E.164 (`recipientNumber`): no longer than any number is. */
const plainNumber = z.string().max(40);

/**
 * `POST /message`. Known fields Yarrow cannot honour are accepted by the schema and refused by
 * `sendRefusal` with the reason, rather than as "unrecognized key".
 */
export const referenceSendInput = z
  .strictObject({
    id: messageId.nullish(),
    deviceId: z.string().trim().min(1).max(64).nullish(),
    // Read as plain text or, with isEncrypted, as the app's ciphertext: checked below, by which it is.
    message: z.string().max(MAX_ENCRYPTED_LENGTH).nullish(),
    textMessage: z.strictObject({ text: z.string().max(MAX_ENCRYPTED_LENGTH) }).nullish(),
    dataMessage: z.unknown().optional(),
    hashedMessage: z.unknown().optional(),
    phoneNumbers: z
      .array(z.string().trim().min(1).max(MAX_ENCRYPTED_LENGTH))
      .min(1)
      .max(100)
      .refine((numbers) => new Set(numbers).size === numbers.length, 'each number at most once'),
    simNumber: simNumberInput.nullish(),
    ttl: z.number().int().min(5).max(MAX_TTL_SECONDS).nullish(),
    validUntil: z.iso.datetime({ offset: true }).nullish(),
    // Held by Yarrow until then, and passed on to the phone (the reference server only passes it on).
    scheduleAt: z.iso.datetime({ offset: true }).nullish(),
    withDeliveryReport: z.boolean().nullish(),
    priority: messagePriority.nullish(),
    // The text and every number encrypted by the sender in the app's format (as POST /api/v1/sms/send's
    // is_encrypted): their shape is checked, and they pass through untouched for the phone to decrypt.
    isEncrypted: z.boolean().nullish(),
  })
  .superRefine((input, ctx) => {
    const text = input.isEncrypted ? encryptedValue : messageText;
    const issue = (path: Array<string | number>, error: z.ZodError) => ctx.addIssue({ code: 'custom', path, message: error.issues[0]?.message ?? 'invalid' });
    for (const [value, path] of [[input.message, ['message']], [input.textMessage?.text, ['textMessage', 'text']]] as const) {
      if (value == null) continue;
      const parsed = text.safeParse(value);
      if (!parsed.success) issue([...path], parsed.error);
    }
    input.phoneNumbers.forEach((number, index) => {
      const parsed = input.isEncrypted ? encryptedValue.safeParse(number) : plainNumber.safeParse(number);
      if (!parsed.success) issue(['phoneNumbers', index], parsed.error);
    });
  });
export type ReferenceSendInput = z.output<typeof referenceSendInput>;

export const referenceSendQuery = z.object({
  skipPhoneValidation: z.enum(['true', 'false']).optional(),
});

/** What a send asks that Yarrow cannot do, as [param, reason]; undefined when it can. */
export function sendRefusal(input: ReferenceSendInput): [string, string] | undefined {
  if (input.dataMessage != null) return ['dataMessage', 'data SMS are not supported: Yarrow sends text messages only. Use textMessage or message.'];
  if (input.hashedMessage != null) return ['hashedMessage', 'hashed messages are not supported. Use textMessage or message.'];
  if ((input.message == null) === (input.textMessage == null)) return ['message', 'give exactly one of message (text) or textMessage.text.'];
  if (input.ttl != null && input.validUntil != null) return ['validUntil', 'give ttl or validUntil, not both.'];
  return undefined;
}

/** E.164: a plus, the country code and the number, nothing else (Yarrow assumes no region). */
export const E164 = /^\+[1-9]\d{1,14}$/;

/** A recipient as `recipientsOf` reads it: its Yarrow message, with its reference state. */
export interface RecipientRow {
  batchId: string;
  to: string;
  state: ReferenceState;
  deviceId: string | null;
  requestedDeviceId: string | null;
  failureReason: string | null;
  queuedAt: Date;
  acknowledgedAt: Date | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  isEncrypted: boolean;
  segments: number;
  encoding: string;
}

/** When the message entered each state: its queueing, then the last recipient to reach each later state. */
function stateTimes(recipients: RecipientRow[]) {
  const times: Partial<Record<ReferenceState, string>> = {};
  const latest = (pick: (row: RecipientRow) => Date | null) => {
    const dates = recipients.map(pick).filter((date): date is Date => date !== null);
    return dates.length ? new Date(Math.max(...dates.map(Number))).toISOString() : undefined;
  };
  times.Pending = new Date(Math.min(...recipients.map((row) => Number(row.queuedAt)))).toISOString();
  const later: Array<[ReferenceState, (row: RecipientRow) => Date | null]> = [
    ['Processed', (row) => row.acknowledgedAt],
    ['Sent', (row) => row.sentAt],
    ['Delivered', (row) => row.deliveredAt],
    ['Failed', (row) => row.failedAt],
  ];
  for (const [state, pick] of later) {
    const at = latest(pick);
    if (at) times[state] = at;
  }
  return times;
}

/** `MessageState`: the reference id, its state and its recipients (one Yarrow message each). */
export function messageStateJson(externalId: string, state: ReferenceState, recipients: RecipientRow[]) {
  const device = recipients.find((row) => row.deviceId)?.deviceId ?? recipients.find((row) => row.requestedDeviceId)?.requestedDeviceId;
  return {
    id: externalId,
    deviceId: device ?? null,
    state,
    isHashed: false,
    // Encrypted or not, every recipient of one send alike; their numbers are shown as sent (the ciphertext).
    isEncrypted: recipients.some((row) => row.isEncrypted),
    // Yarrow's own: the parts the text takes (one text for every recipient), as the API's status names them.
    ...(recipients[0] ? messagePartsJson(recipients[0]) : {}),
    recipients: recipients.map((row) => ({
      phoneNumber: row.to,
      state: row.state,
      ...(row.state === 'Failed' ? { error: row.failureReason } : {}),
    })),
    states: stateTimes(recipients),
  };
}

export const referenceListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  state: z.enum(referenceStates).optional(),
  deviceId: z.string().trim().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type ReferenceListQuery = z.output<typeof referenceListQuery>;

/** A device as `GET /devices` lists it: the reference Device the app also gets, with `deletedAt`. */
export function deviceJson(device: Device) {
  return { ...appDeviceJson(device), deletedAt: device.revokedAt?.toISOString() ?? null };
}

/** Reference webhook events Yarrow delivers, and the Yarrow event each becomes. */
export const webhookEvents = {
  'sms:sent': 'message.sent',
  'sms:delivered': 'message.delivered',
  'sms:failed': 'message.failed',
  // Received SMS, from any phone of the account (our protocol's or the app's): src/relay/messages/inbound.ts.
  'sms:received': 'message.received',
  // A received MMS: the same fact as message.received, for the messages with parts alone (the
  // endpoint's `has_attachments` data filter), in the app's MmsDownloadedPayload (webhook-format.ts).
  'mms:downloaded': 'message.received',
} as const;
export type ReferenceWebhookEvent = keyof typeof webhookEvents;

/** The reference events that are a Yarrow event narrowed by a data filter (src/webhooks/deliveries.ts `dataFilters`). */
export const webhookDataFilters: Partial<Record<ReferenceWebhookEvent, 'has_attachments'>> = { 'mms:downloaded': 'has_attachments' };

/** Reference events Yarrow does not deliver, and why (the 400 says so). */
export const unsupportedWebhookEvents: Record<string, string> = {
  'sms:data-received': 'a data SMS is delivered as sms:received with its bytes in base64 as the message',
  'mms:received': 'an MMS notification is delivered as sms:received with its subject as the message; register mms:downloaded for the MMS with its parts',
  'sms:cancelled': 'a cancelled message is reported as sms:failed with the error "cancelled"',
  'system:ping': 'Yarrow tracks phone presence itself (device status in the dashboard and GraphQL)',
  'app:started': 'Yarrow tracks phone presence itself (device status in the dashboard and GraphQL)',
};

export const referenceWebhookInput = z.strictObject({
  id: z.string().trim().min(1).max(64).nullish(),
  deviceId: z.string().trim().min(1).max(64).nullish(),
  url: z.string(),
  event: z.string().trim().min(1).max(64),
});

/** The reference's webhook echo for a Yarrow endpoint created for one of `webhookEvents`. */
export function webhookJson(endpoint: WebhookEndpoint) {
  return { id: endpoint.id, deviceId: null, url: endpoint.url, event: referenceEventOf(endpoint)! };
}

/** The reference event an endpoint was registered for: its one Yarrow event and its data filter (`mms:downloaded` vs `sms:received`). */
export function referenceEventOf(endpoint: Pick<WebhookEndpoint, 'eventTypes' | 'dataFilter'>): ReferenceWebhookEvent | undefined {
  const event = (Object.keys(webhookEvents) as ReferenceWebhookEvent[]).find(
    (name) => endpoint.eventTypes[0] === webhookEvents[name] && (webhookDataFilters[name] ?? null) === (endpoint.dataFilter ?? null),
  );
  return event;
}

/** True for endpoints the reference API shows: those receiving exactly one of the mapped events. */
export function isReferenceWebhook(endpoint: WebhookEndpoint) {
  return endpoint.eventTypes.length === 1 && referenceEventOf(endpoint) !== undefined;
}

/** `GET /health` in the reference's (health+json) shape, from Yarrow's own checks. */
export function healthJson(report: HealthReport) {
  const status = (ok: boolean) => (ok ? 'pass' : 'fail');
  return {
    status: status(report.ok),
    checks: {
      'database:responseTime': {
        status: status(report.database.ok),
        description: report.database.error ?? 'PostgreSQL answers',
        observedValue: report.database.latency_ms ?? 0,
        observedUnit: 'ms',
      },
      'queue:queues': {
        status: status(report.queue.ok),
        description: report.queue.error ?? 'Job queues exist',
        observedValue: report.queue.queues ?? 0,
        observedUnit: 'queues',
      },
    },
  };
}
