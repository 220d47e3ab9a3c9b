// npm start's watch over its embedded PostgreSQL, with a server that dies and restarts that fail
// (the real thing, a SIGKILLed postmaster under npm start, is in start.test.ts).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import type { EmbeddedDatabase } from '../../src/core/embedded-postgres.ts';
import { superviseEmbeddedPostgres } from '../../src/core/embedded-watch.ts';

/** A logger whose lines land in `lines`; `seen(text)` resolves once a line has it. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; retryInMs?: number }> = [];
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { level: number; msg: string };
      lines.push(line);
      for (const wait of waiting.filter(({ text }) => line.msg.includes(text))) wait.resolve();
      done();
    },
  });
  const seen = (text: string) => new Promise<void>((resolve) => waiting.push({ text, resolve }));
  return { logger: pino({ level: 'info' }, destination), lines, seen };
}

function fakeDatabase(state: { running: boolean; stops: number }): EmbeddedDatabase {
  return {
    url: 'postgresql://unused',
    running: () => state.running,
    async stop() {
      state.stops += 1;
      state.running = false;
    },
  };
}

it('restarts a server that died, says once why a restart failed (the same reason once), backs off, and stops the new one', { timeout: 20_000 }, async () => {
  const { logger, lines, seen } = capturingLogger();
  const first = { running: true, stops: 0 };
  const second = { running: true, stops: 0 };
  const failures = ['pre-existing shared memory block is still in use', 'pre-existing shared memory block is still in use'];
  let attempts = 0;
  const watch = superviseEmbeddedPostgres(fakeDatabase(first), async () => {
    attempts += 1;
    const reason = failures.shift();
    if (reason) throw new Error(`Embedded PostgreSQL did not start: ${reason}\nmore detail`);
    return fakeDatabase(second);
  }, logger);

  const restarted = seen('embedded PostgreSQL restarted');
  first.running = false;
  await restarted;

  expect(attempts).toBe(3);
  const errors = lines.filter((line) => line.level >= 50);
  expect(errors.map((line) => line.msg)).toEqual([
    'embedded PostgreSQL stopped unexpectedly: restarting it',
    'embedded PostgreSQL could not be restarted: Embedded PostgreSQL did not start: pre-existing shared memory block is still in use',
  ]);
  // The first wait after a failure is 1 s; the next doubles.
  expect(errors[1]!.retryInMs).toBe(1_000);

  await watch.stop();
  expect(second.stops).toBe(1);
  expect(first.stops).toBe(0);
});

it('restarts nothing once stopped', async () => {
  const { logger } = capturingLogger();
  const state = { running: true, stops: 0 };
  let restarts = 0;
  const watch = superviseEmbeddedPostgres(fakeDatabase(state), async () => {
    restarts += 1;
    return fakeDatabase({ running: true, stops: 0 });
  }, logger);
  await watch.stop();
  state.running = false;
  expect(restarts).toBe(0);
  expect(state.stops).toBe(1);
});
