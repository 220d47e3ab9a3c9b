// The SMS Gateway for Android transport (issue 11): a few emulated phones (the app emulator of
// test/relay/android-app/emulator.ts, in the bench process: at light load it costs little) signed
// in by pairing code and holding the events stream, single `POST /api/v1/sms/send` at a steady
// light rate, and for each message the time from the send's 202 to the arrival of the first
// `GET /message` answer that hands it to a phone ("app fetch"). Baseline, at the same time: the
// same load to as many phones of our own WebSocket protocol (`npm run relay:sim`), 202 → `send` frame.
// Plain HTTP: the app's release build needs HTTPS, but TLS is not what is measured here (the
// tests run the emulator over HTTPS).
import { AppEmulator } from '../test/relay/android-app/emulator.ts';
import { MOBILE_API_PATH } from '../src/relay/transports/android-app/mobile.ts';
import { costOf, cpuMeter, percentile, round, rows, sizes, sleep, startChild, until, type Api, type BenchContext } from './support.ts';

/** Distinct valid numbers (French mobile ranges the sms scenario does not use): app, then baseline. */
const number = (i: number) => `+3362${String(i).padStart(7, '0')}`;
const baselineNumber = (i: number) => `+3363${String(i).padStart(7, '0')}`;

const pairingCode = async (client: Api): Promise<string> => (await client.graphql(`mutation { createPairingCode { code } }`)).createPairingCode.code;

async function devicesOnline(client: Api, count: number) {
  await until(`${count} devices online`, async () => {
    const devices = await client.rest('GET', '/api/v1/relay/devices?limit=100');
    return devices.body.data.filter((device: { status: string }) => device.status === 'online').length === count;
  }, 60_000, 100);
}

/**
 * Warm-up, not counted: one message per phone, numbers 0 to `appDevices` − 1, until each has
 * `arrived`, so the first sends of a fresh gateway (query compilation, connections) do not stand
 * for the steady state.
 */
async function warmUp(client: Api, to: (i: number) => string, arrived: (id: string) => boolean) {
  const warmup = await Promise.all(Array.from({ length: sizes.appDevices }, (_, i) => client.rest('POST', '/api/v1/sms/send', { to: to(i), message: `Warm-up ${i}` })));
  if (warmup.some((response) => response.status !== 202)) throw new Error(`warm-up send answered ${warmup.map((response) => response.status).join(',')}`);
  await until('warm-up messages arrived', () => warmup.every((response) => arrived(response.body.request_id)), 30_000);
}

/**
 * Single sends (numbers from `appDevices` on, after the warm-up's), open loop, one every 1/rate s
 * for `sizes.seconds`: a steady trickle (autocannon's `overallRate` releases each second's requests
 * together, a burst rather than light load). At this rate `fetch` (keep-alive) costs the shared
 * cores little.
 */
async function steadySends(client: Api, to: (i: number) => string, rate: number) {
  const count = Math.max(1, Math.round(rate * sizes.seconds));
  const sends = new Map<string, { sentAt: number; acceptedAt: number }>();
  const errorStatuses = new Map<string, number>();
  const failed = (code: string) => errorStatuses.set(code, (errorStatuses.get(code) ?? 0) + 1);
  const sendOne = async (i: number) => {
    const sentAt = Date.now();
    try {
      const response = await client.rest('POST', '/api/v1/sms/send', { to: to(i), message: `Code ${i}` });
      if (response.status === 202) sends.set(response.body.request_id, { sentAt, acceptedAt: Date.now() });
      else failed(`${response.status} ${response.body?.code ?? ''}`);
    } catch (error) {
      failed((error as Error).message);
    }
  };
  const start = Date.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    // Scheduled from the start, so a late timer does not push every later send back.
    await sleep(Math.max(0, start + (i * 1000) / rate - Date.now()));
    inFlight.push(sendOne(sizes.appDevices + i));
  }
  const issuedSeconds = (Date.now() - start) / 1000;
  await Promise.all(inFlight);
  const acceptLatency = [...sends.values()].map((times) => times.acceptedAt - times.sentAt);
  const errors = count - sends.size;
  return {
    sends,
    errors,
    detail: {
      sent: count,
      accepted: sends.size,
      achieved_rate: round((count - 1) / issuedSeconds),
      accept_p50_ms: percentile(acceptLatency, 50),
      accept_p99_ms: percentile(acceptLatency, 99),
      errors,
      ...(errors > 0 ? { error_statuses: [...errorStatuses].map(([code, n]) => `${code}×${n}`).join(',') } : {}),
    },
  };
}

/** The baseline's phones: `appDevices` simulated WebSocket phones (`npm run relay:sim`) of an account of their own. */
async function websocketPhones(ctx: BenchContext) {
  const client = await ctx.newAccount('Bench app baseline');
  const received = new Map<string, number>();
  const online = new Set<string>();
  const sim = await startChild(
    'sim',
    'src/relay/simulator/cli.ts',
    ['--pair', await pairingCode(client), '--api-key', client.key, '--devices', String(sizes.appDevices), '--delivery-ms', '0', '--state-dir', '', '--quiet', '--base-url', ctx.base],
    ctx.env,
    {
      waitReady: false,
      onMessage: (event: { type: string; deviceId?: string; messageId?: string; at: number }) => {
        if (event.type === 'connected') online.add(event.deviceId!);
        else if (event.type === 'received' && !received.has(event.messageId!)) received.set(event.messageId!, event.at);
      },
    },
  );
  try {
    await until(`${sizes.appDevices} simulated devices online`, () => online.size === sizes.appDevices, 60_000);
    await devicesOnline(client, sizes.appDevices);
  } catch (error) {
    await sim.stop();
    throw error;
  }
  return { client, sim, received };
}

