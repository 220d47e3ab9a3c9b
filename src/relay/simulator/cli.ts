// npm run relay:sim -- --pair <code> [--devices N] [--fail-rate 0.05] [--delivery-ms 200]
// Simulated Yarrow Relay phones speaking the documented device protocol. See README ("Relay simulator").
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SimulatedDevice, type SimulatorEvent } from './device.ts';

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/** `--reply-image FILE` as a part of our `received` frame. */
function replyImage(file: string) {
  const name = basename(file);
  const type = IMAGE_TYPES[extname(name).slice(1).toLowerCase()];
  if (!type) throw new Error(`--reply-image: ${name} is not a .jpg, .png, .gif or .webp picture`);
  return { content_type: type, name, data: readFileSync(file).toString('base64') };
}

const usage = `Usage: npm run relay:sim -- (--pair CODE[,CODE…] | --qr PAYLOAD | --token TOKEN[,TOKEN…]) [options]

  --pair CODES        pairing code(s), one per device (comma-separated)
  --qr PAYLOAD        a yarrow-relay://pair?… QR payload (carries the base URL)
  --token TOKENS      device token(s) from an earlier pairing (reconnect without a code)
  --api-key KEY       with --devices N and one code: mint the other N-1 codes with this key
  --devices N         how many phones (default: one per code or token)
  --base-url URL      gateway URL (default: the QR's base, else http://localhost:4000; /api is added)
  --fail-rate R       share of sends that fail, 0..1 (default 0)
  --delivery-ms MS    time from receiving a message to its delivery report (default 200)
  --parallel N        texts each phone sends at once (default 1: one after another)
  --transport T       ws (default) or poll (HTTP long-poll)
  --heartbeat-seconds S   heartbeat interval (default: what the server asks, 30 s)
  --sims N            SIMs each phone pairs with, 1..8 (default 1)
  --hold-ms MS        how long each message waits in the phone's queue before it is sent (default 0)
  --state-dir DIR     where each phone keeps what it holds across restarts (default: <tmp>/yarrow-relay-sim;
                      "" keeps it in memory only)
  --forget-on-restart start without what the state dir holds (a phone whose app data was wiped)
  --reply TEXT        each recipient answers TEXT once its SMS is delivered (an inbound SMS, threaded
                      to the text it answers); e.g. --reply STOP opts every recipient out
  --reply-image FILE  ...with this picture as an MMS part (.jpg, .png, .gif, .webp; up to ~45 KiB over
                      WebSocket, whose frames are 64 KiB at most, ~750 KiB with --transport poll)
  --name NAME         device name prefix (default "Simulated phone")
  --json              print every event as a JSON line instead of the progress line
  --quiet             print nothing but errors`;

