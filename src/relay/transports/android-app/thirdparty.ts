/**
 * The reference server's user-facing ("3rd-party") API under `/api/3rdparty/v1`, so the client
 * libraries of SMS Gateway for Android drive Yarrow unchanged. Every call lands on Yarrow's own
 * rules: a send queues ordinary Yarrow messages (one per recipient, grouped in a message batch
 * whose `external_id` is the reference message id), devices and webhooks are Yarrow's. Auth is the
 * reference's HTTP Basic with a Yarrow API key as the password, checked by the usual key guard.
 */
import type { Context } from 'hono';
import type { DbClient } from '../../../core/db.ts';
import type { z } from 'zod';
import { YarrowError, knownError, notFound } from '../../../core/errors.ts';
import type { HttpContext } from '../../../core/http.ts';
import { newId, relayErrors } from '../../contract.ts';
import type { Runtime } from '../../../core/runtime.ts';
import type { GatewayContext } from '../../../core/gateway-context.ts';
import { defineRoute } from '../../../core/route.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { checkHealth } from '../../../system/index.ts';
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from '../../../webhooks/index.ts';
import { getDevice, revokeDevice } from '../../devices/index.ts';
import { sendMessages } from '../../messages/index.ts';
import { cancelQueuedMessages } from '../../messages/index.ts';
import { phoneNumber } from '../../sms.ts';
import { referenceMessageById, referenceMessagePage, referenceRecipients, type ReferenceMessageRow } from './reference-sql.ts';
import { appErrorJson } from './app-json.ts';
import {
  E164,
  MAX_TTL_SECONDS,
  deviceJson,
  healthJson,
  isReferenceWebhook,
  messageStateJson,
  referenceListQuery,
  referenceSendInput,
  referenceSendQuery,
  referenceWebhookInput,
  sendRefusal,
  unsupportedWebhookEvents,
  webhookDataFilters,
  webhookEvents,
  webhookJson,
  type ReferenceListQuery,
  type ReferenceWebhookEvent,
} from './thirdparty-json.ts';

import { inboxRefreshInput, requestInboxExport } from './app-webhooks.ts';

export const THIRD_PARTY_PREFIX = '/api/3rdparty/v1';

// --- Messages ---


async function statesJson(db: DbClient, rows: ReferenceMessageRow[]) {
  const recipients = await referenceRecipients(db, rows.map((row) => row.id));
  return rows.map((row) => messageStateJson(row.external_id, row.state, recipients.get(row.id) ?? []));
}

/** `GET /message/{id}`: another account's id, like an unknown one, is not found. */
export async function getReferenceMessage(db: DbClient, accountId: number, externalId: string) {
  const rows = await referenceMessageById(db, accountId, externalId);
  if (!rows[0]) throw notFound('message', 'id');
  return (await statesJson(db, rows))[0]!;
}

/** `GET /messages`: newest first, filtered, with the total for `X-Total-Count`. */
export async function listReferenceMessages(db: DbClient, accountId: number, query: ReferenceListQuery) {
  const [page, total] = await referenceMessagePage(db, accountId, query);
  return { total, messages: await statesJson(db, page) };
}

/** A caller's number as E.164, checked for a real number unless `skipValidation`. */
function recipientNumber(raw: string, index: number, skipValidation: boolean): string {
  const param = `phoneNumbers[${index}]`;
  if (!E164.test(raw)) {
    throw new YarrowError('invalid_request', `${param}: must be in E.164 format, e.g. +14155550123 (Yarrow assumes no default country).`, { param });
  }
  if (skipValidation) return raw;
  const checked = phoneNumber.safeParse(raw);
  if (!checked.success) throw new YarrowError('invalid_request', `${param}: not a valid phone number (send skipPhoneValidation=true to skip this check).`, { param });
  return checked.data;
}

