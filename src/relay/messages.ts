import { z } from 'zod';
import { decrypt } from '../core/crypto.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound, parseInput } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { liveEvent, notifyQuery, publishAll, type RelayMessageStatus, type SignalledWork } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Account, Message } from '../generated/prisma/client.ts';
import { batcher, groupedTransactions } from '../core/batch.ts';
import { recordEvent, recordEvents, type EventInput } from '../webhooks/events.ts';
import { wakeDispatcher } from './dispatch.ts';
import { checkCanSend, consumeSendRate, sendingAccounts } from './rules.ts';
import { countSegments, messageText, phoneNumber } from './sms.ts';

export type PublicStatus = RelayMessageStatus['status'];

/** `dispatched` is an internal step: to the sender the message is still queued. */
export function publicStatus(message: Pick<Message, 'state'>): PublicStatus {
  return message.state === 'dispatched' ? 'queued' : message.state;
}

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
  if (!device) throw new YarrowError('invalid_device', `No such device ${deviceId} on this account.`, { param: 'device_id' });
  if (device.status === 'revoked') throw new YarrowError('invalid_device', `Device ${deviceId} was unpaired.`, { param: 'device_id' });
  if (device.status !== 'online') throw new YarrowError('invalid_device', `Device ${deviceId} is offline.`, { param: 'device_id' });
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

/** Inserts a queued message and wakes the dispatcher, all inside the caller's transaction. */
export async function queueMessage(rt: Runtime, tx: DbClient, accountId: number, input: NewMessage): Promise<Message> {
  return (await queueMessages(rt, tx, [{ accountId, ...input }]))[0]!;
}

/**
 * Inserts queued messages and sends their live events in one statement, then wakes the
 * dispatcher once per account, all inside the caller's transaction. Messages come back in order.
 * Raw SQL because this is the accept path's one write: a Prisma `createManyAndReturn` and a
 * separate notify cost the gateway more CPU than the rest of the request.
 */
export async function queueMessages(rt: Runtime, tx: DbClient, inputs: Array<NewMessage & { accountId: number }>): Promise<Message[]> {
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
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
      queuedAt: now,
      updatedAt: now,
    };
  });
  const column = <T>(pick: (message: Message) => T) => messages.map(pick);
  await tx.$queryRaw`
    WITH inserted AS (
      INSERT INTO messages (id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, max_attempts,
                            failed_device_ids, reference, batch_id, expires_at, next_attempt_at, queued_at, updated_at)
      SELECT m.id, m.account_id, m.to_number, m.body, m.sealed_body, m.encoding, m.segments, m.requested_device_id,
             ${rt.config.RELAY_MAX_ATTEMPTS}, '{}', m.reference, m.batch_id, m.expires_at, ${now}, ${now}, ${now}
      FROM unnest(${column((m) => m.id)}::text[], ${column((m) => m.accountId)}::int[], ${column((m) => m.to)}::text[],
                  ${column((m) => m.body)}::text[], ${column((m) => m.sealedBody)}::text[], ${column((m) => m.encoding)}::text[],
                  ${column((m) => m.segments)}::int[], ${column((m) => m.requestedDeviceId)}::text[], ${column((m) => m.reference)}::text[],
                  ${column((m) => m.batchId)}::text[], ${column((m) => m.expiresAt.toISOString())}::timestamptz[])
        AS m(id, account_id, to_number, body, sealed_body, encoding, segments, requested_device_id, reference, batch_id, expires_at)
      RETURNING 1
    ), notified AS (${notifyQuery(messages.flatMap((message) => statusEvents(message, now)))})
    SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM notified)::int AS notified`;
  for (const accountId of new Set(inputs.map((input) => input.accountId))) await wakeDispatcher(rt, tx, accountId);
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

const groupedSends = new WeakMap<Runtime, (request: SendRequest) => Promise<Message>>();

/**
 * POST /v1/sms/send: validates and queues one SMS. In `tx` when given (an idempotent request's
 * transaction); otherwise it shares a transaction with the sends that arrive at the same time
 * (group commit: one insert, one live-event statement and one commit for all of them).
 */
export async function sendSms(rt: Runtime, accountId: number, raw: unknown, tx?: DbClient): Promise<Message> {
  const request = { accountId, input: parseInput(sendSmsInput, raw) };
  if (tx) {
    const [outcome] = await queueSends(rt, tx, [request]);
    if (outcome instanceof YarrowError) throw outcome;
    return outcome!;
  }
  if (!groupedSends.has(rt)) groupedSends.set(rt, groupedTransactions(rt.db, (grouped, requests: SendRequest[]) => queueSends(rt, grouped, requests)));
  return groupedSends.get(rt)!(request);
}

