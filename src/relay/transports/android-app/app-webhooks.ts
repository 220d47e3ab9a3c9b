// The SMS Gateway for Android app's received SMS (issue 31). The app sends what its phone receives
// as webhooks, from the phone, to every hook it holds for the event; Yarrow serves each paired
// phone hooks of its own (`GET /webhooks`) and the key the phone signs them with (`GET /settings`,
// `webhooks.signing_key`), and takes the POSTs here, checking each signature. Modelled on the app's
// source (capcom6/android-sms-gateway v1.68.0, app/src/main/java/me/capcom/smsgateway/modules/):
// - webhooks/WebHooksService.kt: `sync` replaces the phone's cloud hooks with the list served (only
//   `id`, `url`, `event` are read); `emit` POSTs one `WebHookEventDTO` per hook of the event, with a
//   fresh nanoid `id` per emit, kept on every retry of that POST.
// - webhooks/plugins/PayloadSingingPlugin.kt: `X-Timestamp` (Unix seconds, made at each send) and
//   `X-Signature` = lowercase hex HMAC-SHA256 keyed with the key's UTF-8 bytes over the exact body
//   text followed by the timestamp.
// - webhooks/WebhooksSettings.kt: `signing_key` is imported from the server's settings (else the
//   phone makes a random 8-character one, which no server knows).
// - webhooks/workers/WebhookQueueProcessorWorker.kt: any non-2xx is retried (5 s·2^k backoff, up to
//   `retry_count`): a refused POST must be refused for good (401/403), and a POST applied twice is
//   answered 2xx both times.
// - receiver/ReceiverService.kt, webhooks/payload/SmsEventPayload.kt, MmsReceivedPayload.kt: the
//   payload of `sms:received` (`messageId` = hex of the message's hash, the app's own dedup key,
//   `message`, `sender`, `recipient`, `simNumber`, `receivedAt`), `sms:data-received` (`data`,
//   base64) and `mms:received` (`messageId`, `transactionId`, `subject`, `size`, ...).
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { decrypt, encrypt, randomToken, safeEqual } from '../../../core/crypto.ts';
import { YarrowError } from '../../../core/errors.ts';
import type { GatewayContext } from '../../../core/gateway-context.ts';
import { defineRoute, type Credential } from '../../../core/route.ts';
import type { Runtime } from '../../../core/runtime.ts';
import type { Device } from '../../../generated/prisma/client.ts';
import { receiveSms } from '../../messages/index.ts';
import { ANDROID_APP_API_PATH } from '../../devices/index.ts';
import { signalDevices } from '../../devices/index.ts';
import { appError, appErrorSchema } from './app-json.ts';

/** The received-message events Yarrow serves the phone a hook for, one hook each. */
export const appReceivedEvents = ['sms:received', 'sms:data-received', 'mms:received', 'mms:downloaded'] as const;

/** How far a signature's `X-Timestamp` may be from now (as Stripe's default tolerance): an older POST is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const hookPath = (deviceId: string) => `${ANDROID_APP_API_PATH}/inbound/${deviceId}`;

/**
 * The phone's signing key: made on its first settings read, kept sealed (it has to be read back
 * to check an HMAC: a hash would not do). Two first reads at once keep the first key written.
 */
export async function appWebhookKey(rt: Runtime, device: Pick<Device, 'id' | 'sealedWebhookKey'>): Promise<string> {
  if (device.sealedWebhookKey) return decrypt(rt.config.secret, device.sealedWebhookKey);
  await rt.db.prisma.device.updateMany({ where: { id: device.id, sealedWebhookKey: null }, data: { sealedWebhookKey: encrypt(rt.config.secret, randomToken(24)) } });
  const { sealedWebhookKey } = await rt.db.prisma.device.findUniqueOrThrow({ where: { id: device.id }, select: { sealedWebhookKey: true } });
  return decrypt(rt.config.secret, sealedWebhookKey!);
}

/**
 * Where the phone reaches Yarrow: PUBLIC_BASE_URL when it is set (never the request's Host, which
 * whoever calls chooses); else the origin the phone called (a server left at its default
 * `localhost` base, reached by its address): the hook is on the host the phone already reaches.
 */
function baseReachedBy(rt: Pick<Runtime, 'config'>, requestUrl: string) {
  return rt.config.publicBaseUrlSet ? rt.config.publicBaseUrl : new URL(requestUrl).origin;
}

/** `GET /webhooks`: the phone's own hooks, stable ids (each sync replaces the phone's list with this one). */
export function appWebhooksJson(rt: Pick<Runtime, 'config'>, device: Pick<Device, 'id'>, requestUrl: string) {
  const url = `${baseReachedBy(rt, requestUrl)}${hookPath(device.id)}`;
  return appReceivedEvents.map((event) => ({ id: `yarrow-${event.replace(':', '-')}`, url, event, deviceId: device.id }));
}
export const appWebhookSchema = z.object({ id: z.string(), url: z.string(), event: z.enum(appReceivedEvents), deviceId: z.string() });

