// The message's lifecycle: its states, the moves between them and the marks that change no state,
// in one table (`defineLifecycle`, src/core/lifecycle.ts, as every machine with states). It decides
// at run time: each move is written by one plan of ./plans.ts, whose SQL takes the states the move
// may start from here (`fromStates`, `markStates`); which webhook events a move records is read
// here too (`eventsOfMove`), whoever moved the message (a device report, the presence pass, the account).
import { defineLifecycle } from '../../core/lifecycle.ts';
import type { Message, MessageState } from '../../generated/prisma/client.ts';

interface Move {
  from: readonly MessageState[];
  to: MessageState;
  /** The webhook event the move records (null: none; the sender still sees `queued`). */
  event: 'message.sent' | 'message.delivered' | 'message.failed' | 'message.received' | null;
  /** The plan in ./plans.ts that writes it. */
  plan: string;
  /** What makes the move. */
  by: string;
}

const messageStates = ['scheduled', 'queued', 'dispatched', 'sent', 'delivered', 'failed', 'received'] as const satisfies readonly MessageState[];

export const messageLifecycle = defineLifecycle('message', messageStates, {
  accept: { from: [], to: 'queued', event: null, plan: 'insertQueuedMessages', by: 'a send (single, OTP, list, the 3rd-party API)' },
  // Held by Yarrow until its time (./schedule.ts); the sender sees `scheduled`.
  schedule: { from: [], to: 'scheduled', event: null, plan: 'insertQueuedMessages', by: 'a send with a future send_at, or below priority 100 during the account\'s quiet hours' },
  release: { from: ['scheduled'], to: 'queued', event: null, plan: 'releaseDueScheduled', by: 'a drain round once its time has come' },
  dispatch: { from: ['queued'], to: 'dispatched', event: null, plan: 'dispatchMessages', by: 'a drain round handing it to a device with budget left' },
  requeue: {
    from: ['dispatched'],
    to: 'queued',
    event: null,
    plan: 'requeueDispatched',
    // The one requeue rule: while attempts and time remain; otherwise the same cause is a `fail`.
    by: 'a take-back (socket closed, offline, ack timeout), a give-back (the phone cancelled it, a sync that does not list it, a `failed` report before sending) or a reroute by the account',
  },
  send: { from: ['dispatched'], to: 'sent', event: 'message.sent', plan: 'applyDeviceFrames', by: "the phone's `sent` report of the current attempt" },
  deliver: {
    from: ['dispatched', 'sent'],
    to: 'delivered',
    event: 'message.delivered',
    plan: 'applyDeviceFrames',
    by: "the phone's `delivered` report (from `dispatched` it also records message.sent: delivered was sent)",
  },
  fail: {
    from: ['scheduled', 'queued', 'dispatched', 'sent'],
    to: 'failed',
    event: 'message.failed',
    plan: 'failMessages',
    by: 'expiry, a cancel (of a scheduled message too), a pinned device that will not take it, a requeue with no attempts or time left, or a `failed` report after `sent`',
  },
  // An inbound SMS is born final: it has no other state and no move leaves it (./inbound.ts).
  receive: {
    from: [],
    to: 'received',
    event: 'message.received',
    plan: 'insertInboundMessage',
    by: "a phone's received SMS: our protocol's `received` frame, the Android app's `sms:received` webhook",
  },
} satisfies Record<string, Move>);

/** The moves of the table, by name. */
export const messageMoves = messageLifecycle.transitions;

export type MessageMove = keyof typeof messageMoves;

/**
 * Marks: what changes on a message without a move (each also written by one plan). `acknowledge`
 * and `serve` make the phone the holder (the hand-off: only its word or the account's choice moves
 * it now), `stuck` flags one held too long without a word (message.stuck), `hear` clears the flag.
 */
