// Signing and verification of Yarrow webhooks. This file stands alone (node:crypto only) so a
// receiver can import it as `@yarrow/sdk/webhooks`; the delivery worker signs with the same code.
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-YarrowPay-Signature';
export const TIMESTAMP_HEADER = 'X-YarrowPay-Timestamp';
export const DELIVERY_HEADER = 'X-YarrowPay-Delivery';
export const EVENT_HEADER = 'X-YarrowPay-Event';
/** Standard Webhooks (standardwebhooks.com, v1.0.0): what the `standardwebhooks` and `svix` libraries verify. */
export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

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

/**
 * A new signing secret as Standard Webhooks asks: `whsec_` and the base64 of 32 random bytes (an
 * endpoint's, or a `yarrow listen` session's). Those bytes are its Standard Webhooks key.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Secrets made before Standard Webhooks: `whsec_` and 24 random bytes in base64url, 32 characters
 * (new ones have 44). Their base64url may not decode as the libraries' strict base64, so their
 * Standard Webhooks key is the whole secret's text, as Yarrow's own signature uses it: a receiver
 * verifies them with the libraries' `{ format: 'raw' }` (docs/webhooks.md, "Standard Webhooks").
 */
export function isLegacySecret(secret: string): boolean {
  return /^whsec_[A-Za-z0-9_-]{32}$/.test(secret);
}

// A worker signs thousands of requests a second with a handful of secrets: each key is derived once,
// as a KeyObject (an HMAC keyed by a Buffer costs about six times one keyed by a KeyObject or a
// string: measured 27 µs against 4 µs a request on the shared machine).
const standardKeys = new Map<string, KeyObject>();
/** The HMAC key of a secret's Standard Webhooks signature: its base64 bytes, or a legacy secret's text. */
export function standardWebhooksKey(secret: string): KeyObject {
  let key = standardKeys.get(secret);
  if (key === undefined) {
    if (standardKeys.size >= 10_000) standardKeys.clear();
    key = createSecretKey(isLegacySecret(secret) ? Buffer.from(secret, 'utf8') : Buffer.from(secret.slice('whsec_'.length), 'base64'));
    standardKeys.set(secret, key);
  }
  return key;
}

/** `base64(HMAC-SHA256(key, id + "." + timestamp + "." + body))`, the Standard Webhooks `v1` signature. */
export function computeStandardSignature(secret: string, id: string, timestamp: number | string, body: string | Uint8Array): string {
  return createHmac('sha256', standardWebhooksKey(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64');
}

/** The `webhook-signature` value: `v1,<base64>`, one per secret, space separated. */
export function standardSignatureHeader(secrets: readonly string[], id: string, timestamp: number | string, body: string | Uint8Array): string {
  return secrets.map((secret) => `v1,${computeStandardSignature(secret, id, timestamp, body)}`).join(' ');
}

/**
 * The headers of a webhook request for `body` (the exact bytes sent), signed with `secrets`:
 * what the delivery worker sends and `yarrow listen` forwards, so `verifyWebhook` accepts both.
 * Two signatures of the same attempt: Yarrow's `X-YarrowPay-*` and Standard Webhooks' `webhook-*`,
 * whose `webhook-id` is the delivery number (the same on every attempt and redelivery).
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
    [STANDARD_ID_HEADER]: request.deliveryId,
    [STANDARD_TIMESTAMP_HEADER]: String(timestamp),
    [STANDARD_SIGNATURE_HEADER]: standardSignatureHeader(secrets, request.deliveryId, timestamp, request.body),
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

function checkTimestamp(name: string, text: string, toleranceSeconds: number): string {
  const trimmed = text.trim();
  if (!/^\d{1,12}$/.test(trimmed)) throw new WebhookVerificationError('invalid_timestamp', `${name} is not Unix seconds.`);
  if (Math.abs(Date.now() / 1000 - Number(trimmed)) > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `${name} is more than ${toleranceSeconds} s from now.`);
  }
  return trimmed;
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** Yarrow's scheme: `sha256=<hex>` values, comma separated, over `timestamp.body`. */
function yarrowSignatureMatches(secrets: readonly string[], headers: WebhookHeaders, rawBody: string | Uint8Array, toleranceSeconds: number) {
  const timestampText = header(headers, TIMESTAMP_HEADER);
  const signatures = header(headers, SIGNATURE_HEADER);
  if (!timestampText) throw new WebhookVerificationError('missing_header', `Missing ${TIMESTAMP_HEADER} header.`);
  if (!signatures) throw new WebhookVerificationError('missing_header', `Missing ${SIGNATURE_HEADER} header.`);
  const timestamp = checkTimestamp(TIMESTAMP_HEADER, timestampText, toleranceSeconds);
  const received = signatures
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('sha256='))
    .map((part) => Buffer.from(part.slice('sha256='.length), 'hex'));
  return secrets.some((candidate) => {
    const expected = Buffer.from(computeSignature(candidate, timestamp, rawBody), 'hex');
    return received.some((signature) => sameBytes(signature, expected));
  });
}

/** Standard Webhooks: `v1,<base64>` values, space separated, over `id.timestamp.body`. */
function standardSignatureMatches(secrets: readonly string[], headers: WebhookHeaders, rawBody: string | Uint8Array, toleranceSeconds: number) {
  const id = header(headers, STANDARD_ID_HEADER);
  const timestampText = header(headers, STANDARD_TIMESTAMP_HEADER);
  const signatures = header(headers, STANDARD_SIGNATURE_HEADER) ?? '';
  if (!id) throw new WebhookVerificationError('missing_header', `Missing ${STANDARD_ID_HEADER} header.`);
  if (!timestampText) throw new WebhookVerificationError('missing_header', `Missing ${STANDARD_TIMESTAMP_HEADER} header.`);
  const timestamp = checkTimestamp(STANDARD_TIMESTAMP_HEADER, timestampText, toleranceSeconds);
  const received = signatures
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice('v1,'.length), 'base64'));
  return secrets.some((candidate) => {
    const expected = Buffer.from(computeStandardSignature(candidate, id, timestamp, rawBody), 'base64');
    return received.some((signature) => sameBytes(signature, expected));
  });
}

/**
 * Checks a webhook request and returns its parsed event. Throws `WebhookVerificationError` when a
 * header is missing, the timestamp is further than `toleranceSeconds` from now (a replay of an old
 * request), or no signature matches `secret` (pass an array to accept several of your secrets).
 * Both schemes are understood: Standard Webhooks' `webhook-*` headers (whose signature also covers
 * `webhook-id`) and Yarrow's `X-YarrowPay-*`; a request with both must match in both.
 * Give it the raw body exactly as received: re-serialised JSON will not match.
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  toleranceSeconds = 300,
): WebhookEvent {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const standard = [STANDARD_ID_HEADER, STANDARD_TIMESTAMP_HEADER, STANDARD_SIGNATURE_HEADER].some((name) => header(headers, name) !== undefined);
  const yarrow = !standard || header(headers, SIGNATURE_HEADER) !== undefined || header(headers, TIMESTAMP_HEADER) !== undefined;
  // Every scheme the request carries must match: a forged header of either is refused.
  const matched =
    (!standard || standardSignatureMatches(secrets, headers, rawBody, toleranceSeconds)) &&
    (!yarrow || yarrowSignatureMatches(secrets, headers, rawBody, toleranceSeconds));
  if (!matched) throw new WebhookVerificationError('invalid_signature', 'No signature matches the secret.');
  try {
    const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
    return JSON.parse(text) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The body is not JSON.');
  }
}