/** The time to live, which counts from when the message goes: `validUntil` less `scheduleAt` for a scheduled one. */
function ttlSeconds(input: { ttl?: number | null; validUntil?: string | null; scheduleAt?: string | null }): number | undefined {
  if (input.ttl != null) return input.ttl;
  if (input.validUntil == null) return undefined;
  const goes = input.scheduleAt == null ? Date.now() : Math.max(Date.now(), Date.parse(input.scheduleAt));
  const seconds = Math.ceil((Date.parse(input.validUntil) - goes) / 1000);
  if (seconds < 1) throw new YarrowError('invalid_request', input.scheduleAt == null ? 'validUntil: must be in the future.' : 'validUntil: must be after scheduleAt.', { param: 'validUntil' });
  if (seconds > MAX_TTL_SECONDS) throw new YarrowError('invalid_request', `validUntil: at most ${MAX_TTL_SECONDS / 86_400} days ahead.`, { param: 'validUntil' });
  return seconds;
}

/** A `POST /message` as the app's API sends it, read into what Yarrow sends. */
interface ReferenceSend {
  /** The caller's id for the message (unique per account), if it gave one. */
  id?: string;
  numbers: string[];
  text: string;
  deviceId?: string;
  ttlSeconds?: number;
  /** −128..127 as the app's (`priority`); 0 when not given. */
  priority?: number;
  /** The SIM to send from, 1-based as the app's `simNumber`. */
  simNumber?: number;
  /** When to send it (`scheduleAt`): Yarrow holds it until then. */
  sendAt?: Date;
  /** The numbers and the text are the sender's ciphertext (`isEncrypted`), passed through untouched. */
  isEncrypted: boolean;
}

/** Reads a `POST /message` body (parsed by its route) the way the reference server does, refusing what Yarrow cannot send. */
function referenceSend(input: z.infer<typeof referenceSendInput>, skipPhoneValidation: boolean): ReferenceSend {
  const refusal = sendRefusal(input);
  if (refusal) throw new YarrowError('invalid_request', `${refusal[0]}: ${refusal[1]}`, { param: refusal[0] });
  // Encrypted numbers were checked for the app's format (referenceSendInput); Yarrow cannot read them.
  const numbers = input.isEncrypted ? input.phoneNumbers : input.phoneNumbers.map((number, i) => recipientNumber(number, i, skipPhoneValidation));
  if (new Set(numbers).size !== numbers.length) throw new YarrowError('invalid_request', 'phoneNumbers: each number at most once.', { param: 'phoneNumbers' });
  return { id: input.id ?? undefined, numbers, text: (input.textMessage?.text ?? input.message)!, deviceId: input.deviceId ?? undefined, ttlSeconds: ttlSeconds(input),
    priority: input.priority ?? undefined, simNumber: input.simNumber ?? undefined, sendAt: input.scheduleAt == null ? undefined : new Date(input.scheduleAt),
    isEncrypted: input.isEncrypted === true };
}

/**
 * `POST /message`: one Yarrow message per recipient, under the same rules as POST /v1/sms/send
 * (routing, subscription, pause, queue room, send rate: one request), grouped in a batch that
 * answers to the caller's id (unique per account) or to the batch id. All or nothing.
 */
export async function sendReferenceMessage(rt: Runtime, accountId: number, { id, numbers, text, deviceId, ttlSeconds: ttl, priority, simNumber, sendAt, isEncrypted }: ReferenceSend) {
  try {
    const batchId = newId('messageBatch');
    const externalId = id ?? batchId;
    await sendMessages(
      rt,
      accountId,
      numbers.map((to) => ({ to, text })),
      {
        deviceId,
        ttlSeconds: ttl,
        priority,
        simNumber,
        sendAt,
        sendAtParam: 'scheduleAt',
        isEncrypted,
        batch: { id: batchId, externalId },
        check: async (tx) => {
          if (id && (await tx.messageBatch.count({ where: { accountId, externalId } })) > 0) throw duplicate(externalId);
        },
      },
    );
    return getReferenceMessage(rt.db.prisma, accountId, externalId);
  } catch (error) {
    // Two sends with one id at the same time: the unique index refuses the second.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw duplicate(id!);
    throw error;
  }
}

