// Accepting sends: every send (REST, GraphQL, OTP, a list, the 3rd-party API) is typed commands
// given to `sendMessages`, which applies the account's rules in one order and queues the messages
// (move `accept`). Callers parse their own wire format; the zod schemas here are the fields the
// Yarrow API's sends share, for the routes that parse them.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { groupedTransactions } from '../../core/batch.ts';
import { encrypt } from '../../core/crypto.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import { perRuntime } from '../../core/per-runtime.ts';
import { liveEvent, notifyQuery } from '../../core/pubsub.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Account, Message } from '../../generated/prisma/client.ts';
import type { sendAcceptedSchema } from '../json.ts';
import { newId, relayErrors } from '../contract.ts';
import { checkCanSend, checkNotOptedOut, consumeSendRate, optedOutNumbers, sendingAccounts } from './rules.ts';
import { checkSimNumber, simNumberInput } from '../devices/index.ts';
import { messagePriority } from '../priority.ts';
import { countSegments, messageText, phoneNumber } from '../sms.ts';
import { messagePartsJson, messageStatus, statusEvent } from './status.ts';
import { encryptedValue, MAX_ENCRYPTED_LENGTH } from './encrypted.ts';
import { insertQueuedMessages } from './plans.ts';
import { checkSendAt, scheduleOf, sendAtInput, type Schedule } from './schedule.ts';
import { wakeDrainQuery } from './wake.ts';

/** Options every SMS send takes (single, list), checked as GraphQL names them (camelCase). */
export const sendOptionFields = {
  message: messageText,
  deviceId: z.string().trim().min(1).max(64).optional(),
  ttlSeconds: z.number().int().min(1).max(604_800).optional(),
  reference: z.string().max(255).optional(),
  priority: messagePriority.optional(),
  simNumber: simNumberInput.optional(),
  sendAt: sendAtInput.optional(),
};

/** The same options as the Yarrow REST API names them, as sent. */
export const sendOptions = {
  message: sendOptionFields.message,
  device_id: sendOptionFields.deviceId,
  ttl_seconds: sendOptionFields.ttlSeconds,
  reference: sendOptionFields.reference,
  priority: sendOptionFields.priority,
  sim_number: sendOptionFields.simNumber,
  send_at: sendOptionFields.sendAt,
};

/**
 * POST /api/v1/sms/send's body. With `is_encrypted`, `to` and `message` are the sender's ciphertext
 * in the Android app's format (./encrypted.ts): checked for shape only, passed through untouched.
 */
export const sendSmsInput = z
  .strictObject({
    to: z.string().max(MAX_ENCRYPTED_LENGTH).describe('The number in international format (E.164); with is_encrypted, the number encrypted in the app\'s format.').meta({ examples: ['+14155550123'] }),
    ...sendOptions,
    message: z.string().max(MAX_ENCRYPTED_LENGTH).describe('The text; with is_encrypted, the text encrypted in the app\'s format.').meta({ examples: ['Your order #1042 has shipped.'] }),
    is_encrypted: z
      .boolean()
      .optional()
      .describe(
        'true: `to` and `message` are encrypted by you with the passphrase set in the phone\'s app (the SDK\'s encrypt), as `$aes-256-cbc/pbkdf2-sha1$i=…$<salt>$<ciphertext>`; Yarrow checks their shape, passes them through untouched and the phone decrypts them. Not with an opted-out check (Yarrow cannot read the number) nor a device that is not the Android app.',
      ),
  })
  .transform((input, ctx) => {
    const field = <T>(name: 'to' | 'message', schema: z.ZodType<T>, value: string): T => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [name], message: parsed.error.issues[0]?.message ?? 'invalid' });
      return parsed.success ? parsed.data : (value as T);
    };
    const encrypted = input.is_encrypted === true;
    return {
      ...input,
      to: field('to', encrypted ? encryptedValue : phoneNumber, input.to),
      message: field('message', encrypted ? encryptedValue : messageText, input.message),
    };
  });

