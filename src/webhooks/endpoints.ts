import { newSigningSecret } from '@yarrow/sdk/webhooks';
import { z } from 'zod';
import type { Config } from '../core/config.ts';
import { decrypt, encrypt } from '../core/crypto.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound, parseInput } from '../core/errors.ts';
import { newId } from './contract.ts';
import { publish } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { WebhookEndpoint } from '../generated/prisma/client.ts';
import { recordEvent } from './events.ts';
import type { EventType } from '../core/module.ts';
import type { PayloadFormat } from './formats.ts';
import type { DataFilter } from './deliveries.ts';
import { customHeaders, headerNamesToRemove, openHeaders, patchedHeaders, sealHeaders } from './custom-headers.ts';
import { type EndpointOrdering, endpointOrderings, lockLines, releaseLine } from './lines.ts';
import { metadataProblem, privateAddressProblem, privateWebhookUrlsAllowed, webhookUrl } from './url-safety.ts';

/** How long the secret before a rotation keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export const endpointDescription = z.string().trim().max(500);
export const MAX_RATE_LIMIT = 1000;
/** Deliveries a second at most (Svix's `throttleRate`): a whole number from 1 to 1,000. */
export const rateLimit = z.number().int(`a whole number of deliveries a second`).min(1).max(MAX_RATE_LIMIT);
/** `unordered` (the default) or `fifo`: one delivery at a time in event order (lines.ts). */
export const endpointOrdering = z.enum(endpointOrderings, { error: 'must be unordered or fifo' });
/** An endpoint's inputs, given every module's event names (`rt.modules.eventTypes`), which it may subscribe to. */
export function endpointInputs(eventTypes: readonly EventType[]) {
  const endpointEventTypes = z
    .array(z.enum(eventTypes))
    .max(100)
    .transform((list) => [...new Set(list)]);
  return {
    endpointEventTypes,
    createEndpointInput: z.strictObject({
      url: webhookUrl,
      description: endpointDescription.default(''),
      /** Empty or absent: every event. */
      eventTypes: endpointEventTypes.default([]),
      enabled: z.boolean().default(true),
      headers: customHeaders.optional(),
      rateLimit: rateLimit.optional(),
      ordering: endpointOrdering.optional(),
    }),
    updateEndpointInput: z.strictObject({
      url: webhookUrl.optional(),
      description: endpointDescription.optional(),
      eventTypes: endpointEventTypes.optional(),
      enabled: z.boolean().optional(),
      headers: customHeaders.optional(),
      setHeaders: customHeaders.optional(),
      removeHeaders: headerNamesToRemove.optional(),
      rateLimit: rateLimit.nullable().optional(),
      ordering: endpointOrdering.optional(),
    }),
  };
}

/**
 * A URL must reach the public internet (checked again at every delivery), unless the account may
 * use private URLs (`privateWebhookUrlsAllowed`).
 */
async function assertReachableUrl(config: Config, db: DbClient, accountId: number, raw: string) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { allowPrivateWebhookUrls: true } });
  const problem = privateWebhookUrlsAllowed(config, account.allowPrivateWebhookUrls)
    ? await privateAddressProblem(new URL(raw), metadataProblem)
    : await privateAddressProblem(new URL(raw));
  if (problem) {
    throw new YarrowError('invalid_request', `url: ${problem}; only public addresses may receive webhooks.`, { param: 'url' });
  }
}

/** What `createEndpoint` makes: typed values each transport parsed from its own wire format. */
export interface CreateEndpointCommand {
  url: string;
  description?: string;
  /** Empty or absent: every event. */
  eventTypes?: readonly EventType[];
  /** Default true. */
  enabled?: boolean;
  /** Custom headers sent with every request (custom-headers.ts). */
  headers?: Record<string, string>;
  /** At most this many deliveries a second; absent: no limit. */
  rateLimit?: number;
  /** Absent: `unordered`. */
  ordering?: EndpointOrdering;
}

/** What `updateEndpoint` changes: only the fields given. */
export interface UpdateEndpointCommand {
  url?: string;
  description?: string;
  eventTypes?: readonly EventType[];
  /** false disables (reason `manual`); true enables again and clears the failing period. */
  enabled?: boolean;
  /** Replaces every custom header; `{}` removes them. */
  headers?: Record<string, string>;
  /** Adds these headers or replaces their values, keeping the others (not with `headers`). */
  setHeaders?: Record<string, string>;
  /** Removes the headers of these names, whatever their case (not with `headers`). */
  removeHeaders?: readonly string[];
  /** null removes the limit. */
  rateLimit?: number | null;
  /** Deliveries already waiting in a FIFO line are sent at once when it becomes unordered. */
  ordering?: EndpointOrdering;
}

/**
 * The URL rules (url-safety.ts), checked here too: the reference-server API hands its URL over as
 * the client sent it, and a URL is the rule the service must never take on trust.
 */
