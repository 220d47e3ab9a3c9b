// An emulator of the "SMS Gateway for Android" app (capcom6/android-sms-gateway, v1.68.0, tag
// 0cdc5d8) in its private-server mode, written from the app's source as ../shared/capcom6-protocol.md
// states it, not from Yarrow's server code. It plays the phone in tests, slow and broken paths too:
// - sign in by code, the start-up calls, the events stream, a pull on connect and on every event
//   (APP : modules/gateway/GatewayService.kt, helpers/SSEManager.kt, gateway/services/SSEForegroundService.kt);
// - **no report on receipt**: a pulled message waits in the app's own queue (Pending, on disk) for
//   as long as its settings make it wait (`holdMs`: sendIntervalRange, the per-period limits,
//   Android's deferral), then `Processed` when handed to SmsManager, then `Sent`/`Delivered`/
//   `Failed` (APP : modules/messages/MessagesService.kt, enqueueMessage, sendMessage, sendSMS);
// - an id it already holds is never sent again: a pull of it re-reports the local state
//   (APP : GatewayService.processMessage → SendStateWorker.start);
// - `Cancelling` and the `MessageCancelled` event cancel only a message still `Pending` (reported
//   `Cancelled`); an unknown `Cancelling` id is answered `Cancelled`; anything else is ignored
//   (APP : MessagesService.cancelMessage, modules/gateway/EventsReceiver.kt);
// - one PATCH per local state change, retried with backoff (APP : workers/SendStateWorker.kt);
// - streams that drop and reconnect after 5 s (SSEManager), two streams at once (the service is
//   started by the app and by its boot receiver), a killed app that stops, and a restart that keeps
//   its local database and goes on sending what is still queued.
// - received SMS (issue 31): the settings' `webhooks.signing_key` is imported (else the phone makes
//   a random 8-character key), `GET /webhooks` replaces its cloud hooks; an SMS the phone receives
//   is deduplicated by its hash (`messageId`) and POSTed to every hook of `sms:received` as a
//   `WebHookEventDTO` with a fresh nanoid `id`, signed per send (`X-Timestamp`, `X-Signature`), and
//   retried after 5 s·2^k on any non-2xx or error, up to `retry_count` (15), with the same body
//   (APP : modules/receiver/ReceiverService.kt, modules/webhooks/WebHooksService.kt,
//   WebhooksSettings.kt, plugins/PayloadSingingPlugin.kt, workers/WebhookQueueProcessorWorker.kt).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { decryptAsTheApp } from './app-decryption.ts';

/** The app's processing states (APP : domain/ProcessingState.kt). */
export type AppState = 'Pending' | 'Processed' | 'Sent' | 'Delivered' | 'Failed' | 'Cancelling' | 'Cancelled';

/** A message as the server hands it to the app (GET <base>/message), the fields the app reads. */
export interface ServerMessage {
  id: string;
  textMessage?: { text: string } | null;
  dataMessage?: { data: string; port: number } | null;
  message?: string | null;
  phoneNumbers: string[];
  simNumber?: number | null;
  withDeliveryReport?: boolean | null;
  isEncrypted?: boolean | null;
  validUntil?: string | null;
  scheduleAt?: string | null;
  priority?: number | null;
  state?: AppState | null;
  createdAt?: string | null;
}

export interface SimCard {
  slotIndex: number;
  simNumber: number;
  phoneNumber?: string | null;
  carrierName?: string | null;
  iccid?: string | null;
}

