// The SMS Gateway for Android transport (issue 11): a few emulated phones (the app emulator of
// test/relay/android-app/emulator.ts, in the bench process: at light load it costs little) signed
// in by pairing code and holding the events stream, single `POST /api/v1/sms/send` at a steady
// light rate, and for each message the time from the send's 202 to the arrival of the first
// `GET /message` answer that hands it to a phone ("app fetch"). Plain HTTP: the app's release build
// needs HTTPS, but TLS is not what is measured here (the tests run the emulator over HTTPS).
import autocannon from 'autocannon';
import { AppEmulator } from '../test/relay/android-app/emulator.ts';
import { MOBILE_API_PATH } from '../src/relay/android-app/mobile.ts';
import { cpuMeter, percentile, round, rows, sizes, startChild, until, type BenchContext } from './support.ts';

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

    /** When a message first reached a phone in a `GET /message` answer (any phone, any reason). */
    const fetchedAt = (id: string) => {
      let first = Infinity;
      for (const phone of phones) {
        for (const event of phone.events) if (event.type === 'pulled' && event.at < first && event.ids.includes(id)) first = event.at;
      }
      return first;
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

    // The load: single sends at a steady overall rate from autocannon (keep-alive connections, as
    // the sms scenario sends; light load, so a few connections never hold the rate back).
    const rate = sizes.appRate;
    const count = Math.max(1, Math.round(rate * sizes.seconds));
    const sends = new Map<string, { sentAt: number; acceptedAt: number }>();
    const errorStatuses = new Map<string, number>();
    let errors = 0;
    let issued = 0;
    const meter = cpuMeter({ gateway: ctx.gateway.child.pid, router: router.child.pid }, ctx.postmasterPid);
    const start = Date.now();
    await autocannon({
      url: `${ctx.base}/api/v1/sms/send`,
      method: 'POST',
      connections: 8,
      overallRate: rate,
      amount: count,
      headers: { authorization: `Bearer ${client.key}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request: any, context: any) => {
            const i = sizes.appDevices + issued++;
            context.sentAt = Date.now();
            return { ...request, body: JSON.stringify({ to: number(i), message: `Code ${i}` }) };
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
    await until(`${sends.size} sends fetched by the app`, () => [...sends.keys()].every((id) => fetchedAt(id) < Infinity), 60_000, 50);
    const cpu = meter();
    await until(`${sends.size} sends delivered`, () => [...sends.keys()].every(deliveredOn), 60_000, 50).catch(() => {});
    const delivered = [...sends.keys()].filter(deliveredOn).length;

    const acceptToFetch = [...sends].map(([id, times]) => fetchedAt(id) - times.acceptedAt);
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
        sent: count,
        accepted: sends.size,
        delivered,
        achieved_rate: round(count / sendSeconds),
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