const duplicate = (id: string) => new YarrowError('already_exists', `A message with id "${id}" already exists; ids are unique per account.`, { param: 'id' });

/** `DELETE /message/{id}`: only while no recipient has reached a phone; each then fails as `cancelled`. */
export async function cancelReferenceMessage(rt: Runtime, accountId: number, externalId: string) {
  await rt.db.prisma.$transaction(async (tx) => {
    const batch = await tx.messageBatch.findFirst({ where: { accountId, externalId }, include: { messages: { select: { id: true } } } });
    if (!batch) throw notFound('message', 'id');
    await cancelQueuedMessages(rt, tx, accountId, batch.messages.map((message) => message.id));
  });
  return getReferenceMessage(rt.db.prisma, accountId, externalId);
}

// --- Webhooks ---

function mappedEvent(event: string): (typeof webhookEvents)[ReferenceWebhookEvent] {
  if (event in webhookEvents) return webhookEvents[event as ReferenceWebhookEvent];
  const why = unsupportedWebhookEvents[event];
  const supported = Object.keys(webhookEvents).join(', ');
  throw new YarrowError(
    'invalid_request',
    why ? `event: ${event} is not supported: ${why}. Supported: ${supported}.` : `event: unknown event "${event}". Supported: ${supported}.`,
    { param: 'event' },
  );
}

/**
 * `POST /webhooks`: a Yarrow webhook endpoint for the mapped event (same URL rules as any
 * endpoint). With an id it replaces that endpoint's URL and event. Yarrow, not the phone, delivers,
 * in the app's body and signature (`payloadFormat: 'sms_gateway'`).
 */
export async function registerReferenceWebhook(rt: Runtime, accountId: number, input: z.infer<typeof referenceWebhookInput>) {
  if (input.deviceId != null) {
    throw new YarrowError('invalid_request', 'deviceId: Yarrow webhooks cover every device of the account; omit deviceId.', { param: 'deviceId' });
  }
  const eventTypes = [mappedEvent(input.event)];
  // Delivered in the app's own shape and signature (webhook-format.ts), so its receivers work as they are.
  const payloadFormat = 'sms_gateway';
  const dataFilter = webhookDataFilters[input.event as ReferenceWebhookEvent] ?? null;
  if (input.id != null) return updateEndpoint(rt, rt.db.prisma, accountId, input.id, { url: input.url, eventTypes }, { payloadFormat, dataFilter });
  const { endpoint } = await createEndpoint(
    rt,
    rt.db.prisma,
    accountId,
    { url: input.url, eventTypes, description: `SMS Gateway for Android client (${input.event})` },
    { payloadFormat, dataFilter },
  );
  return endpoint;
}

// --- Routes ---

/** The reference's names for params that Yarrow's shared rules name their own way. */
const referenceParams: Record<string, string> = { device_id: 'deviceId', sim_number: 'simNumber', to: 'phoneNumbers' };

/** The error in the reference shape (as the app's API answers), 401s with the Basic challenge. */
function referenceError(c: Context, error: YarrowError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  if (error.status === 401) c.header('WWW-Authenticate', 'Basic realm="Yarrow", charset="UTF-8"');
  const param = error.param && referenceParams[error.param];
  return c.json({ ...appErrorJson(error), ...(param ? { param } : {}) }, error.status as 400);
}

/**
 * The API key from the reference's HTTP Basic (any user name, the key as password) as the
 * `Bearer` header the key guard reads; a Bearer header passes through unchanged.
 */
export function apiKeyCredential(c: Context): string {
  const header = c.req.header('authorization');
  if (!header) {
    throw new YarrowError('unauthorized', 'Missing credentials: send HTTP Basic with any user name and your Yarrow API key as the password.');
  }
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (!basic) return header;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const password = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : '';
  if (!password) throw new YarrowError('unauthorized', 'HTTP Basic needs your Yarrow API key as the password (the user name may be anything).');
  return `Bearer ${password}`;
}

