// What a simulated phone remembers of its work, as a real phone's app keeps it in its database: the
// messages it took (the server confirmed it holds them) and has not reported sent or failed, and
// those it already handed to its radio. Kept on disk (`stateFile`), written before the phone acts
// on it, so a phone killed at any moment restarts neither losing nor repeating a text.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A message the server gave the phone (the device protocol's `send` frame's `message`). */
export interface Work {
  message_id: string;
  attempt: number;
  to: string;
  body: string;
  /** Higher first (absent from a server before priorities: 0). */
  priority?: number;
  /** The SIM the send named, 1-based (checked by the server against the SIMs this phone paired with); null: its default. */
  sim_number?: number | null;
  expires_at: string;
  /** A scheduled message's time: sent no earlier. */
  send_at?: string;
}

/** How many sent message ids the file keeps (the newest): enough to never resend what is still in flight. */
const SENT_KEPT = 10_000;

export class PhoneMemory {
  /** `message_id:attempt` of every attempt the phone was given: a repeat of one is ignored. */
  readonly seen = new Set<string>();
  /** Messages this phone has handed to its radio: it never sends one twice, whatever the attempt. */
  readonly sent = new Set<string>();
  /** What the phone took (the server confirmed it holds it) and has not reported sent or failed, by message id. */
  readonly held = new Map<string, Work>();
  /** Where a device's state is kept (`stateFile`); none: memory only. */
  readonly #fileOf?: (deviceId: string) => string;
  /** The file, once the device's id is known. */
  #file?: string;

  constructor(fileOf?: (deviceId: string) => string) {
    this.#fileOf = fileOf;
  }

  /**
   * The device is known: what it held when it stopped (killed or not) comes back, unless it starts
   * with its data wiped (`forget`). Answers the work it held, to resume once it is connected.
   */
  open(deviceId: string, { forget = false } = {}): Work[] {
    this.#file = this.#fileOf?.(deviceId);
    if (!this.#file) return [];
    if (forget) {
      rmSync(this.#file, { force: true });
      return [];
    }
    let state: { held?: Work[]; sent?: string[] };
    try {
      state = JSON.parse(readFileSync(this.#file, 'utf8'));
    } catch {
      return [];
    }
    for (const id of state.sent ?? []) this.sent.add(id);
    for (const work of state.held ?? []) {
      this.held.set(work.message_id, work);
      this.seen.add(`${work.message_id}:${work.attempt}`);
    }
    return [...this.held.values()];
  }

  /** The phone holds this message now (the server said so): on disk before it is sent. */
  hold(work: Work) {
    this.held.set(work.message_id, work);
    this.save();
  }

  /** On disk before the radio: a phone killed right after still knows it sent this one. */
  markSent(work: Work) {
    this.sent.add(work.message_id);
    this.save();
  }

  /** The phone is done with a message (sent and reported, failed, or cancelled): it no longer holds it. */
  forget(work: Work) {
    if (this.held.get(work.message_id) !== work) return;
    this.held.delete(work.message_id);
    this.save();
  }

  /** Written atomically (a rename): a file is always one whole state. */
  save() {
    if (!this.#file) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    writeFileSync(`${this.#file}.tmp`, JSON.stringify({ held: [...this.held.values()], sent: [...this.sent].slice(-SENT_KEPT) }));
    renameSync(`${this.#file}.tmp`, this.#file);
  }
}
