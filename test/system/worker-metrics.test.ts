// Worker processes serve Prometheus metrics on their own port (issue 32, item 9): jobs by queue and
// outcome, job duration, queue depth and oldest job, webhook attempts and lag, relay backlog, devices
// online. Scraped from real worker processes while real work happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJob } from '../../src/core/queue.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { TEST_NUMBERS, pairingCode, relayTestEnv, sendSms, startDevice, waitForStatus, type DeviceProcess } from '../relay/helpers.ts';
import { createEndpoint, emitEvent } from '../webhooks/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

let app: TestApp;
let account: TestAccount;
let receiver: Receiver;
let workersUrl: string;
let device: DeviceProcess | undefined;

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  account = await app.account();
  receiver = await startReceiver();
  workersUrl = (await app.startWorkers(['webhooks', 'sms-routing'])).metricsUrl;
});
afterAll(async () => {
  await device?.kill();
  await app?.stop();
  await receiver?.close();
});

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series (`name{a="b"}`) in a scrape, or undefined when it has no sample. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (wanted.every(([key, value]) => present[key] === value) && Object.keys(present).length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

/** Scrapes until the series has a value that passes (database gauges are cached for a few seconds). */
async function until(url: string, name: string, labels: Record<string, string>, pass: (value: number | undefined) => boolean) {
  let last: number | undefined;
  await expect
    .poll(
      async () => {
        last = sample(await scrape(url), name, labels);
        return pass(last);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return last;
}

describe('worker process metrics', () => {
  it('serves only GET /metrics, in the Prometheus text format', async () => {
    const text = await scrape(workersUrl);
    expect(text).toContain('# TYPE yarrow_jobs_processed_total counter');
    expect(text).toContain('# TYPE yarrow_queue_depth gauge');
    expect(text).toContain('yarrow_process_cpu_seconds_total');
    expect((await fetch(workersUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('shows a queue backlog, and counts and times the jobs another worker process then handles', async () => {
    const before = sample(await scrape(workersUrl), 'yarrow_queue_depth', { queue: 'diagnostics_ping' }) ?? 0;
    // No diagnostics worker runs yet: the pings wait.
    for (const pingId of ['ping_a', 'ping_b', 'ping_c']) {
      await sendJob(app.rt.boss, 'diagnostics_ping', { accountId: account.id, pingId, sentAt: new Date().toISOString() });
    }
    await until(workersUrl, 'yarrow_queue_depth', { queue: 'diagnostics_ping' }, (value) => value === before + 3);
    await until(workersUrl, 'yarrow_queue_oldest_job_age_seconds', { queue: 'diagnostics_ping' }, (value) => value !== undefined && value > 0);

    const diagnostics = await app.startWorkers(['diagnostics']);
    expect(diagnostics.metricsUrl).not.toBe(workersUrl);
    const handled = await until(diagnostics.metricsUrl, 'yarrow_jobs_processed_total', { queue: 'diagnostics_ping', outcome: 'completed' }, (value) => value === 3);
    expect(handled).toBe(3);
    const diagnosticsText = await scrape(diagnostics.metricsUrl);
    expect(sample(diagnosticsText, 'yarrow_job_duration_seconds_count', { queue: 'diagnostics_ping' })).toBe(3);
    // The first process handled none of them; the backlog is gone for everyone.
    expect(sample(await scrape(workersUrl), 'yarrow_jobs_processed_total', { queue: 'diagnostics_ping', outcome: 'completed' })).toBeUndefined();
    await until(workersUrl, 'yarrow_queue_depth', { queue: 'diagnostics_ping' }, (value) => (value ?? 0) === 0);
  });

  it('counts webhook attempts by outcome, their receivers’ time and the lag from event to first attempt', async () => {
    receiver.on('/ok', () => ({ status: 200 }));
    receiver.on('/down', () => ({ status: 500 }));
    await createEndpoint(app, account.key, { url: receiver.url('/ok') });
    await createEndpoint(app, account.key, { url: receiver.url('/down') });
    await emitEvent(app, account.id);
    await receiver.waitFor('/ok', 1);
    await receiver.waitFor('/down', 1);
    await until(workersUrl, 'yarrow_webhook_attempts_total', { outcome: 'delivered' }, (value) => value === 1);
    await until(workersUrl, 'yarrow_webhook_attempts_total', { outcome: 'failed' }, (value) => value === 1);
    const text = await scrape(workersUrl);
    expect(sample(text, 'yarrow_webhook_request_duration_seconds_count', { outcome: 'delivered' })).toBe(1);
    expect(sample(text, 'yarrow_webhook_delivery_lag_seconds_count')).toBe(2);
    expect(sample(text, 'yarrow_jobs_processed_total', { queue: 'webhook_deliver', outcome: 'completed' })).toBeGreaterThanOrEqual(2);
  });

  it('shows the relay backlog and the devices online as phones come and work is sent', async () => {
    expect(sample(await scrape(workersUrl), 'yarrow_relay_devices_online')).toBe(0);
    const sent = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'Waiting for a phone' });
    expect(sent.status).toBe(202);
    await until(workersUrl, 'yarrow_relay_messages', { state: 'queued' }, (value) => value === 1);
    await until(workersUrl, 'yarrow_relay_oldest_queued_seconds', {}, (value) => value !== undefined && value > 0);

    device = await startDevice(app, { code: (await pairingCode(app, account.key)).code });
    await waitForStatus(app, account.key, sent.body.request_id, ['DELIVERED']);
    await until(workersUrl, 'yarrow_relay_devices_online', {}, (value) => value === 1);
    await until(workersUrl, 'yarrow_relay_messages', { state: 'queued' }, (value) => value === 0);
    expect(sample(await scrape(workersUrl), 'yarrow_relay_oldest_queued_seconds')).toBe(0);
  });
});

describe('worker process metrics in live', () => {
  it('answer only METRICS_TOKEN as a bearer, as the gateway does', async () => {
    const token = 'worker-metrics-token-0123456789';
    const live = await startTestApp({ env: { YARROW_ENV: 'live', METRICS_TOKEN: token } });
    try {
      const { metricsUrl } = await live.startWorkers(['diagnostics']);
      for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: token }]) {
        const refused = await fetch(metricsUrl, { headers });
        expect(refused.status).toBe(401);
        expect(await refused.text()).toContain('METRICS_TOKEN');
      }
      const allowed = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('yarrow_queue_depth');
    } finally {
      await live.stop();
    }
  });
});
