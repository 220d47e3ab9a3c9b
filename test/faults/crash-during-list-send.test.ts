import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createList, importRecipients } from '../../src/relay/recipients/recipients.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { pairingCode, relayTestEnv, startDevice, type DeviceProcess } from '../relay/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

// A 2,000-message list send with webhooks on, while the routing worker, the webhook worker and a
// gateway holding some of the phones are SIGKILLed at random moments and restarted. Afterwards every
// message is final, none was sent twice (by one phone or by two), and every event reached the receiver.
//
// The kill moments come from a seed (printed with every failure): FAULT_SEED=<n> replays a run.

const MESSAGES = 2_000;
const KILLS_PER_PROCESS = 2;
// Phones on the gateway that dies; the others stay on the test's own gateway and take over their work.
const PHONES_ON_DOOMED_GATEWAY = 2;
const PHONES = 6;
// Failures a phone reports itself (the simulator's --fail-rate): the only honest way to fail here.
const FAIL_RATE = 0.03;
const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded PRNG, so a failing schedule can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(SEED);

let app: TestApp;
let receiver: Receiver;
let account: TestAccount;
const devices: DeviceProcess[] = [];
const log: string[] = [`seed ${SEED}`];
const note = (line: string) => log.push(line);

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({
    env: {
      ...relayTestEnv,
      RELAY_DEVICE_RATE_PER_MINUTE: '10000',
      RELAY_SEND_RATE_PER_MINUTE: '10000',
      // A phone that vanished with the gateway may be retried on others; leave room for that plus
      // the phones' own random failures, so a message fails only when phones really refused it.
      RELAY_MAX_ATTEMPTS: '6',
      // Each phone gets a quarter of the list at once and acknowledges it in order: on a busy
      // machine that takes longer than a minute, which must not turn into reroutes here.
      RELAY_ACK_TIMEOUT_SECONDS: '600',
      // A dead webhook worker's claims expire after timeout + 10 s; the other workers look every 2 s.
      WEBHOOK_TIMEOUT_SECONDS: '1',
      QUEUE_MONITOR_INTERVAL_SECONDS: '2',
      // One endpoint and a local receiver: a few pollers keep up, more only compete for jobs.
      WEBHOOK_CONCURRENCY: '8',
      WEBHOOK_ENDPOINT_CONCURRENCY: '8',
      WEBHOOK_RETRY_SCHEDULE: '0.5,1,1,1,1,1,1,1',
    },
  });
  account = await app.account();
}, 60_000);

afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
  await receiver?.close();
});

// The run costs about 120-150 CPU-seconds (PostgreSQL, two gateways, three workers, six phones):
// a minute or so on two idle cores. The deadline is for a machine shared with other work.
const BUDGET_MS = 300_000;
let deadline = 0;

