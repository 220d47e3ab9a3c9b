// The hand-off model's cost with the real app's behaviour (issue 26). `BENCH_HANDOFF_DEVICES`
// emulated SMS Gateway for Android phones (the test emulator, test/relay/android-app/emulator.ts,
// in the bench process) hold each message they pull `BENCH_HANDOFF_HOLD_MS` in their own queue
// before sending it, one after another, and report `Processed`, `Sent` and `Delivered` as three
// PATCHes once it is sent (late reports); every `BENCH_HANDOFF_DROP_MS` (3 s) each phone's events stream
// drops and reconnects 200 ms later, and the pull on reconnect re-reports what the phone still
// holds (repeated reports). A list of `BENCH_HANDOFF_MESSAGES` queued in one request, until every
// message is reported delivered: CPU per delivered message, and 202 → `Delivered` report.
// Baseline, right after: the same list to as many phones of our WebSocket protocol (`relay:sim`)
// holding each message as long (`--hold-ms`) and sending one at a time (`--parallel 1`).
import { MOBILE_API_PATH } from '../src/relay/transports/android-app/mobile.ts';
import { AppEmulator } from '../test/relay/android-app/emulator.ts';
import { costOf, cpuMeter, percentile, round, rows, sizes, startChild, until, type Api, type BenchContext } from './support.ts';

/** Distinct valid numbers (French mobile ranges no other scenario uses): app, then baseline. */
const number = (i: number) => `+3366${String(i).padStart(7, '0')}`;
const baselineNumber = (i: number) => `+3367${String(i).padStart(7, '0')}`;

const pairingCode = async (client: Api): Promise<string> => (await client.graphql(`mutation { createPairingCode { code } }`)).createPairingCode.code;

/** A list of `sizes.handoffMessages` recipients, ready to queue. */
async function recipientList(client: Api, to: (i: number) => string): Promise<string> {
  const list = await client.graphql(`mutation { createRecipientList(input: {name: "Bench hand-off list"}) { id } }`);
  const listId: string = list.createRecipientList.id;
  const csv = ['name,phone', ...Array.from({ length: sizes.handoffMessages }, (_, i) => `Recipient ${i},${to(i)}`)].join('\n');
  const imported = await client.graphql(`mutation($csv: String!, $listId: ID) { importRecipients(csv: $csv, listId: $listId) { created } }`, { csv, listId });
  if (imported.importRecipients.created !== sizes.handoffMessages) throw new Error(`imported ${imported.importRecipients.created} of ${sizes.handoffMessages} recipients`);
  return listId;
}

async function queueList(client: Api, listId: string) {
  const queued = await client.rest('POST', '/api/v1/recipient-lists/queue', { list_id: listId, message: 'Your order shipped.' });
  if (queued.status !== 202 || queued.body.queued !== sizes.handoffMessages) throw new Error(`list queue answered ${queued.status}: ${JSON.stringify(queued.body).slice(0, 300)}`);
}

/** The app phones' run: the list queued, until every message is reported `Delivered`. */
async function appRun(ctx: BenchContext, router: number | undefined) {
  const client = await ctx.newAccount('Bench hand-off app');
  const listId = await recipientList(client, number);
  const phones: AppEmulator[] = [];
  let drops: NodeJS.Timeout | undefined;
  try {
    for (let i = 0; i < sizes.handoffDevices; i++) {
      const options = { apiUrl: `${ctx.base}${MOBILE_API_PATH}`, name: `Bench/Holding ${i}`, holdMs: sizes.handoffHoldMs, reconnectMs: 200 };
      phones.push(await AppEmulator.signInByCode(options, await pairingCode(client)));
    }
    // Delivered reports the server took, read off each phone's events as they come.
    const delivered = new Map<string, number>();
    const read = phones.map(() => 0);
    const scan = () => {
      for (const [i, phone] of phones.entries()) {
        for (; read[i]! < phone.events.length; read[i]!++) {
          const event = phone.events[read[i]!]!;
          if (event.type === 'reported' && event.state === 'Delivered' && event.status < 300 && !delivered.has(event.id)) delivered.set(event.id, event.at);
        }
      }
      return delivered.size >= sizes.handoffMessages;
    };

    const meter = cpuMeter({ gateway: ctx.gateway.child.pid, router }, ctx.postmasterPid);
    const requested = Date.now();
    await queueList(client, listId);
    drops = setInterval(() => {
      for (const phone of phones) phone.dropStream();
    }, sizes.handoffDropMs);
    await until(`${sizes.handoffMessages} messages delivered by the app phones`, scan, 120_000 + sizes.handoffMessages * 100, 50);
    const cpu = meter();
    clearInterval(drops);

    // Every PATCH a phone made for the list's messages, and those that repeated a state it had already reported.
    let reports = 0;
    let repeated = 0;
    let pulls = 0;
    let dropped = 0;
    for (const phone of phones) {
      const seen = new Set<string>();
      for (const event of phone.events) {
        if (event.type === 'pulled') pulls++;
        else if (event.type === 'stream-closed') dropped++;
        else if (event.type === 'reported') {
          reports++;
          const key = `${event.id} ${event.state}`;
          if (seen.has(key)) repeated++;
          seen.add(key);
        }
      }
    }
    const latencies = [...delivered.values()].map((at) => at - requested);
    return {
      cost: costOf(cpu, delivered.size, 'message delivered'),
      detail: {
        all_delivered_s: round(Math.max(...latencies) / 1000, 2),
        delivered_p50_ms: percentile(latencies, 50),
        reports_per_message: round(reports / sizes.handoffMessages, 2),
        repeated_reports: repeated,
        pulls,
        stream_drops: dropped,
        per_phone: phones.map((phone) => phone.events.filter((event) => event.type === 'sending').length).join('/'),
        ...cpu.shares,
      },
    };
  } finally {
    clearInterval(drops);
    for (const phone of phones) phone.stop();
  }
}