const receivedAt = z.coerce.date();
const sender = { sender: z.string().trim().min(1).max(64), recipient: z.string().max(64).nullish(), simNumber: z.number().int().min(1).max(8).nullish() };

/** The app's POST body (`WebHookEventDTO`), for the events Yarrow serves hooks for. */
const appWebhookBody = z.object({
  id: z.string().min(1).max(64),
  webhookId: z.string().max(64),
  deviceId: z.string().max(64),
  event: z.string(),
  payload: z.looseObject({}),
});
const payloads = {
  'sms:received': z.looseObject({ messageId: z.string().min(1).max(64), message: z.string().max(10_000), receivedAt, ...sender }),
  'sms:data-received': z.looseObject({ messageId: z.string().min(1).max(64), data: z.string().max(20_000), receivedAt, ...sender }),
  'mms:received': z.looseObject({ messageId: z.string().min(1).max(200), subject: z.string().max(1_000).nullish(), size: z.number().nullish(), receivedAt, ...sender }),
  // MmsDownloadedPayload.kt (MmsContentReader.kt reads it): text parts joined in `body`, the others
  // in `attachments`, each whole in base64 (`data`, null if unreadable); the body bound is the route's.
  'mms:downloaded': z.looseObject({
    messageId: z.string().min(1).max(200),
    body: z.string().max(100_000).nullish(),
    subject: z.string().max(1_000).nullish(),
    attachments: z.array(
      z.looseObject({
        partId: z.union([z.string(), z.number()]).nullish(),
        contentType: z.string().trim().min(1).max(255),
        name: z.string().max(1_000).nullish(),
        size: z.number().nullish(),
        data: z.base64().nullish(),
      }),
    ).max(1_000),
    receivedAt,
    ...sender,
  }),
};

/** The headers' check, before any device is read: unsigned (401) or stale (403) says nothing of the device. */
function signatureHeaders(signature: string | undefined, timestamp: string | undefined, now = Date.now()) {
  if (!signature || !timestamp) throw new YarrowError('unauthorized', 'Sign the webhook: X-Signature and X-Timestamp are required.', { param: 'X-Signature' });
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new YarrowError('forbidden', `X-Timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s from now: refused as a replay.`, { param: 'X-Timestamp' });
  }
  return { signature: signature.toLowerCase(), timestamp };
}

/** One answer for a wrong signature and for a hook that is no paired device's: the refusal tells no one which devices exist. */
const badSignature = () => new YarrowError('forbidden', 'X-Signature does not match the signing key of this hook’s device.', { param: 'X-Signature' });

/**
 * The hook's credential: the body's signature by the signing key of the device the hook is for.
 * Checked on the body as text before anything parses it: an unsigned body is refused (401) for
 * the cost of reading two headers, a forged one for an HMAC, never for a JSON parse.
 */
function signedByHookDevice(rt: Runtime): Credential<Device> {
  return {
    documentedAs: 'none',
    authenticate: async (c) => {
      const { signature, timestamp } = signatureHeaders(c.req.header('x-signature'), c.req.header('x-timestamp'));
      // A hook of no paired device (unpaired, or it never read its settings) is refused as a bad signature.
      const device = await rt.db.prisma.device.findUnique({ where: { id: c.req.param('deviceId') } });
      if (!device || device.status === 'revoked' || !device.sealedWebhookKey) throw badSignature();
      const expected = createHmac('sha256', Buffer.from(await appWebhookKey(rt, device), 'utf8')).update((await c.req.text()) + timestamp).digest('hex');
      if (!safeEqual(expected, signature)) throw badSignature();
      return device;
    },
  };
}

export function registerAppWebhookRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  defineRoute(ctx, {
    path: `${ANDROID_APP_API_PATH}/inbound/:deviceId`,
    tag: 'Android app',
    method: 'post',
    summary: 'Android app: an SMS (or data SMS, MMS) the phone received, POSTed to the hook Yarrow served it, signed with its signing key.',
    operationId: 'receiveAppWebhook',
    auth: signedByHookDevice(rt),
    body: appWebhookBody,
    bodyValidatedBy: 'service',
    errorCodes: ['unauthorized', 'forbidden', 'not_found', 'service_unavailable'],
    // As the app's other calls: the app retries every non-2xx, so a body the database refuses is a 400, an outage a 503.
    errors: (c, error) => appError(c, rt, error),
    errorBody: appErrorSchema,
    response: z.object({ request_id: z.string(), duplicate: z.boolean() }),
    responses: { 200: 'Recorded (or a repeat of what was: `duplicate`).' },
    handler: async (c, { auth: device, body }) => {
      const dto = appWebhookBody.safeParse(body);
      if (!dto.success) throw new YarrowError('invalid_request', `Not the app's webhook body: ${dto.error.issues[0]?.message}`, { param: 'body' });
      if (dto.data.deviceId !== device.id) throw new YarrowError('forbidden', 'The body names another device than the hook.', { param: 'deviceId' });
      const sms = receivedFrom(device, dto.data.event, dto.data.payload);
      const { message, created } = await receiveSms(rt, sms);
      return c.json({ request_id: message.id, duplicate: !created });
    },
  });
}

