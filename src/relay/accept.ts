// Accepting sends: a send's input, its routing and account rules, and the one insert every send
// goes through (`queueMessages`: single, OTP, list). Single sends without a transaction of their
// own share one (group commit).
import { z } from 'zod';
import { groupedTransactions } from '../core/batch.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, parseInput } from '../core/errors.ts';
import { newId, relayErrors } from './module.ts';
import { perRuntime } from '../core/per-runtime.ts';
import { liveEvent, notifyQuery } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Account, Message } from '../generated/prisma/client.ts';
import type { sendAcceptedSchema } from './json.ts';
import { insertQueuedMessages } from './messages/plans.ts';
import { RELAY_WAKE_CHANNEL } from './messages/wake.ts';
import { checkCanSend, consumeSendRate, sendingAccounts } from './rules.ts';
import { countSegments, messageText, phoneNumber } from './sms.ts';
import { messageStatus, statusEvent } from './status.ts';

/** Options every SMS send takes (single, list). */
export const sendOptions = {
  message: messageText,
  device_id: z.string().trim().min(1).max(64).optional(),
  ttl_seconds: z.number().int().min(1).max(604_800).optional(),
  reference: z.string().max(255).optional(),
};

export const sendSmsInput = z.strictObject({ to: phoneNumber, ...sendOptions });

export interface NewMessage {
  to: string;
  body: string;
  sealedBody?: string;
  deviceId?: string;
  ttlSeconds?: number;
  reference?: string;
  /** Counts segments of this text instead of `body` (for masked bodies). */
  segmentsOf?: string;
  /** The batch the message belongs to (one send to many numbers). */
  batchId?: string;
}

/**
 * The device a send names, checked at send time: it must be this account's, not revoked and
 * online. Anything else is `invalid_device` (another account's device looks like an unknown one).
 */
export async function checkRequestedDevice(db: DbClient, accountId: number, deviceId: string) {
  const device = await db.device.findFirst({ where: { id: deviceId, accountId } });
  if (!device) throw relayErrors.error('invalid_device', `No such device ${deviceId} on this account.`, { param: 'device_id' });
  if (device.status === 'revoked') throw relayErrors.error('invalid_device', `Device ${deviceId} was unpaired.`, { param: 'device_id' });
  if (device.status !== 'online') throw relayErrors.error('invalid_device', `Device ${deviceId} is offline.`, { param: 'device_id' });
  return device;
}

/** In manual mode every send names its device; in auto mode naming one pins the message to it. */
export async function resolveRouting(db: DbClient, accountId: number, deviceId: string | undefined) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  await checkRouting(db, account, deviceId);
  return account;
}

async function checkRouting(db: DbClient, account: Pick<Account, 'id' | 'relayMode'>, deviceId: string | undefined) {
  if (account.relayMode === 'manual' && !deviceId) {
    throw new YarrowError('invalid_request', 'device_id: required while the account relays in manual mode.', { param: 'device_id' });
  }
  if (deviceId) await checkRequestedDevice(db, account.id, deviceId);
}

/** Inserts a queued message and wakes the routing workers, all inside the caller's transaction. */
export async function queueMessage(rt: Runtime, tx: DbClient, accountId: number, input: NewMessage): Promise<Message> {
  return (await queueMessages(rt, tx, [{ accountId, ...input }]))[0]!;
}

/**
 * Inserts queued messages and sends their live events and the routing workers' wake-up (once per
 * account) in one statement (`insertQueuedMessages`), inside the caller's transaction. Every send
 * (single, OTP, list) queues here. Messages come back in order.
 */
