// `yarrow listen` and `yarrow trigger` as a merchant runs them: the CLI as a child process against
// a live gateway, forwarding to a real HTTP receiver that verifies every signature with the SDK.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypes } from '../../src/modules.ts';
import { recipes } from '../../packages/sdk/generated/trigger/index.ts';
import { EVENT_HEADER, verifyWebhook } from '@yarrow/sdk/webhooks';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { CreateEndpoint } from '../webhooks/operations.ts';
import { pairingCode, startDevice } from '../relay/helpers.ts';
import { execute } from '../helpers/graphql.ts';

const root = join(import.meta.dirname, '../..');
const entry = join(root, 'packages/sdk/cli/main.ts');

/** The `npx yarrow …` commands of docs/merchant-api.md, in order, without `npx yarrow`. */
const docCommands = (() => {
  const doc = readFileSync(join(root, 'docs/merchant-api.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## yarrow listen / trigger'));
  const end = section.indexOf('\n## ', 1);
  return [...section.slice(0, end === -1 ? undefined : end).matchAll(/^npx yarrow (.+)$/gm)].map((match) => match[1]!.trim().split(/\s+/));
})();

interface Cli {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
  /** Resolves with the first match of `pattern` in stdout (or stderr), now or later. */
  line(pattern: RegExp, stream?: 'stdout' | 'stderr'): Promise<RegExpExecArray>;
  exit: Promise<number | null>;
}

function runCli(args: string[], env: Record<string, string> = {}): Cli {
  const child = spawn(process.execPath, [entry, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; stream: 'stdout' | 'stderr'; resolve: (match: RegExpExecArray) => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(waiter.stream === 'stdout' ? stdout : stderr);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    check();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    check();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => stdout,
    errors: () => stderr,
    line: (pattern, stream = 'stdout') =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, stream, resolve });
        check();
        void exit.then((code) => reject(new Error(`the CLI exited (${code}) before printing ${pattern}:\n${stdout}\n${stderr}`)));
      }),
    exit,
  };
}

async function finished(cli: Cli) {
  const code = await cli.exit;
  return { code, stdout: cli.output(), stderr: cli.errors() };
}

let app: TestApp;
let account: TestAccount;
let receiver: Receiver;
let env: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['webhooks', 'sms-routing', 'subscription-billing']);
  account = await app.account();
  receiver = await startReceiver();
  env = { YARROW_API_KEY: account.key, YARROW_BASE_URL: app.baseUrl };
});

afterAll(async () => {
  await receiver?.close();
  await app?.stop();
});

/** Runs the docs' trigger command until `listen` prints the event's line (the feed may still be subscribing). */
async function triggerUntilHeard(listener: Cli, args: string[], heard: RegExp) {
  const line = listener.line(heard);
  for (let attempt = 0; attempt < 3; attempt++) {
    const trigger = await finished(runCli(args, env));
    expect(trigger.code, trigger.stderr).toBe(0);
    const result = await Promise.race([line, new Promise<undefined>((resolve) => setTimeout(resolve, 10_000, undefined))]);
    if (result) return { line: result, trigger };
  }
  throw new Error(`listen never printed ${heard}:\n${listener.output()}\n${listener.errors()}`);
}

