// Webhooks: signed deliveries per second from the `webhooks` worker (1, then 2 processes) to a
// local receiver, next to raw pg-boss fetch + complete of the same run (batched as the worker is).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectDatabase } from '../src/core/db.ts';
import { loadConfig } from '../src/core/config.ts';
import { moduleRegistry } from '../src/core/module.ts';
import { modules } from '../src/modules.ts';
import { createBoss } from '../src/core/queue.ts';
import { DELIVERY_HEADER, verifyWebhook } from '@yarrow/sdk/webhooks';
import { recordEvent } from '../src/webhooks/events.ts';
import { costOf, cpuMeter, percentile, round, rows, sizes, startChild, until, type BenchContext, type CpuWindow } from './support.ts';

/** A receiver that answers 200 at once, verifying every 25th signature with the SDK. */
function startReceiver(secrets: Map<string, string>) {
  const arrivals = new Map<string, number>();
  const stats = { requests: 0, badSignatures: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      stats.requests++;
      const delivery = String(request.headers[DELIVERY_HEADER.toLowerCase()]);
      if (!arrivals.has(delivery)) arrivals.set(delivery, Date.now());
      if (stats.requests % 25 === 1) {
        try {
          verifyWebhook(secrets.get(request.url ?? '')!, request.headers, Buffer.concat(chunks));
        } catch {
          stats.badSignatures++;
        }
      }
      response.end('ok');
    });
  });
  return { server, arrivals, stats };
}

/** Deliveries per second between the 10th and the 90th percentile arrival (no ramp-up, no tail). */
function steadyRate(times: number[]) {
  const from = percentile(times, 10);
  const to = percentile(times, 90);
  return (0.8 * times.length) / Math.max(0.001, (to - from) / 1000);
}

export async function webhooksScenario(ctx: BenchContext) {
  const client = await ctx.newAccount('Bench webhooks');
  const { accountId } = client;
  const secrets = new Map<string, string>();
  const receiver = startReceiver(secrets);
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const port = (receiver.server.address() as AddressInfo).port;
  for (let i = 0; i < sizes.webhookEndpoints; i++) {
    const created = await client.rest('POST', '/api/v1/webhook-endpoints', { url: `http://127.0.0.1:${port}/hook/${i}` });
    if (created.status !== 201) throw new Error(`endpoint create answered ${created.status}: ${JSON.stringify(created.body)}`);
    secrets.set(`/hook/${i}`, created.body.secret);
  }

  // Deliveries are made the way the product makes them (recordEvent fans out in a transaction),
  // from this process, while no webhook worker runs.
  const config = loadConfig(modules, ctx.env);
  const db = connectDatabase(ctx.databaseUrl, { poolSize: 8 });
  const registry = moduleRegistry(modules);
  const boss = createBoss(ctx.databaseUrl, registry.queues, { max: 20 });
  await boss.start();
  const rt = { config, boss };
  const seed = async (deliveries: number) => {
    const events = Math.ceil(deliveries / sizes.webhookEndpoints);
    const perTransaction = 50;
    const batches = Array.from({ length: Math.ceil(events / perTransaction) }, (_, b) => Math.min(perTransaction, events - b * perTransaction));
    for (let i = 0; i < batches.length; i += 4) {
      await Promise.all(
        batches.slice(i, i + 4).map((size) =>
          db.prisma.$transaction(async (tx) => {
            for (let e = 0; e < size; e++) {
              await recordEvent(rt, tx, {
                accountId,
                type: 'message.delivered',
                objectType: 'message',
                objectPublicId: `msg_bench${i}_${e}`,
                data: { request_id: `msg_bench${i}_${e}`, status: 'delivered', to: '+33612345678' },
              });
            }
          }, { timeout: 60_000 }),
        ),
      );
    }
    return events * sizes.webhookEndpoints;
  };
  const succeeded = async () =>
    (await db.prisma.webhookDelivery.count({ where: { accountId, status: 'succeeded' } }));

  try {
    // Baseline: raw pg-boss fetching the way the worker does: as many fetchers as one webhook worker
    // has pollers, WEBHOOK_FETCH_BATCH jobs per fetch, each batch's jobs completed by one call.
    await boss.createQueue('bench_raw');
    const jobs = sizes.webhooks;
    for (let i = 0; i < jobs; i += 1000) {
      await boss.insert('bench_raw', Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ data: { n: i + j } })));
    }
    const rawStart = performance.now();
    await Promise.all(
      Array.from({ length: config.WEBHOOK_CONCURRENCY }, async () => {
        for (;;) {
          const batch = await boss.fetch('bench_raw', { batchSize: config.WEBHOOK_FETCH_BATCH });
          if (batch.length === 0) return;
          await boss.complete('bench_raw', batch.map((job) => job.id));
        }
      }),
    );
    const raw = jobs / ((performance.now() - rawStart) / 1000);
    const rawName = `raw pg-boss fetch+complete, ${config.WEBHOOK_FETCH_BATCH} per fetch`;

    let done = 0;
    for (const processes of [1, 2]) {
      const planned = await seed(sizes.webhooks);
      receiver.arrivals.clear();
      const workers = await Promise.all(
        Array.from({ length: processes }, (_, i) => startChild(`worker:webhooks${i + 1}`, 'workers/main.ts', ['webhooks'], ctx.env)),
      );
      const meter = cpuMeter(Object.fromEntries(workers.map((worker) => [worker.label.replace('worker:', ''), worker.child.pid])), ctx.postmasterPid);
      let cpu: CpuWindow = { shares: {}, ms: {} };
      try {
        await until(`${planned} webhook deliveries`, () => receiver.arrivals.size >= planned, 60_000 + planned * 20, 20);
        cpu = meter();
        done += planned;
        await until('every delivery recorded as succeeded', async () => (await succeeded()) >= done, 60_000, 100);
      } finally {
        for (const worker of workers) await worker.stop();
      }
      const times = [...receiver.arrivals.values()];
      const first = times.reduce((a, b) => Math.min(a, b), Infinity);
      const last = times.reduce((a, b) => Math.max(a, b), 0);
      const rate = steadyRate(times);
      rows.push({
        scenario: 'webhooks',
        name: `Webhooks: signed deliveries, ${processes} worker process${processes > 1 ? 'es' : ''}`,
        value: round(rate),
        unit: 'deliveries/s',
        baseline: { name: rawName, value: round(raw) },
        target: '≥ 4,000/s',
        pass: rate >= 4000 && receiver.stats.badSignatures === 0,
        detail: {
          deliveries: planned,
          endpoints: sizes.webhookEndpoints,
          fetch_batch: config.WEBHOOK_FETCH_BATCH,
          overall_rate: round(planned / Math.max(0.001, (last - first) / 1000)),
          bad_signatures: receiver.stats.badSignatures,
          ...cpu.shares,
        },
        cost: costOf(cpu, planned, 'delivery signed'),
      });
    }
  } finally {
    await boss.stop({ graceful: false });
    await db.close();
    receiver.server.close();
  }
}
