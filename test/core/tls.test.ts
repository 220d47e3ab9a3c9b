import { fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { subscribe, wsClient } from '../helpers/graphql.ts';
import { requestTrusting, throwawayCertificate } from '../helpers/tls.ts';

const KeysChangedOverTls = graphql(`
  subscription KeysChangedOverTls {
    apiKeysChanged {
      keyId
      change
    }
  }
`);

const root = join(import.meta.dirname, '../..');

let app: TestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp({ tls: true });
  account = await app.account();
});
afterAll(() => app?.stop());

/** Runs an entry point with extra env and resolves with its exit code and stderr once it exits. */
function runUntilExit(script: string, env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  const child = fork(join(root, script), [], { env: { ...process.env, ...app.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A process that wrongly starts would announce itself instead of exiting: stop it so the test fails fast.
  child.on('message', () => child.kill('SIGTERM'));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('HTTPS gateway', () => {
  it('serves REST over HTTPS to a client that trusts the certificate, with https URLs by default', async () => {
    expect(app.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(app.tlsCa).toContain('BEGIN CERTIFICATE');
    const status = await app.request('GET', '/api/v1/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ ok: true, env: 'sandbox' });
    const me = await app.request('GET', '/api/v1/account', { key: account.key });
    expect(me.body.account.id).toBe(account.id);
    expect(app.rt.config.publicBaseUrl).toMatch(/^https:\/\/localhost:/);
  });

  it('serves HTTPS from the gateway process (src/serve.ts, what `npm start` runs) given the same variables', async () => {
    const gateway = await app.startGatewayProcess();
    expect(gateway.baseUrl).toMatch(/^https:\/\//);
    const health = await requestTrusting(app.tlsCa!, `${gateway.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    gateway.child.kill('SIGTERM');
  });

  it('carries a graphql-ws subscription over wss://', async () => {
    expect(app.wsUrl).toMatch(/^wss:\/\//);
    const client = wsClient(app.wsUrl, account.key, { ca: app.tlsCa });
    const live = subscribe(client, KeysChangedOverTls);
    const first = live.next();
    const created = new Set<string>();
    // The subscription registers asynchronously: create keys until one's event arrives.
    for (let arrived = false; !arrived; ) {
      const response = await app.request('POST', '/api/v1/api-keys', { key: account.key, body: { label: 'tls', scopes: ['account.read'] } });
      expect(response.status).toBe(201);
      created.add(response.body.api_key.id);
      arrived = await Promise.race([first.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100))]);
    }
    const change = (await first).data!.apiKeysChanged;
    expect(change.change).toBe('created');
    expect(created.has(change.keyId)).toBe(true);
    live.dispose();
    await client.dispose();
  });

  it('is refused by clients that do not trust the certificate, and does not answer plain HTTP', async () => {
    const untrusted = await fetch(`${app.baseUrl}/api/v1/status`).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(String((untrusted?.cause as { code?: string } | undefined)?.code)).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);

    const client = wsClient(app.wsUrl, account.key);
    await expect(subscribe(client, KeysChangedOverTls).next()).rejects.toBeDefined();
    await client.dispose();

    await expect(fetch(`${app.baseUrl.replace('https://', 'http://')}/api/v1/status`)).rejects.toThrow();
  });
});

describe('TLS configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yarrow-tls-bad-'));
  const missing = join(dir, 'missing.pem');
  const notPem = join(dir, 'not.pem');
  const otherKey = join(dir, 'other-key.pem');
  writeFileSync(notPem, 'hello\n');
  writeFileSync(otherKey, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));

  const cases: Array<[string, (files: { certFile: string; keyFile: string }) => Record<string, string | undefined>, RegExp]> = [
    ['an unreadable certificate', ({ keyFile }) => ({ TLS_CERT_FILE: missing, TLS_KEY_FILE: keyFile }), /TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/],
    ['a certificate file without a certificate', ({ keyFile }) => ({ TLS_CERT_FILE: notPem, TLS_KEY_FILE: keyFile }), /TLS_CERT_FILE: .*holds no PEM certificate/],
    ['an unreadable key', ({ certFile }) => ({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: missing }), /TLS_KEY_FILE: cannot read/],
    ['a key that is not the certificate’s', ({ certFile }) => ({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: otherKey }), /TLS_KEY_FILE: the key .* does not match the certificate/],
    ['a certificate without a key', ({ certFile }) => ({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: undefined }), /TLS_KEY_FILE: .*set both or neither/],
  ];

  for (const [name, env, message] of cases) {
    it(`stops the gateway process on ${name} with one line naming the variable`, async () => {
      const { code, stderr } = await runUntilExit('src/serve.ts', env(await throwawayCertificate()));
      expect(code).toBe(1);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    });
  }

  it('stops `npm start` before it starts anything when the key does not match', async () => {
    const { certFile } = await throwawayCertificate();
    const { code, stderr } = await runUntilExit('src/main.ts', { TLS_CERT_FILE: certFile, TLS_KEY_FILE: otherKey, DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Yarrow could not start: Invalid configuration: TLS_KEY_FILE: the key .* does not match the certificate in TLS_CERT_FILE$/);
  });
});
