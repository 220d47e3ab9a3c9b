import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../../src/core/logger.ts';
import { useGraphqlWs, type UpgradeRequest } from '../../src/graphql/ws-server.ts';

const schema = buildSchema('type Query { ok: Boolean }');
const logger = { debug() {}, warn() {}, error() {} } as unknown as Logger;
const servers: Array<{ dispose(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.dispose()));
});

async function serve(keepAliveMs: number, onConnect?: (request: UpgradeRequest) => void) {
  const wss = new WebSocketServer({ port: 0 });
  await once(wss, 'listening');
  servers.push(useGraphqlWs({ schema, onConnect: (ctx) => void onConnect?.(ctx.extra.request) }, wss, logger, keepAliveMs));
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const closedOnServer: Promise<void>[] = [];
  wss.on('connection', (socket) => closedOnServer.push(once(socket, 'close').then(() => undefined)));
  return { url, closedOnServer };
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const client = new WebSocket(url, 'graphql-transport-ws', { headers });
  await once(client, 'open');
  client.send(JSON.stringify({ type: 'connection_init' }));
  await once(client, 'message');
  return client;
}

describe('graphql-ws on ws (ws-server.ts)', () => {
  it('keeps a socket that answers its pings, and terminates one that stopped reading', async () => {
    const { url, closedOnServer } = await serve(100);
    const live = await connect(url);
    const silent = await connect(url);
    // A peer that is gone: nothing it receives is read, so no ping is answered.
    (silent as unknown as { _socket: { pause(): void } })._socket.pause();
    await Promise.race([closedOnServer[1], new Promise((_, reject) => setTimeout(() => reject(new Error('not terminated')), 2_000))]);
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
    silent.terminate();
  });

  it("keeps only the upgrade request's cookie for the connection", async () => {
    const seen: UpgradeRequest[] = [];
    const { url } = await serve(10_000, (request) => seen.push(request));
    (await connect(url, { cookie: 'session=abc', 'x-other': 'dropped' })).close();
    (await connect(url)).close();
    expect(seen).toEqual([{ headers: { cookie: 'session=abc' } }, { headers: {} }]);
  });
});