/** One message to send: a number already checked by the caller's parser, and its text. */
export interface SendCommand {
  to: string;
  text: string;
  /**
   * What is stored and shown in place of `text` (an OTP's text with its code masked): the phone
   * gets `text` sealed, wiped once the SMS is final. Segments are counted on `text`.
   */
  storedAs?: string;
}

/** How a call's messages are sent: the same for all of them. */
export interface SendOptions {
  /** The device the messages must go through (required in manual mode); checked at send. */
  deviceId?: string;
  ttlSeconds?: number;
  reference?: string;
  /** −128..127, 0 unless given (`messagePriority`); an OTP's is `EXPEDITED_PRIORITY`. */
  priority?: number;
  /** The SIM to send from, 1-based (`simNumber`); checked against the device or every candidate. */
  simNumber?: number;
  /**
   * When to send them (`send_at`): up to 30 days ahead (`checkSendAt`); until then `scheduled`.
   * The account's quiet hours may push it (or a send without it) later (`scheduleOf`).
   */
  sendAt?: Date;
  /** The name the caller's wire format gives `sendAt`, for its 400 (the 3rd-party API's `scheduleAt`). */
  sendAtParam?: string;
  /**
   * The commands' `to` and `text` are the sender's ciphertext in the Android app's format (./encrypted.ts),
   * passed through untouched. Their segments cannot be counted (1 is stored) and the opt-out list
   * cannot be checked: Yarrow cannot read the number.
   */
  isEncrypted?: boolean;
  /** The messages are one batch (a list, the 3rd-party API's message); each still has its own id. */
  batch?: { id?: string; listId?: string; externalId?: string; skipped?: number };
  /** The caller's transaction (an idempotent request's, the OTP's row): the messages commit with it. */
  tx?: DbClient;
  /** A rule of the caller's, after the account's rules and before the send rate is spent (OTP caps, a taken id). */
  check?: (tx: DbClient) => Promise<void>;
}

interface SendRequest {
  accountId: number;
  commands: SendCommand[];
  options: SendOptions;
}

/** Rows inserted per statement: a 50,000-number list is 50 statements, and the event loop runs between them. */
const INSERT_CHUNK = 1_000;

/**
 * Sends messages under the account's rules, in this order: routing (manual mode names a device; a
 * named device must be the account's and online; a named SIM must be on it, or on every device the
 * router may pick), no number on the account's opt-out list, `send_at` within 30 days, subscription, pause, queue room, the caller's
 * `check`, then the send rate. A refused send writes nothing. In `options.tx` when given; a lone
 * message with no batch or check otherwise shares a transaction with the sends that arrive at the
 * same time (group commit: one insert, one live-event statement and one commit for all of them);
 * anything else gets a transaction of its own. Big sends are inserted in chunks that yield the
 * event loop, so a 50,000-number list never stalls the gateway. Messages come back in order.
 */
export async function sendMessages(rt: Runtime, accountId: number, commands: SendCommand[], options: SendOptions = {}): Promise<Message[]> {
  const request = { accountId, commands, options };
  if (options.tx) return acceptOne(rt, options.tx, request);
  if (commands.length === 1 && !options.batch && !options.check) return groupedSends(rt)(request);
  return rt.db.prisma.$transaction((tx) => acceptOne(rt, tx, request));
}

async function acceptOne(rt: Runtime, tx: DbClient, request: SendRequest) {
  const [outcome] = await acceptSends(rt, tx, [request]);
  if (outcome instanceof YarrowError) throw outcome;
  return outcome!;
}

/** Sends of many requests without a transaction of their own share one (group commit). */
const groupedSends = perRuntime((rt: Runtime) => groupedTransactions(rt.db, (tx, requests: SendRequest[]) => acceptSends(rt, tx, requests)));

/**
 * The rules of `sendMessages` for requests that commit together, each under its own account's
 * rules (queue room counts the earlier requests of the same call), then one queueing for all that
 * passed. A refused request gets its error and writes nothing; the others go ahead.
 */