/** Polls the database: the condition spans thousands of rows, no single event says so. */
async function until(what: string, check: () => Promise<boolean>, explain: () => Promise<unknown>) {
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached in time: ${JSON.stringify(await explain())}\n${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A process the test kills and brings back, the way a supervisor (systemd, Kubernetes) would. */
interface Restartable {
  name: string;
  current: ChildProcess;
  start(): Promise<ChildProcess>;
}

async function killAndRestart(target: Restartable) {
  const child = target.current;
  const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  target.current = await target.start();
}

describe('SIGKILL during a list send', () => {
  it('finishes every message once per phone and delivers every event, whatever dies', { timeout: BUDGET_MS + 10_000 }, async () => {
    const started = Date.now();
    deadline = started + BUDGET_MS;
    const prisma = app.rt.db.prisma;
    const created = await app.request('POST', '/api/v1/webhook-endpoints', {
      key: account.key,
      body: { url: receiver.url('/hooks'), event_types: ['message.sent', 'message.delivered', 'message.failed', 'device.offline'] },
    });
    expect(created.status).toBe(201);

    const list = await createList(prisma, account.id, { name: 'Everyone' });
    const csv = ['name,phone', ...Array.from({ length: MESSAGES }, (_, i) => `Customer ${i},+1415${2220000 + i}`)].join('\n');
    expect((await importRecipients(app.rt, prisma, account.id, csv, list.id)).created).toBe(MESSAGES);

    const gateway = await app.startGatewayProcess();
    const [routing, webhooks] = await Promise.all([
      app.startWorkers(['sms-routing']),
      app.startWorkers(['webhooks']),
      // Not killed: presence is what notices phones that went silent with their gateway.
      app.startWorkers(['device-presence']),
    ]);
    const targets: Restartable[] = [
      { name: 'sms-routing', current: routing, start: () => app.startWorkers(['sms-routing']) },
      { name: 'webhooks', current: webhooks, start: () => app.startWorkers(['webhooks']) },
      // Back on its port, where its phones reconnect.
      { name: 'gateway', current: gateway.child, start: async () => (await app.startGatewayProcess(gateway.port)).child },
    ];

    // Phones send one SMS at a time, like real ones.
    devices.push(
      ...(await Promise.all(
        Array.from({ length: PHONES }, async (_, i) => {
          const code = (await pairingCode(app, account.key)).code;
          const baseUrl = i < PHONES_ON_DOOMED_GATEWAY ? gateway.baseUrl : app.baseUrl;
          return startDevice(app, { code }, { baseUrl, name: `Phone ${i + 1}`, failRate: FAIL_RATE, deliveryMs: 4 });
        }),
      )),
    );

    // Each process dies KILLS_PER_PROCESS times, when a random share of the messages is final
    // (early enough that the restarted process has work left). The routing worker also dies right
    // after the send is accepted, while its first drain hands the list out (or just before).
    const kills = [
      { target: targets[0]!, at: 0 },
      ...targets.flatMap((target) =>
        Array.from({ length: KILLS_PER_PROCESS }, () => ({ target, at: Math.floor((0.05 + random() * 0.6) * MESSAGES) })),
      ),
    ].sort((a, b) => a.at - b.at);
    note(`kills: ${kills.map((kill) => `${kill.target.name}@${kill.at}`).join(', ')}`);

    const finished = () => prisma.message.count({ where: { accountId: account.id, state: { in: ['delivered', 'failed'] } } });
    const states = async () => ({
      messages: (await prisma.message.groupBy({ by: ['state', 'failureReason'], where: { accountId: account.id }, _count: true })).map(
        (row) => `${row.state}/${row.failureReason ?? '-'}: ${row._count}`,
      ),
      devices: (await prisma.device.findMany({ where: { accountId: account.id } })).map((device) => `${device.name} ${device.status} ${device.lastSeenAt.toISOString()}`),
      held: await prisma.$queryRaw`
        SELECT d.name, m.attempts, m.acknowledged_at IS NOT NULL AS acked, count(*)::int, min(m.id) AS sample, min(m.dispatched_at) AS since
        FROM messages m JOIN devices d ON d.id = m.device_id WHERE m.account_id = ${account.id} AND m.state IN ('dispatched', 'sent') GROUP BY 1, 2, 3`,
      phones: devices.map((device) => {
        const counts: Record<string, unknown> = {};
        for (const event of device.events) counts[event.type] = ((counts[event.type] as number) ?? 0) + 1;
        counts.last = device.events.filter((event) => event.type !== 'heartbeat').slice(-4);
        counts.errors = device.events.filter((event) => event.type === 'error').slice(-3);
        return counts;
      }),
      jobs: await prisma.$queryRaw`SELECT name, state, singleton_key, count(*)::int FROM pgboss.job WHERE name = 'relay_dispatch' GROUP BY 1, 2, 3`,
      at: new Date().toISOString(),
    });

    const accepted = await app.request('POST', '/api/v1/recipient-lists/queue', {
      key: account.key,
      body: { list_id: list.id, message: 'Your order has shipped.' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.queued).toBe(MESSAGES);
    note(`accepted after ${Date.now() - started} ms`);

    // The chaos: one kill at a time per process (the same one cannot die twice at once), others in parallel.
    const running = new Map<Restartable, Promise<void>>();
    for (const kill of kills) {
      await until(`${kill.at} final messages`, async () => (await finished()) >= kill.at, states);
      const previous = running.get(kill.target) ?? Promise.resolve();
      const next = previous.then(async () => {
        note(`${Date.now() - started} ms: SIGKILL ${kill.target.name} at ${await finished()} final`);
        await killAndRestart(kill.target);
        note(`${Date.now() - started} ms: ${kill.target.name} back`);
      });
      running.set(kill.target, next);
    }
    await Promise.all(running.values());

    await until('every message final', async () => (await finished()) === MESSAGES, states);
    note(`all final after ${Date.now() - started} ms: ${JSON.stringify(await states())}`);
    const deliveriesPending = () => prisma.webhookDelivery.count({ where: { accountId: account.id, status: { not: 'succeeded' } } });
    await until('every webhook delivered', async () => (await deliveriesPending()) === 0, async () => ({
      pending: await deliveriesPending(),
    }));
    note(`webhooks done after ${Date.now() - started} ms`);

    const context = log.join('\n');
    const messages = await prisma.message.findMany({ where: { accountId: account.id } });
    expect(messages).toHaveLength(MESSAGES);
    // Final: delivered, or failed because phones reported failures (never lost, stuck or expired).
    for (const message of messages) {
      if (message.state === 'failed') expect(message.failureReason, `${message.id}\n${context}`).toBe('generic_failure');
      else expect(message.state, `${message.id}\n${context}`).toBe('delivered');
    }

    // Phone side: no phone sent a message twice; each delivered message was reported delivered, and
    // applied once at most (a report whose answer died with a killed gateway is sent again after
    // the reconnect and answers applied: false).
    const sends = new Map<string, number>();
    const deliveredReports = new Map<string, number>();
    const appliedDeliveredReports = new Map<string, number>();
    for (const device of devices) {
      for (const event of device.events) {
        if (event.type === 'sending') {
          const key = `${device.deviceId} ${event.messageId}`;
          sends.set(key, (sends.get(key) ?? 0) + 1);
        }
        if (event.type === 'reported' && event.status === 'delivered') {
          deliveredReports.set(event.messageId, (deliveredReports.get(event.messageId) ?? 0) + 1);
          if (event.applied) appliedDeliveredReports.set(event.messageId, (appliedDeliveredReports.get(event.messageId) ?? 0) + 1);
        }
      }
    }
    const twice = [...sends].filter(([, count]) => count > 1).map(([key]) => key);
    expect(twice, context).toEqual([]);
    for (const message of messages.filter((message) => message.state === 'delivered')) {
      expect(deliveredReports.get(message.id) ?? 0, `${message.id}\n${context}`).toBeGreaterThanOrEqual(1);
      expect(appliedDeliveredReports.get(message.id) ?? 0, `${message.id}\n${context}`).toBeLessThanOrEqual(1);
      expect(sends.get(`${message.deviceId} ${message.id}`), `${message.id}\n${context}`).toBe(1);
    }
    // No message went out from two phones: a phone cut off with its gateway keeps what it took (it
    // may have handed it to its radio just before), and what it never took went elsewhere unsent.
    const phonesPerMessage = new Map<string, number>();
    for (const key of sends.keys()) phonesPerMessage.set(key.split(' ')[1]!, (phonesPerMessage.get(key.split(' ')[1]!) ?? 0) + 1);
    const sentByTwo = [...phonesPerMessage].filter(([, count]) => count > 1).map(([id]) => id);
    note(`sent by two phones: ${sentByTwo.length}`);
    expect(sentByTwo, log.join('\n')).toEqual([]);
    if (process.env.FAULT_VERBOSE) console.info(log.join('\n'));

    // Every event recorded for the account reached the receiver (at least once per delivery number).
    const events = await prisma.event.findMany({ where: { accountId: account.id } });
    const deliveredMessages = messages.filter((message) => message.state === 'delivered').length;
    expect(events.filter((event) => event.type === 'message.delivered')).toHaveLength(deliveredMessages);
    const received = new Map<string, Set<string>>();
    for (const request of receiver.received('/hooks')) {
      const eventId = (JSON.parse(request.body) as { id: string }).id;
      received.set(eventId, (received.get(eventId) ?? new Set()).add(String(request.headers['x-yarrowpay-delivery'])));
    }
    const missing = events.filter((event) => !received.has(event.id)).map((event) => `${event.type} ${event.id}`);
    expect(missing, context).toEqual([]);
    // One delivery per event and endpoint, however often it was attempted.
    expect([...received.values()].every((numbers) => numbers.size === 1)).toBe(true);
  });
});
