// Every fenced block of README.md and docs/*.md is run by a test, or says why it cannot be.
// A block's fence names what runs it: `run` (run here against a test gateway), `pay-quickstart` and
// `relay-quickstart` (test/docs/quickstarts.test.ts), `sdk-example=<file>` (test/sdk/package.test.ts),
// `layout`/`core`/`tree` (checked here against the files); GraphQL blocks are validated here
// against schema.graphql. Any other block is listed below with the test that runs it or the reason
// it is not run; a new block that is neither fails this file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, Kind, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient, createIntent } from '../payments/checkout-client.ts';
import { anchorsOf, type Block, blocksOf, documents, idsIn, jsonDocuments, localize, readDoc, root, runShell } from './markdown.ts';

/** Tags whose blocks a test reads and runs, by the test file that does. */
const taggedBy: Record<string, string> = {
  run: 'test/docs/snippets.test.ts',
  'run=paid-intent': 'test/docs/snippets.test.ts',
  'run=saved-card': 'test/docs/snippets.test.ts',
  'run=disputed-intent': 'test/docs/snippets.test.ts',
  layout: 'test/docs/snippets.test.ts',
  core: 'test/docs/snippets.test.ts',
  tree: 'test/docs/snippets.test.ts',
  'pay-quickstart': 'test/docs/quickstarts.test.ts',
  'relay-quickstart': 'test/docs/quickstarts.test.ts',
  'sdk-example': 'test/sdk/package.test.ts',
  'simulate-error': 'test/payments/simulated-errors.test.ts',
  'verify-example': 'test/webhooks/standard-webhooks.test.ts',
};

