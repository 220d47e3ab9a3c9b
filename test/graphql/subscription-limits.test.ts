// Subscription caps over SSE (the WebSocket side is in test/faults/hostile-clients.test.ts): an
// event stream's subscription counts against its key's cap, a refusal names the limit, and a
// closed stream gives its place back.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp({ env: { SUBSCRIPTIONS_PER_KEY: '3' } });
  account = await app.account();
});
afterAll(() => app?.stop());

/** An SSE subscription: its status, what it has sent so far, and a way to close it. */
function openStream(): Promise<{ status: number; body(): string; close(): void }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${app.baseUrl}/graphql`);
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('error', () => {});
        resolve({ status: response.statusCode ?? 0, body: () => body, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ query: 'subscription { eventCreated { id } }' }));
  });
}

const refused = (stream: { body(): string }) => stream.body().includes('SUBSCRIPTIONS_PER_KEY');

describe('subscription caps over SSE', () => {
  it("count a stream against its key, refuse the one over naming the limit, and take a closed stream's place back", async () => {
    const held = [await openStream(), await openStream(), await openStream()];
    const over = await openStream();
    await expect.poll(() => refused(over), { timeout: 10_000, interval: 50 }).toBe(true);
    expect(over.body()).toContain('rate_limited');
    over.close();
    for (const stream of held) {
      expect(stream.status).toBe(200);
      expect(refused(stream)).toBe(false);
    }
    // The server hears the close a moment later: try until a new stream is held again.
    held[0]!.close();
    let again = await openStream();
    for (let attempt = 0; attempt < 50; attempt++) {
      // A refusal arrives at once; a held stream stays silent (its first keep-alive comes after 12 s).
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!refused(again)) break;
      again.close();
      again = await openStream();
    }
    expect(refused(again)).toBe(false);
    // Three held again: the next one is refused (had `again` been refused late, this one would be held).
    const extra = await openStream();
    await expect.poll(() => refused(extra), { timeout: 10_000, interval: 50 }).toBe(true);
    expect(refused(again)).toBe(false);
    for (const stream of [again, extra, held[1]!, held[2]!]) stream.close();
  });
});