export async function appScenario(ctx: BenchContext) {
  const client = await ctx.newAccount('Bench app');
  const router = await startChild('worker:sms-routing', 'workers/main.ts', ['sms-routing'], ctx.env);
  const phones: AppEmulator[] = [];
  let websocket: Awaited<ReturnType<typeof websocketPhones>> | undefined;
  try {
    // The phones: each signs in with a pairing code of its own, as a user types it into the app.
    for (let i = 0; i < sizes.appDevices; i++) {
      const code = await pairingCode(client);
      phones.push(await AppEmulator.signInByCode({ apiUrl: `${ctx.base}${MOBILE_API_PATH}`, name: `Bench/Phone ${i}` }, code));
    }
    await devicesOnline(client, sizes.appDevices);
    websocket = await websocketPhones(ctx);
    const { received } = websocket;

    /**
     * The first `GET /message` answer that handed a message to a phone (any phone, any reason), and
     * the `MessageEnqueued` event that phone got last before it: the stream's part of the time.
     */
    const fetchOf = (id: string) => {
      let first: { at: number; phone: AppEmulator } | undefined;
      for (const phone of phones) {
        for (const event of phone.events) if (event.type === 'pulled' && event.ids.includes(id) && (!first || event.at < first.at)) first = { at: event.at, phone };
      }
      if (!first) return undefined;
      const told = first.phone.events.findLast((event) => event.type === 'event' && event.name === 'MessageEnqueued' && event.at <= first.at);
      return { fetchedAt: first.at, toldAt: told?.at ?? NaN };
    };
    const deliveredOn = (id: string) =>
      phones.some((phone) => phone.reported(id).some((report) => report.state === 'Delivered' && report.status < 300));

    await warmUp(client, number, deliveredOn);
    await warmUp(websocket.client, baselineNumber, (id) => received.has(id));

    // Both loads at once, so the app and its baseline meet the same moment of a shared machine.
    const meter = cpuMeter({ gateway: ctx.gateway.child.pid, router: router.child.pid, sim: websocket.sim.child.pid }, ctx.postmasterPid);
    const [{ sends, errors, detail }, baseline] = await Promise.all([
      steadySends(client, number, sizes.appRate),
      steadySends(websocket.client, baselineNumber, sizes.appRate),
    ]);
    await until(`${sends.size} sends fetched by the app`, () => [...sends.keys()].every((id) => fetchOf(id) !== undefined), 60_000, 50);
    await until(`${baseline.sends.size} baseline sends received`, () => [...baseline.sends.keys()].every((id) => received.has(id)), 60_000, 50);
    const cpu = meter();
    await until(`${sends.size} sends delivered`, () => [...sends.keys()].every(deliveredOn), 60_000, 50).catch(() => {});
    const delivered = [...sends.keys()].filter(deliveredOn).length;
    const perPhone = phones.map((phone) => phone.events.filter((event) => event.type === 'received' && sends.has(event.id)).length);

    const timings = [...sends].map(([id, times]) => ({ ...times, ...fetchOf(id)! }));
    const acceptToFetch = timings.map((times) => times.fetchedAt - times.acceptedAt);
    // 202 → the phone told by its stream, and that event → the fetch answer (a pull, or two when
    // the message was dispatched while one was running).
    const acceptToEvent = timings.map((times) => times.toldAt - times.acceptedAt);
    const eventToFetch = timings.map((times) => times.fetchedAt - times.toldAt);
    const websocketToDevice = [...baseline.sends].map(([id, times]) => received.get(id)! - times.acceptedAt);
    const p99 = percentile(acceptToFetch, 99);
    rows.push({
      scenario: 'app',
      name: `Android app at ${sizes.appRate} msg/s to ${sizes.appDevices} phones: send (202) → app fetch`,
      value: p99,
      unit: 'ms p99',
      baseline: { name: 'WebSocket phones at the same time, 202 → send frame, p99', value: percentile(websocketToDevice, 99) },
      target: 'p99 < 100 ms',
      pass: p99 < 100 && errors === 0 && delivered === sends.size,
      detail: {
        p50_ms: percentile(acceptToFetch, 50),
        max_ms: Math.max(...acceptToFetch),
        to_event_p50_ms: percentile(acceptToEvent, 50),
        to_event_p99_ms: percentile(acceptToEvent, 99),
        event_to_fetch_p50_ms: percentile(eventToFetch, 50),
        event_to_fetch_p99_ms: percentile(eventToFetch, 99),
        delivered,
        per_phone: perPhone.join('/'),
        ...detail,
        websocket_p50_ms: percentile(websocketToDevice, 50),
        websocket_accept_p99_ms: baseline.detail.accept_p99_ms,
        websocket_errors: baseline.errors,
        ...cpu.shares,
      },
      // Both loads ran in the window: the cost is per message of either transport.
      cost: costOf(cpu, sends.size + baseline.sends.size, 'message accepted'),
    });
  } finally {
    for (const phone of phones) phone.stop();
    await websocket?.sim.stop();
    await router.stop();
  }
}