export function sendAcceptedJson(message: Message) {
  return { request_id: message.id, status: publicStatus(message), queued_at: message.queuedAt.toISOString() };
}

export async function getMessage(db: DbClient, accountId: number, requestId: string, param = 'request_id') {
  const message = await db.message.findFirst({ where: { id: requestId, accountId }, include: { device: true } });
  if (!message) throw notFound('message', param);
  return message;
}

/**
 * The `attempts` merchants see: how many distinct devices were given the message (a device given
 * it again after a blip counts once). `RELAY_MAX_ATTEMPTS` bounds the sends, which can be more.
 */
export function devicesTried(message: Pick<Message, 'deviceId' | 'failedDeviceIds'>): number {
  return new Set([...message.failedDeviceIds, ...(message.deviceId ? [message.deviceId] : [])]).size;
}

export function messageStatusJson(message: Message & { device: { name: string } | null }) {
  return {
    request_id: message.id,
    status: publicStatus(message),
    to: message.to,
    device_id: message.deviceId,
    device_name: message.device?.name ?? null,
    attempts: devicesTried(message),
    failure_reason: message.failureReason,
    reference: message.reference,
    segments: message.segments,
    encoding: message.encoding,
    queued_at: message.queuedAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    delivered_at: message.deliveredAt?.toISOString() ?? null,
    failed_at: message.failedAt?.toISOString() ?? null,
    expires_at: message.expiresAt.toISOString(),
  };
}

/** What subscribers hear about a message: its state at `at`, the time of the write that made it. */
type StatusFields = Pick<Message, 'id' | 'accountId' | 'state' | 'deviceId' | 'failedDeviceIds' | 'failureReason'>;

export function statusEvent(message: StatusFields, at = new Date()): RelayMessageStatus {
  return {
    requestId: message.id,
    accountId: message.accountId,
    status: publicStatus(message),
    attempts: devicesTried(message),
    deviceId: message.deviceId,
    failureReason: message.failureReason,
    at: at.toISOString(),
  };
}

/** The live events of a message's status: to subscribers of the message and of its account. */
export function statusEvents(message: StatusFields, at = new Date()): string[] {
  const payload = statusEvent(message, at);
  return [liveEvent('messageStatusChanged', message.id, payload), liveEvent('messageUpdated', message.accountId, payload)];
}

/** `publishStatus` for many messages, in one statement whatever their number. */
export async function publishStatuses(tx: DbClient, messages: Message[]) {
  await publishAll(tx, messages.flatMap((message) => statusEvents(message, message.updatedAt)));
}

/**
 * Tells subscribers of the message and of its account, from any process, when `tx` commits. The
 * event's `at` is the row's `updated_at`, so a subscriber that read the row knows whether it saw it.
 */
export async function publishStatus(tx: DbClient, message: Message) {
  await publishAll(tx, statusEvents(message, message.updatedAt));
}

type MessageEventType = 'message.sent' | 'message.delivered' | 'message.failed';

async function recordMessageEvent(rt: Runtime, tx: DbClient, type: MessageEventType, message: Message) {
  await recordEvent(rt, tx, messageEvent(type, message));
}

function messageEvent(type: MessageEventType, message: Message): EventInput {
  return {
    accountId: message.accountId,
    type,
    objectType: 'message',
    objectPublicId: message.id,
    data: {
      request_id: message.id,
      status: publicStatus(message),
      to: message.to,
      device_id: message.deviceId,
      attempts: devicesTried(message),
      failure_reason: message.failureReason,
      reference: message.reference,
      sent_at: message.sentAt?.toISOString() ?? null,
      delivered_at: message.deliveredAt?.toISOString() ?? null,
      failed_at: message.failedAt?.toISOString() ?? null,
    },
  };
}

async function finishAttempt(tx: DbClient, message: Pick<Message, 'id' | 'attempts'>, outcome: string, reason: string | null = null) {
  await tx.messageAttempt.updateMany({
    where: { messageId: message.id, number: message.attempts, finishedAt: null },
    data: { finishedAt: new Date(), outcome, failureReason: reason },
  });
}

