import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  body: string;
  receivedAt: number;
  /** 1-based count of requests on this path so far, this one included. */
  seq: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** Decides the answer; returning `undefined` leaves the request hanging (a slow or stuck receiver). */
export type Behaviour = (request: ReceivedRequest, response: ServerResponse) => Reply | undefined | Promise<Reply | undefined>;

/** A real HTTP server that records every webhook it gets and answers as each path is told to. */
export interface Receiver {
  url(path: string): string;
  /** Every request, in arrival order. */
  requests: ReceivedRequest[];
  on(path: string, behaviour: Behaviour): void;
  received(path: string): ReceivedRequest[];
  /** Resolves once `count` requests have arrived on `path` (or anywhere, with `path` undefined). */
  waitFor(path: string | undefined, count: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const behaviours = new Map<string, Behaviour>();
  const waiters: Array<{ path: string | undefined; count: number; resolve: (list: ReceivedRequest[]) => void }> = [];
  const matching = (path: string | undefined) => (path === undefined ? requests : requests.filter((r) => r.path === path));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      const request: ReceivedRequest = {
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
        seq: matching(path).length + 1,
      };
      requests.push(request);
      for (const waiter of [...waiters]) {
        const list = matching(waiter.path);
        if (list.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(list);
        }
      }
      const behaviour: Behaviour = behaviours.get(path) ?? (() => ({ status: 200, body: 'ok' }));
      try {
        const reply = await behaviour(request, res);
        if (!reply || res.writableEnded || res.destroyed) return;
        res.writeHead(reply.status, reply.headers ?? {}).end(reply.body ?? '');
      } catch {
        if (!res.writableEnded) res.destroy();
      }
    });
  });
  server.on('clientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    on: (path, behaviour) => void behaviours.set(path, behaviour),
    received: (path) => matching(path),
    waitFor(path, count) {
      const list = matching(path);
      if (list.length >= count) return Promise.resolve(list);
      return new Promise((resolve) => waiters.push({ path, count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
