// Scale-out (issue 26): the end-to-end SMS load of `sms` (a list queued in one request, the phones
// answering at once) with one gateway and one routing worker, then with two gateways and two
// routing workers on separate ports, the phones split between the gateways: what an operator runs
// on a bigger machine. Each row reports throughput, CPU per delivered message and PostgreSQL's
// commits, WAL and NOTIFYs per second, to show whether adding processes scales and where
// PostgreSQL becomes the wall.
import pg from 'pg';
import { freePort } from '../test/helpers/global-setup.ts';
import { EVENTS_CHANNEL } from '../src/core/pubsub.ts';
import { RELAY_WAKE_CHANNEL } from '../src/relay/messages/wake.ts';
import { costOf, cpuMeter, round, rows, sizes, sleep, startChild, until, type BenchContext, type Child } from './support.ts';

interface SimEvent {
  type: string;
  deviceId?: string;
  messageId?: string;
  status?: string;
  applied?: boolean;
  at: number;
}

/** Distinct valid numbers (a French mobile range no other scenario uses). */
const number = (i: number) => `+3365${String(i).padStart(7, '0')}`;

/**
 * What PostgreSQL did between `start()` and `stop()`: commits (pg_stat_database), WAL bytes, and
 * the notifications heard on Yarrow's events channel, the routing workers' wake-up channel and
 * pg-boss's job channel by a listener of
 * the bench's own (each NOTIFY reaches every listener once; PostgreSQL folds identical ones of a
 * transaction into one, as the listeners get them).
 */
async function postgresMeter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-scale' });
  await client.connect();
  const { rows: [channel] } = await client.query<{ name: string }>(`SELECT 'pgboss_' || left(encode(sha224('pgboss'::bytea), 'hex'), 24) AS name`);
  const heard = { events: 0, wakes: 0, jobs: 0 };
  client.on('notification', (message) => {
    if (message.channel === EVENTS_CHANNEL) heard.events++;
    else if (message.channel === RELAY_WAKE_CHANNEL) heard.wakes++;
    else heard.jobs++;
  });
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  await client.query(`LISTEN ${RELAY_WAKE_CHANNEL}`);
  await client.query(`LISTEN "${channel!.name}"`);
  const sample = async () => {
    const { rows: [row] } = await client.query<{ commits: string; wal: string }>(
      `SELECT xact_commit AS commits, pg_current_wal_lsn() - '0/0'::pg_lsn AS wal FROM pg_stat_database WHERE datname = current_database()`,
    );
    return { commits: Number(row!.commits), wal: Number(row!.wal), ...heard };
  };
  return {
    async window() {
      const before = await sample();
      const started = performance.now();
      return async () => {
        const seconds = (performance.now() - started) / 1000;
        // Backends flush their commit counts to the shared statistics within a second of going idle.
        await sleep(1100);
        const after = await sample();
        return {
          commits_per_s: round((after.commits - before.commits) / seconds),
          wal_mb_per_s: round((after.wal - before.wal) / seconds / 2 ** 20, 2),
          notify_events_per_s: round((after.events - before.events) / seconds),
          notify_wakes_per_s: round((after.wakes - before.wakes) / seconds),
          notify_jobs_per_s: round((after.jobs - before.jobs) / seconds),
          commits: after.commits - before.commits,
        };
      };
    },
    close: () => client.end(),
  };
}

