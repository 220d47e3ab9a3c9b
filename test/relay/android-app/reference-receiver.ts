import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A webhook receiver as the SMS Gateway for Android documentation tells its users to write one
 * (docs.sms-gate.app, "Webhooks": the request carries `X-Signature`, the hex HMAC-SHA256 of the raw
 * body followed by the `X-Timestamp` value, keyed by the signing key; reject a timestamp far from
 * now; the body is `{id, webhookId, deviceId, event, payload}`). Written from that page, not from
 * Yarrow's code, so it proves Yarrow's reference-format webhooks pass a receiver built for the app.
 */
export interface ReferenceWebhook {
  id: string;
  webhookId: string;
  deviceId: string | null;
  event: string;
  payload: Record<string, unknown>;
}

export function verifyReferenceWebhook(signingKey: string, headers: IncomingHttpHeaders, rawBody: string, toleranceSeconds = 300): ReferenceWebhook {
  const signature = headers['x-signature'];
  const timestamp = headers['x-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') throw new Error('missing X-Signature or X-Timestamp');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) throw new Error('timestamp outside tolerance');
  const expected = createHmac('sha256', signingKey).update(rawBody + timestamp).digest('hex');
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) throw new Error('bad signature');
  return JSON.parse(rawBody) as ReferenceWebhook;
}
