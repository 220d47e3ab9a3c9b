import { z } from 'zod';
import { decrypt } from '../core/crypto.ts';
import type { DbClient } from '../core/db.ts';
import { YarrowError, notFound, parseInput } from '../core/errors.ts';
import { newId, relayErrors } from './module.ts';
import { lockRow, lockRows } from '../core/locks.ts';
import { liveEvent, notifyQuery, publish, publishAll } from '../core/pubsub.ts';
import type { RelayMessageStatus, SignalledWork } from './module.ts';
import type { Runtime } from '../core/runtime.ts';
import { applyDeviceFrames, attemptsTakenBackFrom, clearStuckHeld, insertQueuedMessages, lockNotHeld, recordDeviceWord, requeueDispatched, serveToApp, type ReportedMessage } from './sql.ts';
import type { Account, Device, Message } from '../generated/prisma/client.ts';
import { batcher, groupedTransactions } from '../core/batch.ts';
import { recordEvent, recordEvents, type EventInput } from '../webhooks/events.ts';
import type { deviceWorkSchema, messageStatusSchema, reportOutcomeSchema, sendAcceptedSchema } from './json.ts';
import { wakeDispatcher } from './notices.ts';
import { checkCanSend, consumeSendRate, sendingAccounts } from './rules.ts';
import { countSegments, messageText, phoneNumber } from './sms.ts';

export type PublicStatus = RelayMessageStatus['status'];

export const publicStatuses = ['queued', 'sent', 'delivered', 'failed'] as const satisfies readonly PublicStatus[];

/** `dispatched` is an internal step: to the sender the message is still queued. */
export function publicStatus(message: Pick<Message, 'state'>): PublicStatus {
  return message.state === 'dispatched' ? 'queued' : message.state;
}

/** The stored states that `publicStatus` reads as `status` (the same rule, for filters). */
export function statesOfPublicStatus(status: PublicStatus): Array<Message['state']> {
  return status === 'queued' ? ['queued', 'dispatched'] : [status];
}

/**
 * The panel's names for where an SMS is, finer than the public status: `on_phone` is a message a
 * phone holds (pushed, not yet reported sent), which the API reports as `queued`. The messages
 * list, its filter, its badges and the queue chart all use these five.
 */
export const messageStages = ['queued', 'on_phone', 'sent', 'delivered', 'failed'] as const;
export type MessageStage = (typeof messageStages)[number];

export function messageStage(message: Pick<Message, 'state'>): MessageStage {
  return message.state === 'dispatched' ? 'on_phone' : message.state;
}