/** Untagged blocks, by page and first line: the test that runs each, or why it is not run. */
const untagged: Array<{ doc: string; starts: string } & ({ by: string } | { reason: string })> = [
  { doc: 'README.md', starts: 'npm install\nnpm start', by: 'test/docs/quickstarts.test.ts' },
  { doc: 'README.md', starts: 'Yarrow is running (sandbox).', by: 'test/docs/quickstarts.test.ts' },
  { doc: 'README.md', starts: 'npm test', reason: '`npm test` is the suite this file belongs to' },
  { doc: 'docs/agents.md', starts: '{\n  "mcpServers"', by: 'test/agents/mcp.test.ts' },
  { doc: 'docs/architecture.md', starts: '          clients: REST', reason: 'a drawing of the processes' },
  { doc: 'docs/architecture.md', starts: '  REST · GraphQL · 3rd-party API', reason: "a drawing of the relay's sub-modules" },
  { doc: 'docs/merchant-api.md', starts: 'npx newman run http://localhost:4000/api/postman.json', reason: 'test/system/postman.test.ts runs newman on the collection this way, against a gateway with workers and phones' },
  { doc: 'docs/merchant-api.md', starts: 'npm run build:sdk && (cd packages/sdk/build && npm pack)', reason: 'test/sdk/package.test.ts packs the package and installs it by path in a throwaway project, as these two lines do' },
  { doc: 'docs/merchant-api.md', starts: 'export YARROW_API_KEY=yk_test_…', by: 'test/sdk/cli.test.ts' },
  { doc: 'docs/merchant-api.md', starts: 'Ready! Forwarding every event to', reason: "the output of `yarrow listen`; test/sdk/cli.test.ts waits for these lines" },
  { doc: 'docs/merchant-api.md', starts: 'npx yarrow trigger payment_intent.succeeded', by: 'test/sdk/cli.test.ts' },
  { doc: 'docs/operations.md', starts: 'export DATABASE_URL=postgresql://user:pass@db-host', reason: 'long-running processes on a database of your own; test/core/start.test.ts and the worker tests run each command' },
  { doc: 'docs/operations.md', starts: 'TLS_CERT_FILE=/etc/yarrow/fullchain.pem', reason: 'port 443 and a real certificate; test/core/tls.test.ts starts a gateway with TLS_CERT_FILE/TLS_KEY_FILE' },
  { doc: 'docs/operations.md', starts: 'relay.example.com {', reason: 'a Caddy configuration; Caddy is not installed here' },
  { doc: 'docs/operations.md', starts: 'server {', reason: 'an nginx configuration; nginx is not installed here' },
  { doc: 'docs/pay.md', starts: '<script type="module" src="http://localhost:4000/js/yarrow-pay.js">', by: 'test/payments/pay-button.browser.test.ts' },
  { doc: 'docs/pay.md', starts: 'yarrow-pay-button { --yarrow-pay-background', by: 'test/payments/pay-button.browser.test.ts' },
  { doc: 'docs/performance.md', starts: 'npm run bench ', reason: 'the bench takes minutes of both cores and is not part of npm test' },
  { doc: 'docs/relay.md', starts: 'npm run relay:sim -- --base-url http://localhost:4000 --pair ABCD2345 [', by: 'test/relay/simulator-docs.test.ts' },
  { doc: 'docs/relay-protocol.md', starts: 'POST /v1/relay/app/pair', reason: 'a request of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '201 {"ok": true,', reason: 'an answer of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: 'GET /v1/relay/device/ws', reason: 'a request of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '{"type": "welcome"', reason: 'a frame of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '{"type": "heartbeat"', reason: 'a frame of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '{"type": "ack"', reason: 'a frame of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '{"type": "sync"', reason: 'a frame of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '{"type": "report"', reason: 'a frame of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: '{"type": "received"', reason: 'a frame of the device protocol, not a program' },
  { doc: 'docs/relay-protocol.md', starts: 'server: send {message_id: req_1', reason: 'a sequence of frames, not a program' },
  { doc: 'docs/webhooks.md', starts: 'POST /hooks HTTP/1.1\nContent-Type: application/json\nX-Timestamp', reason: 'a request Yarrow sends, not a program' },
  { doc: 'docs/webhooks.md', starts: 'POST /hooks HTTP/1.1\nContent-Type: application/json\nUser-Agent', reason: 'a request Yarrow sends, not a program' },
  { doc: 'docs/webhooks.md', starts: "import http from 'node:http';", reason: 'the receiver of docs/merchant-api.md (sdk-example=src/webhooks.ts) in plain JavaScript; test/sdk/package.test.ts runs that one' },
  { doc: 'docs/webhooks.md', starts: "{ printf '%s.' \"$TIMESTAMP\"", by: 'test/webhooks/verify.test.ts' },
];

const allBlocks = documents.flatMap(blocksOf);
const where = (block: Block) => `${block.doc}:${block.line}`;
const tagOwner = (block: Block) => taggedBy[block.tag] ?? taggedBy[block.tag.split('=')[0]!];

describe('the code blocks of README.md and docs/', () => {
  it('are each run by a named test, or listed with the reason they are not', () => {
    const unaccounted: string[] = [];
    const matched = new Map<(typeof untagged)[number], Block[]>(untagged.map((entry) => [entry, []]));
    for (const block of allBlocks) {
      if (!block.language) unaccounted.push(`${where(block)}: a block without a language`);
      else if (block.tag) {
        if (!tagOwner(block)) unaccounted.push(`${where(block)}: unknown tag "${block.tag}"`);
      } else if (block.language !== 'graphql') {
        const entries = untagged.filter((entry) => entry.doc === block.doc && block.text.startsWith(entry.starts));
        if (entries.length !== 1) unaccounted.push(`${where(block)}: ${entries.length} entries of the list match it (${block.text.split('\n')[0]})`);
        for (const entry of entries) matched.get(entry)!.push(block);
      }
    }
    for (const [entry, blocks] of matched) if (blocks.length !== 1) unaccounted.push(`the entry for ${entry.doc} "${entry.starts}" matches ${blocks.length} blocks`);
    expect(unaccounted).toEqual([]);
  });

  it('name tests that exist and read the page the block is on', () => {
    const owners = new Set<string>();
    for (const block of allBlocks) {
      const owner = block.tag ? tagOwner(block) : untagged.find((entry) => entry.doc === block.doc && block.text.startsWith(entry.starts) && 'by' in entry);
      const test = typeof owner === 'string' ? owner : owner && 'by' in owner ? owner.by : undefined;
      if (test) owners.add(`${test} ${block.doc}`);
    }
    const missing = [...owners].filter((pair) => {
      const [test, doc] = pair.split(' ') as [string, string];
      return !existsSync(join(root, test)) || !readFileSync(join(root, test), 'utf8').includes(doc.replace(/^docs\//, ''));
    });
    expect(missing).toEqual([]);
  });

  it('GraphQL: every operation is valid against schema.graphql', () => {
    const schema = buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'));
    const graphqlBlocks = allBlocks.filter((block) => block.language === 'graphql');
    expect(graphqlBlocks.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const block of graphqlBlocks) {
      // A block may hold several anonymous operations, one per line: each is checked on its own.
      for (const definition of parse(block.text).definitions) {
        const errors = validate(schema, { kind: Kind.DOCUMENT, definitions: [definition] });
        problems.push(...errors.map((error) => `${where(block)}: ${error.message}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it("architecture: the layout names every file of src/core, and every path it names exists", () => {
    const block = (tag: string) => allBlocks.find((candidate) => candidate.doc === 'docs/architecture.md' && candidate.tag === tag)!.text;
    const coreLines = block('core').trimEnd().split('\n');
    const listed = coreLines.map((line) => line.split(/\s+/)[0]);
    expect(listed.sort()).toEqual(readdirSync(join(root, 'src/core')).filter((name) => name.endsWith('.ts')).sort());
    // One line each, with what the file is for.
    expect(coreLines.filter((line) => !/^\S+\.ts\s{2,}\S/.test(line))).toEqual([]);
    const paths = [block('layout'), block('tree')].flatMap((text) => [...text.matchAll(/^(\S+)/gm)].map((match) => match[1]!));
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['src/main.ts', 'src/serve.ts', 'src/modules.ts', 'src/sandbox.ts', 'workers/']));
  });
});

describe('docs/operations.md', () => {
  it('documents every environment variable the configuration declares, and no other, in its Configuration table', () => {
    // The core's variables are the keys of `coreEnvironment` in src/core/config.ts; each module adds its own.
    const configSource = readFileSync(join(root, 'src/core/config.ts'), 'utf8');
    const core = configSource.slice(configSource.indexOf('const coreEnvironment = z.object({'), configSource.indexOf('\n});', configSource.indexOf('const coreEnvironment')));
    const declared = [...core.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    expect(declared).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'YARROW_SECRET']));
    for (const module of modules) declared.push(...Object.keys(module.config?.env ?? {}));
    const doc = readDoc('docs/operations.md');
    const table = doc.slice(doc.indexOf('## Configuration'), doc.indexOf('\n## ', doc.indexOf('## Configuration') + 1));
    const documented = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
    expect(documented.sort()).toEqual([...declared].sort());
  });
});

describe('README.md', () => {
  it('is a front page: under 250 lines', () => {
    expect(readDoc('README.md').split('\n').length).toBeLessThan(250);
  });
});

describe('links between README.md and docs/', () => {
  it('reach a file that exists, and a heading that exists', () => {
    const broken: string[] = [];
    for (const doc of documents) {
      const text = readDoc(doc).replace(/^\s*```[\s\S]*?^\s*```$/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path ? join(root, doc, '..', path) : join(root, doc);
        if (!existsSync(file)) {
          broken.push(`${doc}: ${target}`);
          continue;
        }
        if (anchor && file.endsWith('.md') && !anchorsOf(file.slice(root.length + 1)).has(anchor)) broken.push(`${doc}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the blocks marked `run`, run against a test gateway', () => {
  let app: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    // The test gateway binds port 0: the links it hands out (checkout_url) must name where it listens.
    Object.assign(app.rt.config, { publicBaseUrl: app.baseUrl });
    account = await app.account();
  });
  afterAll(() => app?.stop());

  /** Before a block tagged `run=<setup>`: what it needs that the page says it needs. */
  const setups: Record<string, (ids: Map<string, string>) => Promise<void>> = {
    // "A succeeded payment intent can be refunded": one paid with YP-VISA-APPROVE on its hosted checkout.
    'paid-intent': async (ids) => {
      const intent = await createIntent(app, account.key);
      const pages = checkoutClient(app);
      const paid = await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE');
      expect(paid.status).toBe(303);
      ids.set('pi', intent.id);
    },
    // "Capture all or part of it": one with capture_method manual, authorized with YP-VISA-APPROVE.
    'authorized-intent': async (ids) => {
      const intent = await createIntent(app, account.key, { capture_method: 'manual' });
      const pages = checkoutClient(app);
      const authorized = await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE');
      expect(authorized.status).toBe(303);
      ids.set('pi', intent.id);
    },
    // "When it succeeds … the method is saved": the customer pays the intent just created with YP-VISA-APPROVE on its checkout.
    'saved-card': async (ids) => {
      const pages = checkoutClient(app);
      const paid = await pages.submitToken(await pages.startSession(ids.get('pi')!, 'visa'), 'YP-VISA-APPROVE');
      expect(paid.status).toBe(303);
    },
    // "A payment made with a dispute token … is disputed": one paid with YP-VISA-DISPUTE, and its dispute.
    'disputed-intent': async (ids) => {
      const intent = await createIntent(app, account.key);
      const pages = checkoutClient(app);
      const paid = await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-DISPUTE');
      expect(paid.status).toBe(303);
      const disputes = await app.request('GET', `/api/v1/disputes?payment_intent=${intent.id}`, { key: account.key });
      ids.set('pi', intent.id);
      ids.set('dp', disputes.body.data[0].id);
    },
  };

  const runDocs = [...new Set(allBlocks.filter((block) => block.tag.split('=')[0] === 'run').map((block) => block.doc))];
  it.each(runDocs)('%s: each block exits 0 and every answer it prints is "ok": true', async (doc) => {
    const ids = new Map<string, string>();
    for (const block of allBlocks.filter((candidate) => candidate.doc === doc && candidate.tag.split('=')[0] === 'run')) {
      const setup = block.tag.split('=')[1];
      if (setup) await setups[setup]!(ids);
      const output = await runShell(localize(block.text, app.baseUrl, ids, { 'yk_test_…': account.key }), { KEY: account.key });
      if (block.text.includes('curl ')) {
        const answers = jsonDocuments(output);
        expect(answers.length, `${where(block)}:\n${output}`).toBe(block.text.match(/curl /g)!.length);
        expect(answers.filter((answer) => answer.ok !== true), `${where(block)}:\n${output}`).toEqual([]);
      }
      idsIn(output, ids);
    }
  }, 120_000);
});