/** The message is final: failed with a reason. The sealed text (if any) is wiped. */
export async function failMessage(rt: Runtime, tx: DbClient, message: Message, reason: string): Promise<Message> {
  const failed = await tx.message.update({
    where: { id: message.id },
    data: { state: 'failed', failureReason: reason, failedAt: new Date(), sealedBody: null },
  });
  await recordMessageEvent(rt, tx, 'message.failed', failed);
  await publishStatus(tx, failed);
  return failed;
}

/**
 * Cancels messages before any phone has them: every one must still be queued (not dispatched,
 * which may already be on a phone); then each fails with reason `cancelled`, recording
 * `message.failed`. Otherwise nothing changes and the answer is `invalid_state`. The rows are
 * locked first, so the dispatcher (which skips locked rows) cannot hand one out meanwhile.
 */
export async function cancelQueuedMessages(rt: Runtime, tx: DbClient, accountId: number, ids: string[]): Promise<Message[]> {
  const locked = await tx.$queryRaw<Array<{ id: string; state: string }>>`
    SELECT id, state::text AS state FROM messages WHERE id = ANY(${ids}::text[]) AND account_id = ${accountId} ORDER BY id FOR UPDATE`;
  const started = locked.filter((row) => row.state !== 'queued');
  if (started.length > 0) {
    throw new YarrowError(
      'invalid_state',
      `Only a message no phone has yet can be cancelled; ${started.length} of its ${locked.length} recipient(s) already left the queue.`,
    );
  }
  const cancelled: Message[] = [];
  for (const message of await tx.message.findMany({ where: { id: { in: locked.map((row) => row.id) } }, orderBy: { id: 'asc' } })) {
    cancelled.push(await failMessage(rt, tx, message, 'cancelled'));
  }
  return cancelled;
}

/**
 * The current attempt did not send the message (`reason`): it goes back to the queue for another
 * device while attempts and time remain, otherwise it fails for good with that reason.
 */
export async function retryOrFail(rt: Runtime, tx: DbClient, message: Message, outcome: string, reason: string): Promise<Message> {
  await finishAttempt(tx, message, outcome, reason);
  if (message.expiresAt <= new Date()) return failMessage(rt, tx, message, 'expired');
  if (message.attempts >= message.maxAttempts) return failMessage(rt, tx, message, reason);
  const requeued = await tx.message.update({
    where: { id: message.id },
    data: {
      state: 'queued',
      deviceId: null,
      acknowledgedAt: null,
      nextAttemptAt: new Date(),
      // The attempt failed (its row keeps the reason), not the message: it is queued again.
      failureReason: null,
      failedDeviceIds: message.deviceId ? { push: message.deviceId } : undefined,
    },
  });
  await publishStatus(tx, requeued);
  await wakeDispatcher(rt, tx, message.accountId);
  return requeued;
}

/**
 * `retryOrFail` for many dispatched messages at once (a device that goes silent can hold hundreds):
 * set-based statements, so the transaction stays short however many there are. The caller holds
 * the rows' locks. Messages out of attempts or time fail one by one (each records its event).
 */
export async function retryOrFailMany(rt: Runtime, tx: DbClient, ids: string[], outcome: string, reason: string) {
  if (ids.length === 0) return;
  const now = new Date();
  await tx.$executeRaw`
    UPDATE message_attempts a SET finished_at = ${now}, outcome = ${outcome}, failure_reason = ${reason}
    FROM messages m
    WHERE m.id = ANY(${ids}::text[]) AND a.message_id = m.id AND a.number = m.attempts AND a.finished_at IS NULL`;
  const requeued = await tx.$queryRaw<Array<{ id: string }>>`
    UPDATE messages SET state = 'queued', device_id = NULL, acknowledged_at = NULL, next_attempt_at = ${now},
      failure_reason = NULL, updated_at = ${now},
      failed_device_ids = CASE WHEN device_id IS NULL THEN failed_device_ids ELSE array_append(failed_device_ids, device_id) END
    WHERE id = ANY(${ids}::text[]) AND expires_at > ${now} AND attempts < max_attempts
    RETURNING id`;
  const back = new Set(requeued.map((row) => row.id));
  for (const message of await tx.message.findMany({ where: { id: { in: ids.filter((id) => !back.has(id)) } } })) {
    await failMessage(rt, tx, message, message.expiresAt <= now ? 'expired' : reason);
  }
  const messages = await tx.message.findMany({ where: { id: { in: [...back] } } });
  await publishStatuses(tx, messages);
  for (const accountId of new Set(messages.map((message) => message.accountId))) await wakeDispatcher(rt, tx, accountId);
}

