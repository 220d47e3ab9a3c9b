// README.md's two quickstarts, run as a newcomer runs them: each block of "Pay in five minutes"
// (`sh pay-quickstart`) and "Relay in five minutes" (`sh relay-quickstart`), in order, against a
// gateway with real worker processes, with the gateway's address for localhost:4000, a fresh key
// for `yk_test_…` and the ids the earlier blocks printed for `pi_…` and `req_…`. The step a person
// does in a browser (paying on the hosted checkout) is done through the same pages over HTTP.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/sdk/webhooks.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';
import { checkoutClient } from '../payments/checkout-client.ts';
import { relayTestEnv, waitForStatus } from '../relay/helpers.ts';
import { DeliveryUpdates } from '../webhooks/operations.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { blocksOf, idsIn, jsonDocuments, localize, root, runShell } from './markdown.ts';

const quickstart = (tag: string) => blocksOf('README.md').filter((block) => block.tag === tag);

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  // The test gateway binds port 0: the links it hands out (checkout_url) must name where it listens.
  Object.assign(app.rt.config, { publicBaseUrl: app.baseUrl });
  receiver = await startReceiver();
  await app.startWorkers(['webhooks', 'sms-routing']);
});
afterAll(async () => {
  await receiver?.close();
  await app?.stop();
});

/**
 * Runs the quickstart's blocks one at a time, each in a shell that first ran the `export` lines of
 * the blocks before it (as the reader's terminal keeps them); answers each block's output.
 */
function session(key: string, extra: Record<string, string> = {}) {
  const ids = new Map<string, string>();
  const exports: string[] = [];
  return {
    ids,
    script: (text: string) => [...exports, localize(text, app.baseUrl, ids, { 'yk_test_…': key, ...extra })].join('\n'),
    async run(text: string) {
      const script = this.script(text);
      const output = await runShell(script, {});
      exports.push(...script.split('\n').filter((line) => line.startsWith('export ')));
      idsIn(output, ids);
      return output;
    },
  };
}

describe('README: Pay in five minutes', () => {
  it('creates an endpoint and an intent, pays it with YP-VISA-APPROVE, and the signed webhook arrives', async () => {
    const blocks = quickstart('pay-quickstart');
    expect(blocks.map((block) => block.text)).toEqual([
      expect.stringMatching(/^export KEY=yk_test_…/),
      expect.stringMatching(/webhook-endpoints/),
      expect.stringMatching(/payment-intents/),
      expect.stringMatching(/payment-intents\/pi_…/),
    ]);
    const { key } = await app.account({ name: 'Harbor Coffee' });
    const shell = session(key, { 'http://localhost:3000/webhooks': receiver.url('/webhooks') });

    await shell.run(blocks[0]!.text);
    const [endpoint] = jsonDocuments(await shell.run(blocks[1]!.text));
    expect(endpoint).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_/), webhook_endpoint: { url: receiver.url('/webhooks') } });
    const deliveries = followDeliveries(key, endpoint.webhook_endpoint.id);

    const [created] = jsonDocuments(await shell.run(blocks[2]!.text));
    const intent = created.payment_intent;
    expect(created.ok).toBe(true);
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount_display: '12.50', currency: 'USD', checkout_url: `${app.baseUrl}/checkout/${intent.id}` });

    // Step 3, the customer's: the checkout, Visa, the YP-VISA-APPROVE token.
    const pages = checkoutClient(app);
    const paid = await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE');
    expect(paid.status).toBe(303);
    const [delivery] = await receiver.waitFor('/webhooks', 1);
    const event = verifyWebhook(endpoint.secret, delivery!.headers, delivery!.body);
    expect(event).toMatchObject({ event: 'payment_intent.succeeded', object_public_id: intent.id });
    // The delivery log says so once the worker recorded the receiver's answer.
    await deliveries.succeeded();

    const [read, log] = jsonDocuments(await shell.run(blocks[3]!.text));
    expect(read.payment_intent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(log).toMatchObject({ ok: true, data: [{ event_id: event.id, endpoint_id: endpoint.webhook_endpoint.id, status: 'succeeded', last_status_code: 200 }] });
  });
});

/**
 * Follows an endpoint's deliveries (webhookDeliveryUpdated, live from before the payment);
 * `succeeded()` resolves once the delivery log records one as succeeded.
 */
function followDeliveries(key: string, endpointId: string) {
  const client = wsClient(app.wsUrl, key);
  const live = subscribe(client, DeliveryUpdates, { endpointId });
  return {
    async succeeded() {
      try {
        const stored = await app.request('GET', `/api/v1/webhook-deliveries?endpoint_id=${endpointId}`, { key });
        if (stored.body.data[0]?.status === 'succeeded') return;
        for (;;) if ((await live.next()).data?.webhookDeliveryUpdated.status === 'SUCCEEDED') return;
      } finally {
        live.dispose();
        await client.dispose();
      }
    },
  };
}

describe('README: Relay in five minutes', () => {
  it('pairs the simulator with a pairing code, sends an SMS it delivers, follows it, and sends an OTP', async () => {
    const blocks = quickstart('relay-quickstart');
    expect(blocks.map((block) => block.text)).toEqual([
      expect.stringMatching(/createPairingCode/),
      expect.stringMatching(/^npm run relay:sim -- /),
      expect.stringMatching(/sms\/send/),
      expect.stringMatching(/messages\/status\?request_id=req_…/),
      expect.stringMatching(/otp\/send/),
    ]);
    const { key } = await app.account();
    const shell = session(key);
    await shell.run('export KEY=yk_test_…');

    const [pairing] = jsonDocuments(await shell.run(blocks[0]!.text));
    const code = pairing.data?.createPairingCode?.code as string;
    expect(code, JSON.stringify(pairing)).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

    // The simulator as written, with the code just made: it runs until stopped, as the README says.
    const simulator = spawn('bash', ['-e', '-c', shell.script(blocks[1]!.text.replace('ABCD2345', code))], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    // Its progress line goes to stderr: kept for the error if it stops early.
    let progress = '';
    simulator.stderr!.on('data', (chunk: Buffer) => {
      progress += chunk.toString();
    });
    const stopped = new Promise<never>((_, reject) => simulator.on('exit', (status) => reject(new Error(`the simulator exited (${status}):\n${progress}`))));
    stopped.catch(() => {});
    try {
      const [sent] = jsonDocuments(await shell.run(blocks[2]!.text));
      expect(sent).toMatchObject({ ok: true, status: 'queued', request_id: expect.stringMatching(/^req_/) });
      await Promise.race([waitForStatus(app, key, sent.request_id, ['DELIVERED']), stopped]);

      const [status] = jsonDocuments(await shell.run(blocks[3]!.text));
      expect(status).toMatchObject({ ok: true, request_id: sent.request_id, status: 'delivered' });
      const devices = await app.request('GET', '/api/v1/relay/devices', { key });
      expect(devices.body.data).toHaveLength(1);

      const [otp] = jsonDocuments(await shell.run(blocks[4]!.text));
      expect(otp).toMatchObject({ ok: true, status: 'sent', otp_id: expect.stringMatching(/^otp_/), request_id: expect.stringMatching(/^req_/) });
      await Promise.race([waitForStatus(app, key, otp.request_id, ['DELIVERED']), stopped]);
    } finally {
      // bash, npm and the simulator are one process group: they go together.
      process.kill(-simulator.pid!, 'SIGTERM');
    }
  }, 60_000);
});
