// Batching of phone frames: the acks and `sent`/`delivered` reports that devices send at about the
// same time are applied together, in one statement and one transaction per round, in each
// message's arrival order. Phones reach it through ./reports.ts; what a frame changes is the
// plan's rule (`applyDeviceFrames`, ./plans.ts), and which events a move records the lifecycle's
// (`eventsOfMove`, ./lifecycle.ts), read at `applyFrames` below.
import type { z } from 'zod';
import { batcher } from '../../core/batch.ts';
import type { DbClient } from '../../core/db.ts';
import { perRuntime } from '../../core/per-runtime.ts';
import { publishAll } from '../../core/pubsub.ts';
import type { Runtime } from '../../core/runtime.ts';
import { recordEvents, type EventInput } from '../../webhooks/index.ts';
import type { reportOutcomeSchema } from '../json.ts';
import { messageEvent, messageStatus, statusEvents } from './status.ts';
import { eventsOfMove } from './lifecycle.ts';
import { applyDeviceFrames, recordDeviceWords, type DeviceWord } from './plans.ts';

/** `applied`: false when the report changed nothing (a repeat, or an attempt that is no longer current). */
export type ReportOutcome = z.infer<typeof reportOutcomeSchema>;

export interface DeviceFrame {
  device: { id: string; accountId: number };
  messageId: string;
  /** null: the message's current attempt, whatever it is (the Android app names no attempt). */
  attempt: number | null;
  /** The report's status; absent for an ack. */
  status?: 'sent' | 'delivered';
  /**
   * The phone's own word for the report (the Android app's `processed`, `sent`, …): recorded on
   * its latest attempt of the message when the frame moves nothing, as `recordPhoneWord` does.
   * Absent (our protocol): only a report about an attempt the device no longer has is recorded.
   */
  word?: string;
}
/** null: no such message on the device's account. */
type FrameResult = ReportOutcome | null;

/**
 * Per process, the acks and reports that devices send at about the same time are applied
 * together (`batcher`): a busy gateway writes many in one statement and one transaction, and a
 * phone's ack and its `sent` right after it (the usual pair) rewrite the message once.
 */
const frameBatcher = perRuntime((rt: Runtime) =>
  batcher((frames: DeviceFrame[]) => rt.db.prisma.$transaction((tx) => inArrivalOrder(frames, (round) => applyFrames(rt, tx, round)))),
);

/** Applies one ack or `sent`/`delivered` report with the others that arrive at about the same time. */
export function applyFrame(rt: Runtime, frame: DeviceFrame): Promise<FrameResult> {
  return frameBatcher(rt)(frame);
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
      // The app's frames are not paired: its ack's word may need recording, on its own.
      else if (!putOff.has(id) && !step.ack && isAck(step.frame) && !isAck(entry.frame) && sameAttempt(step.frame, entry.frame) && step.frame.word === undefined) {
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
 * delivered, sent → delivered), recording the events the lifecycle gives the move. Frames that
 * do not apply change nothing.
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
  for (const row of rows) {
    if (!row.message || row.previous === null) continue;
    const message = row.message;
    for (const type of eventsOfMove(row.previous, message.state)) events.push(messageEvent(type, message));
    live.push(...statusEvents(message, message.updatedAt));
  }
  await recordEvents(rt, tx, events);
  await publishAll(tx, live);
  // A report about an attempt the device no longer has (taken back, or rerouted by the account) is
  // the phone's word all the same: kept on its attempt, never dropped. The app's word is kept
  // whenever its report moved nothing (its `Processed` about a message it took when it pulled it, a
  // repeat about one already final), except a repeated `Sent` about a message it still holds.
  const words: DeviceWord[] = [];
  for (const [i, row] of rows.entries()) {
    const { device, messageId, attempt, status, word } = frames[i]!;
    if (row.state === null) continue;
    if (word === undefined) {
      if (!row.held && status !== undefined) words.push({ deviceId: device.id, messageId, attempt, state: status });
    } else if (!row.acked && row.previous === null && !(status !== undefined && row.held && (row.state === 'dispatched' || row.state === 'sent'))) {
      words.push({ deviceId: device.id, messageId, attempt: null, state: word });
    }
  }
  await recordDeviceWords(tx, words, now);
  return rows.map((row, i): StepResult => {
    if (row.state === null) return { result: null, ackResult: null };
    const before = messageStatus({ state: row.state });
    const ackResult = { applied: row.acked === true, status: before, held: row.held };
    const status = frames[i]!.status;
    if (status === undefined) return { result: ackResult };
    return { result: row.previous !== null ? { applied: true, status } : { applied: false, status: before }, ackResult };
  });
}
