// The SMS Gateway for Android transport (issue 11): a few emulated phones (the app emulator of
// test/relay/android-app/emulator.ts, in the bench process: at light load it costs little) signed
// in by pairing code and holding the events stream, single `POST /api/v1/sms/send` at a steady
// light rate, and for each message the time from the send's 202 to the arrival of the first
// `GET /message` answer that hands it to a phone ("app fetch"). Plain HTTP: the app's release build
// needs HTTPS, but TLS is not what is measured here (the tests run the emulator over HTTPS).
import { AppEmulator } from '../test/relay/android-app/emulator.ts';
import { MOBILE_API_PATH } from '../src/relay/android-app/mobile.ts';
import { cpuMeter, percentile, round, rows, sizes, sleep, startChild, until, type BenchContext } from './support.ts';

/** Distinct valid numbers (French mobile range, a block the sms scenario does not use). */
const number = (i: number) => `+3362${String(i).padStart(7, '0')}`;

export async function appScenario(ctx: BenchContext) {
  const client = await ctx.newAccount('Bench app');
  const router = await startChild('worker:sms-routing', 'workers/main.ts', ['sms-routing'], ctx.env);
  const phones: AppEmulator[] = [];
  try {
    // The phones: each signs in with a pairing code of its own, as a user types it into the app.
    for (let i = 0; i < sizes.appDevices; i++) {
      const { code } = (await client.graphql(`mutation { createPairingCode { code } }`)).createPairingCode;
      phones.push(await AppEmulator.signInByCode({ apiUrl: `${ctx.base}${MOBILE_API_PATH}`, name: `Bench/Phone ${i}` }, code));
    }
    await until(`${sizes.appDevices} app devices online`, async () => {
      const devices = await client.rest('GET', '/api/v1/relay/devices?limit=100');
      return devices.body.data.filter((device: { status: string }) => device.status === 'online').length === sizes.appDevices;
    }, 60_000, 100);

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

    // Warm-up, not counted: one message per phone's worth, so the first sends of a fresh gateway
    // (query compilation, connections) do not stand for the steady state.
    const warmup = await Promise.all(
      Array.from({ length: sizes.appDevices }, (_, i) => client.rest('POST', '/api/v1/sms/send', { to: number(i), message: `Warm-up ${i}` })),
    );
    if (warmup.some((response) => response.status !== 202)) throw new Error(`warm-up send answered ${warmup.map((response) => response.status).join(',')}`);
    await until('warm-up messages delivered', () => warmup.every((response) => deliveredOn(response.body.request_id)), 30_000);

    // The load: single sends, open loop, one every 1/rate s (a steady trickle; autocannon's
    // `overallRate` releases each second's requests together, a burst rather than light load).
    // At this rate `fetch` (keep-alive) costs the shared cores little.
    const rate = sizes.appRate;
    const count = Math.max(1, Math.round(rate * sizes.seconds));
    const sends = new Map<string, { sentAt: number; acceptedAt: number }>();
    const errorStatuses = new Map<string, number>();
    let errors = 0;
    const sendOne = async (i: number) => {
      const sentAt = Date.now();
      try {
        const response = await client.rest('POST', '/api/v1/sms/send', { to: number(i), message: `Code ${i}` });
        const acceptedAt = Date.now();
        if (response.status === 202) return void sends.set(response.body.request_id, { sentAt, acceptedAt });
        errors++;
        const code = `${response.status} ${response.body?.code ?? ''}`;
        errorStatuses.set(code, (errorStatuses.get(code) ?? 0) + 1);
      } catch (error) {
        errors++;
        const code = (error as Error).message;
        errorStatuses.set(code, (errorStatuses.get(code) ?? 0) + 1);
      }
    };
    const meter = cpuMeter({ gateway: ctx.gateway.child.pid, router: router.child.pid }, ctx.postmasterPid);
    const start = Date.now();
    const inFlight: Array<Promise<void>> = [];
    for (let i = 0; i < count; i++) {
      // Scheduled from the start, so a late timer does not push every later send back.
      await sleep(Math.max(0, start + (i * 1000) / rate - Date.now()));
      inFlight.push(sendOne(sizes.appDevices + i));
    }
    const issuedSeconds = (Date.now() - start) / 1000;
    await Promise.all(inFlight);
    await until(`${sends.size} sends fetched by the app`, () => [...sends.keys()].every((id) => fetchOf(id) !== undefined), 60_000, 50);
    const cpu = meter();
    await until(`${sends.size} sends delivered`, () => [...sends.keys()].every(deliveredOn), 60_000, 50).catch(() => {});
    const delivered = [...sends.keys()].filter(deliveredOn).length;

    const timings = [...sends].map(([id, times]) => ({ ...times, ...fetchOf(id)! }));
    const acceptToFetch = timings.map((times) => times.fetchedAt - times.acceptedAt);
    // 202 → the phone told by its stream, and that event → the fetch answer (a pull, or two when
    // the message was dispatched while one was running).
    const acceptToEvent = timings.map((times) => times.toldAt - times.acceptedAt);
    const eventToFetch = timings.map((times) => times.fetchedAt - times.toldAt);
    const acceptLatency = [...sends.values()].map((times) => times.acceptedAt - times.sentAt);
    const perPhone = phones.map((phone) => phone.events.filter((event) => event.type === 'received' && sends.has(event.id)).length);
    const p99 = percentile(acceptToFetch, 99);
    rows.push({
      scenario: 'app',
      name: `Android app at ${rate} msg/s to ${sizes.appDevices} phones: send (202) → app fetch`,
      value: p99,
      unit: 'ms p99',
      target: 'p99 < 100 ms',
      pass: p99 < 100 && errors === 0 && delivered === sends.size,
      detail: {
        p50_ms: percentile(acceptToFetch, 50),
        max_ms: Math.max(...acceptToFetch),
        to_event_p50_ms: percentile(acceptToEvent, 50),
        to_event_p99_ms: percentile(acceptToEvent, 99),
        event_to_fetch_p50_ms: percentile(eventToFetch, 50),
        event_to_fetch_p99_ms: percentile(eventToFetch, 99),
        sent: count,
        accepted: sends.size,
        delivered,
        achieved_rate: round((count - 1) / issuedSeconds),
        per_phone: perPhone.join('/'),
        accept_p50_ms: percentile(acceptLatency, 50),
        accept_p99_ms: percentile(acceptLatency, 99),
        errors,
        ...(errors > 0 ? { error_statuses: [...errorStatuses].map(([code, n]) => `${code}×${n}`).join(',') } : {}),
        ...cpu,
      },
    });
  } finally {
    for (const phone of phones) phone.stop();
    await router.stop();
  }
}
