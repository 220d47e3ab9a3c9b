// A process's stop during periodic database work (`rt.lifetime.every`, as the device presence pass
// runs): the run under way finishes on an open pool, no run starts after the stop began, and
// nothing is logged as an error. A plain setInterval started its next pass on the closing pool and
// logged "Unable to start a transaction" at error level.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/core/config.ts';
import { Lifetime } from '../../src/core/lifetime.ts';
import { openRuntime } from '../../src/core/process.ts';
import { modules } from '../../src/modules.ts';
import { runSmsRoutingWorker } from '../../src/relay/workers.ts';
import { startTestApp, TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { sendSms, TEST_NUMBERS } from '../relay/helpers.ts';

const root = join(import.meta.dirname, '../..');

/** Opens a runtime as a worker process does, runs a 100 ms transaction every 20 ms, and stops while the third runs. */
const script = `
import { openRuntime } from ${JSON.stringify(join(root, 'src/core/process.ts'))};
import { modules } from ${JSON.stringify(join(root, 'src/modules.ts'))};
const rt = await openRuntime('lifetime-test', { modules });
let started = 0;
let finished = 0;
let thirdStarted;
const third = new Promise((resolve) => (thirdStarted = resolve));
rt.lifetime.every(20, 'test pass failed', async () => {
  started += 1;
  if (started === 3) thirdStarted();
  await rt.db.prisma.$transaction(async (tx) => {
    await tx.$executeRaw\`SELECT pg_sleep(0.1)\`;
  });
  finished += 1;
});
await third;
await rt.close();
console.log(JSON.stringify({ started, finished }));
`;

it('a stop lets the periodic run under way finish, starts no other, and logs no error', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, DATABASE_URL: await createTestDatabase(), YARROW_SECRET: TEST_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'yarrow-lifetime-')), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
  expect(output).not.toMatch(/"level":(40|50|60)/);
  const counts = output.split('\n').find((line) => line.startsWith('{"started"'));
  expect(JSON.parse(counts!)).toEqual({ started: 3, finished: 3 });
});

it('after() and run() start nothing once the stop began, and the stop waits for what run() started', async () => {
  const lifetime = new Lifetime({ error: vi.fn() } as never);
  const fired: string[] = [];
  lifetime.after(30, () => fired.push('cleared by the stop'));
  const cancel = lifetime.after(0, () => fired.push('cancelled'));
  cancel();
  let finish = () => {};
  const released = new Promise<void>((resolve) => (finish = resolve));
  let finished = false;
  expect(
    lifetime.run('never fails', async () => {
      await released;
      finished = true;
    }),
  ).toBe(true);
  let stopped = false;
  const ended = lifetime.end().then(() => (stopped = true));
  expect(lifetime.run('after the stop', async () => fired.push('run after the stop'))).toBe(false);
  lifetime.after(0, () => fired.push('after() after the stop'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stopped).toBe(false);
  finish();
  await ended;
  expect(finished).toBe(true);
  // Past every delay above: none of the tasks ran.
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(fired).toEqual([]);
});

// The routing worker's timers (its sweep every 5 s, an account's next drain when its queue can next
// move) and its LISTEN connection (a send's wake-up) each started a drain or a sweep on the closed
// pool when they were plain setInterval/setTimeout and an unclosed listener: every one of them is
// the lifetime's now. The worker's pool is watched: nothing may ask it for a connection after the
// stop, until past the sweep's interval and the drain timer's time.
it("a routing worker's stop leaves no timer or listener that starts database work", { timeout: 60_000 }, async () => {
  const app = await startTestApp();
  try {
    const account = await app.account();
    const rt = await openRuntime('routing-stop-test', { modules, config: loadConfig(modules, app.env) });
    // Every use of the worker's pool, counted (pg's Pool.query takes a connection through connect).
    const pool = rt.db.pool;
    let uses = 0;
    let usesAfterStop = 0;
    let closed = false;
    const count = <F extends (...args: never[]) => unknown>(method: F): F =>
      ((...args: Parameters<F>) => {
        uses += 1;
        if (closed) usesAfterStop += 1;
        return method.apply(pool, args);
      }) as F;
    pool.connect = count(pool.connect);
    pool.query = count(pool.query);
    const workerStarted = Date.now();
    await runSmsRoutingWorker(rt);

    // No device: the drain finds nothing to hand out and sets the account's next pass for the
    // message's expiry (a timer of the worker).
    const sent = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'waits for a phone', ttl_seconds: 2 });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const expiresAt = Date.now() + 2_000;
    const before = uses;
    // The drain's transaction, then nextDrainTime's two reads, all ended (every connection back in
    // the pool): the timer is set once the last read has answered.
    await vi.waitFor(
      () => {
        expect(uses - before).toBeGreaterThanOrEqual(3);
        expect(pool.idleCount).toBe(pool.totalCount);
      },
      { timeout: 10_000, interval: 50 },
    );

    await rt.close();
    closed = true;
    // A wake-up after the stop: the worker no longer listens.
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[1], message: 'after the stop' })).status).toBeLessThan(300);
    const quietUntil = Math.max(workerStarted + 5_000, expiresAt + 50) + 1_000;
    await new Promise((resolve) => setTimeout(resolve, quietUntil - Date.now()));
    expect(usesAfterStop).toBe(0);
  } finally {
    await app.stop();
  }
});
