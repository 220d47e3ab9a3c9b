// A process's stop during periodic database work (`rt.lifetime.every`, as the device presence pass
// runs): the run under way finishes on an open pool, no run starts after the stop began, and
// nothing is logged as an error. A plain setInterval started its next pass on the closing pool and
// logged "Unable to start a transaction" at error level.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

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