export const messageMarks = {
  acknowledge: { in: ['dispatched'], plan: 'applyDeviceFrames' },
  serve: { in: ['dispatched'], plan: 'serveToApp' },
  stuck: { in: ['dispatched'], plan: 'flagStuckMessages', event: 'message.stuck' },
  hear: { in: ['dispatched'], plan: 'recordDeviceWord, recordDeviceWords, clearStuckHeld' },
  allowAnotherAttempt: { in: ['dispatched'], plan: 'allowAnotherAttempt' },
  // The text retention's (./retention.ts): in the states whose text no phone is given again.
  maskText: { in: textSpentStatesOf(), plan: 'maskOldTexts' },
} as const satisfies Record<string, { in: readonly MessageState[]; plan: string; event?: string }>;

export type MessageMark = keyof typeof messageMarks;

/**
 * The states that still lead back to the queue (the states `dispatch` starts from): no phone sent
 * the message yet, and one may still be given it. A scheduled one is released, a dispatched one
 * may be requeued.
 */
function stillWaitingStates(): MessageState[] {
  const leadsToQueue = new Set<MessageState>(messageLifecycle.fromStates('dispatch'));
  for (let grew = true; grew; ) {
    grew = false;
    for (const move of Object.values(messageMoves)) {
      if (!leadsToQueue.has(move.to)) continue;
      for (const state of move.from) {
        if (leadsToQueue.has(state)) continue;
        leadsToQueue.add(state);
        grew = true;
      }
    }
  }
  return messageStates.filter((state) => leadsToQueue.has(state));
}

/** The states whose text no phone will be given again: no chain of moves leads from them back to the queue. */
function textSpentStatesOf(): MessageState[] {
  const waiting = stillWaitingStates();
  return messageStates.filter((state) => !waiting.includes(state));
}

/**
 * The sets of states the locked reads of ./queries.ts work on, each named by what it means and
 * taken from the table, so a change to the table changes what they read.
 */
export const messageStateSets = {
  /** In the queue: what a drain round dispatches (`dispatch` starts from it), expires, or fails for a pinned device. */
  inQueue: messageLifecycle.fromStates('dispatch'),
  /** Held by Yarrow until its time: what a drain round releases (`release`). */
  scheduled: messageLifecycle.fromStates('release'),
  /** On a phone: what a take-back or the ack timeout gives back (`requeue`). */
  onPhone: messageLifecycle.fromStates('requeue'),
  /** Not yet sent by any phone and still able to reach one: what counts against the account's queue limit. */
  waiting: stillWaitingStates(),
} as const satisfies Record<string, readonly MessageState[]>;

/** The states a mark may be made in, for a plan's WHERE clause (as `fromStates` for a move). */
export function markStates(mark: MessageMark): MessageState[] {
  return [...messageMarks[mark].in];
}

/** Whether the table allows the move from `from` to `to`. */
export function canMove(from: MessageState, to: MessageState): boolean {
  return messageLifecycle.canMove(from, to);
}

/** The events of moves from a state (`receive` starts from none: it records its event itself, ./inbound.ts). */
type MessageEventType = Exclude<NonNullable<(typeof messageMoves)[MessageMove]['event']>, 'message.received'>;

/** The webhook events a move from `from` to `to` records, in order (none for a move the table has not). */
export function eventsOfMove(from: MessageState, to: MessageState): MessageEventType[] {
  if (from === to || !canMove(from, to)) return [];
  const move = Object.values(messageMoves).find((candidate) => candidate.to === to)!;
  // Delivered straight from the phone: it was sent first, and the sender hears both.
  const passedSent = from === 'dispatched' && to === 'delivered' ? [messageMoves.send.event] : [];
  // canMove found a move with a `from`: not `receive`, whose `from` is empty.
  return move.event ? [...passedSent, move.event as MessageEventType] : passedSent;
}

/** Why an attempt was taken back from a device that may still hold the message: the device is asked to drop it. */
export const takeBackOutcomes = ['device_offline', 'device_disconnected', 'ack_timeout', 'rerouted'] as const;

/** A message a report moved forward, as it is now: what its webhook event and live events carry. */
export type ReportedMessage = Pick<
  Message,
  'id' | 'accountId' | 'to' | 'state' | 'deviceId' | 'failedDeviceIds' | 'failureReason' | 'reference' | 'batchId' | 'sentAt' | 'deliveredAt' | 'failedAt' | 'updatedAt'
>;