export async function queueMessages(rt: Runtime, tx: DbClient, inputs: Array<NewMessage & { accountId: number }>): Promise<Message[]> {
  if (inputs.length === 0) return [];
  const now = new Date();
  const messages: Message[] = inputs.map((input) => {
    const { encoding, segments } = countSegments(input.segmentsOf ?? input.body);
    return {
      id: newId('message'),
      accountId: input.accountId,
      to: input.to,
      body: input.body,
      sealedBody: input.sealedBody ?? null,
      encoding,
      segments,
      state: 'queued',
      deviceId: null,
      requestedDeviceId: input.deviceId ?? null,
      attempts: 0,
      maxAttempts: rt.config.RELAY_MAX_ATTEMPTS,
      failedDeviceIds: [],
      failureReason: null,
      reference: input.reference ?? null,
      batchId: input.batchId ?? null,
      expiresAt: new Date(now.getTime() + (input.ttlSeconds ?? rt.config.RELAY_DEFAULT_TTL_SECONDS) * 1000),
      nextAttemptAt: now,
      dispatchedAt: null,
      acknowledgedAt: null,
      servedAt: null,
      stuckAt: null,
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
      queuedAt: now,
      updatedAt: now,
    };
  });
  // Only the account's stream hears a new message: nobody can be subscribed to its own status yet
  // (its id is answered after this commits), and a 10,000-number list then publishes half as much.
  const queued = messages.map((message) => liveEvent('messageUpdated', message.accountId, statusEvent(message, now)));
  // The routing workers' wake-up is a NOTIFY of the same statement (`relayQueued`, on their own
  // channel): a pg-boss job per send cost PostgreSQL as much as the message's own insert
  // (docs/performance.md, round 4). A NOTIFY no worker hears (none running, a lost connection) is
  // caught by the routing worker's sweep.
  const wake = [...new Set(inputs.map((input) => input.accountId))].map((accountId) => liveEvent('relayQueued', 'all', { accountId }));
  await insertQueuedMessages(tx, messages, rt.config.RELAY_MAX_ATTEMPTS, now, notifyQuery(queued), notifyQuery(wake, RELAY_WAKE_CHANNEL));
  return messages;
}

export interface SendRequest {
  accountId: number;
  input: z.infer<typeof sendSmsInput>;
}

/**
 * Queues single sends (POST /v1/sms/send) in the caller's transaction, each under its account's
 * rules: routing, subscription, pause, queue room (counting the earlier sends of the same call)
 * and send rate. A refused send gets its error and writes nothing; the others are queued together.
 */
export async function queueSends(rt: Runtime, tx: DbClient, requests: SendRequest[]): Promise<Array<Message | YarrowError>> {
  const accounts = await sendingAccounts(tx, [...new Set(requests.map((request) => request.accountId))]);
  const outcomes: Array<Message | YarrowError | undefined> = [];
  const refuse = (i: number) => (error: unknown) => {
    if (!(error instanceof YarrowError)) throw error;
    outcomes[i] = error;
  };
  const allowed: number[] = [];
  for (const [i, { accountId, input }] of requests.entries()) {
    const sending = accounts.get(accountId);
    if (!sending) throw new Error(`account ${accountId} does not exist`);
    await checkRouting(tx, sending.account, input.device_id)
      .then(() => {
        checkCanSend(rt, sending.account, sending.waiting, 1);
        sending.waiting += 1;
        allowed.push(i);
      })
      .catch(refuse(i));
  }
  const rated: number[] = [];
  await Promise.all(allowed.map((i) => consumeSendRate(rt, requests[i]!.accountId).then(() => rated.push(i), refuse(i))));
  rated.sort((a, b) => a - b);
  const messages = await queueMessages(
    rt,
    tx,
    rated.map((i) => {
      const { accountId, input } = requests[i]!;
      return { accountId, to: input.to, body: input.message, deviceId: input.device_id, ttlSeconds: input.ttl_seconds, reference: input.reference };
    }),
  );
  for (const [n, i] of rated.entries()) outcomes[i] = messages[n];
  return outcomes as Array<Message | YarrowError>;
}

/** Single sends without a transaction of their own share one (group commit). */
const groupedSends = perRuntime((rt: Runtime) => groupedTransactions(rt.db, (tx, requests: SendRequest[]) => queueSends(rt, tx, requests)));

/**
 * POST /v1/sms/send: validates and queues one SMS. In `tx` when given (an idempotent request's
 * transaction); otherwise it shares a transaction with the sends that arrive at the same time
 * (group commit: one insert, one live-event statement and one commit for all of them).
 */
export async function sendSms(rt: Runtime, accountId: number, raw: unknown, { tx }: { tx?: DbClient } = {}): Promise<Message> {
  const request = { accountId, input: parseInput(sendSmsInput, raw) };
  if (tx) {
    const [outcome] = await queueSends(rt, tx, [request]);
    if (outcome instanceof YarrowError) throw outcome;
    return outcome!;
  }
  return groupedSends(rt)(request);
}

export function sendAcceptedJson(message: Message): z.infer<typeof sendAcceptedSchema> {
  return { request_id: message.id, status: messageStatus(message), queued_at: message.queuedAt.toISOString() };
}