describe('yarrow listen + trigger (the commands of docs/merchant-api.md)', () => {
  it('forwards a triggered payment_intent.succeeded signed like a real delivery, and Ctrl-C exits 0', async () => {
    const [listenArgs, triggerArgs] = docCommands;
    expect(listenArgs).toEqual(['listen', '--forward-to', 'http://localhost:3000/webhooks']);
    expect(triggerArgs).toEqual(['trigger', 'payment_intent.succeeded']);
    // A real endpoint on the same receiver: the delivery worker's request is the reference.
    const real = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url: receiver.url('/real'), eventTypes: ['payment_intent.succeeded'] } });
    const realSecret = real.data!.createWebhookEndpoint.secret;

    const listener = runCli(listenArgs!.map((arg) => (arg === 'http://localhost:3000/webhooks' ? receiver.url('/listen') : arg)), env);
    const secret = (await listener.line(/Your webhook signing secret is (whsec_[A-Za-z0-9+/]{43}=)/))[1]!;
    const { line, trigger } = await triggerUntilHeard(listener, triggerArgs!, /^(\S+ \S+) {2}payment_intent\.succeeded {2}(evt_\S+) {2}→ 200 OK \((\d+) ms\)$/m);
    expect(trigger.stdout).toMatch(/Created payment intent pi_\S+ \(12\.50 USD\)/);
    expect(trigger.stdout).toContain('with the test token YP-VISA-APPROVE: the intent is succeeded.');
    expect(Date.parse(`${line[1]!.replace(' ', 'T')}Z`)).not.toBeNaN();
    const eventId = line[2]!;

    const forwarded = receiver.received('/listen').find((request) => JSON.parse(request.body).id === eventId)!;
    const event = verifyWebhook(secret, forwarded.headers, forwarded.body);
    expect(event).toMatchObject({ id: eventId, event: 'payment_intent.succeeded', object_type: 'payment_intent', merchant_id: account.id });
    expect((event.data.payment_intent as { status: string }).status).toBe('succeeded');
    expect(() => verifyWebhook(realSecret, forwarded.headers, forwarded.body)).toThrow('No signature matches');

    // The worker's delivery of the same event: the same body, byte for byte, and the same headers.
    const [delivered] = await receiver.waitFor('/real', 1);
    expect(verifyWebhook(realSecret, delivered!.headers, delivered!.body).id).toBe(eventId);
    expect(forwarded.body).toBe(delivered!.body);
    const signed = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('x-yarrowpay-')).sort();
    expect(signed(forwarded.headers)).toEqual(signed(delivered!.headers));
    expect(forwarded.headers[EVENT_HEADER.toLowerCase()]).toBe('payment_intent.succeeded');
    expect(forwarded.headers['x-yarrowpay-delivery']).toMatch(/^\d+$/);
    expect(forwarded.headers['content-type']).toBe('application/json');

    listener.child.kill('SIGINT');
    const stopped = await finished(listener);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toMatch(/Stopped\.\n$/);
  });

  it('--events forwards only the events named', async () => {
    const listener = runCli(['listen', '--forward-to', receiver.url('/filtered'), '--events', 'payment_intent.canceled'], env);
    await listener.line(/Ready! Forwarding payment_intent\.canceled to /);
    const { line, trigger } = await triggerUntilHeard(listener, ['trigger', 'payment_intent.canceled'], /payment_intent\.canceled {2}(evt_\S+) {2}→ 200 OK/);
    expect(trigger.stdout).toContain('Canceled it (requested_by_customer).');
    // payment_intent.created committed first, in its own transaction: it would have come first.
    expect(listener.output()).not.toContain('payment_intent.created');
    const types = receiver.received('/filtered').map((request) => JSON.parse(request.body).event);
    expect(new Set(types)).toEqual(new Set(['payment_intent.canceled']));
    expect(receiver.received('/filtered').some((request) => JSON.parse(request.body).id === line[1])).toBe(true);
    listener.child.kill('SIGINT');
    expect((await finished(listener)).code).toBe(0);
  });

  it('reports a receiver that is down on the event line and keeps listening', async () => {
    const closed = await startReceiver();
    const downUrl = closed.url('/gone');
    await closed.close();
    const listener = runCli(['listen', '--forward-to', downUrl], env);
    await listener.line(/Ready!/);
    await triggerUntilHeard(listener, ['trigger', 'payment_intent.created'], /payment_intent\.created {2}evt_\S+ {2}→ failed: connection refused: is your server listening\? \(\d+ ms\)/);
    await triggerUntilHeard(listener, ['trigger', 'invoice.created'], /invoice\.created {2}evt_\S+ {2}→ failed: connection refused/);
    listener.child.kill('SIGINT');
    expect((await finished(listener)).code).toBe(0);
  });
});

describe('yarrow listen across a gateway restart', () => {
  it('says the connection was lost, reconnects by itself and forwards again', async () => {
    const gateway = await app.startGatewayProcess();
    const listener = runCli(['listen', '--forward-to', receiver.url('/restart')], { ...env, YARROW_BASE_URL: gateway.baseUrl });
    await listener.line(/Ready!/);
    const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
    gateway.child.kill('SIGTERM');
    await exited;
    await listener.line(/Lost the connection to http:\/\/127\.0\.0\.1:\d+; reconnecting…/, 'stderr');
    await app.startGatewayProcess(gateway.port);
    await listener.line(/Reconnected to http:\/\/127\.0\.0\.1:\d+; events recorded while away were not forwarded/);
    // Recorded through the in-process gateway: the feed reaches the restarted one through PostgreSQL.
    await triggerUntilHeard(listener, ['trigger', 'payment_intent.created'], /payment_intent\.created {2}evt_\S+ {2}→ 200 OK/);
    listener.child.kill('SIGINT');
    expect((await finished(listener)).code).toBe(0);
  });
});

