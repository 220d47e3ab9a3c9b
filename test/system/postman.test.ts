import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowOperations, postmanFlow } from '../../src/core/postman.ts';
import { modules } from '../../src/modules.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

/** newman's command line, run by this process's Node (the project's Node 24). */
const newmanCli = createRequire(import.meta.url).resolve('newman/bin/newman.js');

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // The relay's dispatch and presence run in workers, as under `npm start`.
  await app.startWorkers(['sms-routing', 'device-presence', 'subscription-billing']);
});
afterAll(() => app?.stop());

interface NewmanExecution {
  item: { id: string; name: string };
  response?: { code: number };
  requestError?: unknown;
  assertions?: Array<{ assertion: string; error?: { message: string } }>;
}

interface NewmanReport {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number }; prerequestScripts: { failed: number }; testScripts: { failed: number } };
    executions: NewmanExecution[];
    failures: Array<{ source?: { name?: string }; error: { message: string; test?: string } }>;
  };
}

describe('Postman collection', () => {
  it('has a flow step for every operation of the OpenAPI document, and none for an operation it lacks', async () => {
    const spec = (await app.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(spec.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`)));
    const flow = flowOperations(await postmanFlow(modules));
    expect([...documented].filter((operation) => !flow.has(operation)), 'operations without a step in the flow (src/system/postman.ts)').toEqual([]);
    expect([...flow].filter((operation) => !documented.has(operation)), 'flow steps naming no documented operation').toEqual([]);
  });

  it('takes baseUrl and apiKey as collection variables, the key as Bearer auth for the whole collection', async () => {
    const collection = (await app.request('GET', '/api/postman.json')).body;
    expect(collection.variable.map((variable: { key: string }) => variable.key)).toEqual(['baseUrl', 'apiKey']);
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] });
    const requests = collection.item.flatMap((folder: { item: Array<{ request: { url: { raw: string }; auth?: unknown } }> }) => folder.item.map((item) => item.request));
    expect(requests.every((request: { url: { raw: string } }) => request.url.raw.startsWith('{{baseUrl}}/'))).toBe(true);
    // Public pages and device-token calls say so; API-key calls inherit the collection's key.
    const status = requests.find((request: { url: { raw: string } }) => request.url.raw === '{{baseUrl}}/api/v1/status');
    expect(status.auth).toEqual({ type: 'noauth' });
    const create = requests.find((request: { url: { raw: string } }) => request.url.raw === '{{baseUrl}}/api/v1/payment-intents');
    expect(create.auth).toBeUndefined();
  });

  it('runs in newman against a live server: every request passes, each with at least one assertion', { timeout: 120_000 }, async () => {
    const { key, id: accountId } = await app.account({ name: 'Postman merchant' });
    const collection = await app.request('GET', '/api/postman.json');
    expect(collection.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'yarrow-postman-'));
    const collectionFile = join(dir, 'collection.json');
    const reportFile = join(dir, 'report.json');
    writeFileSync(collectionFile, JSON.stringify(collection.body));
    // As the README tells a merchant: the collection from the server, baseUrl and apiKey given on the command line.
    await promisify(execFile)(
      process.execPath,
      [newmanCli, 'run', collectionFile, '--env-var', `baseUrl=${app.baseUrl}`, '--env-var', `apiKey=${key}`, '--reporters', 'json', '--reporter-json-export', reportFile, '--timeout-request', '60000'],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { code?: number }) => {
      // newman exits 1 when something failed; the report says what.
      if (error.code !== 1) throw error;
    });
    const { run } = JSON.parse(readFileSync(reportFile, 'utf8')) as NewmanReport;
    const failures = run.failures.map((failure) => `${failure.source?.name}: ${failure.error.test ?? ''} ${failure.error.message}`);
    expect(failures).toEqual([]);
    expect(run.stats.requests.failed).toBe(0);
    expect(run.stats.assertions.failed).toBe(0);
    expect(run.stats.prerequestScripts.failed + run.stats.testScripts.failed).toBe(0);
    const items = (collection.body as { item: Array<{ item: unknown[] }> }).item.flatMap((folder) => folder.item);
    // Every item ran; a polling step (billing's, waiting for the worker) may run more than once.
    expect(new Set(run.executions.map((execution) => execution.item.id)).size).toBe(items.length);
    expect(run.executions.filter((execution) => !execution.assertions?.length).map((execution) => execution.item.name), 'requests without an assertion').toEqual([]);
    // It cleans up after itself (README, "Clean up"): no phone left paired, nothing left waiting for one.
    expect(await app.rt.db.prisma.device.count({ where: { accountId, status: { not: 'revoked' } } })).toBe(0);
    expect(await app.rt.db.prisma.message.count({ where: { accountId, state: { in: ['queued', 'dispatched'] } } })).toBe(0);
    expect((await app.rt.db.prisma.account.findUniqueOrThrow({ where: { id: accountId } })).relayMode).toBe('auto');
  }); // the whole flow through newman: about 25 s on a quiet machine, more on a shared one

  it('`npm run postman` runs against the PORT of the shell, not a fixed one', async () => {
    const { key } = await app.account({ name: 'Postman script' });
    const port = new URL(app.baseUrl).port;
    expect(port).not.toBe('4000');
    const reportFile = join(mkdtempSync(join(tmpdir(), 'yarrow-postman-')), 'report.json');
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'postman', '--', '--env-var', `apiKey=${key}`, '--folder', 'System', '--reporters', 'json', '--reporter-json-export', reportFile],
      { env: { ...process.env, PORT: port, YARROW_URL: '' }, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(stdout).toContain(`newman: the collection of http://localhost:${port}`);
    const { run } = JSON.parse(readFileSync(reportFile, 'utf8')) as NewmanReport;
    expect(run.executions.length).toBeGreaterThan(0);
    expect(run.failures).toEqual([]);
  });
});