const { values } = parseArgs({
  options: {
    pair: { type: 'string' },
    qr: { type: 'string' },
    token: { type: 'string' },
    'api-key': { type: 'string' },
    devices: { type: 'string' },
    'base-url': { type: 'string' },
    'fail-rate': { type: 'string', default: '0' },
    'delivery-ms': { type: 'string', default: '200' },
    parallel: { type: 'string', default: '1' },
    transport: { type: 'string', default: 'ws' },
    'heartbeat-seconds': { type: 'string' },
    'hold-ms': { type: 'string', default: '0' },
    sims: { type: 'string', default: '1' },
    'state-dir': { type: 'string', default: join(tmpdir(), 'yarrow-relay-sim') },
    'forget-on-restart': { type: 'boolean', default: false },
    reply: { type: 'string' },
    'reply-image': { type: 'string' },
    name: { type: 'string', default: 'Simulated phone' },
    json: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const codes = values.pair?.split(',').map((code) => code.trim()).filter(Boolean) ?? [];
const tokens = values.token?.split(',').map((token) => token.trim()).filter(Boolean) ?? [];
if (!codes.length && !values.qr && !tokens.length) fail('Give --pair, --qr or --token.');
const failRate = Number(values['fail-rate']);
const deliveryMs = Number(values['delivery-ms']);
if (!(failRate >= 0 && failRate <= 1)) fail('--fail-rate must be between 0 and 1.');
if (!(deliveryMs >= 0)) fail('--delivery-ms must be a number of milliseconds.');
const parallel = Number(values.parallel);
if (!(Number.isInteger(parallel) && parallel >= 1 && parallel <= 100)) fail('--parallel must be a whole number from 1 to 100.');
if (values.transport !== 'ws' && values.transport !== 'poll') fail('--transport must be ws or poll.');
const heartbeatSeconds = values['heartbeat-seconds'] ? Number(values['heartbeat-seconds']) : undefined;
const holdMs = Number(values['hold-ms']);
if (!(holdMs >= 0)) fail('--hold-ms must be a number of milliseconds.');
const sims = Number(values.sims);
if (!(Number.isInteger(sims) && sims >= 1 && sims <= 8)) fail('--sims must be a whole number from 1 to 8.');
const stateDir = values['state-dir'];

let baseUrl = values['base-url'] ?? 'http://localhost:4000';
// The QR payload names the base URL; an explicit --base-url wins (e.g. behind a tunnel or proxy).
if (values.qr && !values['base-url']) {
  try {
    baseUrl = new URL(values.qr).searchParams.get('base') ?? baseUrl;
  } catch {
    fail('--qr is not a yarrow-relay://pair URI.');
  }
}
baseUrl = baseUrl.replace(/\/$/, '');
if (!baseUrl.endsWith('/api')) baseUrl += '/api';
const count = Number(values.devices ?? Math.max(codes.length + (values.qr ? 1 : 0), tokens.length, 1));

async function mintCode(apiKey: string): Promise<string> {
  const response = await fetch(`${baseUrl.replace(/\/api$/, '')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query: 'mutation { createPairingCode { code } }' }),
  });
  const body = (await response.json()) as { data?: { createPairingCode: { code: string } }; errors?: Array<{ message: string }> };
  if (!body.data) throw new Error(`could not make a pairing code: ${body.errors?.[0]?.message}`);
  return body.data.createPairingCode.code;
}

const totals = { sent: 0, delivered: 0, failed: 0, received: 0 };
const online = new Set<string>();
let lastLine = '';
function progress() {
  if (values.quiet || values.json) return;
  const line = `relay-sim  ${online.size}/${count} connected  received ${totals.received}  sent ${totals.sent}  delivered ${totals.delivered}  failed ${totals.failed}`;
  if (line === lastLine) return;
  lastLine = line;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
  else process.stderr.write(`${line}\n`);
}

// A parent process (the bench, a test) hears every event, stamped when it happened, in arrays:
// one IPC message per turn of the event loop, not per event (each costs a pipe write and a JSON
// encoding, a third of the simulator's CPU under load).
let toParent: Array<SimulatorEvent & { at: number }> = [];
function tellParent(event: SimulatorEvent) {
  if (!process.send) return;
  if (toParent.length === 0) setImmediate(() => {
    process.send?.(toParent);
    toParent = [];
  });
  toParent.push({ ...event, at: Date.now() });
}

function emit(event: SimulatorEvent) {
  tellParent(event);
  if (event.type === 'connected') online.add(event.deviceId);
  if (event.type === 'disconnected' || event.type === 'revoked') online.delete(event.deviceId);
  if (event.type === 'received') totals.received += 1;
  if (event.type === 'reported' && event.applied) totals[event.status as 'sent' | 'delivered' | 'failed'] += 1;
  if (values.json) console.log(JSON.stringify(event));
  else if (event.type === 'paired' && !values.quiet) process.stderr.write(`\npaired ${event.deviceId} (${event.name}); token: ${event.token}\n`);
  else if (event.type === 'error' && !values.quiet) process.stderr.write(`\n${event.deviceId ?? ''} ${event.message}\n`);
  progress();
}

const devices: SimulatedDevice[] = [];
try {
  for (let i = 0; i < count; i++) {
    const device = new SimulatedDevice({
      baseUrl,
      name: count > 1 ? `${values.name} ${i + 1}` : values.name!,
      failRate,
      deliveryMs,
      parallel,
      transport: values.transport as 'ws' | 'poll',
      heartbeatSeconds,
      holdMs,
      sims,
      stateFile: stateDir ? (deviceId) => join(stateDir, `${deviceId}.json`) : undefined,
      forgetOnRestart: values['forget-on-restart'],
      reply: values.reply,
      replyImage: values['reply-image'] ? replyImage(values['reply-image']) : undefined,
      emit,
    });
    if (tokens[i]) await device.resume(tokens[i]!);
    else if (i === 0 && values.qr) await device.pair({ qrPayload: values.qr });
    else {
      const code = codes[i - (values.qr ? 1 : 0)] ?? (values['api-key'] ? await mintCode(values['api-key']) : undefined);
      if (!code) fail(`Device ${i + 1} has no pairing code: give one code per device, or --api-key to mint them.`);
      await device.pair({ pairingCode: code });
    }
    devices.push(device);
  }
} catch (error) {
  console.error(`relay-sim: ${(error as Error).message}`);
  process.exit(1);
}

const stop = () => {
  for (const device of devices) device.stop();
  if (process.stderr.isTTY && !values.quiet) process.stderr.write('\n');
  setTimeout(() => process.exit(0), 100).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('disconnect', stop);
await Promise.all(devices.map((device) => device.run()));