async function acceptSends(rt: Runtime, tx: DbClient, requests: SendRequest[]): Promise<Array<Message[] | YarrowError>> {
  const accounts = await sendingAccounts(tx, [...new Set(requests.map((request) => request.accountId))]);
  const optedOut = await optedOutNumbers(tx, requests.filter((request) => accounts.get(request.accountId)?.hasOptOuts));
  const outcomes: Array<Message[] | YarrowError | undefined> = [];
  const refuse = (i: number) => (error: unknown) => {
    if (!(error instanceof YarrowError)) throw error;
    outcomes[i] = error;
  };
  const allowed: number[] = [];
  const now = new Date();
  const schedules: Array<Schedule | null> = [];
  for (const [i, { accountId, commands, options }] of requests.entries()) {
    const sending = accounts.get(accountId);
    if (!sending) throw new Error(`account ${accountId} does not exist`);
    await checkRouting(tx, sending.account, options.deviceId)
      .then(() => (options.simNumber === undefined ? undefined : checkSimNumber(tx, accountId, options.deviceId, options.simNumber)))
      .then(async () => {
        // An encrypted number cannot be compared with the list: the sender owns that check (docs/relay.md).
        if (!options.isEncrypted) checkNotOptedOut(optedOut, accountId, commands);
        const sendAt = checkSendAt(options.sendAt, now, options.sendAtParam);
        schedules[i] = scheduleOf(sendAt, options.priority ?? 0, sending.quietHours, now);
        checkCanSend(rt, sending.account, sending.waiting, commands.length);
        await options.check?.(tx);
        sending.waiting += commands.length;
        allowed.push(i);
      })
      .catch(refuse(i));
  }
  const rated: number[] = [];
  await Promise.all(allowed.map((i) => consumeSendRate(rt, requests[i]!.accountId).then(() => rated.push(i), refuse(i))));
  rated.sort((a, b) => a - b);
  const inputs: NewMessage[] = [];
  const counts: number[] = [];
  for (const i of rated) {
    const { accountId, commands, options } = requests[i]!;
    const batchId = options.batch ? await createBatch(tx, accountId, commands.length, options.batch) : undefined;
    for (const command of commands) inputs.push({ accountId, command, options, batchId, schedule: schedules[i] ?? null });
    counts.push(commands.length);
  }
  const messages = await queueMessages(rt, tx, inputs);
  let at = 0;
  for (const [n, i] of rated.entries()) {
    outcomes[i] = messages.slice(at, at + counts[n]!);
    at += counts[n]!;
  }
  return outcomes as Array<Message[] | YarrowError>;
}

async function createBatch(tx: DbClient, accountId: number, queued: number, batch: NonNullable<SendOptions['batch']>) {
  const id = batch.id ?? newId('messageBatch');
  await tx.messageBatch.create({ data: { id, accountId, listId: batch.listId, queued, skipped: batch.skipped ?? 0, externalId: batch.externalId } });
  return id;
}

/**
 * The device a send names, checked at send time: it must be this account's, not revoked and
 * online. Anything else is `invalid_device` (another account's device looks like an unknown one).
 */
async function checkRequestedDevice(db: DbClient, accountId: number, deviceId: string) {
  const device = await db.device.findFirst({ where: { id: deviceId, accountId } });
  if (!device) throw relayErrors.error('invalid_device', `No such device ${deviceId} on this account.`, { param: 'device_id' });
  if (device.status === 'revoked') throw relayErrors.error('invalid_device', `Device ${deviceId} was unpaired.`, { param: 'device_id' });
  if (device.status !== 'online') throw relayErrors.error('invalid_device', `Device ${deviceId} is offline.`, { param: 'device_id' });
  return device;
}

/** In manual mode every send names its device; in auto mode naming one pins the message to it. */
async function checkRouting(db: DbClient, account: Pick<Account, 'id' | 'relayMode'>, deviceId: string | undefined) {
  if (account.relayMode === 'manual' && !deviceId) {
    throw new YarrowError('invalid_request', 'device_id: required while the account relays in manual mode.', { param: 'device_id' });
  }
  if (deviceId) await checkRequestedDevice(db, account.id, deviceId);
}

