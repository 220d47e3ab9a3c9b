import type { Server, Socket } from 'node:net';
import type { Config } from './config.ts';
import { YarrowError } from './errors.ts';

type Limits = Pick<Config, 'LIVE_CONNECTIONS_PER_ADDRESS' | 'LIVE_CONNECTIONS_MAX' | 'LIVE_STALLED_READER_SECONDS'>;

/** How often open live connections are checked for readers that stopped reading. */
const SWEEP_MS = 1000;

/**
 * The GraphQL WebSockets and SSE streams a gateway holds open (live connections), capped per
 * client address and in total before anything else is read from them, so one client (20,500
 * sockets from three addresses did) cannot use up the process's file descriptors: the rest stays
 * for HTTP requests, the phones' sockets (capped by the device gateway itself) and the database.
 *
 * Each connection is also watched for a reader that stopped reading: events for it pile up in the
 * gateway's memory while its socket cannot drain. One whose socket has not drained for
 * `LIVE_STALLED_READER_SECONDS` is closed.
 */
export function createLiveConnections(limits: Limits) {
  const perAddress = new Map<string, number>();
  let total = 0;
  const open = new Set<{ socket: Socket; close: () => void; stalledSince?: number }>();

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const watch of open) {
      if (!watch.socket.writableNeedDrain) {
        watch.stalledSince = undefined;
      } else if (watch.stalledSince === undefined) {
        watch.stalledSince = now;
      } else if (now - watch.stalledSince >= limits.LIVE_STALLED_READER_SECONDS * 1000) {
        open.delete(watch);
        watch.close();
      }
    }
  }, SWEEP_MS);
  sweep.unref();

  return {
    /**
     * Takes a place for a live connection from `address` on `socket`, or throws the refusal
     * (`rate_limited` over the address's cap, `service_unavailable` over the total). `close` ends
     * the connection when its reader stalls. The answer releases the place (call it once the
     * connection closed; later calls do nothing).
     */
    admit(address: string, socket: Socket, close: () => void): () => void {
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.LIVE_CONNECTIONS_PER_ADDRESS) {
        throw new YarrowError(
          'rate_limited',
          `This address already holds ${limits.LIVE_CONNECTIONS_PER_ADDRESS} open GraphQL WebSockets and event streams (LIVE_CONNECTIONS_PER_ADDRESS); close one first.`,
          { headers: { 'Retry-After': '10' } },
        );
      }
      if (total >= limits.LIVE_CONNECTIONS_MAX) {
        throw new YarrowError(
          'service_unavailable',
          `The gateway holds its most open GraphQL WebSockets and event streams (LIVE_CONNECTIONS_MAX, ${limits.LIVE_CONNECTIONS_MAX}); try again later.`,
          { headers: { 'Retry-After': '10' } },
        );
      }
      perAddress.set(address, mine + 1);
      total += 1;
      const watch = { socket, close };
      open.add(watch);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open.delete(watch);
        total -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      };
    },
    stop() {
      clearInterval(sweep);
    },
  };
}

/**
 * Caps the TCP connections one client address may hold open to the gateway (any kind: HTTP
 * keep-alive, WebSocket, SSE, the phones'), closing each one over the cap as it arrives, before a
 * byte of it is read: sockets that never send a request would otherwise each hold a file
 * descriptor until the header timeout. Behind a reverse proxy (TRUST_PROXY) every client shares the
 * proxy's address, so the proxy must do this instead.
 */
export function capConnectionsPerAddress(server: Server, limit: number) {
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = perAddress.get(address) ?? 0;
    if (open >= limit) return void socket.destroy();
    perAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}
