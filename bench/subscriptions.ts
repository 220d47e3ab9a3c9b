// Subscriptions: thousands of graphql-ws subscribers on one gateway, one change fanned out to all;
// and cold start of `npm start`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort } from '../test/helpers/global-setup.ts';
import { api, costOf, cpuMeter, percentile, root, round, rows, rssKb, sizes, sleep, startChild, type BenchContext } from './support.ts';

export async function subscriptionsScenario(ctx: BenchContext) {
  const client = await ctx.newAccount('Bench subscriptions');
  // A gateway of its own: memory per socket is measured on a process that served nothing else.
  const gateway = await startChild('gateway:subscriptions', 'src/serve.ts', [], { ...ctx.env, PORT: String(await freePort()) });
  const base = `http://127.0.0.1:${gateway.port}`;
  const diagnostics = await startChild('worker:diagnostics', 'workers/main.ts', ['diagnostics'], ctx.env);
  const total = sizes.subscribers;
  const pid = gateway.child.pid!;
  // Warmed up first: what a gateway loads once (GraphQL, the Prisma query compiler on its first
  // query, a WebSocket server, a subscription's first execution) is not memory per socket. And one
  // ping answered end to end: the diagnostics worker's first publish loads its own Prisma query
  // compiler (150–400 ms of a fresh process), which is not the fan-out the latency is about.
  await api(base, client.key).graphql('{ account { id } }');
  await new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const timeout = setTimeout(() => reject(new Error('the warm-up ping was not answered in 15 s')), 15_000);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${client.key}` } })));
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { diagnosticPong { pingId receivedAt } }' } }));
        // The subscription registers just after the subscribe message: then the ping.
        setTimeout(() => void api(base, client.key).graphql('mutation { sendDiagnosticPing { pingId } }').catch(reject), 200);
      } else if (message.type === 'next') {
        clearTimeout(timeout);
        socket.close();
        resolve();
      }
    });
  });
  await sleep(500);
  const before = rssKb(pid);
  const sockets: WebSocket[] = [];
  // Arrival time and raw frame of each `next`: parsed once all arrived, so the bench's own parsing
  // (thousands of frames on the core the gateway does not use) is not counted as delivery time.
  const arrivals: Array<[number, Buffer]> = [];
  let expected = '';
  let resolveAll!: () => void;
  const allReceived = new Promise<void>((resolve) => (resolveAll = resolve));
  const subscribed: Promise<void>[] = [];
  const url = `${base.replace(/^http/, 'ws')}/graphql`;
  try {
    for (let i = 0; i < total; i++) {
      const socket = new WebSocket(url, 'graphql-transport-ws', { skipUTF8Validation: true });
      sockets.push(socket);
      subscribed.push(
        new Promise((resolve, reject) => {
          socket.on('error', reject);
          socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${client.key}` } })));
          socket.on('message', (raw: Buffer) => {
            if (expected && raw.includes('"next"')) {
              arrivals.push([Date.now(), raw]);
              if (arrivals.length === total) resolveAll();
              return;
            }
            const message = JSON.parse(String(raw)) as { type: string; payload?: any };
            if (message.type === 'connection_ack') {
              socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { diagnosticPong { pingId receivedAt } }' } }));
              resolve();
            }
          });
        }),
      );
      if (i % 200 === 199) await Promise.all(subscribed.slice(-200));
    }
    await Promise.all(subscribed);
    // A subscription registers just after its ack: give the last ones a moment, then measure memory.
    await sleep(500);
    const after = rssKb(pid);
    const meter = cpuMeter({ gateway: pid, diagnostics: diagnostics.child.pid }, ctx.postmasterPid);
    const ping = await api(base, client.key).graphql('mutation { sendDiagnosticPing { pingId } }');
    expected = ping.sendDiagnosticPing.pingId;
    const timeout = setTimeout(resolveAll, 30_000);
    await allReceived;
    clearTimeout(timeout);
    const cpu = meter();
    const received: number[] = [];
    for (const [at, raw] of arrivals) {
      const pong = (JSON.parse(String(raw)) as { payload: { data: { diagnosticPong: { pingId: string; receivedAt: string } } } }).payload.data.diagnosticPong;
      if (pong.pingId === expected) received.push(at - Date.parse(pong.receivedAt));
    }
    const p99 = percentile(received, 99);
    const perSocket = (after - before) / total;
    rows.push({
      scenario: 'subscriptions',
      name: `Subscriptions: one change to ${total} graphql-ws subscribers`,
      value: p99,
      unit: 'ms p99',
      target: 'p99 < 400 ms, ≤ 20 KB/socket',
      pass: p99 < 400 && perSocket <= 20 && received.length === total,
      detail: { p50_ms: percentile(received, 50), delivered: received.length, kb_per_socket: round(perSocket, 2), ...cpu.shares },
      cost: costOf(cpu, received.length, 'event fanned out'),
    });
  } finally {
    for (const socket of sockets) socket.terminate();
    await diagnostics.stop();
    await gateway.stop();
  }
}

/** `npm start` (embedded PostgreSQL, migrations, gateway, workers) until /health answers 200. */
export async function coldStartScenario() {
  const coldDir = mkdtempSync(join(tmpdir(), 'yarrow-bench-cold-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: coldDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const timeStart = async () => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'src/main.ts')], { env, stdio: 'ignore' });
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`).then((r) => r.ok, () => false);
      if (healthy) break;
      await sleep(25);
    }
    const elapsed = (performance.now() - started) / 1000;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
    return elapsed;
  };
  try {
    const first = await timeStart();
    const warm = await timeStart();
    rows.push({
      scenario: 'cold',
      name: 'Cold start: npm start to healthy (existing data dir)',
      value: round(warm, 2),
      unit: 's',
      target: '< 5 s',
      pass: warm < 5,
      detail: { first_start_with_initdb_s: round(first, 2) },
    });
  } finally {
    rmSync(coldDir, { recursive: true, force: true });
  }
}
