// A simulated Yarrow Relay phone. It knows only the documented device protocol
// (docs/relay-protocol.md): pair over HTTP, keep a WebSocket (or long-poll), send heartbeats,
// acknowledge each message, send it only once the server confirms the phone holds it, report sent /
// delivered / failed, and after every (re)connect say what it holds (`sync`). Like a real phone's
// app it keeps what it holds on disk (`stateFile`, ./memory.ts), so a restart neither loses nor
// repeats a text.
import WebSocket from 'ws';
import { writeTogether } from '../../core/socket-writes.ts';
import { PhoneMemory, type Work } from './memory.ts';

export interface SimulatorOptions {
  /** The relay base URL, ending in /api (e.g. http://localhost:4000/api). */
  baseUrl: string;
  name: string;
  failRate: number;
  deliveryMs: number;
  transport: 'ws' | 'poll';
  /** Texts the phone sends at once (its acks go as many at a time); 1 is one after another. */
  parallel?: number;
  /** Overrides the heartbeat interval the server asks for (seconds). */
  heartbeatSeconds?: number;
  /** How long each message waits in the phone's queue before it is sent (an app's send delay or limits). */
  holdMs?: number;
  /** How many SIMs the phone pairs with (slots 0..N-1; default 1). */
  sims?: number;
  /** Where the phone keeps what it holds across restarts (a real app's database); none: memory only. */
  stateFile?: (deviceId: string) => string;
  /** Start without what the state file holds (a phone whose app data was wiped). */
  forgetOnRestart?: boolean;
  /** Each recipient answers this text once its SMS is delivered (`--reply`): the phone receives it and tells the server (`received`). */
  reply?: string;
  /** …with this picture as an MMS part (`--reply-image FILE`): base64, as our `received` frame carries parts. */
  replyImage?: { content_type: string; name: string; data: string };
  emit: (event: SimulatorEvent) => void;
}

export type SimulatorEvent =
  | { type: 'paired'; deviceId: string; name: string; token: string }
  | { type: 'connected'; deviceId: string; transport: 'ws' | 'poll' }
  | { type: 'disconnected'; deviceId: string; code: number }
  | { type: 'received'; deviceId: string; messageId: string; attempt: number; to: string; body: string; simNumber: number | null; sendAt?: string }
  /** The phone hands the SMS to its radio: one `sending` is one text on the recipient's phone. */
  | { type: 'sending'; deviceId: string; messageId: string; attempt: number }
  | { type: 'reported'; deviceId: string; messageId: string; attempt: number; status: string; reason?: string; applied: boolean }
  | { type: 'canceled'; deviceId: string; messageId: string; attempt: number; reason: string }
  /** The server answered the ack: another device has the message (`held: false`), so the phone drops it unsent. */
  | { type: 'dropped'; deviceId: string; messageId: string; attempt: number }
  /** After a (re)connect the phone told the server what it holds; `requeued` went back to the queue. */
  | { type: 'synced'; deviceId: string; held: number; requeued: number }
  /** A recipient answered (`reply`): the server recorded it as an inbound SMS (`requestId`), new or not (`applied`). */
  | { type: 'replied'; deviceId: string; messageId: string; from: string; requestId: string; applied: boolean }
  | { type: 'heartbeat'; deviceId: string }
  | { type: 'revoked'; deviceId: string }
  | { type: 'error'; deviceId?: string; message: string };

