import { setMaxListeners } from 'node:events';
import pg from 'pg';
import { Prisma } from '../generated/prisma/client.ts';
import type { DbClient } from './db.ts';
import type { Logger } from './logger.ts';

/** The one PostgreSQL channel every status change travels on, between all Yarrow processes. */
export const EVENTS_CHANNEL = 'yarrow_events';
// PostgreSQL rejects NOTIFY payloads of 8000 bytes or more; events carry ids and states, not documents.
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Topics and their payloads. A topic with an id is addressed as `topic:id` (yoga's convention).
 * Each domain declares its topics in its `module.ts` (`topics: { name: liveTopic<Id, Payload>() }`)
 * and `src/modules.ts` merges them in here; the core's own topic is below.
 */
export interface Topics {
  /**
   * A key was revoked, or a panel session signed out (keyId `session:…`): every gateway drops it
   * from its authentication cache and ends its open subscriptions.
   */
  apiKeyRevoked: [scope: 'all', payload: { keyId: string }];
}

type Routed<T extends keyof Topics> = Topics[T] extends [infer Id, infer Payload] ? [id: Id, payload: Payload] : never;

function encode(topic: string, payload: unknown): string {
  const text = JSON.stringify({ topic, payload });
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`event ${topic} is too large for NOTIFY`);
  return text;
}

/**
 * Publishes an event to subscribers in every gateway process. Given a transaction, the event is
 * sent only if and when it commits, so subscribers never see a change that did not happen.
 */
export async function publish<T extends keyof Topics>(db: DbClient, topic: T, ...event: Routed<T>) {
  await publishAll(db, [liveEvent(topic, ...event)]);
}

/** An event ready to publish, for `publishAll`. */
export function liveEvent<T extends keyof Topics>(topic: T, ...[id, payload]: Routed<T>): string {
  return encode(`${topic}:${id}`, payload);
}

/** Publishes several events (from `liveEvent`) in one round trip, in order; as `publish` otherwise. */
export async function publishAll(db: DbClient, events: string[]) {
  if (events.length === 0) return;
  await db.$executeRaw(notifyQuery(events));
}

/**
 * The query `publishAll` runs, for a statement that publishes along with its own work (as a CTE:
 * `WITH …, notified AS (${notifyQuery(events)}) SELECT (SELECT count(*) FROM notified)`). On
 * another `channel` than the events channel, only a `PostgresEventTarget` of that channel hears it.
 */
export function notifyQuery(events: string[], channel = EVENTS_CHANNEL): Prisma.Sql {
  return Prisma.sql`SELECT pg_notify(${channel}, event) FROM unnest(${packed(events)}::text[]) WITH ORDINALITY AS e(event, n) ORDER BY n`;
}

/**
 * Events packed as JSON arrays into as few notifications as fit: every notification costs
 * PostgreSQL a queue entry and each listening gateway a wake-up, and one busy round of a worker
 * (a batch of status reports) publishes thousands of events.
 */
function packed(events: string[]): string[] {
  if (events.length === 1) return events;
  const notifications: string[] = [];
  let chunk: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const size = Buffer.byteLength(event) + 1;
    if (chunk.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      notifications.push(`[${chunk.join(',')}]`);
      chunk = [];
      bytes = 2;
    }
    chunk.push(event);
    bytes += size;
  }
  notifications.push(`[${chunk.join(',')}]`);
  return notifications;
}

/**
 * `publish` for many events of one topic in one statement, so a transaction that changes hundreds
 * of rows (a batch of them going back to a queue) does not spend a round trip on each.
 */
export async function publishMany<T extends keyof Topics>(db: DbClient, topic: T, events: Array<Routed<T>>) {
  if (events.length === 0) return;
  await publishAll(db, events.map(([id, payload]) => encode(`${topic}:${id}`, payload)));
}

/** One event of a notification: its topic and payload. */
interface Published {
  topic: string;
  payload: unknown;
}

