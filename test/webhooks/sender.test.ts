import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCERPT_BYTES, postWebhook } from '../../src/webhooks/sender.ts';

let server: Server;
let url: string;
let connections = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end(request.url === '/big' ? 'x'.repeat(EXCERPT_BYTES * 4) : 'ok'));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (path: string) => postWebhook({ url: `${url}${path}`, headers: { 'Content-Type': 'application/json' }, body: '{}', timeoutMs: 5_000, allowPrivate: true });

describe('postWebhook', () => {
  it('reuses a receiver connection once a response was read whole, and drops one it stopped reading', async () => {
    const before = connections;
    // The receiver is on loopback: its body is read (so the connection can be reused) but never kept.
    for (let i = 0; i < 5; i++) expect(await post('/small')).toMatchObject({ ok: true, httpStatus: 200, responseExcerpt: null });
    expect(connections - before).toBe(1);

    // Read up to the excerpt's length, then the rest is left unread: that connection cannot serve another request.
    const big = await post('/big');
    expect(big).toMatchObject({ ok: true, httpStatus: 200, responseExcerpt: null });
    expect(await post('/small')).toMatchObject({ ok: true });
    expect(connections - before).toBe(2);
  });
});
