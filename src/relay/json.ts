import { z } from 'zod';
import { timestamp } from '../core/http.ts';
import { DeviceStatus } from '../generated/prisma/enums.ts';

// The JSON shapes the relay's REST routes answer, as zod schemas: OpenAPI documents them, the
// tests check every answer against them, and each serializer (`deviceJson`, `messageStatusJson`,
// …, next to its rules) returns `z.infer` of its schema, so the two cannot drift.

const messageId = z.string().meta({ examples: ['req_01jdx3w6y8a0c2e4g6j8l0n2q4'] });
/**
 * A message's `status`, as its sender sees it (docs/glossary.md): `scheduled` while Yarrow holds it
 * for its time (`send_at`, quiet hours), `queued` until a phone sent it; `received` an inbound SMS.
 */
export const messageStatuses = ['scheduled', 'queued', 'sent', 'delivered', 'failed', 'received'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * A message's `stage`, finer than its status (docs/glossary.md): `on_phone` is a message a phone
 * holds (given, not yet reported sent), which the status reports as `queued`. The panel's messages
 * list, its filter, its badges and the queue chart use these.
 */
export const messageStages = ['scheduled', 'queued', 'on_phone', 'sent', 'delivered', 'failed', 'received'] as const;
export type MessageStage = (typeof messageStages)[number];

const status = z.enum(messageStatuses).describe('`scheduled` until its time (`send_at`, quiet hours), then `queued` until a phone sent it; `received`: an inbound SMS.');
const sendAt = timestamp
  .nullable()
  .describe('When it goes: the send\'s `send_at`, or the end of the account\'s quiet hours it was sent in (`schedule_reason`). Null: at once.');

export const deviceSchema = z.object({
  id: z.string().meta({ examples: ['dev_01jdx3v4x6z8b0d2f4h6k8m0p2'] }),
  object: z.literal('device'),
  name: z.string().meta({ examples: ['Shop phone'] }),
  status: z.enum(DeviceStatus),
  connected: z
    .boolean()
    .describe(
      'Whether it has a connection open now (WebSocket or the app\'s events stream). A phone whose last connection closed is out of routing at once, while `status` stays `online` until the heartbeat window passes; a long-poll device is never connected.',
    ),
  disconnected_at: timestamp.nullable().describe('While not connected: when its last connection closed (null if it never had one).'),
  platform: z.string().nullable().meta({ examples: ['android'] }),
  app_version: z.string().nullable(),
  sims: z.array(z.looseObject({ slot: z.number().int(), carrier: z.string().nullable().optional(), phone_number: z.string().nullable().optional() })),
  rate_per_minute: z.number().int().describe('Messages this device sends per minute at most.').meta({ examples: [20] }),
  sim_selection_mode: z
    .enum(['default', 'round_robin', 'random'])
    .describe('Which SIM a message that names none goes out on: `default` (the phone chooses), `round_robin` or `random` (Yarrow chooses among its SIMs; budgets and caps count per SIM).'),
  daily_cap: z.number().int().nullable().describe('Messages per UTC day at most (per SIM when Yarrow picks the SIM); null: no cap.'),
  monthly_recipients_cap: z.number().int().nullable().describe('Distinct numbers per UTC month at most (per SIM when Yarrow picks the SIM); null: no cap.'),
  send_interval_min_seconds: z.number().int().nullable().describe('The Android app waits a random time in [min, max] seconds after each send; null: 0.'),
  send_interval_max_seconds: z.number().int().nullable().describe('Upper end of that wait; null: no wait.'),
  battery_level: z.number().int().nullable(),
  charging: z.boolean().nullable(),
  signal_level: z.number().int().nullable(),
  queue_length: z.number().int().nullable(),
  last_seen_at: timestamp,
  paired_at: timestamp,
  revoked_at: timestamp.nullable(),
});

/** What pairing answers: the device, its token (shown once) and where it connects. */
export const pairedSchema = z.object({
  device: deviceSchema,
  device_token: z.string().describe('Shown once: the device authenticates with it from now on.').meta({ examples: ['ydt_5kq2x9w7v3t1r8p6n4m2'] }),
  heartbeat_interval_seconds: z.number().int(),
  websocket_url: z.string().meta({ examples: ['wss://pay.example.com/relay/device/ws'] }),
  base_url: z.string().meta({ examples: ['https://pay.example.com/api'] }),
});

/** A message a device is given to send (`body` unsealed for the device that sends it). */
export const deviceWorkSchema = z.object({
  message_id: messageId,
  attempt: z.number().int().min(1),
  to: z.string().meta({ examples: ['+14155550123'] }),
  body: z.string().meta({ examples: ['Your code is 123456'] }),
  segments: z.number().int(),
  encoding: z.string().meta({ examples: ['GSM-7'] }),
  priority: z.number().int().describe('−128..127: send higher first; 100 and above is not held back by a per-minute limit.'),
  sim_number: z.number().int().nullable().describe('The SIM to send from, 1-based (slot 0 is SIM 1); null: the phone chooses.'),
  expires_at: timestamp,
  send_at: timestamp
    .optional()
    .describe('Only for a scheduled message: send it no earlier than this. Yarrow gives it only once due, so this is the past unless the clocks differ.'),
  is_encrypted: z
    .literal(true)
    .optional()
    .describe('Present when the sender encrypted `to` and `body` in the Android app\'s format (`$aes-256-cbc/pbkdf2-sha1$…`): the phone decrypts them with the passphrase it was given.'),
});
export type DeviceWork = z.infer<typeof deviceWorkSchema>;

/** A device's ack or report: whether it changed anything, and the message's status. */
export const reportOutcomeSchema = z.object({
  applied: z.boolean().describe('false when it changed nothing: a repeat, or an attempt that is no longer current.'),
  status,
  held: z
    .boolean()
    .optional()
    .describe('On an ack: true when this device holds the message in this attempt and may send it; false: drop it, another device has it.'),
});

/**
 * The SMS parts a text takes, as the message's status names them: answered by every send so the
 * sender sees the cost before it goes (one emoji makes a 150-character text three UCS-2 parts).
 */
export const messageParts = {
  segments: z
    .number()
    .int()
    .describe('SMS parts the text takes: GSM-7 fits 160 characters in one part, 153 per part beyond; UCS-2 (any character outside GSM-7, an emoji) 70, then 67. 1 for an encrypted text (Yarrow cannot read it).')
    .meta({ examples: [1] }),
  encoding: z.enum(['gsm7', 'ucs2']).describe('`gsm7` (the GSM 03.38 alphabet; `^{}[]~|€\\` take two) or `ucs2`.'),
};

export const sendAcceptedSchema = z.object({ request_id: messageId, status, queued_at: timestamp, send_at: sendAt, ...messageParts });

/** A part of a received MMS, as every answer lists it (src/relay/messages/attachments.ts): never its bytes. */
export const attachmentSchema = z.object({
  id: z.string().meta({ examples: ['part_01jdx3w6y8a0c2e4g6j8l0n2q4'] }),
  content_type: z.string().meta({ examples: ['image/jpeg'] }),
  name: z.string().nullable().meta({ examples: ['IMG_0042.jpg'] }),
  size: z.number().int().describe('Bytes.'),
  data_omitted: z
    .literal(true)
    .optional()
    .describe("Present when only the part's metadata was kept: past 20 parts or 5 MiB a message, or unreadable on the phone."),
});

export const messageStatusSchema = z.object({
  request_id: messageId.describe('The message id: the request id a send answered (`req_…`), or an inbound SMS\'s (`sms_…`).'),
  direction: z.enum(['outbound', 'inbound']).describe('`outbound`: the account sent it; `inbound`: a phone of the account received it (status `received`).'),
  status,
  to: z.string().meta({ examples: ['+14155550123'] }).describe('Outbound: the recipient. Inbound: the receiving phone\'s number (`\'\'` when the phone does not know it).'),
  from: z.string().nullable().describe('Inbound: the sender (E.164 when it is a number; a sender name as the phone gave it). Null for outbound.'),
  text: z.string().describe('The text (an OTP\'s code masked; masked once RELAY_MESSAGE_TEXT_RETENTION_DAYS have passed).'),
  received_at: timestamp.nullable().describe('Inbound: when the phone received it (its clock). Null for outbound.'),
  in_reply_to: z
    .string()
    .nullable()
    .describe('Inbound: the request id of the last SMS the account sent to `from` within RELAY_REPLY_WINDOW_DAYS (7), which this answers; null if none.'),
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  pinned_device_id: z.string().nullable().describe('The device the send named (`device_id`): only that device may send it. Null when the router picks.'),
  pinned_device_name: z.string().nullable(),
  pinned_fails_at: timestamp
    .nullable()
    .describe(
      'While a pinned message waits: when it fails (`device_offline`) if its device stays unreachable, RELAY_PINNED_OFFLINE_WAIT_SECONDS after it began waiting or the device was last heard from, whichever is later. Null otherwise.',
    ),
  attempts: z.number().int().describe('How many distinct devices were given the message.'),
  failure_reason: z.string().nullable(),
  reference: z.string().nullable(),
  priority: z.number().int().describe('−128..127 (0 unless the send said): higher goes first; OTPs are sent at 100.'),
  sim_number: z.number().int().nullable().describe('The SIM the send named (1-based); null: the phone chooses.'),
  is_encrypted: z.boolean().describe('The sender encrypted `to` and the text (`is_encrypted`): Yarrow passes them through and shows them as sent.'),
  wait_reason: z
    .enum(['account_paused', 'quiet_hours', 'no_device_online', 'no_device_with_sim', 'device_budget', 'device_daily_cap', 'device_monthly_recipients_cap'])
    .nullable()
    .describe(
      'While queued, why no phone has it yet: the account is paused; it is inside its quiet hours (below priority 100: it goes when they end); no phone (or not the pinned one) is reachable; none has the SIM it names; every phone that could take it has spent its per-minute budget, reached its daily cap, or its cap of distinct numbers this month (a number already texted this month still goes). Null when nothing holds it back (the next hand-over takes it) and once it left the queue.',
    ),
  batch_id: z
    .string()
    .nullable()
    .describe('The batch it was queued in (a list send: POST /api/v1/recipient-lists/queue); GET /api/v1/messages?batch_id= lists them.')
    .meta({ examples: ['batch_01jdx3z2e4g6j8l0n2q4s6u8w0'] }),
  ...messageParts,
  attachments: z
    .array(attachmentSchema)
    .describe('Inbound MMS: its parts (text parts are `text`), each downloadable at GET /api/v1/messages/{id}/attachments/{attachment_id}. Empty otherwise.'),
  queued_at: timestamp,
  sent_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  failed_at: timestamp.nullable(),
  expires_at: timestamp,
  send_at: sendAt,
  schedule_reason: z
    .enum(['send_at', 'quiet_hours'])
    .nullable()
    .describe('Why it was scheduled: the send named `send_at`, or it was sent below priority 100 during the account\'s quiet hours. Null: it was not.'),
  stage: z
    .enum(messageStages)
    .describe('Where it is, finer than `status`: `on_phone` is a message given to a phone (`device_id`) and not yet reported sent.'),
  held_since: timestamp.nullable().describe('While on a phone: since when that phone holds it (it acknowledged or pulled it); null before.'),
  stuck_since: timestamp
    .nullable()
    .describe('While on a phone: since when it is flagged stuck (held past RELAY_STUCK_AFTER_SECONDS without a word; message.stuck). POST /api/v1/messages/{id}/reroute moves it.'),
});

export const otpSentSchema = z.object({
  otp_id: z.string().meta({ examples: ['otp_01jdx3x8a0c2e4g6j8l0n2q4s6'] }),
  status: z.literal('sent').describe('The code was created and handed to delivery: it can be verified from now on.'),
  expires_in_seconds: z.number().int(),
  expires_at: timestamp,
  request_id: messageId,
  message_status: status.describe('Its SMS\'s own progress, as GET /v1/sms/status answers for `request_id`: `queued` until a phone sent it.'),
  ...messageParts,
});

/** The account's relay settings (GraphQL `relayMode` / `setRelayMode`, `relayQuietHours` / `setRelayQuietHours`, `deviceOfflineAfterSeconds` / `setDeviceOfflineAfterSeconds`). */
export const relaySettingsSchema = z.object({
  mode: z.enum(['auto', 'manual']).describe('`auto`: the router picks among online devices; `manual`: every send must name its `device_id`.'),
  quiet_hours: z
    .object({
      start: z.string().meta({ examples: ['21:00'] }),
      end: z.string().meta({ examples: ['08:00'] }),
      time_zone: z.string().meta({ examples: ['Europe/Paris'] }),
    })
    .nullable()
    .describe('From `start` to `end` (HH:MM in `time_zone`) sends below priority 100 are `scheduled` for `end`; OTPs go through. Null: none.'),
  device_offline_after_seconds: z
    .number()
    .int()
    .describe("Seconds of silence after which a phone of the account is marked offline (device.offline): the account's own, or the server default DEVICE_OFFLINE_AFTER_SECONDS.")
    .meta({ examples: [90] }),
});

export const otpVerifiedSchema = z.object({
  otp_id: z.string().meta({ examples: ['otp_01jdx3x8a0c2e4g6j8l0n2q4s6'] }),
  status: z.enum(['success', 'failed', 'expired']),
  attempts_left: z.number().int(),
  reason: z.enum(['incorrect_code', 'max_attempts_reached', 'already_verified']).optional().describe('Why a check failed.'),
});

export const recipientSchema = z.object({
  id: z.string().meta({ examples: ['rcp_01jdx3y0c2e4g6j8l0n2q4s6u8'] }),
  object: z.literal('recipient'),
  name: z.string().meta({ examples: ['Ada Lovelace'] }),
  phone: z.string().meta({ examples: ['+14155550123'] }),
  tags: z.array(z.string()),
  fields: z
    .record(z.string(), z.string())
    .describe('The other columns of the CSV it was imported from (`first_name`, …), each a non-empty string: a list send\'s `template` reads them.')
    .meta({ examples: [{ first_name: 'Ada' }] }),
  created_at: timestamp,
});

export const queuedBatchSchema = z.object({
  batch_id: z.string().meta({ examples: ['batch_01jdx3z2e4g6j8l0n2q4s6u8w0'] }),
  queued: z.number().int(),
  items: z
    .array(z.object({ to: z.string().meta({ examples: ['+14155550123'] }), request_id: messageId, ...messageParts }))
    .describe('Each queued message, in list order: its number, request_id (GET /api/v1/messages/status) and parts. `GET /api/v1/messages?batch_id=` pages through them with their status.'),
  segments: z.number().int().describe('The parts of every queued message together: what the send costs.'),
  skipped: z
    .array(z.object({ recipient_id: z.string(), to: z.string(), reason: z.string().meta({ examples: ['duplicate_number'] }) }))
    .describe('Members not texted, with why: `duplicate_number` (another member has the number), `opted_out` (the number is on the opt-out list).'),
});

export const listPreviewSchema = z.object({
  queued: z.number().int().describe('The messages the send would queue now: one per distinct number, opted-out numbers left out.'),
  segments: z.number().int().describe('Their parts together: what the send would cost.'),
  items: z
    .array(z.object({ recipient_id: z.string(), to: z.string().meta({ examples: ['+14155550123'] }), text: z.string().meta({ examples: ['Hi Ada, we open at 9 tomorrow.'] }), ...messageParts }))
    .describe('The first five, in list order, with the text each would get.'),
});

export const optOutSchema = z.object({
  id: z.string().meta({ examples: ['optout_01jdx3y0c2e4g6j8l0n2q4s6u8'] }),
  object: z.literal('opt_out'),
  phone: z.string().meta({ examples: ['+14155550123'] }),
  source: z.enum(['api', 'panel', 'keyword']).describe('How it was opted out: the REST API, the panel, or a STOP keyword the number sent.'),
  created_at: timestamp,
});

export const readinessSchema = z.object({
  ready: z.boolean(),
  steps: z.array(z.object({ key: z.string().meta({ examples: ['device_paired'] }), title: z.string(), ok: z.boolean(), hint: z.string() })),
});