const notImplemented = (what: string, why: string) => () => {
  throw relayErrors.error('not_implemented', `${what} is not available on Yarrow: ${why}`);
};

export function registerThirdPartyApi(ctx: GatewayContext) {
  const { app, rt } = ctx;
  const accountOf = (c: HttpContext) => c.get('principal').accountId;
  /**
   * What every route of this API declares: its path under the prefix, its error shape, its key in
   * HTTP Basic, and no OpenAPI entry (it is that project's API, described by its own spec).
   */
  const reference = (path: string) => ({
    path: `${THIRD_PARTY_PREFIX}${path}`,
    tag: 'SMS Gateway for Android API',
    openapi: false,
    apiKeyFrom: apiKeyCredential,
    errors: (c: HttpContext, error: unknown) => {
      const known = knownError(error);
      if (!known) rt.logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
      return referenceError(c, known ?? new YarrowError('internal_error', 'An internal error occurred.'));
    },
  }) as const;

  for (const base of ['/message', '/messages']) {
    defineRoute(ctx, {
      ...reference(base),
      method: 'post',
      summary: 'Send a message to one or more numbers',
      auth: 'sms.send',
      query: referenceSendQuery,
      body: referenceSendInput,
      responses: { 202: 'The message state; Location names it.' },
      handler: async (c, { query: { skipPhoneValidation }, body }) => {
        const state = await sendReferenceMessage(rt, accountOf(c), referenceSend(body, skipPhoneValidation === 'true'));
        c.header('Location', `${THIRD_PARTY_PREFIX}/message/${encodeURIComponent(state.id)}`);
        return c.json(state, 202);
      },
    });
    defineRoute(ctx, {
      ...reference(`${base}/:id`),
      method: 'get',
      summary: 'A message state',
      auth: 'messages.read',
      responses: { 200: 'The message state.' },
      handler: async (c) => c.json(await getReferenceMessage(rt.db.prisma, accountOf(c), c.req.param('id')!)),
    });
    defineRoute(ctx, {
      ...reference(`${base}/:id`),
      method: 'delete',
      summary: 'Cancel a message no phone has taken',
      auth: 'sms.send',
      responses: { 200: 'The message state.' },
      handler: async (c) => c.json(await cancelReferenceMessage(rt, accountOf(c), c.req.param('id')!)),
    });
  }
  defineRoute(ctx, {
    ...reference('/messages'),
    method: 'get',
    summary: 'List message states',
    auth: 'messages.read',
    query: referenceListQuery,
    responses: { 200: 'Message states, newest first; X-Total-Count.' },
    handler: async (c, { query }) => {
      const { total, messages } = await listReferenceMessages(rt.db.prisma, accountOf(c), query);
      c.header('X-Total-Count', String(total));
      return c.json(messages);
    },
  });

  for (const path of ['/devices', '/device']) {
    defineRoute(ctx, {
      ...reference(path),
      method: 'get',
      summary: "The account's devices",
      auth: 'devices.manage',
      responses: { 200: 'The devices.' },
      handler: async (c) => {
        const devices = await rt.db.prisma.device.findMany({ where: { accountId: accountOf(c), status: { not: 'revoked' } }, orderBy: { pairedAt: 'asc' }, take: 500 });
        return c.json(devices.map(deviceJson));
      },
    });
  }
  defineRoute(ctx, {
    ...reference('/devices/:id'),
    method: 'delete',
    summary: 'Revoke a device',
    auth: 'devices.manage',
    responses: { 204: 'Revoked.' },
    handler: async (c) => {
      const device = await getDevice(rt.db.prisma, accountOf(c), c.req.param('id')!);
      if (device.status === 'revoked') throw notFound('device', 'id');
      await revokeDevice(rt, accountOf(c), device.id);
      return c.body(null, 204);
    },
  });

  defineRoute(ctx, {
    ...reference('/webhooks'),
    method: 'get',
    summary: 'The webhooks registered through this API',
    auth: 'webhooks.manage',
    responses: { 200: 'The webhooks.' },
    handler: async (c) => {
      const endpoints = await listEndpoints(rt.db.prisma, accountOf(c), { limit: 100 });
      return c.json(endpoints.filter(isReferenceWebhook).map(webhookJson));
    },
  });
  defineRoute(ctx, {
    ...reference('/webhooks'),
    method: 'post',
    summary: 'Register a webhook (a Yarrow webhook endpoint for the mapped event)',
    auth: 'webhooks.manage',
    body: referenceWebhookInput,
    responses: { 201: 'The webhook.' },
    handler: async (c, { body }) => c.json(webhookJson(await registerReferenceWebhook(rt, accountOf(c), body)), 201),
  });
  defineRoute(ctx, {
    ...reference('/webhooks/:id'),
    method: 'delete',
    summary: 'Delete a webhook',
    auth: 'webhooks.manage',
    responses: { 204: 'Deleted.' },
    handler: async (c) => {
      await deleteEndpoint(rt.db.prisma, accountOf(c), c.req.param('id')!);
      return c.body(null, 204);
    },
  });

  defineRoute(ctx, {
    ...reference('/health'),
    method: 'get',
    summary: 'Health in the reference shape',
    auth: 'none',
    responses: { 200: 'Healthy.', 503: 'The database or the queue fails.' },
    handler: async (c) => {
      const report = await checkHealth(rt);
      return c.json(healthJson(report), report.ok ? 200 : 503);
    },
  });

  /** The reference's calls Yarrow answers with `not_implemented`, and why. */
  const unavailable = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, what: string, why: string) =>
    defineRoute(ctx, {
      ...reference(path),
      method,
      summary: `${what}: not available on Yarrow`,
      auth: 'none',
      responses: { 501: 'Not implemented.' },
      handler: notImplemented(what, why),
    });
  unavailable('get', '/logs', 'Reading device logs', 'for privacy, logs stay on the phone.');
  for (const method of ['get', 'put', 'patch'] as const) unavailable(method, '/settings', 'Device settings', 'they are set in the app on each phone.');
  // As the reference server, which answers its inbox list 501 too (SRV : handlers/inbox/3rdparty.go, `list`).
  unavailable('get', '/inbox', 'Listing the inbox', 'list received SMS with GET /api/v1/messages?direction=inbound, or take them as sms:received webhooks (POST /webhooks).');
  unavailable('get', '/inbox/:id/attachments/:part', 'MMS attachments', 'download a received MMS part with GET /api/v1/messages/{id}/attachments/{partId} (the mms:downloaded webhook gives both ids).');
  // Asks the phones to send what they received in a time range again (MessagesExportRequested): 202, as the reference.
  for (const path of ['/inbox/refresh', '/inbox/export', '/messages/inbox/export']) {
    defineRoute(ctx, {
      ...reference(path),
      method: 'post',
      summary: 'Ask the phones to go through their inbox again (received SMS in a time range)',
      auth: 'devices.manage',
      body: inboxRefreshInput,
      responses: { 202: 'The phones were asked.' },
      handler: async (c, { body }) => {
        await requestInboxExport(rt, accountOf(c), body);
        if (path !== '/inbox/refresh') c.header('Deprecation', 'true');
        return c.body(null, 202);
      },
    });
  }
  for (const path of ['/auth/token', '/auth/token/refresh']) {
    unavailable('post', path, 'Access tokens', 'use a Yarrow API key (with the scopes you choose) as the Basic password.');
  }
  unavailable('delete', '/auth/token/:jti', 'Access tokens', 'use a Yarrow API key as the Basic password.');
  // Not a route: every other path under the prefix answers not_found in the reference's shape.
  app.all(`${THIRD_PARTY_PREFIX}/*`, (c) => referenceError(c, new YarrowError('not_found', `No route for ${c.req.method} ${c.req.path}.`)));
}