/** The baseline: as many WebSocket phones holding each message as long, one at a time. */
async function websocketRun(ctx: BenchContext, router: number | undefined) {
  const client = await ctx.newAccount('Bench hand-off WebSocket');
  const listId = await recipientList(client, baselineNumber);
  const delivered = new Map<string, number>();
  const online = new Set<string>();
  const sim = await startChild(
    'sim',
    'src/relay/simulator/cli.ts',
    ['--pair', await pairingCode(client), '--api-key', client.key, '--devices', String(sizes.handoffDevices), '--delivery-ms', '0', '--hold-ms', String(sizes.handoffHoldMs), '--parallel', '1', '--state-dir', '', '--quiet', '--base-url', ctx.base],
    ctx.env,
    {
      waitReady: false,
      onMessage: (event: { type: string; deviceId?: string; messageId?: string; status?: string; applied?: boolean; at: number }) => {
        if (event.type === 'connected') online.add(event.deviceId!);
        else if (event.type === 'reported' && event.applied && event.status === 'delivered') delivered.set(event.messageId!, event.at);
      },
    },
  );
  try {
    await until(`${sizes.handoffDevices} simulated devices online`, () => online.size === sizes.handoffDevices, 60_000);
    const meter = cpuMeter({ gateway: ctx.gateway.child.pid, router, sim: sim.child.pid }, ctx.postmasterPid);
    const requested = Date.now();
    await queueList(client, listId);
    await until(`${sizes.handoffMessages} messages delivered by the WebSocket phones`, () => delivered.size >= sizes.handoffMessages, 120_000 + sizes.handoffMessages * 100, 50);
    const cpu = meter();
    const latencies = [...delivered.values()].map((at) => at - requested);
    return { cost: costOf(cpu, delivered.size, 'message delivered'), allDeliveredS: round(Math.max(...latencies) / 1000, 2) };
  } finally {
    await sim.stop();
  }
}

export async function handoffScenario(ctx: BenchContext) {
  const router = await startChild('worker:sms-routing', 'workers/main.ts', ['sms-routing'], ctx.env);
  try {
    const app = await appRun(ctx, router.child.pid);
    const websocket = await websocketRun(ctx, router.child.pid);
    rows.push({
      scenario: 'handoff',
      name: `Hand-off with the app's behaviour: ${sizes.handoffMessages} from a list to ${sizes.handoffDevices} app phones holding ${sizes.handoffHoldMs} ms, streams dropped every ${sizes.handoffDropMs} ms: CPU per delivered message`,
      value: app.cost.total_ms_per_unit,
      unit: 'ms/message delivered',
      baseline: { name: 'WebSocket phones holding as long', value: websocket.cost.total_ms_per_unit },
      detail: { ...app.detail, websocket_all_delivered_s: websocket.allDeliveredS, websocket_gateway_ms: websocket.cost.ms_per_unit.gateway ?? NaN, websocket_postgres_ms: websocket.cost.ms_per_unit.postgres ?? NaN },
      cost: app.cost,
    });
  } finally {
    await router.stop();
  }
}
