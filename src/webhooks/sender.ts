import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
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

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.code === 'ETIMEDOUT_YARROW') return `No response within ${timeoutMs / 1000} s.`;
  if (error.code === 'EPRIVATEADDRESS') return `Refused: ${error.message}.`;
  if (error.code === 'ECONNREFUSED') return 'Connection refused.';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'Host not found.';
  if (error.code === 'ECONNRESET') return 'Connection reset by the receiver.';
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

// Connections to receivers are kept and reused (a new TCP and TLS handshake per delivery costs
// more than the delivery). A reused socket goes to the address that was checked when it opened.
// Idle ones close after 4 s, before the common 5 s server keep-alive timeout would race a reuse.
// Up to 256 idle ones per receiver (Node's default) are kept: with 64, a burst to one endpoint
// closed every socket past the 64th as it came free and opened new ones for the next requests.
// Accounts that may reach private addresses get agents of their own: a socket one of them opened
// to a private address must never be reused for a request that may only go to public ones.
const agentOptions = { keepAlive: true, timeout: 4_000, maxFreeSockets: 256 };
const publicOnlyAgents = {
  'http:': new http.Agent({ ...agentOptions, lookup: publicOnlyLookup as never }),
  'https:': new https.Agent({ ...agentOptions, lookup: publicOnlyLookup as never }),
};
const privateAllowedAgents = {
  'http:': new http.Agent({ ...agentOptions, lookup: noMetadataLookup as never }),
  'https:': new https.Agent({ ...agentOptions, lookup: noMetadataLookup as never }),
};

/**
 * POSTs one webhook and reports what happened; never throws. No redirects are followed (a 3xx is
 * a failure), the response body is read up to 2 KiB, and the whole exchange must answer within
 * `timeoutMs`. Unless `allowPrivate`, every address the host is or resolves to must be public,
 * and the connection goes to an address that was checked. A response from a non-public address
 * keeps its status and duration but not its body, so webhooks cannot read internal services.
 */
export function postWebhook(request: PostRequest): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const host = hostOf(url);
  // Node connects to an IP literal without a lookup: it is checked here.
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
    let settled = false;
    let status: number | null = null;
    let retryAfter: number | null = null;
    let privateReceiver = false;
    const chunks: Buffer[] = [];
    let received = 0;

    /** `ended`: the whole response was read, so its connection can serve the next request. */
    const finish = (error: NodeJS.ErrnoException | null, ended = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const excerpt =
        chunks.length > 0 && !privateReceiver ? new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES)) : null;
      // A status that arrived counts even if reading the excerpt was cut short.
      const answered = status !== null;
      resolve({
        ok: answered && status! >= 200 && status! < 300,
        httpStatus: status,
        durationMs: elapsed(),
        responseExcerpt: excerpt,
        error: answered ? null : describe(error ?? new Error('No response.'), request.timeoutMs),
        retryAfterSeconds: retryAfter,
      });
      if (!ended) outgoing.destroy();
    };

    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
        agent: (request.allowPrivate ? privateAllowedAgents : publicOnlyAgents)[url.protocol as 'http:' | 'https:'],
      },
      (response) => {
        status = response.statusCode ?? null;
        const remote = response.socket.remoteAddress;
        privateReceiver = remote === undefined || !isPublicAddress(remote);
        if (status === 429 || status === 503) retryAfter = parseRetryAfter(response.headers['retry-after']);
        response.on('data', (chunk: Buffer) => {
          if (received >= EXCERPT_BYTES) return;
          chunks.push(chunk);
          received += chunk.length;
          if (received >= EXCERPT_BYTES) finish(null);
        });
        response.on('end', () => finish(null, true));
        response.on('error', (error) => finish(error));
        response.on('close', () => finish(null));
      },
    );
    const timer = setTimeout(() => {
      finish(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT_YARROW' }));
    }, request.timeoutMs);
    outgoing.on('error', (error) => finish(error));
    outgoing.end(request.body);
  });
}
