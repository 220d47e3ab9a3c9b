// `yarrow trigger` recipes for the relay module's events: how the CLI makes each happen for real,
// through the API and hosted pages a merchant and their customer use. The CLI ships in the SDK and
// cannot import the server, so this file imports only packages/sdk, and the SDK ships a copy of it
// (packages/sdk/generated/trigger/relay.ts, written by `npm run sdk:types`).
import { CliError, type Json, rest } from '../../packages/sdk/cli/api.ts';
import { type Recipe, type TriggerOptions, cannot } from '../../packages/sdk/cli/recipe.ts';

const relayNeedsPhone = (event: string, extra = '') =>
  `${event} happens when a paired phone reports on an SMS, so it needs a phone that is online: pair one (README, "Use your Android phone") or run the simulator (npm run relay:sim -- --pair <code>${extra}), then run yarrow trigger ${event} --to <number> again.`;

/** Sends an SMS through the account's online phone, for the relay events. */
async function sendThroughPhone(event: string, options: TriggerOptions, extra = '') {
  const devices = (await rest(options, 'GET', '/api/v1/relay/devices?limit=100')).data as Json[];
  const online = devices.find((device) => device.status === 'online');
  if (!online) throw new CliError(relayNeedsPhone(event, extra));
  if (!options.to) throw new CliError(`${event} needs --to <phone number> (E.164, e.g. +15555550123): the SMS goes to that number through ${online.name}.`);
  const sent = await rest(options, 'POST', '/api/v1/sms/send', { to: options.to, message: 'Test message from yarrow trigger', device_id: online.id });
  options.print(`Queued SMS ${sent.request_id} to ${options.to} through ${online.name} (${online.id}); ${event} follows when the phone reports it.`);
}

/** Opts `--to` out through the API (and, for opted_in, back in): no phone needed. */
async function optOutNumber(event: string, options: TriggerOptions) {
  if (!options.to) throw new CliError(`${event} needs --to <phone number> (E.164, e.g. +15555550123): the number is opted out${event === 'recipient.opted_in' ? ' and back in' : ''}.`);
  const optedOut = await rest(options, 'POST', '/api/v1/opt-outs', { phone: options.to });
  options.print(`Opted ${optedOut.phone} out (${optedOut.id}).`);
  if (event === 'recipient.opted_in') {
    await rest(options, 'DELETE', `/api/v1/opt-outs/${encodeURIComponent(String(optedOut.phone))}`);
    options.print(`Opted ${optedOut.phone} back in.`);
  }
}

export const recipes: Record<string, Recipe> = {
  'message.sent': (options) => sendThroughPhone('message.sent', options),
  'message.delivered': (options) => sendThroughPhone('message.delivered', options),
  'message.failed': (options) => sendThroughPhone('message.failed', options, ' --fail-rate 1'),
  'message.stuck': cannot(
    'message.stuck is recorded when a phone has held a message for RELAY_STUCK_AFTER_SECONDS (300 s by default) without a word about it: send through the simulator with --hold-ms longer than that (npm run relay:sim -- --pair <code> --hold-ms 400000), or kill the simulator after it took a message.',
  ),
  'device.offline': cannot(
    'device.offline is recorded when a paired phone stops sending heartbeats: start the simulator (npm run relay:sim -- --pair <code>), then stop it; the device-presence worker marks it offline after the account\'s threshold (default DEVICE_OFFLINE_AFTER_SECONDS, 90 s; REST device_offline_after_seconds of /api/v1/relay/settings, GraphQL setDeviceOfflineAfterSeconds).',
  ),
  // The recipient's answer arrives through the phone: the simulator's recipients answer with --reply.
  'message.received': (options) => sendThroughPhone('message.received', options, ' --reply Thanks'),
  'recipient.opted_out': (options) => optOutNumber('recipient.opted_out', options),
  'recipient.opted_in': (options) => optOutNumber('recipient.opted_in', options),
  'otp.verified': cannot(
    'otp.verified needs the code the phone sent: send one with POST /api/v1/otp/send through a paired phone (or the simulator), then POST /api/v1/otp/verify with the code the recipient got.',
  ),
};