interface NewMessage {
  accountId: number;
  command: SendCommand;
  options: SendOptions;
  batchId: string | undefined;
  /** When it goes, if not now (move `schedule`). */
  schedule: Schedule | null;
}

/**
 * Inserts queued messages with their live events and the drain's wake-up (once per account), in
 * statements of `INSERT_CHUNK` rows in the caller's transaction (`insertQueuedMessages`, move
 * `accept`). Between chunks the event loop runs other requests: a chunk's rows are built, written
 * and their events packed while the last one's statement is on the wire.
 */
async function queueMessages(rt: Runtime, tx: DbClient, inputs: NewMessage[]): Promise<Message[]> {
  const now = new Date();
  // A list sends one text to every number: its segments are counted once.
  const segmentsOf = new Map<string, ReturnType<typeof countSegments>>();
  const segments = (text: string) => segmentsOf.get(text) ?? segmentsOf.set(text, countSegments(text)).get(text)!;
  const all: Message[] = [];
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const messages = inputs.slice(start, start + INSERT_CHUNK).map(({ accountId, command, options, batchId, schedule }): Message => {
      // Ciphertext says nothing of the text's length or alphabet: one segment is the honest floor.
      const { encoding, segments: count } = options.isEncrypted ? { encoding: 'gsm7' as const, segments: 1 } : segments(command.text);
      // The time to live counts from when it goes: a message scheduled for tomorrow with a
      // 10-minute TTL has ten minutes tomorrow, not ten minutes now (`expires_at` = send time + TTL).
      const goes = schedule?.at ?? now;
      return {
        id: newId('message'),
        accountId,
        to: command.to,
        body: command.storedAs ?? command.text,
        sealedBody: command.storedAs !== undefined ? encrypt(rt.config.secret, command.text) : null,
        encoding,
        segments: count,
        state: schedule ? 'scheduled' : 'queued',
        deviceId: null,
        requestedDeviceId: options.deviceId ?? null,
        attempts: 0,
        maxAttempts: rt.config.RELAY_MAX_ATTEMPTS,
        failedDeviceIds: [],
        failureReason: null,
        reference: options.reference ?? null,
        priority: options.priority ?? 0,
        simNumber: options.simNumber ?? null,
        routedSimNumber: null,
        isEncrypted: options.isEncrypted ?? false,
        batchId: batchId ?? null,
        expiresAt: new Date(goes.getTime() + (options.ttlSeconds ?? rt.config.RELAY_DEFAULT_TTL_SECONDS) * 1000),
        nextAttemptAt: goes,
        sendAt: schedule?.at ?? null,
        scheduleReason: schedule?.reason ?? null,
        dispatchedAt: null,
        acknowledgedAt: null,
        servedAt: null,
        stuckAt: null,
        sentAt: null,
        deliveredAt: null,
        failedAt: null,
        queuedAt: now,
        updatedAt: now,
        textPurgedAt: null,
        direction: 'outbound',
        from: null,
        receivedAt: null,
        inReplyTo: null,
        inboundKey: null,
      };
    });
    // Only the account's stream hears a new message: nobody can be subscribed to its own status yet
    // (its id is answered after this commits), and a 10,000-number list then publishes half as much.
    const queued = messages.map((message) => liveEvent('messageUpdated', message.accountId, statusEvent(message, now)));
    // The drain's wake-up is a NOTIFY of the same statement (`wakeDrainQuery`): a pg-boss job per
    // send cost PostgreSQL as much as the message's own insert (docs/performance.md#accept-path).
    const wake = wakeDrainQuery(messages.map((message) => message.accountId));
    await insertQueuedMessages(tx, messages, rt.config.RELAY_MAX_ATTEMPTS, now, notifyQuery(queued), wake);
    all.push(...messages);
  }
  return all;
}

export function sendAcceptedJson(message: Message): z.infer<typeof sendAcceptedSchema> {
  return { request_id: message.id, status: messageStatus(message), queued_at: message.queuedAt.toISOString(), send_at: message.sendAt?.toISOString() ?? null, ...messagePartsJson(message) };
}
