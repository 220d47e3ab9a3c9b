// README.md as a newcomer follows it: `npm start` as "Two commands" shows it (its banner compared
// with the README's, Ctrl-C exiting 0), then each block of "Pay in five minutes" (`sh
// pay-quickstart`) and "Relay in five minutes" (`sh relay-quickstart`), in order, against that
// server: its own port for localhost:4000, the key its banner printed for `yk_test_…`, and the ids
// the earlier blocks printed for `pi_…` and `req_…`. The step a person does in a browser (paying
// on the hosted checkout) is done through the same pages over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { freePort } from '../helpers/global-setup.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';
import { checkoutClient } from '../payments/checkout-client.ts';
import { waitForStatus } from '../relay/helpers.ts';
import { DeliveryUpdates } from '../webhooks/operations.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { blocksOf, idsIn, jsonDocuments, localize, root, runShell } from './markdown.ts';

const readme = blocksOf('README.md');
const quickstart = (tag: string) => readme.filter((block) => block.tag === tag);

let dataDir: string;
let port: number;
let postgresPort: number;
let server: ChildProcess;
let output = '';
/** The sandbox key the first start printed. */
let key: string;
let receiver: Receiver;
const gateway = { baseUrl: '', wsUrl: '' };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'yarrow-readme-'));
  port = await freePort();
  // Called on 127.0.0.1, where the gateway binds (`localhost` may resolve to ::1 first).
  gateway.baseUrl = `http://127.0.0.1:${port}`;
  gateway.wsUrl = `ws://127.0.0.1:${port}/graphql`;
  postgresPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(postgresPort) };
  // What this test run sets for itself is not what a newcomer's shell has.
  for (const name of ['DATABASE_URL', 'YARROW_SECRET', 'YARROW_ENV', 'PUBLIC_BASE_URL']) delete env[name];
  const [twoCommands] = readme;
  expect(twoCommands!.text).toBe('npm install\nnpm start\n');
  // `npm install` is what gave this checkout its node_modules; `npm start` runs as written, in a
  // process group of its own as a terminal runs it (Ctrl-C signals the group).
  server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const banner = output.indexOf('Yarrow is running');
      if (banner >= 0 && output.includes('\n\n', banner)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  key = /Sandbox API key \(shown once, store it now\): (yk_test_\S+)/.exec(output)![1]!;
  receiver = await startReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGINT');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('README: Two commands', () => {
  it('npm start prints the banner the README shows', () => {
    const [, banner] = readme;
    expect(banner!.language).toBe('text');
    const printed = output.slice(output.indexOf('Yarrow is running'), output.indexOf('\n\n', output.indexOf('Yarrow is running'))).split('\n');
    // The README's lines, with `…` standing for what differs per start (the key, the password).
    const shown = banner!.text.trimEnd().split('\n').map((line) => {
      const pattern = line.replaceAll('localhost:4000', `localhost:${port}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('…', '\\S+');
      return expect.stringMatching(new RegExp(`^${pattern}$`));
    });
    expect(printed).toEqual(shown);
  });
});

/**
 * Runs the quickstart's blocks one at a time, each in a shell that first ran the `export` lines of
 * the blocks before it (as the reader's terminal keeps them); answers each block's output.
 */
function session(extra: Record<string, string> = {}) {
  const ids = new Map<string, string>();
  const exports: string[] = [];
  return {
    script: (text: string) => [...exports, localize(text, gateway.baseUrl, ids, { 'yk_test_…': key, ...extra })].join('\n'),
    async run(text: string) {
      const script = this.script(text);
      const printed = await runShell(script, {});
      exports.push(...script.split('\n').filter((line) => line.startsWith('export ')));
      idsIn(printed, ids);
      return printed;
    },
  };
}

/**
 * Follows an endpoint's deliveries (webhookDeliveryUpdated, live from before the payment);
 * `succeeded()` resolves once the delivery log records one as succeeded.
 */
function followDeliveries(endpointId: string) {
  const client = wsClient(gateway.wsUrl, key);
  const live = subscribe(client, DeliveryUpdates, { endpointId });
  return {
    async succeeded() {
      try {
        const stored = await fetch(`${gateway.baseUrl}/api/v1/webhook-deliveries?endpoint_id=${endpointId}`, { headers: { authorization: `Bearer ${key}` } });
        if (((await stored.json()) as { data: Array<{ status: string }> }).data[0]?.status === 'succeeded') return;
        for (;;) if ((await live.next()).data?.webhookDeliveryUpdated.status === 'SUCCEEDED') return;
      } finally {
        live.dispose();
        await client.dispose();
      }
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
    const shell = session({ 'http://localhost:3000/webhooks': receiver.url('/webhooks') });

    await shell.run(blocks[0]!.text);
    const [endpoint] = jsonDocuments(await shell.run(blocks[1]!.text));
    expect(endpoint).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_/), webhook_endpoint: { url: receiver.url('/webhooks') } });
    const deliveries = followDeliveries(endpoint.webhook_endpoint.id);

    const [created] = jsonDocuments(await shell.run(blocks[2]!.text));
    const intent = created.payment_intent;
    expect(created.ok).toBe(true);
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount_display: '12.50', currency: 'USD', checkout_url: `http://localhost:${port}/checkout/${intent.id}` });

    // Step 3, the customer's: the checkout, Visa, the YP-VISA-APPROVE token.
    const pages = checkoutClient(gateway);
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
    const shell = session();
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
      await Promise.race([waitForStatus(gateway, key, sent.request_id, ['DELIVERED']), stopped]);

      const [status] = jsonDocuments(await shell.run(blocks[3]!.text));
      expect(status).toMatchObject({ ok: true, request_id: sent.request_id, status: 'delivered' });

      const [otp] = jsonDocuments(await shell.run(blocks[4]!.text));
      expect(otp).toMatchObject({ ok: true, status: 'sent', otp_id: expect.stringMatching(/^otp_/), request_id: expect.stringMatching(/^req_/) });
      await Promise.race([waitForStatus(gateway, key, otp.request_id, ['DELIVERED']), stopped]);
    } finally {
      // bash, npm and the simulator are one process group: they go together.
      process.kill(-simulator.pid!, 'SIGTERM');
    }
  }, 60_000);
});

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('README: Ctrl-C', () => {
  it('stops the gateway, the workers and then the database', async () => {
    expect(await listening(postgresPort)).toBe(true);
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    process.kill(-server.pid!, 'SIGINT');
    // npm waits for Yarrow to stop (it then reports the interrupt itself, as 130).
    await exited;
    expect({ gateway: await listening(port), database: await listening(postgresPort) }).toEqual({ gateway: false, database: false });
  }, 60_000);
});