const checkedUrl = (url: string) => parseInput(z.object({ url: webhookUrl }), { url }).url;
const checkedHeaders = (headers: Record<string, string>) => parseInput(z.object({ headers: customHeaders }), { headers }).headers;
const checkedRateLimit = (limit: number | null) => parseInput(z.object({ rateLimit: rateLimit.nullable() }), { rateLimit: limit }).rateLimit;
const checkedOrdering = (ordering: EndpointOrdering) => parseInput(z.object({ ordering: endpointOrdering }), { ordering }).ordering;
const distinct = (eventTypes: readonly EventType[]) => [...new Set(eventTypes)];

/** The headers an update leaves (all of them, checked), or undefined when it changes none. */
function newHeaders(config: Pick<Config, 'secret'>, endpoint: WebhookEndpoint, command: UpdateEndpointCommand) {
  const patching = command.setHeaders !== undefined || command.removeHeaders !== undefined;
  if (command.headers !== undefined && patching) {
    throw new YarrowError('invalid_request', 'headers: replaces them all; send it alone, or set_headers and remove_headers to change some.', { param: 'headers' });
  }
  if (!patching) return command.headers === undefined ? undefined : checkedHeaders(command.headers);
  const set = command.setHeaders === undefined ? {} : parseInput(z.object({ set_headers: customHeaders }), { set_headers: command.setHeaders }).set_headers;
  const remove = parseInput(z.object({ remove_headers: headerNamesToRemove }), { remove_headers: command.removeHeaders ?? [] }).remove_headers;
  const headers = patchedHeaders(openHeaders(config, endpoint.headersSealed), set, remove);
  return parseInput(z.object({ set_headers: customHeaders }), { set_headers: headers }).set_headers;
}

export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  /** `whsec_…`: shown at creation and rotation, or on request. */
  secret: string;
}

export async function createEndpoint(
  rt: Pick<Runtime, 'config'>,
  db: DbClient,
  accountId: number,
  command: CreateEndpointCommand,
  /** Not part of the input: the API an endpoint is made through decides it (formats.ts). */
  { payloadFormat = 'yarrow', dataFilter = null }: { payloadFormat?: PayloadFormat; dataFilter?: DataFilter | null } = {},
): Promise<EndpointWithSecret> {
  const data = { url: checkedUrl(command.url), description: command.description ?? '', eventTypes: distinct(command.eventTypes ?? []), enabled: command.enabled ?? true };
  await assertReachableUrl(rt.config, db, accountId, data.url);
  const secret = newSigningSecret();
  const endpoint = await db.webhookEndpoint.create({
    data: {
      id: newId('webhookEndpoint'),
      accountId,
      url: data.url,
      description: data.description,
      eventTypes: data.eventTypes,
      secretEncrypted: encrypt(rt.config.secret, secret),
      ...(command.headers ? sealHeaders(rt.config, checkedHeaders(command.headers)) : {}),
      rateLimit: command.rateLimit === undefined ? null : checkedRateLimit(command.rateLimit),
      ordering: command.ordering === undefined ? 'unordered' : checkedOrdering(command.ordering),
      payloadFormat,
      dataFilter,
      ...(data.enabled ? {} : { disabledAt: new Date(), disabledReason: 'manual' }),
    },
  });
  await publish(db, 'webhookEndpointsChanged', accountId, { endpointId: endpoint.id });
  return { endpoint, secret };
}

export async function getEndpoint(db: DbClient, accountId: number, id: string, param = 'id'): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, accountId } });
  if (!endpoint) throw notFound('webhook endpoint', param);
  return endpoint;
}


export async function updateEndpoint(
  rt: Pick<Runtime, 'config' | 'boss' | 'db'>,
  db: DbClient,
  accountId: number,
  id: string,
  command: UpdateEndpointCommand,
  /** Given by the reference API, whose re-registration makes an endpoint its own (formats.ts). */
  { payloadFormat, dataFilter }: { payloadFormat?: PayloadFormat; dataFilter?: DataFilter | null } = {},
): Promise<WebhookEndpoint> {
  const data = {
    ...command,
    url: command.url === undefined ? undefined : checkedUrl(command.url),
    eventTypes: command.eventTypes === undefined ? undefined : distinct(command.eventTypes),
  };
  const ordering = command.ordering === undefined ? undefined : checkedOrdering(command.ordering);
  // Every field is checked before anything changes.
  const limit = command.rateLimit === undefined ? {} : { rateLimit: checkedRateLimit(command.rateLimit), rateSlotAt: null };
  const endpoint = await getEndpoint(db, accountId, id);
  // Checked before anything changes too; a change of some headers keeps the others, read here.
  const headers = newHeaders(rt.config, endpoint, command);
  if (data.url !== undefined) await assertReachableUrl(rt.config, db, accountId, data.url);
  if (ordering !== undefined && ordering !== endpoint.ordering) await changeOrdering(rt, endpoint.id, ordering);
  const enabling = data.enabled === true && endpoint.disabledAt !== null;
  const disabling = data.enabled === false && endpoint.disabledAt === null;
  const updated = await db.webhookEndpoint
    .update({
      // A change of some headers was made from the ones read: it must not undo a change made meanwhile.
      where: { id: endpoint.id, ...(command.headers === undefined && headers ? { headersSealed: endpoint.headersSealed } : {}) },
      data: {
        url: data.url,
        description: data.description,
        eventTypes: data.eventTypes,
        ...(headers ? sealHeaders(rt.config, headers) : {}),
      // A new limit applies to attempts enqueued from now on; those already queued keep their slots.
      ...limit,
      payloadFormat,
      dataFilter,
      // Re-enabling starts with a clean slate: the failing period counts from the next failure.
      ...(enabling ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
      ...(disabling ? { disabledAt: new Date(), disabledReason: 'manual' } : {}),
    },
  })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'P2025') throw error;
      throw new YarrowError('invalid_state', 'The endpoint\'s headers changed meanwhile; send the change again.', { param: 'set_headers' });
    });
  await publish(db, 'webhookEndpointsChanged', accountId, { endpointId: endpoint.id });
  return updated;
}

