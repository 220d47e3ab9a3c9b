// The gateway's live-connection limits (src/core/live-connections.ts) on real TCP sockets: places
// per address and in total, given back on release, and a reader that stopped reading closed once
// its socket has not drained for LIVE_STALLED_READER_SECONDS. The gateway-level attacks are in
// test/faults/hostile-clients.test.ts.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveConnections } from '../../src/core/live-connections.ts';

let server: Server;
let port: number;
const accepted: Socket[] = [];
const clients: Socket[] = [];

beforeAll(async () => {
  server = createServer((socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of [...accepted, ...clients]) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** A connected pair: the server's side (what the gateway holds) and the client's. */
async function pair() {
  const before = accepted.length;
  const client = connect(port, '127.0.0.1');
  clients.push(client);
  await new Promise((resolve) => client.once('connect', resolve));
  await expect.poll(() => accepted.length).toBe(before + 1);
  return { serverSide: accepted[before]!, client };
}

describe('live connections', () => {
  it('are capped per address and in total, and give their place back', async () => {
    const live = createLiveConnections({ LIVE_CONNECTIONS_PER_ADDRESS: 2, LIVE_CONNECTIONS_MAX: 3, LIVE_STALLED_READER_SECONDS: 60 });
    const { serverSide } = await pair();
    const first = live.admit('10.0.0.1', serverSide, () => {});
    live.admit('10.0.0.1', serverSide, () => {});
    expect(() => live.admit('10.0.0.1', serverSide, () => {})).toThrow(expect.objectContaining({ code: 'rate_limited', message: expect.stringContaining('LIVE_CONNECTIONS_PER_ADDRESS') }));
    live.admit('10.0.0.2', serverSide, () => {});
    expect(() => live.admit('10.0.0.3', serverSide, () => {})).toThrow(expect.objectContaining({ code: 'service_unavailable', message: expect.stringContaining('LIVE_CONNECTIONS_MAX') }));
    first();
    first(); // a second release gives back nothing more
    live.admit('10.0.0.3', serverSide, () => {});
    expect(() => live.admit('10.0.0.1', serverSide, () => {})).toThrow(expect.objectContaining({ code: 'service_unavailable' }));
    live.stop();
  });

  it('close a reader that stopped reading, and leave one that reads', async () => {
    const live = createLiveConnections({ LIVE_CONNECTIONS_PER_ADDRESS: 10, LIVE_CONNECTIONS_MAX: 10, LIVE_STALLED_READER_SECONDS: 1 });
    const stalled = await pair();
    const reading = await pair();
    stalled.client.pause();
    reading.client.on('data', () => {});
    let stalledClosed = false;
    let readingClosed = false;
    live.admit('127.0.0.1', stalled.serverSide, () => {
      stalledClosed = true;
      stalled.serverSide.destroy();
    });
    live.admit('127.0.0.1', reading.serverSide, () => (readingClosed = true));
    // Events keep coming for both; the stalled one's kernel buffers fill, then its socket's.
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const feed = setInterval(() => {
      if (!stalled.serverSide.destroyed && !stalled.serverSide.writableNeedDrain) stalled.serverSide.write(chunk);
      reading.serverSide.write(chunk.subarray(0, 1024));
    }, 5);
    try {
      await expect.poll(() => stalledClosed, { timeout: 20_000, interval: 100 }).toBe(true);
      expect(readingClosed).toBe(false);
    } finally {
      clearInterval(feed);
      live.stop();
    }
  });
});