describe('readable failures', () => {
  it('a bad key: listen and trigger say so and exit 1', async () => {
    for (const args of [['listen', '--forward-to', receiver.url('/never')], ['trigger', 'payment_intent.created']]) {
      const result = await finished(runCli([...args, '--api-key', 'yk_test_not_a_real_key'], { YARROW_BASE_URL: app.baseUrl }));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^yarrow: The API key was refused \(unauthorized: .+\)\. Pass a valid key with --api-key or YARROW_API_KEY\.\n$/);
    }
  });

  it('a key without webhooks.manage cannot listen', async () => {
    const reader = await app.account({ scopes: ['payments.read'] });
    const result = await finished(runCli(['listen', '--forward-to', receiver.url('/never'), '--api-key', reader.key], { YARROW_BASE_URL: app.baseUrl }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The API key may not do this \(forbidden: .*webhooks\.manage/);
  });

  it('a server that is down, an unknown event, a missing option: one line, exit 1', async () => {
    const closed = await startReceiver();
    const downUrl = closed.url('').replace(/\/$/, '');
    await closed.close();
    const down = await finished(runCli(['listen', '--forward-to', receiver.url('/never')], { ...env, YARROW_BASE_URL: downUrl }));
    expect(down.code).toBe(1);
    expect(down.stderr).toBe(`yarrow: Cannot reach Yarrow at ${downUrl} (connection refused). Is the server running? Pass its address with --base-url.\n`);

    const unknown = await finished(runCli(['trigger', 'payment_intent.exploded'], env));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown event "payment_intent.exploded". Events: payment_intent.created,');

    // An unknown --events name: one line, before anything else (no "Ready!", no secret).
    const badFilter = await finished(runCli(['listen', '--forward-to', receiver.url('/never'), '--events', 'payment_intent.created,payment_intent.bogus'], env));
    expect(badFilter).toMatchObject({ code: 1, stdout: '' });
    expect(badFilter.stderr).toMatch(/^yarrow: --events: "payment_intent\.bogus" is not an event name \(.*invalid_request: type: must be one of .*payment_intent\.created.*\)\.\n$/);

    const noTarget = await finished(runCli(['listen'], env));
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain('listen needs --forward-to URL');
  });

  it('a base URL that is not Yarrow (a service answering 200 text/plain): one line before anything else, exit 1', async () => {
    const other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello from another service'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      for (const args of [['trigger', 'payment_intent.created'], ['listen', '--forward-to', receiver.url('/never')]]) {
        const result = await finished(runCli(args, { ...env, YARROW_BASE_URL: otherUrl }));
        expect({ args, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
          args,
          code: 1,
          stdout: '',
          stderr: `yarrow: ${otherUrl} is not a Yarrow server (GET /api/v1/status answered 200 text/plain). Pass Yarrow's address with --base-url.\n`,
        });
      }
    } finally {
      other.close();
    }
  });

  it('an event the CLI cannot make on its own says what produces it', async () => {
    const overdue = await finished(runCli(['trigger', 'invoice.overdue'], env));
    expect(overdue.code).toBe(1);
    expect(overdue.stderr).toContain('invoice.overdue is recorded by the invoice-overdue worker');
    const sms = await finished(runCli(['trigger', 'message.sent', '--to', '+15555550123'], env));
    expect(sms.code).toBe(1);
    expect(sms.stderr).toContain('message.sent happens when a paired phone reports on an SMS, so it needs a phone that is online');
  });
});