function decodeJson(text: string): Published[] {
  const parsed = JSON.parse(text) as Published | Published[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * An EventTarget whose dispatches travel through PostgreSQL NOTIFY and whose listeners hear every
 * process's dispatches through LISTEN. It is the event target of the gateway's GraphQL pub/sub
 * (on `EVENTS_CHANNEL`); a process that needs only a few events hears them on a channel of their
 * own (`channel`) instead of parsing every status change.
 */
export class PostgresEventTarget extends EventTarget {
  #client?: pg.Client;
  #closed = false;
  #reconnectDelay = 100;
  #url: string;
  #logger: Logger;
  #publisher: pg.Pool;
  #channel: string;
  #decode: (payload: string) => Published[];

  /**
   * `decode` reads a notification's payload into its events: our own JSON by default; another
   * program's channel (pg-boss's wake-ups, whose payload is a queue name) is read its own way.
   */
  constructor(url: string, publisher: pg.Pool, logger: Logger, channel = EVENTS_CHANNEL, decode: (payload: string) => Published[] = decodeJson) {
    super();
    this.#channel = channel;
    this.#decode = decode;
    // One listener per live subscription: thousands are normal, not a leak.
    setMaxListeners(0, this);
    this.#url = url;
    this.#publisher = publisher;
    this.#logger = logger;
  }

  async start() {
    await this.#connect();
  }

  async #connect() {
    const client = new pg.Client({ connectionString: this.#url, application_name: 'yarrow-listen', keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel !== this.#channel || !message.payload) return;
      try {
        for (const { topic, payload } of this.#decode(message.payload)) {
          super.dispatchEvent(new CustomEvent(topic, { detail: payload }));
        }
      } catch (error) {
        this.#logger.warn({ err: error }, 'unreadable event notification');
      }
    });
    client.on('error', (error) => {
      this.#logger.warn({ err: error }, 'event listener connection lost');
      this.#scheduleReconnect(client);
    });
    client.on('end', () => this.#scheduleReconnect(client));
    await client.connect();
    await client.query(`LISTEN ${this.#channel}`);
    this.#client = client;
    this.#reconnectDelay = 100;
  }

  #scheduleReconnect(lost: pg.Client) {
    if (this.#closed || this.#client !== lost) return;
    this.#client = undefined;
    lost.removeAllListeners();
    lost.on('error', () => {});
    lost.end().catch(() => {});
    const delay = this.#reconnectDelay;
    this.#reconnectDelay = Math.min(delay * 2, 5_000);
    setTimeout(() => {
      if (this.#closed) return;
      this.#connect().catch((error) => {
        this.#logger.warn({ err: error, retryInMs: this.#reconnectDelay }, 'event listener reconnect failed');
        const placeholder = new pg.Client();
        this.#client = placeholder;
        this.#scheduleReconnect(placeholder);
      });
    }, delay).unref();
  }

  override dispatchEvent(event: Event): boolean {
    const detail = (event as CustomEvent).detail;
    this.#publisher
      .query('SELECT pg_notify($1, $2)', [this.#channel, encode(event.type, detail)])
      .catch((error) => this.#logger.error({ err: error, topic: event.type }, 'event publish failed'));
    return true;
  }

  async close() {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/**
 * What GraphQL subscriptions read: `subscribe(topic, id)` iterates the payloads of `topic:id` as
 * they arrive from any process; ending the iteration removes its listener.
 */
export function createGraphqlPubSub(target: EventTarget) {
  return {
    subscribe<T extends keyof Topics>(topic: T, id: Routed<T>[0]): AsyncIterableIterator<Routed<T>[1]> {
      return payloadsOf(target, `${topic}:${id}`);
    },
  };
}

// One change can wake thousands of subscriptions at once. They are woken in slices, one slice per
// turn of the event loop, so the first subscribers' messages are on the wire while the later ones
// are still being prepared, instead of every socket waiting for the whole fan-out.
const WAKE_SLICE = 256;
let wakeups: Array<() => void> = [];
function wake(resume: () => void) {
  wakeups.push(resume);
  if (wakeups.length === 1) setImmediate(wakeSlice);
}
function wakeSlice() {
  const slice = wakeups.slice(0, WAKE_SLICE);
  wakeups = wakeups.slice(WAKE_SLICE);
  if (wakeups.length > 0) setImmediate(wakeSlice);
  for (const resume of slice) resume();
}

// Our own because one change fans out to thousands of subscribers of one gateway, and both ready
// alternatives cost too much per subscriber there: a Repeater (graphql-yoga's pub/sub) in CPU
// time per event, Node's `events.on` in memory (two 2,048-slot queues per iterator).
function payloadsOf<T>(target: EventTarget, name: string): AsyncIterableIterator<T> {
  const queued: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | undefined;
  let ended = false;
  const listener = (event: Event) => {
    const value = (event as CustomEvent<T>).detail;
    if (!waiting) return void queued.push(value);
    const resolve = waiting;
    waiting = undefined;
    wake(() => resolve({ done: false, value }));
  };
  const end = () => {
    ended = true;
    queued.length = 0;
    target.removeEventListener(name, listener);
    waiting?.({ done: true, value: undefined });
    waiting = undefined;
  };
  target.addEventListener(name, listener);
  const iterator: AsyncIterableIterator<T> = {
    next: () => {
      if (queued.length > 0) return Promise.resolve({ done: false, value: queued.shift()! });
      if (ended) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: () => {
      end();
      return Promise.resolve({ done: true, value: undefined });
    },
    throw: (error: unknown) => {
      end();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

export type GraphqlPubSub = ReturnType<typeof createGraphqlPubSub>;