export interface AppEmulatorOptions {
  /** What the user types as "API URL", e.g. `https://relay.example.com/api/mobile/v1`. */
  apiUrl: string;
  /** PEM of a CA to trust (the user-installed CA the release build accepts). */
  ca?: string;
  /** The app's versionName, sent in User-Agent (default 1.68.0). */
  version?: string;
  /** `MANUFACTURER/PRODUCT` (default `Google/Pixel 8`). */
  name?: string;
  simCards?: SimCard[];
  /** Recipients whose SMS fails on the phone (the radio's sent intent reports an error). */
  failNumbers?: string[];
  /** The recipient error the app reports for those (default `RESULT_ERROR_GENERIC_FAILURE`). */
  failError?: string;
  /** The phone queues what it pulls but its radio sends nothing, as with no signal (it reports nothing). */
  holdSending?: boolean;
  /** How long each message waits in the app's queue before it is handed to SmsManager (default 0). */
  holdMs?: number;
  /** The app's processing-order setting for pulls (default lifo, the server's default). */
  order?: 'lifo' | 'fifo';
  /** Delay before the events stream reconnects (the app waits 5 s; tests may shorten it). */
  reconnectMs?: number;
  /** The app's encryption passphrase (Settings → Encryption): `isEncrypted` messages are decrypted with it at send time. */
  passphrase?: string;
  /** The first backoff of a failed webhook POST (the app's 5 s, doubling; tests may shorten it). */
  webhookBackoffMs?: number;
  /** Answers of this many webhook POSTs are lost on the way back (the server did its part): the phone retries them. */
  loseWebhookAnswers?: number;
}

/** A hook the phone holds (APP : modules/webhooks/db/WebHook.kt; a sync reads `id`, `url`, `event`). */
export interface AppWebhook {
  id: string;
  url: string;
  event: string;
}

export type EmulatorEvent =
  | { type: 'registered'; at: number; deviceId: string; token: string; login: string | null; password: string | null }
  | { type: 'stream-open'; at: number }
  /** The stream ended (`status` when the server refused to open it). */
  | { type: 'stream-closed'; at: number; status?: number }
  /** An SSE event (a missing name is MessageEnqueued, as in the app). */
  | { type: 'event'; at: number; name: string; data: string | null }
  | { type: 'keepalive'; at: number }
  | { type: 'pulled'; at: number; ids: string[]; reason: 'connect' | 'event' | 'manual' }
  /** A message entered the phone's local queue (it will be sent once, whatever happens). */
  | { type: 'received'; at: number; id: string; text: string | null; phoneNumbers: string[]; validUntil: string | null; simNumber: number | null; priority: number; scheduleAt: string | null }
  /** The settings the app imported (GET /settings, at start-up and on SettingsUpdated). */
  | { type: 'settings'; at: number; body: any }
  /** An `isEncrypted` message decrypted at send time (APP : MessagesService.kt, sendMessage): what goes to the radio. */
  | { type: 'decrypted'; at: number; id: string; text: string; phoneNumbers: string[] }
  /** The phone handed the SMS to its radio. */
  | { type: 'sending'; at: number; id: string }
  | { type: 'reported'; at: number; id: string; state: AppState; status: number }
  | { type: 'request-failed'; at: number; method: string; path: string; status: number; body: unknown }
  /** One POST of a webhook (`status` 0: no answer reached the phone), its event `id` the same on every retry. */
  | { type: 'webhook-sent'; at: number; eventId: string; event: string; messageId: string; status: number; attempt: number }
  /** The phone gave up on a webhook (its retries were spent) or the server took it (`delivered`). */
  | { type: 'webhook-done'; at: number; eventId: string; messageId: string; delivered: boolean };

export interface Response<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
}

interface LocalMessage {
  id: string;
  state: AppState;
  isEncrypted: boolean;
  text: string | null;
  phoneNumbers: string[];
  withDeliveryReport: boolean;
  validUntil: string | null;
  recipients: Array<{ phoneNumber: string; state: AppState; error?: string | null }>;
  states: Partial<Record<AppState, string>>;
}

type Waiter = { check: (event: EmulatorEvent) => boolean; resolve: (event: EmulatorEvent) => void; reject: (error: Error) => void };

export const DEFAULT_APP_VERSION = '1.68.0';

/**
 * One HTTP call as the app makes it: full URL = API URL + path, `User-Agent:
 * me.capcom.smsgateway/<version>`, JSON bodies. Any status is returned (the app throws on non-2xx;
 * tests want to see them).
 */
