#!/usr/bin/env node
// The Yarrow CLI, shipped with the SDK: `yarrow listen` forwards the account's live events to a
// local URL, signed as real deliveries; `yarrow trigger <event>` makes an event happen for real.
// See README, "yarrow listen / trigger".
import { parseArgs } from 'node:util';
import { CliError } from './api.ts';
import { listen } from './listen.ts';
import { parseOverrides } from './recipe.ts';
import { trigger } from './trigger.ts';

const usage = `Usage:
  yarrow listen --forward-to URL [--events a,b] [--api-key KEY] [--base-url URL]
  yarrow trigger EVENT [--to +15555550123] [--override object:field=value]… [--api-key KEY] [--base-url URL]
  yarrow mcp [--api-key KEY] [--base-url URL]

  --api-key KEY     an API key (yk_test_…); default $YARROW_API_KEY. listen needs the
                    webhooks.manage scope, trigger the scopes of what it creates,
                    mcp those of the tools it is to use (each refused without its own).
  --base-url URL    the Yarrow server (default $YARROW_BASE_URL, else http://localhost:4000)
  --forward-to URL  listen: where each event is POSTed, signed with the secret printed at start
  --events a,b      listen: only these event names (default: every event)
  --to NUMBER       trigger message.*: the number the test SMS goes to
  --override O:F=V  trigger: a field of an object it creates, e.g. price:unit_amount=2500 (repeatable)`;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'api-key': { type: 'string' },
      'base-url': { type: 'string' },
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      to: { type: 'string' },
      override: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const apiKey = values['api-key'] ?? process.env.YARROW_API_KEY;
  if (!apiKey) throw new CliError('An API key is needed: --api-key yk_test_… or YARROW_API_KEY.');
  const baseUrl = (values['base-url'] ?? process.env.YARROW_BASE_URL ?? 'http://localhost:4000').replace(/\/+$/, '');
  const print = (line: string) => console.log(line);

  // stdout is the MCP channel: nothing else may be printed there.
  if (command === 'mcp') {
    // Loaded only here: the MCP SDK is no part of listen's or trigger's start.
    await (await import('./mcp.ts')).serveMcp({ apiKey, baseUrl });
    return 0;
  }

  if (command === 'listen') {
    if (!values['forward-to']) throw new CliError('listen needs --forward-to URL (where to POST each event), e.g. http://localhost:3000/webhooks.');
    const stopped = new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    const events = (values.events ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
    await listen({ apiKey, baseUrl, forwardTo: values['forward-to'], events, print, error: (line) => console.error(line) }, stopped);
    print('Stopped.');
    return 0;
  }
  if (command === 'trigger') {
    const [event, ...extra] = rest;
    if (!event || extra.length > 0) throw new CliError('trigger needs one event name, e.g. yarrow trigger payment_intent.succeeded.');
    await trigger(event, { apiKey, baseUrl, to: values.to, overrides: parseOverrides(values.override ?? []), print });
    return 0;
  }
  throw new CliError(`Unknown command "${command}".\n${usage}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof CliError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`yarrow: ${known ? (error as Error).message : (error as Error).stack}`);
    process.exitCode = 1;
  },
);
