import { subscribe } from 'node:diagnostics_channel';
import { isIP, type Socket } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { addressProblem, hostOf, isPublicAddress, metadataProblem, noMetadataLookup, publicOnlyLookup } from './url-safety.ts';

export const USER_AGENT = 'Yarrow-Webhooks/1.0';
export const EXCERPT_BYTES = 2048;

export interface PostResult {
  /** Any 2xx within the timeout. */
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  /** The start of the response body; null when there was none or it came from a non-public address. */
  responseExcerpt: string | null;
  error: string | null;
  /** Seconds the receiver asked us to wait (Retry-After on 429 and 503). */
  retryAfterSeconds: number | null;
}

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The account may send to private addresses (`privateWebhookUrlsAllowed`). */
  allowPrivate: boolean;
}

/** Retry-After as seconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT_YARROW', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.code && TIMEOUT_CODES.has(error.code)) return `No response within ${timeoutMs / 1000} s.`;
  if (error.code === 'EPRIVATEADDRESS') return `Refused: ${error.message}.`;
  if (error.code === 'ECONNREFUSED') return 'Connection refused.';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'Host not found.';
  if (error.code === 'ECONNRESET' || error.code === 'UND_ERR_SOCKET') return 'Connection reset by the receiver.';
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

// undici's pools (one per origin, in an Agent): connections to receivers are kept and reused (a
// new TCP and TLS handshake per delivery costs more than the delivery), and undici's client costs
// less CPU per request than `node:http`'s (docs/performance.md#webhook-worker). The sockets are opened
// with the refusing lookups of url-safety.ts, so a reused connection goes to an address that was
// checked when it opened (an IP literal has no lookup: postWebhook checks it first). Idle ones
// close after 4 s (or sooner if the receiver's Keep-Alive says so), before the common 5 s server
// keep-alive timeout would race a reuse. The number of connections per origin is not capped, as
// `node:http`'s agents did not: a cap would queue deliveries inside the client, against their
// timeout. Accounts that may reach private addresses get an agent of their own: a socket one of
// them opened to a private address must never be reused for a request that may only go to public
// ones. undici's own connect timeout (10 s) bounds a connection that never opens.
const agentOptions = { keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 };
const publicOnlyAgent = new Agent({ ...agentOptions, connect: { lookup: publicOnlyLookup as never } });
const privateAllowedAgent = new Agent({ ...agentOptions, connect: { lookup: noMetadataLookup as never } });

// The connection each request was written to: undici does not hand its socket to a request, but
// announces each request it writes, with its socket, on this diagnostics channel, synchronously
// after the handler's `onConnect` (the announced request's `abort` is the one `onConnect`
// received). The socket gives the address a request of an account allowed private URLs reached,
// for the "no body from a private receiver" rule (a public-only request's agent connects only to
// public addresses), and is what is closed when a response is not read to its end: undici's own
// abort of a request whose response started leaves it queued on its client, which then opens a
// connection only to find it aborted.
const writing = new WeakMap<object, Exchange>();
subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: { abort?: object }; socket: Socket };
  const exchange = request.abort && writing.get(request.abort);
  if (exchange) exchange.socket = socket;
});

// Whether each kept-alive connection reached a public address, looked up once per connection.
const publicSockets = new WeakMap<Socket, boolean>();
function reachedPublicAddress(socket: Socket | undefined): boolean {
  // Not known (never happens): treated as private.
  if (!socket) return false;
  let isPublic = publicSockets.get(socket);
  if (isPublic === undefined) {
    const remote = socket.remoteAddress;
    if (remote === undefined) return false;
    isPublic = isPublicAddress(remote);
    publicSockets.set(socket, isPublic);
  }
  return isPublic;
}

/** One POST as undici's (legacy, `abort`-passing) dispatch handler: status, Retry-After and up to 2 KiB of body. */
class Exchange implements Dispatcher.DispatchHandler {
  private settled = false;
  private status: number | null = null;
  private retryAfter: number | null = null;
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private abort: ((error?: Error) => void) | undefined;
  private readonly timer: NodeJS.Timeout;
  /** The connection it was written to (see `writing`). */
  socket: Socket | undefined;

  private readonly request: PostRequest;
  private readonly started: number;
  private readonly resolve: (result: PostResult) => void;

