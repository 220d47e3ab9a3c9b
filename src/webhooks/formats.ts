import type { Config } from '../core/config.ts';
import type { DbClient } from '../core/db.ts';
import type { Event, WebhookEndpoint } from '../generated/prisma/client.ts';
import { webhookRequestHeaders } from '@yarrow/sdk/webhooks';
import { USER_AGENT } from './sender.ts';
import { signingSecrets } from './endpoints.ts';
import { eventPayload } from './events.ts';
import { openHeaders } from './custom-headers.ts';

/**
 * The body and signature an endpoint's deliveries take (`WebhookEndpoint.payloadFormat`). There is
 * one delivery pipeline (fan-out, jobs, retries, the attempt log); only the request it sends is
 * chosen here, per endpoint, when an attempt is signed.
 * - `yarrow`: Yarrow's event and `X-YarrowPay-*` headers (docs/webhooks.md), every endpoint made
 *   through Yarrow's own API.
 * - `sms_gateway`: the SMS Gateway for Android app's webhook body and `X-Signature`/`X-Timestamp`,
 *   for endpoints registered through the reference API (`POST /api/3rdparty/v1/webhooks`), so a
 *   receiver written for that app works unchanged (src/relay/transports/android-app/webhook-format.ts).
 */
export const payloadFormats = ['yarrow', 'sms_gateway'] as const;
export type PayloadFormat = (typeof payloadFormats)[number];

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

export interface DeliveryToSign {
  endpoint: WebhookEndpoint;
  event: Event;
  /** The delivery number, the same on every attempt. */
  deliveryId: string;
}

// Loaded on first use: the relay owns that app's shapes, and Yarrow-format workers never need them.
const smsGatewayFormat = () => import('../relay/index.ts');

// Yarrow-format bodies by Event object: a worker's batch holds one Event for the deliveries of an
// event to several endpoints (attempts.ts), serialized once for all of them. Events never change.
const yarrowBodies = new WeakMap<Event, string>();

/**
 * The exact JSON body every attempt of an event's delivery to `endpoint` sends (the same on each
 * attempt and redelivery; the delivery log shows it).
 */
export async function deliveryBody(db: DbClient, endpoint: WebhookEndpoint, event: Event): Promise<string> {
  if (endpoint.payloadFormat === 'sms_gateway') return (await smsGatewayFormat()).smsGatewayBody(db, endpoint, event);
  let body = yarrowBodies.get(event);
  if (body === undefined) {
    body = JSON.stringify(eventPayload(event));
    yarrowBodies.set(event, body);
  }
  return body;
}

/** The exact body and signed headers of one attempt of `delivery`, in its endpoint's format. */
export async function signedRequest(config: Pick<Config, 'secret'>, db: DbClient, delivery: DeliveryToSign): Promise<SignedRequest> {
  const secrets = signingSecrets(config, delivery.endpoint);
  const body = await deliveryBody(db, delivery.endpoint, delivery.event);
  // Custom headers first: the request's own and the signatures are written over them (none may be a
  // custom header's name, custom-headers.ts; this order holds if one ever slipped through).
  const custom = openHeaders(config, delivery.endpoint.headersSealed);
  if (delivery.endpoint.payloadFormat === 'sms_gateway') {
    return { body, headers: { ...custom, 'Content-Type': 'application/json', 'User-Agent': USER_AGENT, ...(await smsGatewayFormat()).smsGatewaySignatureHeaders(secrets[0]!, body) } };
  }
  return { body, headers: { ...custom, 'User-Agent': USER_AGENT, ...webhookRequestHeaders(secrets, { eventType: delivery.event.type, deliveryId: delivery.deliveryId, body }) } };
}
