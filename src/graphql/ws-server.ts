import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../core/logger.ts';

/**
 * What a graphql-ws connection keeps of its upgrade request: the cookie a panel session
 * authenticates with (the API key comes in connection_init). graphql-ws's own adapter keeps the
 * whole `IncomingMessage` (headers, raw headers, stream state: about 1 KB a socket) for the life
 * of the socket, and Yoga's context of every subscription refers to it.
 */
export type UpgradeRequest = { headers: { cookie?: string } };
export type SocketExtra = { socket: WebSocket; request: UpgradeRequest };

/** Sockets pinged this long apart; one that has not answered the previous ping is closed. */
const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws on a `ws` server: `graphql-ws/use/ws` with what each socket holds cut down, because
 * one gateway holds thousands of them (docs/performance.md#graphql-and-subscriptions): a slim upgrade request
 * (above), and one keep-alive timer for the whole server instead of an interval, a timeout and a
 * pong listener per socket. The protocol itself is graphql-ws's (`makeServer`).
 */
export function useGraphqlWs(options: ServerOptions<Record<string, unknown>, SocketExtra>, wss: WebSocketServer, logger: Logger, keepAliveMs = KEEP_ALIVE_MS) {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.once('error', (error) => {
    logger.error({ err: error }, 'GraphQL WebSocket server error');
    for (const client of wss.clients) client.close(CloseCode.InternalServerError, 'Internal server error');
  });

  // Keep-alive: a socket that did not answer the last ping (a dead peer, a half-open connection)
  // is terminated at the next round, one to two rounds after it went silent.
  const unanswered = new WeakSet<WebSocket>();
  function answered(this: WebSocket) {
    unanswered.delete(this);
  }
  const keepAlive = setInterval(() => {
    for (const socket of wss.clients) {
      if (socket.readyState !== socket.OPEN) continue;
      if (unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      unanswered.add(socket);
      socket.ping();
    }
  }, keepAliveMs);
  keepAlive.unref();

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // Protocol errors (a client's oversized or malformed frames, which ws answers by closing,
    // 1009/1002) are the client's, not ours: at debug, or they would be its way to fill the logs.
    // ws sends its close frame, then would read and drop the rest of a 100 MB frame while it waits
    // for the client's: read nothing more, and end the connection a moment later.
    const raw = request.socket;
    socket.on('error', (error) => {
      logger.debug({ err: error }, 'GraphQL WebSocket closed on a protocol error');
      setImmediate(() => {
        raw.pause();
        setTimeout(() => raw.destroy(), 1000).unref();
      });
    });
    socket.on('pong', answered);
    const cookie = request.headers.cookie;
    const closed = server.opened(
      {
        protocol: socket.protocol,
        // Resolved once the frame is handed to the socket, so a subscription waits for a slow
        // reader instead of queueing its results in memory.
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (onMessage) =>
          socket.on('message', (data) => {
            onMessage(String(data)).catch((error: unknown) => {
              logger.error({ err: error }, 'GraphQL WebSocket message failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      { socket, request: { headers: cookie === undefined ? {} : { cookie } } },
    );
    socket.once('close', (code, reason) => {
      unanswered.delete(socket);
      void closed(code, String(reason));
    });
  });

  return {
    dispose: async () => {
      clearInterval(keepAlive);
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners();
      await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
