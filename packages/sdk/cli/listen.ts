// `yarrow listen`: follows the account's live event feed (the `eventCreated` subscription over
// graphql-ws) and forwards each event to a local URL, signed exactly like a real delivery
// (`webhookRequestHeaders`) with a secret made for this session.
import { createClient } from 'graphql-ws';
import { graphql } from '../generated/gql/index.ts';
import { newSigningSecret, webhookRequestHeaders } from '../webhooks.ts';
import { CliError, type Connection, checkServer, rest } from './api.ts';

const ListenEvents = graphql(`
  subscription ListenEvents($types: [String!]) {
    eventCreated(types: $types) {
      id
      type
      payload
    }
  }
`);

const USER_AGENT = 'Yarrow-CLI/1.0';
/** As long as the delivery worker waits by default (WEBHOOK_TIMEOUT_SECONDS). */
const FORWARD_TIMEOUT_MS = 10_000;

export interface ListenOptions extends Connection {
  forwardTo: string;
  /** Only these event names; empty: every event. */
  events: string[];
  /** Where progress goes (stdout); errors go to `error`. */
  print: (line: string) => void;
  error: (line: string) => void;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as the server's own timestamps. */
function clock(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Why a forward got no HTTP answer, in words. */
function forwardFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${FORWARD_TIMEOUT_MS / 1000} s`;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused: is your server listening?';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'host not found';
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/**
 * Runs until `stopped` resolves (Ctrl-C), then closes the socket and resolves. Rejects with a
 * CliError when the key is refused or the server cannot be reached at the start; a connection lost
 * later is retried (and said so), and a receiver that fails is reported per event.
 */
export async function listen(options: ListenOptions, stopped: Promise<void>): Promise<void> {
  let forwardUrl: URL;
  try {
    forwardUrl = new URL(options.forwardTo);
  } catch {
    throw new CliError(`--forward-to must be a URL such as http://localhost:3000/webhooks (got "${options.forwardTo}").`);
  }
  if (forwardUrl.protocol !== 'http:' && forwardUrl.protocol !== 'https:') throw new CliError('--forward-to must be an http:// or https:// URL.');
  // The server, the key and the event names first, over REST, before anything is printed: a wrong
  // address, a refused key, a server that is down or an unknown event name is one line.
  await checkServer(options);
  await rest(options, 'GET', '/api/v1/events?limit=1');
  for (const name of options.events) {
    await rest(options, 'GET', `/api/v1/events?limit=1&type=${encodeURIComponent(name)}`).catch((error: unknown) => {
      throw error instanceof CliError ? new CliError(`--events: "${name}" is not an event name (${error.message}).`) : error;
    });
  }
  // Node 20 has no global WebSocket (22 has): the ws package stands in where it is missing.
  const webSocketImpl = globalThis.WebSocket ?? (await import('ws')).WebSocket;

  const secret = newSigningSecret();
  const abort = new AbortController();
  let sequence = 0;
  // X-YarrowPay-Delivery is an integer receivers deduplicate on: numbers of this session that no
  // earlier session (and, in practice, no real delivery) used.
  const deliveryBase = Date.now() * 1000;
  let everConnected = false;
  let lost = false;
  let failure: Error | undefined;
  let fail: () => void = () => {};
  const failed = new Promise<void>((resolve) => {
    fail = resolve;
  });

  let forwarding = Promise.resolve();
  const forward = async (event: { id: string; type: string; payload: Record<string, unknown> }) => {
    const body = JSON.stringify(event.payload);
    const headers = { 'User-Agent': USER_AGENT, ...webhookRequestHeaders([secret], { eventType: event.type, deliveryId: String(deliveryBase + ++sequence), body }) };
    const started = performance.now();
    const took = () => `${Math.round(performance.now() - started)} ms`;
    try {
      const response = await fetch(forwardUrl, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      options.print(`${clock()}  ${event.type}  ${event.id}  → ${response.status} ${response.statusText} (${took()})`);
    } catch (error) {
      if (abort.signal.aborted) return;
      options.print(`${clock()}  ${event.type}  ${event.id}  → failed: ${forwardFailure(error)} (${took()})`);
    }
  };

  const wsUrl = `${options.baseUrl.replace(/^http/, 'ws')}/graphql`;
  const client = createClient({
    url: wsUrl,
    webSocketImpl,
    connectionParams: { authorization: `Bearer ${options.apiKey}` },
    lazy: true,
    // Once connected, a lost connection is retried for as long as the CLI runs.
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => everConnected && !abort.signal.aborted,
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** retries, 10_000))),
    on: {
      connected: () => {
        if (!everConnected) {
          options.print(`Ready! Forwarding ${options.events.length ? options.events.join(', ') : 'every event'} to ${forwardUrl.href}`);
          options.print(`Your webhook signing secret is ${secret} (Ctrl-C to quit)`);
        } else if (lost) {
          options.print(`${clock()}  Reconnected to ${options.baseUrl}; events recorded while away were not forwarded (see GET /api/v1/events).`);
        }
        everConnected = true;
        lost = false;
      },
      closed: () => {
        if (abort.signal.aborted) return;
        if (!everConnected) {
          failure ??= new CliError(`Cannot open the live feed at ${wsUrl}. Is the server running? Pass its address with --base-url.`);
          fail();
        } else if (!lost) {
          lost = true;
          options.error(`${clock()}  Lost the connection to ${options.baseUrl}; reconnecting…`);
        }
      },
    },
  });

  const dispose = client.subscribe<{ eventCreated: { id: string; type: string; payload: Record<string, unknown> } }>(
    { query: String(ListenEvents), variables: { types: options.events.length ? options.events : null } },
    {
      next: (result) => {
        if (result.errors?.length) {
          options.error(`${clock()}  ${result.errors.map((error) => error.message).join('; ')}`);
          return;
        }
        // One forward at a time, in the feed's order: lines read in order and a burst of events
        // never opens more than one request to the receiver.
        const event = result.data?.eventCreated;
        if (event) forwarding = forwarding.then(() => forward(event));
      },
      error: (error) => {
        failure ??= new CliError(subscriptionRefusal(error));
        fail();
      },
      complete: () => {
        if (!abort.signal.aborted) {
          failure ??= new CliError('The server ended the live feed (the key was revoked?).');
          fail();
        }
      },
    },
  );

  await Promise.race([stopped, failed]);
  abort.abort();
  dispose();
  await client.dispose();
  if (failure) throw failure;
}

/** The server's reason for refusing the subscription, readable. */
function subscriptionRefusal(error: unknown): string {
  if (Array.isArray(error)) {
    const errors = error as Array<{ message: string; extensions?: { code?: string; param?: string } }>;
    return errors.map((entry) => `${entry.extensions?.code ?? 'error'}: ${entry.message}${entry.extensions?.param ? ` (${entry.extensions.param})` : ''}`).join('; ');
  }
  if (error && typeof error === 'object' && 'code' in error && 'reason' in error) {
    return `The server closed the live feed (${(error as { code: number }).code} ${(error as { reason: string }).reason}).`;
  }
  return error instanceof Error ? error.message : String(error);
}
