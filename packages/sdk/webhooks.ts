// Signing and verification of Yarrow webhooks. This file stands alone (node:crypto only) so a
// receiver can import it as `@yarrow/sdk/webhooks`; the delivery worker signs with the same code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-YarrowPay-Signature';
export const TIMESTAMP_HEADER = 'X-YarrowPay-Timestamp';
export const DELIVERY_HEADER = 'X-YarrowPay-Delivery';
export const EVENT_HEADER = 'X-YarrowPay-Event';

/** The JSON body of every webhook. */
export interface WebhookEvent {
  id: string;
  event: string;
  object_type: string;
  object_public_id: string;
  merchant_id: number;
  data: Record<string, unknown>;
  created_at: string;
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'invalid_signature'
  | 'invalid_body';

export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationFailure;

  constructor(code: WebhookVerificationFailure, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

/**
 * `hex(HMAC-SHA256(secret, timestamp + "." + body))`. The key is the whole secret string,
 * `whsec_` included, as UTF-8; the body is the exact bytes sent.
 */
export function computeSignature(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** A new signing secret: `whsec_` and 24 random bytes, base64url (an endpoint's, or a `yarrow listen` session's). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * The headers of a webhook request for `body` (the exact bytes sent), signed with `secrets`:
 * what the delivery worker sends and `yarrow listen` forwards, so `verifyWebhook` accepts both.
 */
export function webhookRequestHeaders(
  secrets: readonly string[],
  request: { eventType: string; deliveryId: string; body: string; timestamp?: number },
): Record<string, string> {
  const timestamp = request.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    'Content-Type': 'application/json',
    [EVENT_HEADER]: request.eventType,
    [DELIVERY_HEADER]: request.deliveryId,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, request.body),
  };
}

/** The `X-YarrowPay-Signature` value: `sha256=<hex>`, one per secret, comma separated. */
export function signatureHeader(secrets: readonly string[], timestamp: number | string, body: string | Uint8Array): string {
  return secrets.map((secret) => `sha256=${computeSignature(secret, timestamp, body)}`).join(',');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

/**
 * Checks a webhook request and returns its parsed event. Throws `WebhookVerificationError` when a
 * header is missing, the timestamp is further than `toleranceSeconds` from now (a replay of an old
 * request), or no signature matches `secret` (pass an array to accept several of your secrets).
 * Give it the raw body exactly as received: re-serialised JSON will not match.
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  toleranceSeconds = 300,
): WebhookEvent {
  const timestampText = header(headers, TIMESTAMP_HEADER);
  const signatures = header(headers, SIGNATURE_HEADER);
  if (!timestampText) throw new WebhookVerificationError('missing_header', `Missing ${TIMESTAMP_HEADER} header.`);
  if (!signatures) throw new WebhookVerificationError('missing_header', `Missing ${SIGNATURE_HEADER} header.`);
  if (!/^\d{1,12}$/.test(timestampText.trim())) {
    throw new WebhookVerificationError('invalid_timestamp', `${TIMESTAMP_HEADER} is not Unix seconds.`);
  }
  const timestamp = Number(timestampText.trim());
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `${TIMESTAMP_HEADER} is more than ${toleranceSeconds} s from now.`);
  }
  const received = signatures
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('sha256='))
    .map((part) => Buffer.from(part.slice('sha256='.length), 'hex'));
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const matched = secrets.some((candidate) => {
    const expected = Buffer.from(computeSignature(candidate, timestampText.trim(), rawBody), 'hex');
    return received.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  });
  if (!matched) throw new WebhookVerificationError('invalid_signature', 'No signature matches the secret.');
  try {
    const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
    return JSON.parse(text) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The body is not JSON.');
  }
}
