/**
 * Webhooks in the shape the SMS Gateway for Android app sends them, for endpoints registered
 * through the reference API (`payloadFormat: 'sms_gateway'`, src/webhooks/formats.ts). Written
 * from the app's sources (capcom6/android-sms-gateway, app/src/main/java/me/capcom/smsgateway/
 * modules/webhooks/): the body is `domain/WebHookEventDTO.kt` `{id, webhookId, event, deviceId,
 * payload}`, the payload `payload/SmsEventPayload.kt` and `MessageEventPayload.kt` (`messageId`,
 * `phoneNumber`, `recipient`, and per event `partsCount` + `sentAt`, `deliveredAt`, or `failedAt`
 * + `reason`; `sms:received`: `message`, `receivedAt`, `sender`, `simNumber`; `mms:downloaded`:
 * `payload/MmsDownloadedPayload.kt`, /work/shared/capcom6-protocol.md Addendum 3), with null fields left out as the app's Gson does; the signature is
 * `plugins/PayloadSingingPlugin.kt`: `X-Signature` = lowercase hex HMAC-SHA256 over the body
 * followed by the `X-Timestamp` value (Unix seconds). Nothing is copied from that project.
 */
import { createHmac } from 'node:crypto';
import type { DbClient } from '../../../core/db.ts';
import type { Event, WebhookEndpoint } from '../../../generated/prisma/client.ts';
import { referenceEventOf, webhookEvents } from './thirdparty-json.ts';

const referenceEvent = new Map<string, string>(
  Object.entries(webhookEvents)
    .filter(([reference]) => reference !== 'mms:downloaded')
    .map(([reference, yarrow]) => [yarrow, reference]),
);

type FormattedEndpoint = Pick<WebhookEndpoint, 'id' | 'eventTypes' | 'dataFilter'>;

/** The reference name an event takes for `endpoint`: `mms:downloaded` for the MMS endpoints' message.received. */
function referenceNameOf(endpoint: FormattedEndpoint, type: string) {
  if (type === webhookEvents['mms:downloaded'] && referenceEventOf(endpoint) === 'mms:downloaded') return 'mms:downloaded';
  return referenceEvent.get(type) ?? type;
}

/** A part as `message.received` lists it (src/relay/messages/attachments.ts attachmentJson). */
interface EventAttachment {
  id: string;
  content_type: string;
  name: string | null;
  size: number;
}

/** The message event's `data` (src/relay/messages/status.ts, README "Events"), as far as this shape reads it. */
interface MessageEventData {
  request_id?: string;
  to?: string;
  from?: string | null;
  text?: string;
  sim_number?: number | null;
  received_at?: string | null;
  device_id?: string | null;
  failure_reason?: string | null;
  sent_at?: string | null;
  delivered_at?: string | null;
  failed_at?: string | null;
  attachments?: EventAttachment[];
}

const withoutNulls = (payload: Record<string, unknown>) => Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null && value !== undefined));

/**
 * `mms:downloaded` as the app sends it (MmsDownloadedPayload.kt): the SMS fields, `body`, `receivedAt`
 * and the parts' metadata. Never the bytes: the reference's `data` is nullable (null when the phone
 * could not read the part; Gson then omits it), so receivers already handle a part without it; the
 * bytes stay with Yarrow (`GET /api/v1/messages/{id}/attachments/{partId}`). `subject` is left out:
 * Yarrow keeps an MMS's text (its body, else its subject) as one text.
 */
function mmsDownloadedPayload(data: MessageEventData) {
  const attachments = (data.attachments ?? []).map((part) => withoutNulls({ partId: part.id, contentType: part.content_type, name: part.name, size: part.size }));
  return { ...withoutNulls({ messageId: data.request_id, sender: data.from, recipient: data.to || null, simNumber: data.sim_number, phoneNumber: data.from, body: data.text || null, receivedAt: data.received_at }), attachments };
}

/**
 * The reference's `messageId` is the id its `POST /message` answered (the batch's external id,
 * one per send, shared by its recipients), not Yarrow's per-recipient request id; messages sent
 * through Yarrow's own API have none and keep their request id. One primary-key read per
 * delivery: only reference-format endpoints pay it.
 */
async function referenceMessage(db: DbClient, requestId: string) {
  const message = await db.message.findUnique({ where: { id: requestId }, select: { segments: true, batch: { select: { externalId: true } } } });
  return { messageId: message?.batch?.externalId ?? requestId, partsCount: message?.segments };
}

async function payloadOf(db: DbClient, name: string, type: string, data: MessageEventData) {
  if (!referenceEvent.has(type) || !data.request_id) return data;
  if (name === 'mms:downloaded') return mmsDownloadedPayload(data);
  // sms:received as the app sends it (payload/SmsEventPayload.kt SmsReceived): the sender, the phone's own number as recipient, nulls left out.
  if (type === 'message.received') {
    return withoutNulls({ messageId: data.request_id, message: data.text, receivedAt: data.received_at, sender: data.from, recipient: data.to || null, simNumber: data.sim_number, phoneNumber: data.from });
  }
  const { messageId, partsCount } = await referenceMessage(db, data.request_id);
  const common = { messageId, phoneNumber: data.to, recipient: data.to };
  if (type === 'message.sent') return { ...common, partsCount, sentAt: data.sent_at };
  if (type === 'message.delivered') return { ...common, deliveredAt: data.delivered_at };
  return { ...common, failedAt: data.failed_at, reason: data.failure_reason ?? 'Unknown' };
}

/**
 * `X-Signature` (hex HMAC-SHA256 keyed by the endpoint's secret over body + timestamp) and
 * `X-Timestamp` (Unix seconds, now). One signature, made with the current secret: the header holds
 * one, so a rotation takes effect at once for these endpoints.
 */
export function smsGatewaySignatureHeaders(secret: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { 'X-Timestamp': timestamp, 'X-Signature': createHmac('sha256', secret).update(body + timestamp).digest('hex') };
}

/**
 * The body: `id` is the event id (the same on every attempt: receivers deduplicate on it),
 * `webhookId` the endpoint (the `id` the reference API answered), `event` the reference name
 * (`sms:sent`, `sms:delivered`, `sms:failed`, `sms:received`, `mms:downloaded`; a test event keeps `webhook.test` and its data).
 */
export async function smsGatewayBody(db: DbClient, endpoint: FormattedEndpoint, event: Event): Promise<string> {
  const data = event.data as MessageEventData;
  const name = referenceNameOf(endpoint, event.type);
  return JSON.stringify({
    id: event.id,
    webhookId: endpoint.id,
    event: name,
    deviceId: data.device_id ?? null,
    payload: await payloadOf(db, name, event.type, data),
  });
}