/**
 * Switches an endpoint's ordering under its line lock. Made unordered, the deliveries waiting in its
 * line get their jobs at once; made FIFO, the deliveries already queued go as they were and the new
 * ones wait behind them (the sweeper starts the line once they are done: `stalledLines`).
 */
async function changeOrdering(rt: Pick<Runtime, 'config' | 'boss' | 'db'>, endpointId: string, ordering: EndpointOrdering) {
  await rt.db.prisma.$transaction(async (tx) => {
    await lockLines(tx, [endpointId]);
    await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { ordering } });
    if (ordering === 'unordered') await releaseLine(rt, tx, endpointId);
  });
}

export async function deleteEndpoint(db: DbClient, accountId: number, id: string): Promise<WebhookEndpoint> {
  const endpoint = await getEndpoint(db, accountId, id);
  // Deliveries and attempts go with it; their pending jobs find nothing and do nothing.
  await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  await publish(db, 'webhookEndpointsChanged', accountId, { endpointId: endpoint.id });
  return endpoint;
}

export interface RotatedSecret extends EndpointWithSecret {
  previousSecretExpiresAt: Date;
}

/** A new secret signs from now on; the one it replaces keeps signing too for 24 hours. */
export async function rotateSecret(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, id: string): Promise<RotatedSecret> {
  const endpoint = await getEndpoint(db, accountId, id);
  const secret = newSigningSecret();
  const previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
  const updated = await db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      secretEncrypted: encrypt(rt.config.secret, secret),
      previousSecretEncrypted: endpoint.secretEncrypted,
      previousSecretExpiresAt,
    },
  });
  return { endpoint: updated, secret, previousSecretExpiresAt };
}

export async function revealSecret(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number, id: string): Promise<EndpointWithSecret> {
  const endpoint = await getEndpoint(db, accountId, id);
  return { endpoint, secret: decrypt(rt.config.secret, endpoint.secretEncrypted) };
}

/** The secrets that sign a request now: the current one, then the previous one during its overlap. */
export function signingSecrets(config: Pick<Config, 'secret'>, endpoint: WebhookEndpoint, now = new Date()): string[] {
  const secrets = [openSecret(config, endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(openSecret(config, endpoint.previousSecretEncrypted));
  }
  return secrets;
}

// A worker signs thousands of requests a second with a handful of secrets: each sealed secret is
// decrypted once. A rotation seals a new value, so an entry never goes stale.
const openedSecrets = new Map<string, string>();
function openSecret(config: Pick<Config, 'secret'>, sealed: string) {
  const key = `${config.secret}\n${sealed}`;
  let secret = openedSecrets.get(key);
  if (secret === undefined) {
    if (openedSecrets.size >= 10_000) openedSecrets.clear();
    secret = decrypt(config.secret, sealed);
    openedSecrets.set(key, secret);
  }
  return secret;
}

export function isEnabled(endpoint: Pick<WebhookEndpoint, 'disabledAt'>): boolean {
  return endpoint.disabledAt === null;
}

/** Records a `webhook.test` event and delivers it to this endpoint only. */
export async function sendTestWebhook(rt: Runtime, accountId: number, endpointId: string) {
  return rt.db.prisma.$transaction(async (tx) => {
    const endpoint = await getEndpoint(tx, accountId, endpointId, 'endpointId');
    if (!isEnabled(endpoint)) {
      throw new YarrowError('invalid_state', 'The endpoint is disabled; enable it before sending a test event.', { param: 'endpointId' });
    }
    const event = await recordEvent(
      rt,
      tx,
      {
        accountId,
        type: 'webhook.test',
        objectType: 'webhook_endpoint',
        objectPublicId: endpoint.id,
        data: { endpoint_id: endpoint.id, message: 'A test event sent from Yarrow.' },
      },
      { onlyEndpointId: endpoint.id },
    );
    const delivery = await tx.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id, endpointId: endpoint.id } });
    return { event, delivery };
  });
}