/** One end-to-end run: `gateways` (ctx.gateway first) each holding its share of the phones, `routers` routing workers. */
async function run(ctx: BenchContext, gateways: Array<{ base: string; child: Child }>, routerCount: number, postgres: Awaited<ReturnType<typeof postgresMeter>>) {
  const processes = `${gateways.length} gateway${gateways.length > 1 ? 's' : ''} + ${routerCount} routing worker${routerCount > 1 ? 's' : ''}`;
  const client = await ctx.newAccount(`Bench scale ${processes}`);
  const total = sizes.smsMessages;
  const list = await client.graphql(`mutation { createRecipientList(input: {name: "Bench scale list"}) { id } }`);
  const listId: string = list.createRecipientList.id;
  const csv = ['name,phone', ...Array.from({ length: total }, (_, i) => `Recipient ${i},${number(i)}`)].join('\n');
  const imported = await client.graphql(`mutation($csv: String!, $listId: ID) { importRecipients(csv: $csv, listId: $listId) { created } }`, { csv, listId });
  if (imported.importRecipients.created !== total) throw new Error(`imported ${imported.importRecipients.created} of ${total} recipients`);

  const delivered = new Map<string, number>();
  const online = new Set<string>();
  let failed = 0;
  const sims: Child[] = [];
  const routers: Child[] = [];
  try {
    for (let i = 0; i < routerCount; i++) routers.push(await startChild(`worker:sms-routing${i + 1}`, 'workers/main.ts', ['sms-routing'], ctx.env));
    // The phones, split evenly between the gateways (as a load balancer would spread them).
    for (const [i, gateway] of gateways.entries()) {
      const devices = Math.floor(sizes.smsDevices / gateways.length) + (i < sizes.smsDevices % gateways.length ? 1 : 0);
      const { code } = (await client.graphql(`mutation { createPairingCode { code } }`)).createPairingCode;
      sims.push(
        await startChild(
          `sim${i + 1}`,
          'src/relay/simulator/cli.ts',
          ['--pair', code, '--api-key', client.key, '--devices', String(devices), '--delivery-ms', '0', '--state-dir', '', '--parallel', String(sizes.smsParallel), '--quiet', '--base-url', gateway.base],
          ctx.env,
          {
            waitReady: false,
            onMessage: (event: SimEvent) => {
              if (event.type === 'connected') online.add(event.deviceId!);
              else if (event.type === 'disconnected') online.delete(event.deviceId!);
              else if (event.type === 'reported' && event.applied && event.status === 'delivered') delivered.set(event.messageId!, event.at);
              else if (event.type === 'reported' && event.applied && event.status === 'failed') failed++;
            },
          },
        ),
      );
    }
    await until(`${sizes.smsDevices} simulated devices online`, () => online.size === sizes.smsDevices, 60_000);

    const pids: Record<string, number | undefined> = {};
    for (const [i, gateway] of gateways.entries()) pids[`gateway${i === 0 ? '' : i + 1}`] = gateway.child.child.pid;
    for (const [i, router] of routers.entries()) pids[`router${i === 0 ? '' : i + 1}`] = router.child.pid;
    for (const [i, sim] of sims.entries()) pids[`sim${i === 0 ? '' : i + 1}`] = sim.child.pid;
    const meter = cpuMeter(pids, ctx.postmasterPid);
    const database = await postgres.window();
    const requested = Date.now();
    const queued = await client.rest('POST', '/api/v1/recipient-lists/queue', { list_id: listId, message: 'Your order shipped.' });
    if (queued.status !== 202 || queued.body.queued !== total) throw new Error(`list queue answered ${queued.status}: ${JSON.stringify(queued.body).slice(0, 300)}`);
    await until(`${total} messages delivered`, () => delivered.size + failed >= total, 120_000 + total * 20, 50);
    const cpu = meter();
    const lastDelivered = [...delivered.values()].reduce((a, b) => Math.max(a, b), 0);
    const seconds = (lastDelivered - requested) / 1000;
    const pgFigures = await database();
    return {
      processes,
      throughput: total / seconds,
      detail: {
        all_delivered_s: round(seconds, 2),
        failed,
        ...pgFigures,
        commits_per_message: round(pgFigures.commits / total, 3),
        ...cpu.shares,
      },
      cost: costOf(cpu, delivered.size, 'message delivered'),
      failed,
    };
  } finally {
    for (const sim of sims) await sim.stop();
    for (const router of routers) await router.stop();
  }
}

export async function scaleScenario(ctx: BenchContext) {
  const postgres = await postgresMeter(ctx.databaseUrl);
  const port = await freePort();
  const second = await startChild('gateway2', 'src/serve.ts', [], { ...ctx.env, PORT: String(port), DATABASE_POOL_SIZE: '20' });
  try {
    const one = await run(ctx, [{ base: ctx.base, child: ctx.gateway }], 1, postgres);
    const two = await run(ctx, [{ base: ctx.base, child: ctx.gateway }, { base: `http://127.0.0.1:${port}`, child: second }], 2, postgres);
    for (const result of [one, two]) {
      rows.push({
        scenario: 'scale',
        name: `Scale-out: ${sizes.smsMessages} from a list to ${sizes.smsDevices} devices, ${result.processes}`,
        value: round(result.throughput),
        unit: 'msg/s',
        ...(result === two ? { baseline: { name: one.processes, value: round(one.throughput) } } : {}),
        detail: result.detail,
        cost: result.cost,
      });
    }
  } finally {
    await second.stop();
    await postgres.close();
  }
}