/** The app's payload as `receiveSms` takes it: its hash (`messageId`) is the key, so a retry or a re-export is the same message. */
function receivedFrom(device: Device, event: string, payload: unknown) {
  const parse = <T extends z.ZodType>(schema: T): z.output<T> => {
    const result = schema.safeParse(payload);
    if (!result.success) throw new YarrowError('invalid_request', `The ${event} payload: ${result.error.issues[0]?.path.join('.')} ${result.error.issues[0]?.message}`, { param: 'payload' });
    return result.data;
  };
  const common = (p: { messageId: string; sender: string; recipient?: string | null; simNumber?: number | null; receivedAt: Date }) => ({
    accountId: device.accountId,
    deviceId: device.id,
    from: p.sender,
    to: p.recipient ?? null,
    simNumber: p.simNumber ?? null,
    receivedAt: p.receivedAt,
  });
  if (event === 'sms:received') {
    const p = parse(payloads['sms:received']);
    return { ...common(p), text: p.message, key: `app:${p.messageId}` };
  }
  // A data SMS keeps its bytes as base64 text; an MMS its subject (its parts stay on the phone).
  if (event === 'sms:data-received') {
    const p = parse(payloads['sms:data-received']);
    return { ...common(p), text: p.data, key: `app-data:${p.messageId}`, keywords: false };
  }
  if (event === 'mms:received') {
    const p = parse(payloads['mms:received']);
    return { ...common(p), text: p.subject ?? '', key: `app-mms:${p.messageId}`, keywords: false };
  }
  // A downloaded MMS: its text parts are the message's text (else its subject), its other parts kept bounded (messages/attachments.ts).
  if (event === 'mms:downloaded') {
    const p = parse(payloads['mms:downloaded']);
    const parts = p.attachments.map((part) => ({
      contentType: part.contentType,
      name: part.name ?? null,
      size: Math.max(0, Math.trunc(part.size ?? 0)),
      data: part.data == null ? null : Buffer.from(part.data, 'base64'),
    }));
    return { ...common(p), text: p.body ?? p.subject ?? '', key: `app-mms-downloaded:${p.messageId}`, keywords: false, parts };
  }
  throw new YarrowError('invalid_request', `Yarrow serves hooks for ${appReceivedEvents.join(', ')} only, not ${event}.`, { param: 'event' });
}

/**
 * The reference API's `POST /inbox/refresh` (and its older `/inbox/export`, `/messages/inbox/export`)
 * body, as the reference server reads it (SRV : handlers/inbox/3rdparty.go, client-go
 * `InboxRefreshRequest`); the npm client sends `{deviceId, since, until}`.
 */
export const inboxRefreshInput = z.looseObject({
  deviceId: z.string().trim().min(1).max(64).nullish(),
  since: z.coerce.date(),
  until: z.coerce.date(),
  messageTypes: z.array(z.enum(['SMS', 'DATA_SMS', 'MMS', 'MMS_DOWNLOADED'])).max(4).nullish(),
  webhookDelivery: z.enum(['individual', 'batch', 'disabled']).nullish(),
  triggerWebhooks: z.boolean().nullish(),
});

/**
 * Asks the account's phones (or the one named) to go through their inbox between `since` and
 * `until` again (`MessagesExportRequested`, SRV : inbox/service.go, modules/events/events.go): the
 * app runs each SMS through its receive path, so what never reached Yarrow arrives now, and what
 * did is the same message (its hash). Answers how many phones were asked.
 */
export async function requestInboxExport(rt: Runtime, accountId: number, input: z.output<typeof inboxRefreshInput>): Promise<number> {
  if (input.since >= input.until) throw new YarrowError('invalid_request', '`since` must be before `until`.', { param: 'since' });
  const devices = await rt.db.prisma.device.findMany({
    where: { accountId, status: { not: 'revoked' }, ...(input.deviceId ? { id: input.deviceId } : {}) },
    select: { id: true },
    take: 500,
  });
  if (input.deviceId && devices.length === 0) throw new YarrowError('not_found', `No device ${input.deviceId} on this account.`, { param: 'deviceId' });
  const seconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const delivery = input.webhookDelivery ?? (input.triggerWebhooks === false ? 'disabled' : 'individual');
  const data: Record<string, string> = {
    since: seconds(input.since),
    until: seconds(input.until),
    ...(input.messageTypes?.length ? { messageTypes: input.messageTypes.join(',') } : {}),
    webhookDelivery: delivery,
    triggerWebhooks: String(delivery !== 'disabled'),
  };
  await signalDevices(rt.db.prisma, devices.map((device) => [device.id, { kind: 'exportInbox', data }]));
  return devices.length;
}