export const ackInput = z.strictObject({ attempt: z.number().int().min(1) });

export const reportInput = z.strictObject({
  attempt: z.number().int().min(1),
  status: z.enum(['sent', 'delivered', 'failed']),
  reason: z.string().trim().min(1).max(200).optional(),
});

export interface ReportOutcome {
  /** false when the report changed nothing: a repeat, or an attempt that is no longer current. */
  applied: boolean;
  status: PublicStatus;
}

/** Locks the message a device reports on; a message of another account is "not found". */
async function lockForDevice(tx: DbClient, device: { id: string; accountId: number }, messageId: string): Promise<Message> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM messages WHERE id = ${messageId} AND account_id = ${device.accountId} FOR UPDATE`;
  if (!rows[0]) throw notFound('message', 'message_id');
  return tx.message.findUniqueOrThrow({ where: { id: messageId } });
}

function isCurrent(message: Message, deviceId: string, attempt: number) {
  return message.deviceId === deviceId && message.attempts === attempt;
}

interface DeviceFrame {
  device: { id: string; accountId: number };
  messageId: string;
  attempt: number;
}
interface DeviceReport extends DeviceFrame {
  status: 'sent' | 'delivered';
}
/** null: no such message on the device's account. */
type FrameResult = ReportOutcome | null;

/** The device has the message and will send it: it stops counting towards the ack timeout. */
export async function acknowledgeMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, raw: unknown): Promise<ReportOutcome> {
  const { attempt } = parseInput(ackInput, raw);
  const outcome = await frameBatchers(rt).ack({ device, messageId, attempt });
  if (!outcome) throw notFound('message', 'message_id');
  return outcome;
}

/**
 * A device reports `sent`, `delivered` or `failed` for its attempt. Reports are idempotent: one
 * that does not move the message forward (a retry, an old attempt) changes nothing.
 */
export async function reportMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, raw: unknown): Promise<ReportOutcome> {
  const input = parseInput(reportInput, raw);
  if (input.status === 'failed') return reportFailure(rt, device, messageId, input.attempt, input.reason ?? 'device_failure');
  const outcome = await frameBatchers(rt).report({ device, messageId, attempt: input.attempt, status: input.status });
  if (!outcome) throw notFound('message', 'message_id');
  return outcome;
}

/**
 * Per process, the acks and reports that devices send at about the same time are applied
 * together (`batcher`): a busy gateway writes many in one statement and one transaction.
 */
const batchers = new WeakMap<Runtime, { ack: (frame: DeviceFrame) => Promise<FrameResult>; report: (frame: DeviceReport) => Promise<FrameResult> }>();
function frameBatchers(rt: Runtime) {
  if (!batchers.has(rt)) {
    batchers.set(rt, {
      ack: batcher((frames: DeviceFrame[]) => oncePerMessage(frames, (distinct) => applyAcks(rt, distinct))),
      report: batcher((frames: DeviceReport[]) => oncePerMessage(frames, (distinct) => applyReports(rt, distinct))),
    });
  }
  return batchers.get(rt)!;
}

/** Frames about one message apply one after another, in arrival order; others together. */
async function oncePerMessage<F extends DeviceFrame>(frames: F[], apply: (frames: F[]) => Promise<FrameResult[]>): Promise<FrameResult[]> {
  const seen = new Set<string>();
  const now: number[] = [];
  const later: number[] = [];
  frames.forEach((frame, i) => {
    if (seen.has(frame.messageId)) later.push(i);
    else {
      seen.add(frame.messageId);
      now.push(i);
    }
  });
  const results: FrameResult[] = [];
  for (const [j, result] of (await apply(now.map((i) => frames[i]!))).entries()) results[now[j]!] = result;
  if (later.length > 0) for (const [j, result] of (await oncePerMessage(later.map((i) => frames[i]!), apply)).entries()) results[later[j]!] = result;
  return results;
}

function frameArrays(frames: DeviceFrame[]) {
  return {
    ids: frames.map((frame) => frame.messageId),
    devices: frames.map((frame) => frame.device.id),
    accounts: frames.map((frame) => frame.device.accountId),
    attempts: frames.map((frame) => frame.attempt),
  };
}

/**
 * Acks in one statement: a message its device still holds in this attempt, not yet acknowledged,
 * is acknowledged (message and attempt). The others change nothing.
 */
// The frame statements find messages by id only: states are compared as text, so the planner
// cannot pick a state index instead (on statistics that lag a table that just grew by thousands,
// that meant reading every message in flight for each batch).
async function applyAcks(rt: Runtime, frames: DeviceFrame[]): Promise<FrameResult[]> {
  const now = new Date();
  const { ids, devices, accounts, attempts } = frameArrays(frames);
  const rows = await rt.db.prisma.$queryRaw<Array<{ state: Message['state'] | null; applied: boolean }>>`
    WITH v AS (
      SELECT * FROM unnest(${ids}::text[], ${devices}::text[], ${accounts}::int[], ${attempts}::int[]) WITH ORDINALITY
        AS v(id, device_id, account_id, attempt, n)
    ), acked AS (
      UPDATE messages m SET acknowledged_at = ${now}, updated_at = ${now}
      FROM v WHERE m.id = ANY(${ids}::text[]) AND m.id = v.id AND m.account_id = v.account_id AND m.device_id = v.device_id
        AND m.attempts = v.attempt AND m.state::text = 'dispatched' AND m.acknowledged_at IS NULL
      RETURNING m.id, m.attempts
    ), attempts AS (
      UPDATE message_attempts a SET acknowledged_at = ${now} FROM acked WHERE a.message_id = acked.id AND a.number = acked.attempts
    )
    SELECT (SELECT m.state::text FROM messages m WHERE m.id = v.id AND m.account_id = v.account_id) AS state, acked.id IS NOT NULL AS applied
    FROM v LEFT JOIN acked ON acked.id = v.id
    ORDER BY v.n`;
  return rows.map((row) => (row.state === null ? null : { applied: row.applied, status: publicStatus({ state: row.state }) }));
}

/**
 * `sent` and `delivered` reports in one transaction. A report moves a message its device holds in
 * this attempt forward (dispatched → sent or delivered, sent → delivered); leaving `dispatched`
 * ends the attempt as sent and records `message.sent`, reaching `delivered` records
 * `message.delivered`. The sealed text is wiped. Other reports change nothing.
 */
async function applyReports(rt: Runtime, frames: DeviceReport[]): Promise<FrameResult[]> {
  const { ids, devices, accounts, attempts } = frameArrays(frames);
  const statuses = frames.map((frame) => frame.status);
  return rt.db.prisma.$transaction(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<Array<{ state: Message['state'] | null; previous: Message['state'] | null }>>`
      WITH v AS (
        SELECT * FROM unnest(${ids}::text[], ${devices}::text[], ${accounts}::int[], ${attempts}::int[], ${statuses}::text[]) WITH ORDINALITY
          AS v(id, device_id, account_id, attempt, status, n)
      ), old AS (
        SELECT m.id, m.state, v.status, v.attempt FROM messages m JOIN v ON v.id = m.id
        WHERE m.id = ANY(${ids}::text[]) AND m.account_id = v.account_id AND m.device_id = v.device_id AND m.attempts = v.attempt
          AND (m.state::text = 'dispatched' OR (v.status = 'delivered' AND m.state::text = 'sent'))
        ORDER BY m.id FOR UPDATE OF m
      ), moved AS (
        UPDATE messages m
        SET state = old.status::"MessageState", sent_at = COALESCE(m.sent_at, ${now}),
            delivered_at = CASE WHEN old.status = 'delivered' THEN ${now} ELSE m.delivered_at END,
            acknowledged_at = COALESCE(m.acknowledged_at, ${now}), failure_reason = NULL, sealed_body = NULL, updated_at = ${now}
        FROM old WHERE m.id = old.id
      ), finished AS (
        UPDATE message_attempts a
        SET outcome = old.status, finished_at = COALESCE(a.finished_at, ${now}),
            failure_reason = CASE WHEN a.finished_at IS NULL THEN NULL ELSE a.failure_reason END
        FROM old WHERE a.message_id = old.id AND a.number = old.attempt
      )
      SELECT (SELECT m.state::text FROM messages m WHERE m.id = v.id AND m.account_id = v.account_id) AS state, old.state::text AS previous
      FROM v LEFT JOIN old ON old.id = v.id
      ORDER BY v.n`;
    const movedIds = frames.filter((_frame, i) => rows[i]!.previous !== null).map((frame) => frame.messageId);
    if (movedIds.length > 0) {
      const moved = new Map((await tx.message.findMany({ where: { id: { in: movedIds } } })).map((message) => [message.id, message]));
      const events: EventInput[] = [];
      const live: string[] = [];
      frames.forEach((frame, i) => {
        const message = rows[i]!.previous === null ? undefined : moved.get(frame.messageId);
        if (!message) return;
        if (rows[i]!.previous === 'dispatched') events.push(messageEvent('message.sent', message));
        if (frame.status === 'delivered') events.push(messageEvent('message.delivered', message));
        live.push(...statusEvents(message, message.updatedAt));
      });
      await recordEvents(rt, tx, events);
      await publishAll(tx, live);
    }
    return rows.map((row, i): FrameResult => {
      if (row.state === null) return null;
      if (row.previous !== null) return { applied: true, status: frames[i]!.status };
      return { applied: false, status: publicStatus({ state: row.state }) };
    });
  });
}

/**
 * A `failed` report: a message still on the phone goes back to the queue for another device (or
 * fails for good once attempts or time run out); one that already left the phone fails, since
 * resending it could deliver it twice.
 */
async function reportFailure(rt: Runtime, device: { id: string; accountId: number }, messageId: string, attempt: number, reason: string): Promise<ReportOutcome> {
  return rt.db.prisma.$transaction(async (tx) => {
    const message = await lockForDevice(tx, device, messageId);
    const unchanged = { applied: false, status: publicStatus(message) };
    if (!isCurrent(message, device.id, attempt)) return unchanged;
    if (message.state === 'dispatched') {
      const after = await retryOrFail(rt, tx, message, 'failed', reason);
      return { applied: true, status: publicStatus(after) };
    }
    if (message.state === 'sent') {
      await finishAttempt(tx, message, 'failed', reason);
      const after = await failMessage(rt, tx, message, reason);
      return { applied: true, status: publicStatus(after) };
    }
    return unchanged;
  });
}

/** What a device receives for one message (the `send` frame and long-poll entries). */
export function deviceWorkJson(rt: Pick<Runtime, 'config'>, message: Message) {
  return unsealedWork(rt, signalledWork(message));
}

/** The `send` work of a message, its text still sealed if it is (see `unsealedWork`). */
export function signalledWork(message: Pick<Message, 'id' | 'attempts' | 'to' | 'body' | 'sealedBody' | 'segments' | 'encoding' | 'expiresAt'>): SignalledWork {
  return {
    message_id: message.id,
    attempt: message.attempts,
    to: message.to,
    body: message.sealedBody ? null : message.body,
    sealed_body: message.sealedBody,
    segments: message.segments,
    encoding: message.encoding,
    expires_at: message.expiresAt.toISOString(),
  };
}

/** What a device gets in a `send` frame. */
export function unsealedWork(rt: Pick<Runtime, 'config'>, work: SignalledWork) {
  const { sealed_body: sealed, ...rest } = work;
  return { ...rest, body: sealed ? decrypt(rt.config.secret, sealed) : rest.body! };
}

/**
 * Attempts taken back from this device (its socket closed, it went offline, was too slow to acknowledge) of messages
 * not yet expired: a device that was away may still hold them, and is told to drop them when it
 * reconnects, before anything else, so it does not send what another device now sends.
 */
export async function takenBackFrom(db: DbClient, deviceId: string) {
  return db.$queryRaw<Array<{ message_id: string; number: number; outcome: string }>>`
    SELECT a.message_id, a.number, a.outcome FROM message_attempts a JOIN messages m ON m.id = a.message_id
    WHERE a.device_id = ${deviceId} AND a.outcome IN ('device_offline', 'device_disconnected', 'ack_timeout') AND m.expires_at > now()
    ORDER BY a.finished_at DESC LIMIT 1000`;
}

/**
 * Messages waiting on this device that it has not acknowledged yet (pushed again on reconnect),
 * oldest first unless `newestFirst`, at most `limit`.
 */
export async function pendingForDevice(db: DbClient, deviceId: string, ids?: string[], { newestFirst = false, limit = 500 } = {}) {
  return db.message.findMany({
    where: { deviceId, state: 'dispatched', acknowledgedAt: null, ...(ids ? { id: { in: ids } } : {}) },
    orderBy: { dispatchedAt: newestFirst ? 'desc' : 'asc' },
    take: limit,
  });
}