describe('yarrow trigger', () => {
  it('knows every event name the server records', () => {
    expect(Object.keys(recipes).sort()).toEqual([...eventTypes].sort());
  });

  it.each([
    ['payment_intent.created', /Created payment intent pi_\S+ \(12\.50 USD\)\./],
    ['payment_intent.requires_action', /the intent is requires_action\./],
    ['payment_intent.processing', /the intent is processing\./],
    ['payment_intent.payment_failed', /the intent is requires_payment_method\./],
    ['payment_intent.amount_capturable_updated', /the intent is requires_capture, 12\.5 USD capturable until \d{4}-/],
    ['invoice.created', /Created invoice inv_\S+ \(INV-\d+, 42\.00 USD, due \d{4}-\d\d-\d\d\)\./],
    ['invoice.paid', /the invoice is paid\./],
    ['invoice.voided', /Voided it\./],
    ['refund.created', /refunded 5\.00 USD: refund re_\S+ is pending;/],
    ['dispute.created', /Paid it with YP-VISA-DISPUTE: dispute dp_\S+ opened \(fraudulent, 12\.50 USD, evidence due by \S+\)\./],
    ['dispute.updated', /Saved evidence as a draft/],
    ['dispute.closed', /Accepted it: the dispute is lost\./],
    ['kyc.review.submitted', /Submitted KYC details: review kyc_\S+ is pending_review\./],
    // Rejected first: approved details are locked, so nothing can be rejected after an approval.
    ['kyc.review.rejected', /Rejected it \(sandbox operator\): rejected\./],
    ['kyc.review.approved', /Approved it \(sandbox operator\): approved\./],
    ['customer.deleted', /Created customer cus_\S+ \(ada@example\.com\)\.\nDeleted it\./],
    ['payment_method.detached', /saving pm_\S+ \(visa •••• 4242\) on the customer\.\nDetached it\./],
    ['customer.subscription.created', /Subscribed the customer: sub_\S+ is active\./],
    ['invoice.payment_failed', /was declined \(insufficient_funds\): the subscription is incomplete\./],
  ])('%s happens for real', async (event, said) => {
    const result = await finished(runCli(['trigger', event], env));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(said);
    const recorded = await app.rt.db.prisma.event.findFirst({ where: { accountId: account.id, type: event } });
    expect(recorded).not.toBeNull();
  });

  it('takes --override object:field=value for what it creates, and makes a trial that tells it will end', async () => {
    const result = await finished(runCli(['trigger', 'customer.subscription.trial_will_end', '--override', 'price:unit_amount=2500', '--override', 'product:name="Team plan"'], env));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/its price price_\S+ \(2500\.00 USD a month\)/);
    expect(result.stdout).toMatch(/sub_\S+ is trialing\./);
    const price = await app.rt.db.prisma.price.findFirstOrThrow({ where: { accountId: account.id, unitAmount: 250_000 }, include: { product: true } });
    expect(price.product.name).toBe('Team plan');
    // The billing worker records it (a trial of a day ends within 3 days).
    await expect.poll(() => app.rt.db.prisma.event.count({ where: { accountId: account.id, type: 'customer.subscription.trial_will_end' } }), { timeout: 20_000 }).toBe(1);
    const bad = await finished(runCli(['trigger', 'price.created', '--override', 'unit_amount=5'], env));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('write it as object:field=value');
  });

  it.each([
    ['recipient.opted_out', '+14155550161', /Opted \+14155550161 out \(optout_\S+\)\./],
    ['recipient.opted_in', '+14155550162', /Opted \+14155550162 out \(optout_\S+\)\.\nOpted \+14155550162 back in\./],
  ])('%s happens for real (--to)', async (event, to, said) => {
    const result = await finished(runCli(['trigger', event, '--to', to], env));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(said);
    expect(await app.rt.db.prisma.event.findFirst({ where: { accountId: account.id, type: event, data: { path: ['phone'], equals: to } } })).not.toBeNull();
  });

  it('webhook.test needs an endpoint, says so, and then sends to it', async () => {
    const fresh = await app.account();
    const freshEnv = { YARROW_API_KEY: fresh.key, YARROW_BASE_URL: app.baseUrl };
    const none = await finished(runCli(['trigger', 'webhook.test'], freshEnv));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('the account has no enabled one: create one');
    const created = await execute(app.baseUrl, fresh.key, CreateEndpoint, { input: { url: receiver.url('/test-hook') } });
    const secret = created.data!.createWebhookEndpoint.secret;
    const sent = await finished(runCli(['trigger', 'webhook.test'], freshEnv));
    expect(sent.code, sent.stderr).toBe(0);
    const eventId = /Sent a test event (evt_\S+) to endpoint we_/.exec(sent.stdout)![1];
    const [delivered] = await receiver.waitFor('/test-hook', 1);
    expect(verifyWebhook(secret, delivered!.headers, delivered!.body)).toMatchObject({ id: eventId, event: 'webhook.test' });
  });

  // Last: the simulated phone pairs to the shared account, which then has a phone online.
  it('message.delivered goes through a phone that is online (the relay simulator)', async () => {
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'CLI phone' });
    try {
      const listener = runCli(['listen', '--forward-to', receiver.url('/sms'), '--events', 'message.delivered'], env);
      await listener.line(/Ready!/);
      const { trigger } = await triggerUntilHeard(listener, ['trigger', 'message.delivered', '--to', '+14155552671'], /message\.delivered {2}evt_\S+ {2}→ 200 OK/);
      expect(trigger.stdout).toMatch(/Queued SMS req_\S+ to \+14155552671 through CLI phone \(dev_\S+\); message\.delivered follows when the phone reports it\./);
      listener.child.kill('SIGINT');
      expect((await finished(listener)).code).toBe(0);
    } finally {
      await phone.kill();
    }
  });
});