export function appRequest(
  options: Pick<AppEmulatorOptions, 'apiUrl' | 'ca' | 'version'>,
  method: string,
  path: string,
  { authorization, body, agent, headers }: { authorization?: string; body?: unknown; agent?: http.Agent; headers?: Record<string, string> } = {},
): Promise<Response> {
  // As the app does (GatewayApi.kt: "$baseUrl/device"): an API URL typed with a trailing slash gives `…/v1//device`.
  const url = new URL(options.apiUrl + path);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        agent,
        ...(url.protocol === 'https:' && options.ca ? { ca: options.ca } : {}),
        headers: {
          'user-agent': `me.capcom.smsgateway/${options.version ?? DEFAULT_APP_VERSION}`,
          accept: 'application/json',
          ...(authorization ? { authorization } : {}),
          ...headers,
          ...(payload !== undefined ? { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/** The body the app sends to `POST <base>/device` (APP : GatewayApi.DeviceRegisterRequest). */
export function registrationBody(options: Pick<AppEmulatorOptions, 'name' | 'simCards'>) {
  return {
    name: options.name ?? 'Google/Pixel 8',
    pushToken: null,
    simCards: options.simCards ?? [{ slotIndex: 0, simNumber: 1, phoneNumber: '*******2671', carrierName: '***ange', iccid: null }],
  };
}

/** `POST <base>/device` with any Authorization header (or none): the raw answer. */
export function register(options: AppEmulatorOptions, authorization?: string) {
  return appRequest(options, 'POST', '/device', { authorization, body: registrationBody(options) });
}

export class AppEmulator {
  options: AppEmulatorOptions;
  readonly deviceId: string;
  readonly token: string;
  readonly events: EmulatorEvent[] = [];
  /** The phone's local message store, by id. */
  readonly local = new Map<string, LocalMessage>();
  private agent: http.Agent;
  private readonly waiters: Waiter[] = [];
  private stopped = false;
  /** The open events streams (usually one; the app can hold two). */
  private readonly streams = new Set<http.ClientRequest>();
  private reconnectTimer?: NodeJS.Timeout;
  private streamFailures = 0;
  private pulling?: Promise<void>;
  private pullAgain = false;
  /** One state report after another, in order (the app's SendStateWorker chain). */
  private reports: Promise<void> = Promise.resolve();
  /** One SMS after another (the app's sending queue). */
  private sending: Promise<void> = Promise.resolve();
  /** `webhooks.signing_key` (imported from the server's settings, or the phone's own random one). */
  signingKey = randomBytes(6).toString('base64url').slice(0, 8);
  /** `webhooks.retry_count` (default 15). */
  retryCount = 15;
  /** The cloud hooks, as the last `GET /webhooks` left them. */
  hooks: AppWebhook[] = [];
  /** The hashes of received messages already processed (the app's dedup: IncomingMessagesService). */
  private readonly processed = new Set<string>();
  /** Android's SMS inbox: every SMS the phone received, the app running or not (an export reads it). */
  private readonly inbox: Array<{ sender: string; text: string; simNumber?: number | null; recipient?: string | null; receivedAt: Date }> = [];
  private lostAnswers = 0;

  private constructor(options: AppEmulatorOptions, registered: { id: string; token: string; login: string | null; password: string | null }) {
    this.options = options;
    this.deviceId = registered.id;
    this.token = registered.token;
    this.agent = AppEmulator.newAgent(options);
    this.emit({ type: 'registered', at: Date.now(), deviceId: registered.id, token: registered.token, login: registered.login, password: registered.password });
  }

  /**
   * "Sign in by code": registers with `Authorization: Code <code>`, then does what the app does
   * next (PATCH /device, GET /settings, GET /webhooks) and opens the events stream.
   */
  static async signInByCode(options: AppEmulatorOptions, code: string): Promise<AppEmulator> {
    const response = await register(options, `Code ${code}`);
    if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
    const app = new AppEmulator(options, response.body);
    await app.start();
    return app;
  }

  private static newAgent(options: AppEmulatorOptions) {
    return options.apiUrl.startsWith('https:') ? new https.Agent({ keepAlive: true, ca: options.ca }) : new http.Agent({ keepAlive: true });
  }

  /**
   * The killed app is started again with its stored token and its local messages (the app keeps
   * them in its database): the start-up calls and the stream's first pull (which may cancel
   * some), then what is still queued locally is sent. `changes` alter options (e.g. holdSending).
   */
  async restart(changes: Partial<AppEmulatorOptions> = {}) {
    this.stop();
    this.options = { ...this.options, ...changes };
    this.stopped = false;
    this.agent = AppEmulator.newAgent(this.options);
    const since = Date.now();
    await this.start();
    await this.waitFor('pulled', (event) => event.at >= since);
    for (const local of this.local.values()) {
      const sent = this.events.some((event) => event.type === 'sending' && event.id === local.id);
      if (local.state === 'Pending' && !sent) this.sending = this.sending.then(() => this.send(local));
    }
  }

  /** The app's start-up with a stored token: device update, settings, webhooks, events stream. */
  async start() {
    const patched = await this.call('PATCH', '/device', { id: this.deviceId, pushToken: null, simCards: registrationBody(this.options).simCards });
    if (patched.status !== 204) throw new Error(`PATCH /device answered ${patched.status} ${JSON.stringify(patched.body)}`);
    await this.importSettings();
    await this.syncWebhooks();
    this.openStream();
    await this.waitFor('stream-open');
  }

  /** GET /settings, importing the keys the app reads here (APP : WebhooksSettings.import). */
  async importSettings() {
    const settings = await this.call('GET', '/settings');
    if (settings.status !== 200) throw new Error(`GET /settings answered ${settings.status}`);
    this.emit({ type: 'settings', at: Date.now(), body: settings.body });
    const webhooks = (settings.body as { webhooks?: { signing_key?: unknown; retry_count?: unknown } } | null)?.webhooks;
    if (webhooks && 'signing_key' in webhooks) this.signingKey = webhooks.signing_key == null ? this.signingKey : String(webhooks.signing_key);
    if (webhooks?.retry_count != null) this.retryCount = Math.trunc(Number(webhooks.retry_count));
  }

  /** GET /webhooks: the cloud hooks are replaced with the list (APP : WebHooksService.sync). */
  async syncWebhooks() {
    const webhooks = await this.call('GET', '/webhooks');
    if (webhooks.status !== 200) throw new Error(`GET /webhooks answered ${webhooks.status}`);
    this.hooks = (webhooks.body as AppWebhook[]).map(({ id, url, event }) => ({ id, url, event }));
  }

  /**
   * The phone receives an SMS (ReceiverService.process): skipped if this exact message was
   * processed before (a re-export), else one `sms:received` webhook per hook, each delivered with
   * retries. Resolves with the payload's `messageId` once every POST is done (taken or given up).
   */
  async receiveSms(sms: { sender: string; text: string; simNumber?: number | null; recipient?: string | null; receivedAt?: Date }): Promise<string> {
    const receivedAt = sms.receivedAt ?? new Date();
    if (!this.inbox.some((kept) => kept.sender === sms.sender && kept.text === sms.text && kept.receivedAt.getTime() === receivedAt.getTime())) this.inbox.push({ ...sms, receivedAt });
    // The app's key is the hash of the message (sender, date, SIM, text), printed as hex.
    const messageId = createHash('sha256').update(JSON.stringify([sms.sender, receivedAt.getTime(), sms.simNumber ?? null, sms.text])).digest('hex').slice(0, 8);
    if (this.processed.has(messageId)) return messageId;
    this.processed.add(messageId);
    // Gson leaves out nulls.
    const payload = {
      messageId,
      message: sms.text,
      receivedAt: receivedAt.toISOString(),
      sender: sms.sender,
      ...(sms.recipient != null ? { recipient: sms.recipient } : {}),
      ...(sms.simNumber != null ? { simNumber: sms.simNumber } : {}),
      phoneNumber: sms.sender,
    };
    await Promise.all(
      this.hooks
        .filter((hook) => hook.event === 'sms:received')
        .map((hook) => this.deliverWebhook(hook, { id: randomBytes(16).toString('base64url').slice(0, 21), webhookId: hook.id, event: hook.event, deviceId: this.deviceId, payload })),
    );
    return messageId;
  }

  /**
   * The phone downloads an MMS (issue 40; APP : modules/receiver/MmsContentReader.kt `read`,
   * ReceiverService.kt `InboxMessage.MMS` → `WebHookEvent.MmsDownloaded`,
   * webhooks/payload/MmsDownloadedPayload.kt): its `text/plain` parts joined with "\n" are `body`
   * (null if none), `application/smil` is skipped, every other part is an attachment with its
   * `content://mms/part` row id (`partId`, a number), `contentType`, `name` (name, else file name,
   * else content location), `size` and the whole part in base64 (`data`, null when empty). The
   * `messageId` is the MMS inbox row id as text. One POST per `mms:downloaded` hook, retried as any.
   */
  async receiveMms(mms: {
    mmsId: number;
    sender: string;
    subject?: string | null;
    parts: Array<{ contentType: string; name?: string | null; data: Buffer }>;
    simNumber?: number | null;
    recipient?: string | null;
    receivedAt?: Date;
  }): Promise<string> {
    const receivedAt = mms.receivedAt ?? new Date();
    const text = mms.parts.filter((part) => part.contentType.toLowerCase() === 'text/plain').map((part) => part.data.toString('utf8'));
    const attachments = mms.parts
      .map((part, i) => ({ part, partId: mms.mmsId * 100 + i }))
      .filter(({ part }) => !['text/plain', 'application/smil'].includes(part.contentType.toLowerCase()))
      .map(({ part, partId }) => ({
        partId,
        contentType: part.contentType,
        ...(part.name != null ? { name: part.name } : {}),
        size: part.data.length,
        ...(part.data.length > 0 ? { data: part.data.toString('base64') } : {}),
      }));
    const messageId = String(mms.mmsId);
    // Gson leaves out nulls.
    const payload = {
      messageId,
      sender: mms.sender,
      ...(mms.recipient != null ? { recipient: mms.recipient } : {}),
      ...(mms.simNumber != null ? { simNumber: mms.simNumber } : {}),
      phoneNumber: mms.sender,
      ...(text.length > 0 ? { body: text.join('\n') } : {}),
      ...(mms.subject != null ? { subject: mms.subject } : {}),
      attachments,
      receivedAt: receivedAt.toISOString(),
    };
    await Promise.all(
      this.hooks
        .filter((hook) => hook.event === 'mms:downloaded')
        .map((hook) => this.deliverWebhook(hook, { id: randomBytes(16).toString('base64url').slice(0, 21), webhookId: hook.id, event: hook.event, deviceId: this.deviceId, payload })),
    );
    return messageId;
  }

  /** An SMS that reached Android's inbox while the app was not processing (it was off): only an export sends it. */
  smsWhileAppOff(sms: { sender: string; text: string; simNumber?: number | null; receivedAt: Date }) {
    this.inbox.push(sms);
  }

  /**
   * MessagesExportRequested (receiver/events/MessagesExportRequestedEvent.kt, ReceiverService.export):
   * the inbox between `since` and `until` goes through the receive path again, webhooks unless
   * `triggerWebhooks` is false; what was processed before is skipped there.
   */
  private exportInbox(data: string) {
    const request = JSON.parse(data) as { since: string; until: string; triggerWebhooks?: string | boolean };
    const [since, until] = [Date.parse(request.since), Date.parse(request.until)];
    if (String(request.triggerWebhooks ?? 'true') === 'false') return;
    for (const sms of this.inbox.filter((kept) => kept.receivedAt.getTime() >= since && kept.receivedAt.getTime() <= until)) void this.receiveSms(sms);
  }

  /** The signed POST of one webhook event, retried after 5 s·2^k (WebhookQueueProcessorWorker), the same body each time. */
  private async deliverWebhook(hook: AppWebhook, dto: { id: string; webhookId: string; event: string; deviceId: string; payload: { messageId: string } }) {
    const body = JSON.stringify(dto);
    for (let attempt = 0; attempt < this.retryCount && !this.stopped; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, (this.options.webhookBackoffMs ?? 5000) * 2 ** (attempt - 1)));
      let status = 0;
      try {
        // Signed at each send: the timestamp is the send's own (PayloadSingingPlugin).
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = createHmac('sha256', Buffer.from(this.signingKey, 'utf8')).update(body + timestamp).digest('hex');
        const response = await appRequest({ ...this.options, apiUrl: hook.url }, 'POST', '', { body, headers: { 'X-Timestamp': timestamp, 'X-Signature': signature } });
        status = response.status;
        if (status >= 200 && status < 300 && this.lostAnswers < (this.options.loseWebhookAnswers ?? 0)) {
          this.lostAnswers += 1;
          status = 0;
        }
      } catch {}
      this.emit({ type: 'webhook-sent', at: Date.now(), eventId: dto.id, event: dto.event, messageId: dto.payload.messageId, status, attempt: attempt + 1 });
      if (status >= 200 && status < 300) {
        this.emit({ type: 'webhook-done', at: Date.now(), eventId: dto.id, messageId: dto.payload.messageId, delivered: true });
        return;
      }
    }
    this.emit({ type: 'webhook-done', at: Date.now(), eventId: dto.id, messageId: dto.payload.messageId, delivered: false });
  }

  /** A call with the device token, as every call after registration is made. */
  call(method: string, path: string, body?: unknown): Promise<Response> {
    if (this.stopped) return Promise.reject(new Error('the app was stopped'));
    return appRequest(this.options, method, path, { authorization: `Bearer ${this.token}`, body, agent: this.agent }).then((response) => {
      if (response.status >= 300) this.emit({ type: 'request-failed', at: Date.now(), method, path, status: response.status, body: response.body });
      return response;
    });
  }

  /** Resolves with the first event (past or future) of that type that matches. */
  waitFor<T extends EmulatorEvent['type']>(type: T, match: (event: Extract<EmulatorEvent, { type: T }>) => boolean = () => true): Promise<Extract<EmulatorEvent, { type: T }>> {
    const check = (event: EmulatorEvent) => event.type === type && match(event as Extract<EmulatorEvent, { type: T }>);
    const found = this.events.find(check);
    if (found) return Promise.resolve(found as Extract<EmulatorEvent, { type: T }>);
    if (this.stopped) return Promise.reject(new Error(`the app was stopped before ${type}`));
    return new Promise((resolve, reject) => this.waiters.push({ check, resolve: resolve as (event: EmulatorEvent) => void, reject }));
  }

  /** The states reported for a message, in order, with the server's answer status. */
  reported(id: string) {
    return this.events.filter((event): event is Extract<EmulatorEvent, { type: 'reported' }> => event.type === 'reported' && event.id === id);
  }

  /** The app is killed: the stream is cut, nothing more is sent or reported. */
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    for (const stream of this.streams) stream.destroy();
    this.streams.clear();
    this.agent.destroy();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('the app was stopped'));
  }

  private emit(event: EmulatorEvent) {
    this.events.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.check(event)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  }

  // --- The events stream (APP : SSEManager, SSEForegroundService) ---

  /** A network change: one open stream breaks; the app reconnects it after its delay. */
  dropStream() {
    const [stream] = this.streams;
    stream?.destroy();
  }

  /** Opens one more events stream, as the service started a second time (boot receiver and app). */
  openStream() {
    if (this.stopped) return;
    const url = new URL(`${this.options.apiUrl.replace(/\/+$/, '')}/events`);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      ...(url.protocol === 'https:' && this.options.ca ? { ca: this.options.ca } : {}),
      headers: {
        'user-agent': `me.capcom.smsgateway/${this.options.version ?? DEFAULT_APP_VERSION}`,
        accept: 'text/event-stream',
        authorization: `Bearer ${this.token}`,
      },
    });
    this.streams.add(request);
    let closed = false;
    const closedWith = (status?: number) => {
      if (closed) return;
      closed = true;
      this.streams.delete(request);
      this.emit({ type: 'stream-closed', at: Date.now(), ...(status !== undefined ? { status } : {}) });
      this.scheduleReconnect();
    };
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        response.on('end', () => closedWith(response.statusCode));
        response.on('error', () => closedWith(response.statusCode));
        return;
      }
      this.streamFailures = 0;
      this.emit({ type: 'stream-open', at: Date.now() });
      // On every (re)connect the app pulls, so events missed while away are recovered.
      void this.pull('connect');
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          this.onStreamBlock(block);
        }
      });
      response.on('end', () => closedWith());
      response.on('error', () => closedWith());
      response.on('close', () => closedWith());
    });
    request.on('error', () => closedWith());
    request.end();
  }

  private onStreamBlock(block: string) {
    let name: string | undefined;
    const data: string[] = [];
    let comment = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comment = true;
      else if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (!name && data.length === 0) {
      if (comment) this.emit({ type: 'keepalive', at: Date.now() });
      return;
    }
    const event = name || 'MessageEnqueued';
    this.emit({ type: 'event', at: Date.now(), name: event, data: data.length > 0 ? data.join('\n') : null });
    if (event === 'MessageEnqueued') void this.pull('event');
    else if (event === 'MessageCancelled') this.cancel(data.join('\n'));
    // WebhooksUpdated / SettingsUpdated re-fetch their lists; unknown names are only logged.
    else if (event === 'MessagesExportRequested') this.exportInbox(data.join('\n'));
    else if (event === 'WebhooksUpdated') void this.syncWebhooks().catch(() => {});
    else if (event === 'SettingsUpdated') void this.importSettings().catch(() => {});
  }

  /** MessageCancelled `{messageId}`: MessagesService.cancelMessage, which cancels only a Pending message. */
  private cancel(data: string) {
    let id: unknown;
    try {
      id = (JSON.parse(data) as { messageId?: unknown } | null)?.messageId;
    } catch {}
    const known = typeof id === 'string' ? this.local.get(id) : undefined;
    if (known?.state === 'Pending') this.changeState(known, 'Cancelled');
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    this.streamFailures += 1;
    const base = this.options.reconnectMs ?? 5000;
    // The app waits 5 s, 30 s after more than 5 failures and 60 s after more than 10.
    const delay = this.streamFailures > 10 ? base * 12 : this.streamFailures > 5 ? base * 6 : base;
    this.reconnectTimer = setTimeout(() => this.openStream(), delay);
  }

  // --- Pulling and processing (APP : GatewayService.processMessage) ---

  /** Pulls pending messages; pulls asked for during one run once more after it. */
  pull(reason: 'connect' | 'event' | 'manual' = 'manual'): Promise<void> {
    if (this.pulling !== undefined) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.pullAgain = false;
          const response = await this.call('GET', `/message?order=${this.options.order ?? 'lifo'}`);
          if (response.status !== 200 || !Array.isArray(response.body)) continue;
          const messages = response.body as ServerMessage[];
          this.emit({ type: 'pulled', at: Date.now(), ids: messages.map((message) => message.id), reason });
          for (const message of messages) this.process(message);
        } while (this.pullAgain && !this.stopped);
      } catch {
        // A failed pull waits for the next event or reconnect, as the app does.
      } finally {
        this.pulling = undefined;
      }
    })();
    return this.pulling;
  }

  private process(message: ServerMessage) {
    const known = this.local.get(message.id);
    if (message.state === 'Cancelling') {
      // An unknown id is answered Cancelled for every recipient (on every pull: it keeps no
      // record of it); a Pending one is cancelled; any other state is left as it is.
      if (!known) this.report(this.newLocal(message, 'Cancelled'));
      else if (known.state === 'Pending') this.changeState(known, 'Cancelled');
      return;
    }
    if (message.state !== undefined && message.state !== null && message.state !== 'Pending') return;
    if (known) {
      // Already held: never sent again, its current state is reported again.
      this.report(known);
      return;
    }
    // Queued locally and on disk; nothing is reported until it is handed to SmsManager.
    const local = this.newLocal(message, 'Pending');
    this.local.set(message.id, local);
    this.emit({
      type: 'received',
      at: Date.now(),
      id: message.id,
      text: local.text,
      phoneNumbers: local.phoneNumbers,
      validUntil: message.validUntil ?? null,
      simNumber: message.simNumber ?? null,
      // A byte, 0 when absent (the app's Message.priority default).
      priority: message.priority ?? 0,
      scheduleAt: message.scheduleAt ?? null,
    });
    // A message scheduled for later waits in the local queue, which picks only rows whose
    // scheduleAt has come (the app's MessagesDao.kt); the others go on meanwhile.
    const wait = message.scheduleAt ? new Date(message.scheduleAt).getTime() - Date.now() : 0;
    if (wait > 0) setTimeout(() => (this.sending = this.sending.then(() => this.send(local))), wait).unref();
    else this.sending = this.sending.then(() => this.send(local));
  }

  private newLocal(message: ServerMessage, state: AppState): LocalMessage {
    const at = new Date().toISOString();
    return {
      id: message.id,
      state,
      isEncrypted: message.isEncrypted === true,
      text: message.textMessage?.text ?? message.message ?? null,
      phoneNumbers: [...message.phoneNumbers],
      withDeliveryReport: message.withDeliveryReport ?? true,
      validUntil: message.validUntil ?? null,
      recipients: message.phoneNumbers.map((phoneNumber) => ({ phoneNumber, state })),
      states: { [state]: at },
    };
  }

  private async send(local: LocalMessage) {
    if (this.options.holdMs) await new Promise((resolve) => setTimeout(resolve, this.options.holdMs));
    const { validUntil } = local;
    // Cancelled while it waited, or the app was killed (a restart sends what is still Pending).
    if (this.stopped || local.state !== 'Pending' || this.options.holdSending) return;
    if (validUntil && new Date(validUntil).getTime() <= Date.now()) {
      local.recipients = local.recipients.map((recipient) => ({ ...recipient, state: 'Failed', error: 'TTL expired' }));
      this.changeState(local, 'Failed');
      return;
    }
    if (local.isEncrypted) {
      // The text and each number are decrypted just before sending; a failure fails the message
      // (APP : MessagesService.kt, sendMessage → EncryptionService.decrypt). Reports keep the numbers as given.
      try {
        const passphrase = this.options.passphrase ?? '';
        if (!passphrase) throw new Error('Passphrase is not set');
        const text = decryptAsTheApp(passphrase, local.text ?? '');
        const phoneNumbers = local.phoneNumbers.map((number) => decryptAsTheApp(passphrase, number));
        this.emit({ type: 'decrypted', at: Date.now(), id: local.id, text, phoneNumbers });
      } catch (error) {
        local.recipients = local.recipients.map((recipient) => ({ ...recipient, state: 'Failed', error: (error as Error).message }));
        this.changeState(local, 'Failed');
        return;
      }
    }
    // Handed to SmsManager: the first report.
    this.changeState(local, 'Processed');
    this.emit({ type: 'sending', at: Date.now(), id: local.id });
    const failing = new Set(this.options.failNumbers ?? []);
    local.recipients = local.recipients.map((recipient) =>
      failing.has(recipient.phoneNumber)
        ? { ...recipient, state: 'Failed', error: this.options.failError ?? 'RESULT_ERROR_GENERIC_FAILURE' }
        : { ...recipient, state: 'Sent' },
    );
    if (local.recipients.every((recipient) => recipient.state === 'Failed')) {
      this.changeState(local, 'Failed');
      return;
    }
    this.changeState(local, 'Sent');
    if (!local.withDeliveryReport) return;
    local.recipients = local.recipients.map((recipient) => (recipient.state === 'Sent' ? { ...recipient, state: 'Delivered' } : recipient));
    this.changeState(local, local.recipients.some((recipient) => recipient.state === 'Failed') ? 'Failed' : 'Delivered');
  }

  private changeState(local: LocalMessage, state: AppState) {
    local.state = state;
    local.states[state] = new Date().toISOString();
    if (state === 'Cancelled') local.recipients = local.recipients.map((recipient) => ({ ...recipient, state }));
    this.report(local);
  }

  /** One PATCH <base>/message per state change, one element, retried with backoff (up to 10 tries). */
  private report(local: LocalMessage) {
    const snapshot = {
      id: local.id,
      state: local.state,
      recipients: local.recipients.map((recipient) => ({ ...recipient })),
      states: { ...local.states },
    };
    this.reports = this.reports.then(async () => {
      for (let attempt = 1; attempt <= 10 && !this.stopped; attempt++) {
        try {
          const response = await this.call('PATCH', '/message', [snapshot]);
          this.emit({ type: 'reported', at: Date.now(), id: snapshot.id, state: snapshot.state, status: response.status });
          if (response.status < 300 || response.status === 401 || (response.status >= 400 && response.status < 500)) return;
        } catch {
          if (this.stopped) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    });
  }
}