  constructor(request: PostRequest, started: number, resolve: (result: PostResult) => void) {
    this.request = request;
    this.started = started;
    this.resolve = resolve;
    this.timer = setTimeout(() => this.finish(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT_YARROW' })), request.timeoutMs);
  }

  onConnect(abort: (error?: Error) => void) {
    // Timed out while waiting for a connection: not sent at all.
    if (this.settled) return abort(new Error('timed out before it was sent'));
    this.abort = abort;
    writing.set(abort, this);
  }

  onHeaders(statusCode: number, headers: Buffer[]) {
    this.status = statusCode;
    if (statusCode === 429 || statusCode === 503) {
      for (let i = 0; i < headers.length; i += 2) {
        if (headers[i]!.toString('latin1').toLowerCase() === 'retry-after') this.retryAfter = parseRetryAfter(headers[i + 1]!.toString('latin1'));
      }
    }
    return true;
  }

  onData(chunk: Buffer) {
    if (this.received < EXCERPT_BYTES) {
      this.chunks.push(chunk);
      this.received += chunk.length;
      // The rest is not read: the connection is closed rather than drained.
      if (this.received >= EXCERPT_BYTES) this.finish(null);
    }
    return true;
  }

  onComplete() {
    // undici frees the connection for the next request one turn of the event loop after the
    // response ended (its own setImmediate, queued after this call): a caller that sends the next
    // delivery as soon as this one resolves would find it busy and open another. So the result is
    // handed over two turns later, its duration taken now.
    const durationMs = Math.round(performance.now() - this.started);
    setImmediate(() => setImmediate(() => this.finish(null, true, durationMs)));
  }

  onError(error: Error) {
    this.finish(error, true);
  }

  /** `closed`: undici is done with the request (read to its end, or failed), nothing to abort. */
  private finish(error: NodeJS.ErrnoException | null, closed = false, durationMs = Math.round(performance.now() - this.started)) {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const privateReceiver = this.request.allowPrivate && !reachedPublicAddress(this.socket);
    const excerpt = this.chunks.length > 0 && !privateReceiver ? new TextDecoder().decode(Buffer.concat(this.chunks).subarray(0, EXCERPT_BYTES)) : null;
    // A status that arrived counts even if reading the excerpt was cut short.
    const status = this.status;
    const answered = status !== null;
    this.resolve({
      ok: answered && status >= 200 && status < 300,
      httpStatus: status,
      durationMs,
      responseExcerpt: excerpt,
      error: answered ? null : describe(error ?? new Error('No response.'), this.request.timeoutMs),
      retryAfterSeconds: this.retryAfter,
    });
    if (closed) return;
    // The socket's close fails the request on its client, which then forgets it.
    if (this.socket) this.socket.destroy();
    else this.abort?.(new Error('response not read further'));
  }
}

/**
 * POSTs one webhook and reports what happened; never throws. No redirects are followed (a 3xx is
 * a failure), the response body is read up to 2 KiB, and the whole exchange must answer within
 * `timeoutMs`. Unless `allowPrivate`, every address the host is or resolves to must be public,
 * and the connection goes to an address that was checked. A response from a non-public address
 * keeps its status and duration but not its body, so webhooks cannot read internal services.
 */
export function postWebhook(request: PostRequest): Promise<PostResult> {
  const started = performance.now();
  const url = new URL(request.url);
  const host = hostOf(url);
  // An IP literal is connected to without a lookup: it is checked here.
  const literalProblem = isIP(host) ? (request.allowPrivate ? metadataProblem : addressProblem)(host) : undefined;
  if (literalProblem) {
    return Promise.resolve({
      ok: false,
      httpStatus: null,
      durationMs: 0,
      responseExcerpt: null,
      error: `Refused: ${literalProblem}.`,
      retryAfterSeconds: null,
    });
  }
  return new Promise((resolve) => {
    const exchange = new Exchange(request, started, resolve);
    try {
      (request.allowPrivate ? privateAllowedAgent : publicOnlyAgent).dispatch(
        {
          origin: url.origin,
          path: url.pathname + url.search,
          method: 'POST',
          headers: request.headers,
          body: request.body,
          headersTimeout: request.timeoutMs,
          bodyTimeout: request.timeoutMs,
        },
        exchange,
      );
    } catch (error) {
      exchange.onError(error as Error);
    }
  });
}