/** The stored state `messageStage` reads as `stage` (the same rule, for filters). */
export function stateOfStage(stage: MessageStage): Message['state'] {
  return stage === 'on_phone' ? 'dispatched' : stage;
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

/** Inserts a queued message and wakes the dispatcher, all inside the caller's transaction. */
export async function queueMessage(rt: Runtime, tx: DbClient, accountId: number, input: NewMessage): Promise<Message> {
  return (await queueMessages(rt, tx, [{ accountId, ...input }]))[0]!;
}

/**
 * Inserts queued messages and sends their live events in one statement (`insertQueuedMessages`),
 * then wakes the dispatcher once per account, all inside the caller's transaction. Every send
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
  await insertQueuedMessages(tx, messages, rt.config.RELAY_MAX_ATTEMPTS, now, notifyQuery(queued));
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

export function sendAcceptedJson(message: Message): z.infer<typeof sendAcceptedSchema> {
  return { request_id: message.id, status: publicStatus(message), queued_at: message.queuedAt.toISOString() };
}

export async function getMessage(db: DbClient, accountId: number, requestId: string, param = 'request_id') {
  const message = await db.message.findFirst({ where: { id: requestId, accountId }, include: { device: true, requestedDevice: true } });
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

/** The device a message is pinned to, as its status shows it. */
export type PinnedDevice = Pick<Device, 'name' | 'lastSeenAt' | 'revokedAt'>;

/**
 * When a queued message pinned to a device fails if that device stays unreachable: the rule of
 * `lockStrandedPinned` (sql.ts) read forward, RELAY_PINNED_OFFLINE_WAIT_SECONDS after the message
 * began waiting or the device was last heard from, whichever is later; an unpaired device's at once
 * (its revocation). Null when it is not pinned or no longer waits.
 */
export function pinnedFailsAt(waitSeconds: number, message: Pick<Message, 'state' | 'nextAttemptAt'>, device: PinnedDevice | null): Date | null {
  if (!device || message.state !== 'queued') return null;
  if (device.revokedAt) return device.revokedAt;
  return new Date(Math.max(message.nextAttemptAt.getTime(), device.lastSeenAt.getTime()) + waitSeconds * 1000);
}

export function messageStatusJson(
  rt: Pick<Runtime, 'config'>,
  message: Message & { device: { name: string } | null; requestedDevice: PinnedDevice | null },
): z.infer<typeof messageStatusSchema> {
  return {
    request_id: message.id,
    status: publicStatus(message),
    to: message.to,
    device_id: message.deviceId,
    device_name: message.device?.name ?? null,
    pinned_device_id: message.requestedDeviceId,
    pinned_device_name: message.requestedDevice?.name ?? null,
    pinned_fails_at: pinnedFailsAt(rt.config.RELAY_PINNED_OFFLINE_WAIT_SECONDS, message, message.requestedDevice)?.toISOString() ?? null,
    attempts: devicesTried(message),
    failure_reason: message.failureReason,
    reference: message.reference,
    batch_id: message.batchId,
    segments: message.segments,
    encoding: message.encoding,
    queued_at: message.queuedAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    delivered_at: message.deliveredAt?.toISOString() ?? null,
    failed_at: message.failedAt?.toISOString() ?? null,
    expires_at: message.expiresAt.toISOString(),
    stage: messageStage(message),
    held_since: message.state === 'dispatched' ? (message.acknowledgedAt?.toISOString() ?? null) : null,
    stuck_since: message.state === 'dispatched' ? (message.stuckAt?.toISOString() ?? null) : null,
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

function messageEvent(type: MessageEventType, message: Omit<ReportedMessage, 'updatedAt'>): EventInput {
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
      batch_id: message.batchId,
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
  const locked = await lockRows(tx, 'messages', ids, { accountId });
  const messages = await tx.message.findMany({ where: { id: { in: locked } }, orderBy: { id: 'asc' } });
  const started = messages.filter((message) => message.state !== 'queued');
  if (started.length > 0) {
    throw new YarrowError(
      'invalid_state',
      `Only a message no phone has yet can be cancelled; ${started.length} of its ${messages.length} recipient(s) already left the queue.`,
    );
  }
  const cancelled: Message[] = [];
  for (const message of messages) cancelled.push(await failMessage(rt, tx, message, 'cancelled'));
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
      servedAt: null,
      stuckAt: null,
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
  const requeued = await requeueDispatched(tx, ids, outcome, reason, now);
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

/** `applied`: false when the report changed nothing (a repeat, or an attempt that is no longer current). */
export type ReportOutcome = z.infer<typeof reportOutcomeSchema>;

/** Locks the message a device reports on; a message of another account is "not found". */
async function lockForDevice(tx: DbClient, device: { id: string; accountId: number }, messageId: string): Promise<Message> {
  if (!(await lockRow(tx, 'messages', messageId, { accountId: device.accountId }))) throw notFound('message', 'message_id');
  return tx.message.findUniqueOrThrow({ where: { id: messageId } });
}

function isCurrent(message: Message, deviceId: string, attempt: number) {
  return message.deviceId === deviceId && message.attempts === attempt;
}

interface DeviceFrame {
  device: { id: string; accountId: number };
  messageId: string;
  attempt: number;
  /** The report's status; absent for an ack. */
  status?: 'sent' | 'delivered';
}
/** null: no such message on the device's account. */
type FrameResult = ReportOutcome | null;

/** The device has the message and will send it: it stops counting towards the ack timeout. */
export async function acknowledgeMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string, raw: unknown): Promise<ReportOutcome> {
  const { attempt } = parseInput(ackInput, raw);
  const outcome = await frameBatcher(rt)({ device, messageId, attempt });
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
  const outcome = await frameBatcher(rt)({ device, messageId, attempt: input.attempt, status: input.status });
  if (!outcome) throw notFound('message', 'message_id');
  return outcome;
}

/**
 * Per process, the acks and reports that devices send at about the same time are applied
 * together (`batcher`): a busy gateway writes many in one statement and one transaction, and a
 * phone's ack and its `sent` right after it (the usual pair) rewrite the message once.
 */
const batchers = new WeakMap<Runtime, (frame: DeviceFrame) => Promise<FrameResult>>();
function frameBatcher(rt: Runtime) {
  if (!batchers.has(rt)) {
    batchers.set(
      rt,
      batcher((frames: DeviceFrame[]) => rt.db.prisma.$transaction((tx) => inArrivalOrder(frames, (round) => applyFrames(rt, tx, round)))),
    );
  }
  return batchers.get(rt)!;
}

/** One message's step in a round: a frame, or an ack and the report of the same attempt right after it. */
interface FrameStep {
  frame: DeviceFrame;
  index: number;
  ack?: { frame: DeviceFrame; index: number };
}
interface StepResult {
  result: FrameResult;
  /** The result of the step's ack, when it has one. */
  ackResult?: FrameResult;
}

/**
 * Frames about one message apply one after another, in arrival order, in rounds; frames about
 * different messages share a round. An ack followed by a report of the same attempt is one step.
 */
async function inArrivalOrder(frames: DeviceFrame[], apply: (round: FrameStep[]) => Promise<StepResult[]>): Promise<FrameResult[]> {
  const results: FrameResult[] = [];
  let pending = frames.map((frame, index) => ({ frame, index }));
  while (pending.length > 0) {
    const round = new Map<string, FrameStep>();
    const later: typeof pending = [];
    /** Messages with a frame put off to a later round: their next frames wait too. */
    const putOff = new Set<string>();
    for (const entry of pending) {
      const id = entry.frame.messageId;
      const step = round.get(id);
      if (!step) round.set(id, { ...entry });
      else if (!putOff.has(id) && !step.ack && isAck(step.frame) && !isAck(entry.frame) && sameAttempt(step.frame, entry.frame)) {
        round.set(id, { ...entry, ack: { frame: step.frame, index: step.index } });
      } else {
        putOff.add(id);
        later.push(entry);
      }
    }
    const steps = [...round.values()];
    for (const [i, { result, ackResult }] of (await apply(steps)).entries()) {
      const step = steps[i]!;
      results[step.index] = result;
      if (step.ack) results[step.ack.index] = ackResult ?? null;
    }
    pending = later;
  }
  return results;
}

const isAck = (frame: DeviceFrame) => frame.status === undefined;

function sameAttempt(a: DeviceFrame, b: DeviceFrame) {
  return a.device.id === b.device.id && a.device.accountId === b.device.accountId && a.attempt === b.attempt;
}

/**
 * One round in one statement. An ack marks the message acknowledged if its device still holds it
 * in this attempt. A `sent` or `delivered` report moves it forward (dispatched → sent or
 * delivered, sent → delivered); leaving `dispatched` records `message.sent`, reaching `delivered`
 * records `message.delivered`. Frames that do not apply change nothing.
 */
async function applyFrames(rt: Runtime, tx: DbClient, steps: FrameStep[]): Promise<StepResult[]> {
  const now = new Date();
  const frames = steps.map((step) => step.frame);
  const rows = await applyDeviceFrames(
    tx,
    {
      ids: frames.map((frame) => frame.messageId),
      devices: frames.map((frame) => frame.device.id),
      accounts: frames.map((frame) => frame.device.accountId),
      attempts: frames.map((frame) => frame.attempt),
      statuses: frames.map((frame) => frame.status ?? 'ack'),
      acks: steps.map((step) => isAck(step.frame) || step.ack !== undefined),
    },
    now,
  );
  const events: EventInput[] = [];
  const live: string[] = [];
  for (const [i, row] of rows.entries()) {
    if (!row.message) continue;
    const message = row.message;
    if (row.previous === 'dispatched') events.push(messageEvent('message.sent', message));
    if (frames[i]!.status === 'delivered') events.push(messageEvent('message.delivered', message));
    live.push(...statusEvents(message, message.updatedAt));
  }
  await recordEvents(rt, tx, events);
  await publishAll(tx, live);
  // A report about an attempt the device no longer has (taken back, or rerouted by the account) is
  // the phone's word all the same: kept on its attempt, never dropped.
  for (const [i, row] of rows.entries()) {
    const status = frames[i]!.status;
    if (row.state !== null && !row.held && status !== undefined) {
      await recordDeviceWord(tx, frames[i]!.device.id, frames[i]!.messageId, frames[i]!.attempt, status, now);
    }
  }
  return rows.map((row, i): StepResult => {
    if (row.state === null) return { result: null, ackResult: null };
    const before = publicStatus({ state: row.state });
    const ackResult = { applied: row.acked === true, status: before, held: row.held };
    const status = frames[i]!.status;
    if (status === undefined) return { result: ackResult };
    return { result: row.previous !== null ? { applied: true, status } : { applied: false, status: before }, ackResult };
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
    if (!isCurrent(message, device.id, attempt)) {
      await recordDeviceWord(tx, device.id, messageId, attempt, 'failed', new Date());
      return unchanged;
    }
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
export function deviceWorkJson(rt: Pick<Runtime, 'config'>, message: Parameters<typeof signalledWork>[0]): z.infer<typeof deviceWorkSchema> {
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
  return attemptsTakenBackFrom(db, deviceId);
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

// --- The hand-off: who holds a message (docs/relay-protocol.md, "Who holds a message") ---

/** How often a message the Android app holds is served again, asking the app for its state. */
const REASK_SECONDS = 300;

/**
 * The Android app pulls its work: what it has not been served yet, and what it was served before
 * its stream last (re)connected or a while ago (it answers with its state and never sends an id
 * twice). Served is taken: from now on only the app's word, the account or the TTL moves it.
 */
export async function serveWorkToApp(rt: Runtime, device: Pick<Device, 'id' | 'connectedAt'>, { limit, newestFirst }: { limit: number; newestFirst: boolean }) {
  const now = new Date();
  const reaskBefore = new Date(Math.max(device.connectedAt?.getTime() ?? 0, now.getTime() - REASK_SECONDS * 1000));
  return serveToApp(rt.db.prisma, device.id, { limit, newestFirst, reaskBefore, now });
}

/**
 * A phone's word about a message that moves nothing (the app's `Pending`/`Processed`, or any
 * report about an attempt it no longer has): recorded on its attempt; about the current attempt,
 * it clears the stuck flag.
 */
export async function recordPhoneWord(rt: Runtime, device: { id: string }, messageId: string, state: string) {
  await recordDeviceWord(rt.db.prisma, device.id, messageId, null, state, new Date());
}

/**
 * The phone says it will not send the message (the app's `Cancelled`): the phone's word that lets
 * the message go to another phone. The current attempt ends (`cancelled_by_device`) and the
 * message is queued again while attempts and time remain; about an older attempt it is recorded.
 */
export async function giveBackMessage(rt: Runtime, device: { id: string; accountId: number }, messageId: string) {
  // The message row is locked only when this phone has it now: a phone answering the cancel of a
  // message rerouted away must not hold the row of a queued message while a drain passes it over
  // (the drain skips locked rows and would look again only at its next wake-up).
  await recordDeviceWord(rt.db.prisma, device.id, messageId, null, 'cancelled', new Date());
  const current = await rt.db.prisma.message.findFirst({ where: { id: messageId, accountId: device.accountId, deviceId: device.id, state: 'dispatched' }, select: { id: true } });
  if (!current) return;
  await rt.db.prisma.$transaction(async (tx) => {
    const message = await lockForDevice(tx, device, messageId);
    if (message.state === 'dispatched' && message.deviceId === device.id) {
      await retryOrFail(rt, tx, message, 'cancelled_by_device', 'device_cancelled');
    }
  });
}

export const syncInput = z.strictObject({
  held: z.array(z.string().min(1).max(64)).max(10_000).describe('Every message the phone holds and has not reported sent or failed.'),
});

/**
 * A device (re)connected and says what it holds. What it took and no longer holds, and never
 * reported sent, is queued again at once (`not_held`): a phone that restarted without its queue
 * strands nothing. What it holds is its word (the stuck flag clears). Answers how many went back.
 */
export async function syncHeldMessages(rt: Runtime, device: { id: string; accountId: number }, raw: unknown, takenBefore = new Date()) {
  const { held } = parseInput(syncInput, raw);
  return rt.db.prisma.$transaction(async (tx) => {
    const now = new Date();
    const lost = await lockNotHeld(tx, device.id, held, takenBefore, now);
    for (const message of lost) await recordDeviceWord(tx, device.id, message.id, message.attempts, 'not_held', now);
    await retryOrFailMany(rt, tx, lost.map((message) => message.id), 'not_held', 'device_lost_message');
    await clearStuckHeld(tx, device.id, held);
    return { requeued: lost.length };
  });
}

export const rerouteInput = z.strictObject({
  allow_duplicate: z
    .boolean()
    .default(false)
    .describe('Required (true) when a phone took the message: it may still send it, and the person may get it twice.'),
});

/**
 * The account moves a message off its phone to another one (the panel's "Send through another
 * phone"). A message no phone took moves freely; one a phone took (it may still send it) only with
 * `allow_duplicate: true`, the account's knowing choice. The phone is told to drop it, and its late
 * reports are kept on its attempt.
 */
export async function rerouteMessage(rt: Runtime, accountId: number, requestId: string, raw: unknown): Promise<Message> {
  const { allow_duplicate } = parseInput(rerouteInput, raw);
  return rt.db.prisma.$transaction(async (tx) => {
    if (!(await lockRow(tx, 'messages', requestId, { accountId }))) throw notFound('message', 'request_id');
    const message = await tx.message.findUniqueOrThrow({ where: { id: requestId } });
    if (message.state !== 'dispatched' || !message.deviceId) {
      throw new YarrowError('invalid_state', `Only a message on a phone can be rerouted; this one is ${messageStage(message)}.`, { param: 'request_id' });
    }
    if (message.acknowledgedAt && !allow_duplicate) {
      throw new YarrowError(
        'invalid_request',
        'The phone took this message and may still send it: rerouting it can make the person get it twice. Send allow_duplicate: true to reroute anyway.',
        { param: 'allow_duplicate' },
      );
    }
    await tx.message.update({ where: { id: message.id }, data: { maxAttempts: Math.max(message.maxAttempts, message.attempts + 1) } });
    await publish(tx, 'relayDevice', message.deviceId, { kind: 'cancel', messageId: message.id, attempt: message.attempts, reason: 'rerouted' });
    await retryOrFailMany(rt, tx, [message.id], 'rerouted', 'rerouted');
    return tx.message.findUniqueOrThrow({ where: { id: message.id } });
  });
}