type Frame = Record<string, unknown> & { type: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimulatedDevice {
  readonly options: SimulatorOptions;
  token = '';
  deviceId = '';
  /** The open socket, once its `welcome` arrived (frames are sent only then). */
  #socket?: WebSocket;
  #opening?: WebSocket;
  #queue: Work[] = [];
  /** `message_id:attempt` of attempts the server took back. */
  #canceled = new Set<string>();
  /** What it holds and has sent, on disk. */
  #memory: PhoneMemory;
  /** Loaded from the state file at start: resumed once the first `welcome` (and its cancels) arrived. */
  #restored: Work[] = [];
  #pending = new Map<string, { resolve: (frame: Frame) => void; reject: (error: Error) => void }>();
  #nextRef = 0;
  #stopped = false;
  #revoked = false;
  #working = 0;
  /** One chain of acks per parallel lane: acks of a lane go one after another, in arrival order. */
  #ackLanes: Array<Promise<unknown>> = [];
  #received = 0;
  #heartbeat?: NodeJS.Timeout;

  constructor(options: SimulatorOptions) {
    this.options = options;
    this.#memory = new PhoneMemory(options.stateFile);
  }

  /** Pairs with a code or a QR payload; keeps the device token. */
  async pair(credential: { pairingCode?: string; qrPayload?: string }) {
    const response = await fetch(`${this.options.baseUrl}/v1/relay/app/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(credential.qrPayload ? { qr_payload: credential.qrPayload } : { pairing_code: credential.pairingCode }),
        device_name: this.options.name,
        platform: 'android',
        app_version: 'relay-sim/1.0',
        sims: Array.from({ length: this.options.sims ?? 1 }, (_, slot) => ({ slot, carrier: `Simulated Mobile ${slot + 1}` })),
      }),
    });
    const body = (await response.json()) as { ok: boolean; device?: { id: string }; device_token?: string; error?: { code: string; message: string } };
    if (!body.ok || !body.device || !body.device_token) {
      throw new Error(`pairing failed: ${body.error?.code ?? response.status} ${body.error?.message ?? ''}`.trim());
    }
    this.token = body.device_token;
    this.deviceId = body.device.id;
    this.options.emit({ type: 'paired', deviceId: this.deviceId, name: this.options.name, token: this.token });
    this.#memory.open(this.deviceId);
    this.#memory.save();
  }

  /** Uses a token from an earlier pairing. */
  async resume(token: string) {
    this.token = token;
    const response = await fetch(`${this.options.baseUrl}/v1/relay/device/me`, { headers: this.#auth() });
    const body = (await response.json()) as { ok: boolean; device?: { id: string }; error?: { message: string } };
    if (!body.ok || !body.device) throw new Error(`device token refused: ${body.error?.message ?? response.status}`);
    this.deviceId = body.device.id;
    this.#restored = this.#memory.open(this.deviceId, { forget: this.options.forgetOnRestart });
  }

  #auth() {
    return { authorization: `Bearer ${this.token}` };
  }

  async run() {
    if (this.options.transport === 'poll') return this.#poll();
    let backoff = 250;
    while (!this.#stopped && !this.#revoked) {
      const code = await this.#connectOnce().catch((error: Error) => {
        this.options.emit({ type: 'error', deviceId: this.deviceId, message: error.message });
        return 0;
      });
      if (this.#stopped || this.#revoked) break;
      if (code !== 0) backoff = 250;
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 5_000);
    }
  }

  /** One WebSocket session; resolves with the close code. */
  #connectOnce(): Promise<number> {
    const url = `${this.options.baseUrl.replace(/^http/, 'ws')}/v1/relay/device/ws`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: this.#auth() });
      let opened = false;
      // Frames go out only after `welcome`: the server sends the cancels of work taken back while
      // the phone was away first, so nothing it holds is reported (and sent) before it knows.
      this.#opening = socket;
      socket.on('open', () => {
        opened = true;
      });
      socket.on('unexpected-response', (_request, response) => {
        if (response.statusCode === 401) {
          this.#revoked = true;
          this.options.emit({ type: 'revoked', deviceId: this.deviceId });
        }
        reject(new Error(`websocket refused with HTTP ${response.statusCode}`));
      });
      socket.on('message', (data) => this.#onFrame(socket, JSON.parse(data.toString()) as Frame));
      socket.on('error', (error) => {
        if (!opened) reject(error);
      });
      socket.on('close', (code) => {
        clearInterval(this.#heartbeat);
        if (this.#socket === socket) this.#socket = undefined;
        for (const waiter of this.#pending.values()) waiter.reject(new Error('socket closed'));
        this.#pending.clear();
        if (code === 4001) {
          this.#revoked = true;
          this.options.emit({ type: 'revoked', deviceId: this.deviceId });
        }
        if (opened) this.options.emit({ type: 'disconnected', deviceId: this.deviceId, code });
        resolve(code);
      });
    });
  }

  #onFrame(socket: WebSocket, frame: Frame) {
    if (frame.type === 'welcome') {
      this.#socket = socket;
      const seconds = this.options.heartbeatSeconds ?? Number(frame.heartbeat_interval_seconds);
      clearInterval(this.#heartbeat);
      this.#heartbeat = setInterval(() => void this.#sendHeartbeat(), seconds * 1000);
      this.options.emit({ type: 'connected', deviceId: this.deviceId, transport: 'ws' });
      void this.#sync();
      // The cancels of what the server took back while the phone was away came before `welcome`.
      for (const work of this.#restored.splice(0)) {
        if (this.#canceled.has(`${work.message_id}:${work.attempt}`)) this.#memory.forget(work);
        else this.#queue.push(work);
      }
      this.#work();
    } else if (frame.type === 'send') {
      this.#accept(frame.message as Work);
    } else if (frame.type === 'cancel') {
      this.#canceled.add(`${frame.message_id}:${frame.attempt}`);
      this.options.emit({ type: 'canceled', deviceId: this.deviceId, messageId: String(frame.message_id), attempt: Number(frame.attempt), reason: String(frame.reason) });
    } else if (frame.type === 'result' && typeof frame.ref === 'string') {
      this.#pending.get(frame.ref)?.resolve(frame);
      this.#pending.delete(frame.ref);
    }
  }

  /** Sends a frame over the socket and waits for its `result`. */
  #request(frame: Frame): Promise<Frame> {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('not connected'));
    const ref = `r${++this.#nextRef}`;
    return new Promise((resolve, reject) => {
      this.#pending.set(ref, { resolve, reject });
      writeTogether(socket);
      socket.send(JSON.stringify({ ...frame, ref }));
    });
  }

  async #call(frame: Frame, httpPath: string, httpBody: Record<string, unknown>): Promise<Frame> {
    if (this.options.transport === 'ws') {
      const result = await this.#request(frame);
      if (!result.ok) throw new Error(`${frame.type} refused: ${JSON.stringify(result.error)}`);
      return result;
    }
    const response = await fetch(`${this.options.baseUrl}${httpPath}`, {
      method: 'POST',
      headers: { ...this.#auth(), 'content-type': 'application/json' },
      body: JSON.stringify(httpBody),
    });
    const body = (await response.json()) as Frame;
    if (!body.ok) throw new Error(`${frame.type} refused: ${JSON.stringify(body.error)}`);
    return body;
  }

  async #sendHeartbeat() {
    const status = { battery_level: 87, charging: true, signal_level: 4, queue_length: this.#queue.length };
    try {
      await this.#call({ type: 'heartbeat', ...status }, '/v1/relay/device/heartbeat', status);
      this.options.emit({ type: 'heartbeat', deviceId: this.deviceId });
    } catch (error) {
      this.options.emit({ type: 'error', deviceId: this.deviceId, message: (error as Error).message });
    }
  }

  #accept(work: Work) {
    const key = `${work.message_id}:${work.attempt}`;
    if (this.#memory.seen.has(key)) return;
    this.#memory.seen.add(key);
    this.options.emit({ type: 'received', deviceId: this.deviceId, messageId: work.message_id, attempt: work.attempt, to: work.to, body: work.body, simNumber: work.sim_number ?? null, ...(work.send_at ? { sendAt: work.send_at } : {}) });
    // Acknowledged as soon as it arrives, at most `parallel` at a time in arrival order, so a burst
    // of work never floods the gateway with concurrent acks. It is sent only once the server's
    // answer says this phone holds it: a message the server gave to another device meanwhile (this
    // phone was too slow, or its connection dropped) is dropped unsent, so no text goes out twice.
    const base = { message_id: work.message_id, attempt: work.attempt };
    const lane = this.#received++ % this.#parallel();
    this.#ackLanes[lane] = (this.#ackLanes[lane] ?? Promise.resolve()).then(async () => {
      const result = await this.#reliably(() => this.#call({ type: 'ack', ...base }, `/v1/relay/device/messages/${work.message_id}/ack`, { attempt: work.attempt }));
      if (!result) return;
      if (result.held !== true) {
        this.options.emit({ type: 'dropped', deviceId: this.deviceId, ...{ messageId: work.message_id, attempt: work.attempt } });
        return;
      }
      this.#memory.hold(work);
      // A scheduled message waits on the phone until its time too (the app's own rule); the server
      // gives it only once due, so this waits only when the two clocks differ.
      const wait = work.send_at ? Date.parse(work.send_at) - Date.now() : 0;
      if (wait > 0) {
        setTimeout(() => {
          this.#queue.push(work);
          this.#work();
        }, wait).unref();
      } else {
        this.#queue.push(work);
        this.#work();
      }
    });
  }

  /** After every (re)connect: what the phone holds, so the server queues again what it no longer has. */
  async #sync() {
    const held = [...this.#memory.held.keys()];
    const result = await this.#reliably(() => this.#call({ type: 'sync', held }, '/v1/relay/device/sync', { held }), 3);
    if (result) this.options.emit({ type: 'synced', deviceId: this.deviceId, held: held.length, requeued: Number(result.requeued ?? 0) });
  }

  #parallel() {
    return Math.max(1, this.options.parallel ?? 1);
  }

  /** Like the phone's SMS sender: `parallel` messages at a time (one, by default), highest priority first, then in order. */
  #work() {
    while (this.#working < this.#parallel() && this.#queue.length > 0) {
      this.#working++;
      void this.#sendQueued().finally(() => this.#working--);
    }
  }

  async #sendQueued() {
    while (this.#queue.length > 0 && !this.#stopped) {
      await this.#deliver(this.#takeNext());
    }
  }

  /** The next message to send: the first of the highest priority waiting (as the app's queue picks). */
  #takeNext(): Work {
    let best = 0;
    for (let i = 1; i < this.#queue.length; i++) {
      if ((this.#queue[i]!.priority ?? 0) > (this.#queue[best]!.priority ?? 0)) best = i;
    }
    return this.#queue.splice(best, 1)[0]!;
  }

  async #deliver(work: Work) {
    if (this.options.holdMs) await sleep(this.options.holdMs);
    await sleep(this.options.deliveryMs / 2);
    if (this.#stopped) return;
    if (this.#canceled.has(`${work.message_id}:${work.attempt}`)) return this.#memory.forget(work);
    if (this.#memory.sent.has(work.message_id)) {
      // Sent under an earlier attempt, or before a restart: report it, never send it again.
      await this.#report(work, 'sent');
      this.#memory.forget(work);
      void sleep(this.options.deliveryMs / 2).then(() => this.#report(work, 'delivered'));
      return;
    }
    if (new Date(work.expires_at).getTime() <= Date.now()) {
      await this.#report(work, 'failed', 'expired');
      this.#memory.forget(work);
      return;
    }
    if (Math.random() < this.options.failRate) {
      await this.#report(work, 'failed', 'generic_failure');
      this.#memory.forget(work);
      return;
    }
    this.#memory.markSent(work);
    this.options.emit({ type: 'sending', deviceId: this.deviceId, messageId: work.message_id, attempt: work.attempt });
    await this.#report(work, 'sent');
    this.#memory.forget(work);
    // The network's delivery report comes later, while the phone sends the next message.
    void sleep(this.options.deliveryMs / 2)
      .then(() => this.#report(work, 'delivered'))
      .then(() => this.#replyTo(work));
  }

  /**
   * The recipient answers (`reply`): the phone receives an SMS from them and says so, with a key of
   * its own for that SMS, until the server answers; a resend after a lost answer is the same SMS.
   */
  async #replyTo(work: Work) {
    const { reply: text = '', replyImage: image } = this.options;
    if (!text && !image) return;
    const sms = { key: `reply-${work.message_id}`, from: work.to, text, sim_number: work.sim_number ?? 1, received_at: new Date().toISOString(), ...(image ? { parts: [image] } : {}) };
    const result = await this.#reliably(() => this.#call({ type: 'received', ...sms }, '/v1/relay/device/received', sms));
    if (result) {
      this.options.emit({ type: 'replied', deviceId: this.deviceId, messageId: work.message_id, from: work.to, requestId: String(result.request_id), applied: result.applied === true });
    }
  }

  async #report(work: Work, status: 'sent' | 'delivered' | 'failed', reason?: string) {
    const body = { attempt: work.attempt, status, ...(reason ? { reason } : {}) };
    const result = await this.#reliably(() =>
      this.#call({ type: 'report', message_id: work.message_id, ...body }, `/v1/relay/device/messages/${work.message_id}/report`, body),
    );
    if (result) {
      this.options.emit({ type: 'reported', deviceId: this.deviceId, messageId: work.message_id, attempt: work.attempt, status, reason, applied: result.applied === true });
    }
  }

  /** Retries a call until the server confirms it (reports are idempotent, so a repeat is safe). */
  async #reliably(call: () => Promise<Frame>, tries = Number.POSITIVE_INFINITY): Promise<Frame | undefined> {
    for (let attempt = 0; attempt < tries && !this.#stopped && !this.#revoked; attempt++) {
      try {
        return await call();
      } catch (error) {
        this.options.emit({ type: 'error', deviceId: this.deviceId, message: `will retry: ${(error as Error).message}` });
        await sleep(Math.min(250 * 2 ** attempt, 5_000));
      }
    }
    return undefined;
  }

  async #poll() {
    const seconds = this.options.heartbeatSeconds ?? 30;
    await this.#sendHeartbeat();
    this.#heartbeat = setInterval(() => void this.#sendHeartbeat(), seconds * 1000);
    this.options.emit({ type: 'connected', deviceId: this.deviceId, transport: 'poll' });
    await this.#sync();
    this.#queue.push(...this.#restored.splice(0));
    this.#work();
    while (!this.#stopped && !this.#revoked) {
      try {
        const response = await fetch(`${this.options.baseUrl}/v1/relay/device/messages?wait=25`, { headers: this.#auth() });
        if (response.status === 401) {
          this.#revoked = true;
          this.options.emit({ type: 'revoked', deviceId: this.deviceId });
          break;
        }
        const body = (await response.json()) as { messages?: Work[] };
        for (const work of body.messages ?? []) this.#accept(work);
      } catch (error) {
        this.options.emit({ type: 'error', deviceId: this.deviceId, message: (error as Error).message });
        await sleep(1_000);
      }
    }
    clearInterval(this.#heartbeat);
  }

  stop() {
    this.#stopped = true;
    clearInterval(this.#heartbeat);
    this.#opening?.close(1000, 'simulator stopping');
  }
}
