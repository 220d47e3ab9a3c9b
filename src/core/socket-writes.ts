import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

const corked = new WeakSet<WebSocket>();

/**
 * Frames sent to one socket in the same turn of the event loop (a batch of results, a round of
 * work) leave in one write: `ws` writes each frame on its own, one system call apiece, which was
 * the gateway's largest single cost per message (docs/performance.md#device-frames). Call it before
 * `socket.send`: it holds the socket's TCP stream (ws keeps it as `_socket`; there is no public
 * handle) until the turn's callbacks and promises have run. Both ends of the device protocol use it.
 */
export function writeTogether(socket: WebSocket) {
  const stream = (socket as unknown as { _socket?: Duplex })._socket;
  if (!stream || corked.has(socket)) return;
  corked.add(socket);
  stream.cork();
  process.nextTick(() => {
    corked.delete(socket);
    stream.uncork();
  });
}
