import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';

const SendPing = graphql(`
  mutation SendPing {
    sendDiagnosticPing {
      pingId
      sentAt
    }
  }
`);

const PongSubscription = graphql(`
  subscription Pongs {
    diagnosticPong {
      pingId
      workerPid
      receivedAt
    }
  }
`);

let app: TestApp;
let account: TestAccount;
let worker: ChildProcess;

beforeAll(async () => {
  app = await startTestApp();
  account = await app.account();
  worker = await app.startWorkers(['diagnostics']);
});
afterAll(() => app?.stop());

/**
 * Pings until one is answered: the subscription is registered asynchronously on the server, so the
 * first pings may go out before it listens. Each ping has its own id, so the answer identifies it.
 */
async function pingUntilAnswered(next: () => Promise<{ data?: any }>, key: string) {
  const sent = new Set<string>();
  const answer = next();
  let answered = false;
  void answer.finally(() => (answered = true));
  while (!answered) {
    const result = await execute(app.baseUrl, key, SendPing);
    sent.add(result.data!.sendDiagnosticPing.pingId);
    await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  return { pong: (await answer).data!.diagnosticPong, sent };
}

describe('cross-process live events', () => {
  it('an event published by a worker process reaches a graphql-ws subscriber on the gateway', async () => {
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, PongSubscription);
    const { pong, sent } = await pingUntilAnswered(() => live.next(), account.key);
    expect(sent.has(pong.pingId)).toBe(true);
    expect(pong.workerPid).toBe(worker.pid);
    expect(pong.workerPid).not.toBe(process.pid);
    live.dispose();
    await client.dispose();
  });

  it('delivers the same events over SSE', async () => {
    // An account of its own: pongs still in flight for the test before (same account) must not be taken for this one's.
    const own = await app.account();
    const controller = new AbortController();
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${own.key}` },
      body: JSON.stringify({ query: 'subscription { diagnosticPong { pingId workerPid } }' }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const firstEvent = (async () => {
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += value;
        const match = /data: (\{.*\})\n/.exec(text);
        if (match) return JSON.parse(match[1]!) as { data: { diagnosticPong: { pingId: string; workerPid: number } } };
      }
    })();
    const { pong, sent } = await pingUntilAnswered(() => firstEvent, own.key);
    expect(sent.has(pong.pingId)).toBe(true);
    expect(pong.workerPid).toBe(worker.pid);
    controller.abort();
  });

  it("one account never hears another account's events", async () => {
    const other = await app.account();
    const otherClient = wsClient(app.wsUrl, other.key);
    const otherLive = subscribe(otherClient, PongSubscription);
    await pingUntilAnswered(() => otherLive.next(), other.key); // the other subscription is now live
    const mineClient = wsClient(app.wsUrl, account.key);
    const mine = subscribe(mineClient, PongSubscription);
    const { sent: mineSent } = await pingUntilAnswered(() => mine.next(), account.key);
    // Had our pongs leaked, the other subscription's next result would be one of ours.
    const { pong, sent: otherSent } = await pingUntilAnswered(() => otherLive.next(), other.key);
    expect(mineSent.has(pong.pingId)).toBe(false);
    expect(otherSent.has(pong.pingId)).toBe(true);
    otherLive.dispose();
    mine.dispose();
    await otherClient.dispose();
    await mineClient.dispose();
  });

  it('refuses a socket without a valid key at connection_init, naming why', async () => {
    const client = wsClient(app.wsUrl, 'yk_test_not_a_key');
    const closed = new Promise<{ code: number; reason: string }>((resolve) => client.on('closed', (event) => resolve(event as { code: number; reason: string })));
    const live = subscribe(client, PongSubscription);
    await expect(live.next()).rejects.toBeDefined();
    const { code, reason } = await closed;
    expect(code).toBe(4401);
    expect(reason).toMatch(/key/i);
    await client.dispose();
  });
});
