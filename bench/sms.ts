// End-to-end SMS: a recipient list queued at once to simulated phones (`npm run relay:sim` as a
// child process), then single sends at half the measured throughput for accept → device latency.
import autocannon from 'autocannon';
import { ceiling } from './accept.ts';
import { pgbenchCeiling } from './pgbench.ts';
import { costOf, cpuMeter, percentile, round, rows, sizes, startChild, until, type BenchContext } from './support.ts';

interface SimEvent {
  type: string;
  deviceId?: string;
  messageId?: string;
  status?: string;
  applied?: boolean;
  at: number;
}

/** Distinct valid numbers (French mobile range) for the recipient list and the single sends. */
const number = (i: number) => `+3361${String(i).padStart(7, '0')}`;

export async function smsScenario(ctx: BenchContext) {
  const limit = await ceiling(ctx).then((measured) => measured.rate, () => NaN);
  const pgbench = await pgbenchCeiling(ctx).then((measured) => measured.rate, () => NaN);
  const client = await ctx.newAccount('Bench relay');
  const total = sizes.smsMessages;

  // The list: one CSV import of `total` recipients.
  const list = await client.graphql(`mutation { createRecipientList(input: {name: "Bench list"}) { id } }`);
  const listId: string = list.createRecipientList.id;
  const csv = ['name,phone', ...Array.from({ length: total }, (_, i) => `Recipient ${i},${number(i)}`)].join('\n');
  const imported = await client.graphql(`mutation($csv: String!, $listId: ID) { importRecipients(csv: $csv, listId: $listId) { created } }`, { csv, listId });
  if (imported.importRecipients.created !== total) throw new Error(`imported ${imported.importRecipients.created} of ${total} recipients`);

  // The phones: `npm run relay:sim` pairing `smsDevices` devices, answering at once (--delivery-ms 0),
  // each sending `smsParallel` texts at a time.
  const received = new Map<string, number>();
  const delivered = new Map<string, number>();
  const online = new Set<string>();
  let failed = 0;
  const { code } = (await client.graphql(`mutation { createPairingCode { code } }`)).createPairingCode;
  const sim = await startChild(
    'sim',
    'src/relay/simulator/cli.ts',
    ['--pair', code, '--api-key', client.key, '--devices', String(sizes.smsDevices), '--delivery-ms', '0', '--state-dir', '', '--parallel', String(sizes.smsParallel), '--quiet', '--base-url', ctx.base],
    ctx.env,
    {
      waitReady: false,
      onMessage: (event: SimEvent) => {
        if (event.type === 'connected') online.add(event.deviceId!);
        else if (event.type === 'disconnected') online.delete(event.deviceId!);
        else if (event.type === 'received' && !received.has(event.messageId!)) received.set(event.messageId!, event.at);
        else if (event.type === 'reported' && event.applied && event.status === 'delivered') delivered.set(event.messageId!, event.at);
        else if (event.type === 'reported' && event.applied && event.status === 'failed') failed++;
      },
    },
  );
  const router = await startChild('worker:sms-routing', 'workers/main.ts', ['sms-routing'], ctx.env);
  try {
    await until(`${sizes.smsDevices} simulated devices online`, () => online.size === sizes.smsDevices, 60_000);

    // 1. Throughput: the whole list in one request, until every message is reported delivered.
    const meter = cpuMeter({ gateway: ctx.gateway.child.pid, router: router.child.pid, sim: sim.child.pid }, ctx.postmasterPid);
    const requested = Date.now();
    const queued = await client.rest('POST', '/api/v1/recipient-lists/queue', { list_id: listId, message: 'Your order shipped.' });
    const accepted = Date.now();
    if (queued.status !== 202 || queued.body.queued !== total) throw new Error(`list queue answered ${queued.status}: ${JSON.stringify(queued.body).slice(0, 300)}`);
    await until(`${total} messages delivered`, () => delivered.size + failed >= total, 120_000 + total * 20, 50);
    const cpu = meter();
    const lastDelivered = [...delivered.values()].reduce((a, b) => Math.max(a, b), 0);
    const throughput = total / ((lastDelivered - requested) / 1000);
    const firstReceived = [...received.values()].reduce((a, b) => Math.min(a, b), Infinity);
    const cost = costOf(cpu, delivered.size, 'message delivered');
    rows.push({
      scenario: 'sms',
      name: `End-to-end SMS: ${total} from a list to ${sizes.smsDevices} devices, accept → delivered`,
      value: round(throughput),
      unit: 'msg/s',
      baseline: { name: 'ceiling', value: round(limit) },
      target: '≥ 2,500 msg/s, ≤ 0.5 ms CPU each',
      pass: throughput >= 2500 && cost.total_ms_per_unit <= 0.5 && failed === 0,
      detail: {
        list_accept_ms: accepted - requested,
        first_received_ms: firstReceived - requested,
        all_delivered_s: round((lastDelivered - requested) / 1000, 2),
        failed,
        pgbench_ratio: round(throughput / pgbench, 2),
        ...cpu.shares,
      },
      cost,
    });

    // 2. Latency at half that load: single POST /sms/send at a steady overall rate, from autocannon
    // (keep-alive connections, as a merchant's servers would send; a load tool costs the shared
    // cores far less than fetch would).
    const rate = sizes.smsLatencyRate ?? Math.max(1, Math.round(throughput / 2));
    const count = Math.max(1, Math.round(rate * sizes.smsLatencySeconds));
    const sends = new Map<string, { sentAt: number; acceptedAt: number }>();
    let errors = 0;
    const errorStatuses = new Map<string, number>();
    let issued = 0;
    const latencyMeter = cpuMeter({ gateway: ctx.gateway.child.pid, router: router.child.pid, sim: sim.child.pid }, ctx.postmasterPid);
    const start = Date.now();
    await autocannon({
      url: `${ctx.base}/api/v1/sms/send`,
      method: 'POST',
      // Enough connections that waiting answers never hold the rate back (achieved_rate shows it).
      connections: 128,
      overallRate: rate,
      amount: count,
      headers: { authorization: `Bearer ${client.key}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request: any, context: any) => {
            const i = issued++;
            context.sentAt = Date.now();
            return { ...request, body: JSON.stringify({ to: number(i % total), message: `Code ${i}` }) };
          },
          onResponse: (status: number, body: string, context: any) => {
            if (status === 202) sends.set(JSON.parse(body).request_id, { sentAt: context.sentAt, acceptedAt: Date.now() });
            else {
              errors++;
              const code = `${status} ${body.match(/"code":"(\w+)"/)?.[1] ?? ''}`;
              errorStatuses.set(code, (errorStatuses.get(code) ?? 0) + 1);
            }
          },
        },
      ],
    } as autocannon.Options);
    const sendSeconds = (Date.now() - start) / 1000;
    const latencyCpu = latencyMeter();
    await until(`${sends.size} single sends received`, () => [...sends.keys()].every((id) => received.has(id)), 60_000, 50);
    const acceptToDevice = [...sends].map(([id, times]) => received.get(id)! - times.acceptedAt);
    const requestToDevice = [...sends].map(([id, times]) => received.get(id)! - times.sentAt);
    const acceptLatency = [...sends.values()].map((times) => times.acceptedAt - times.sentAt);
    const p99 = percentile(acceptToDevice, 99);
    rows.push({
      scenario: 'sms',
      name: `SMS latency at ${rate} msg/s (half load): accept → device-received`,
      value: p99,
      unit: 'ms p99',
      target: 'p99 < 50 ms',
      pass: p99 < 50 && errors === 0,
      detail: {
        p50_ms: percentile(acceptToDevice, 50),
        sent: count,
        achieved_rate: round(count / sendSeconds),
        request_to_device_p99_ms: percentile(requestToDevice, 99),
        accept_p50_ms: percentile(acceptLatency, 50),
        accept_p99_ms: percentile(acceptLatency, 99),
        errors,
        ...(errors > 0 ? { error_statuses: [...errorStatuses].map(([code, n]) => `${code}×${n}`).join(',') } : {}),
        ...latencyCpu.shares,
      },
      cost: costOf(latencyCpu, sends.size, 'message accepted'),
    });
  } finally {
    await sim.stop();
    await router.stop();
  }
}
