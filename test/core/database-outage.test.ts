// One process's database going away and coming back: one line each way, whatever the number of
// failures in between (the real thing, under npm start, is in start.test.ts).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { DatabaseOutage } from '../../src/core/database-outage.ts';
import { Lifetime } from '../../src/core/lifetime.ts';

function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
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

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** What pg-boss hands its `error` listeners: a plain object, not an Error. */
const refusedByQueue = () => ({ message: 'connect ECONNREFUSED 127.0.0.1:5432 (Queue: webhook_deliver)', code: 'ECONNREFUSED' });
const busy = () => Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });

it('says once that the database went and once that it is back; other errors are not its business', { timeout: 10_000 }, async () => {
  const { logger, lines, seen } = capturingLogger();
  const lifetime = new Lifetime(logger);
  let up = false;
  const outage = new DatabaseOutage({ logger, lifetime, probe: async () => {
    if (!up) throw refused();
  } });

  expect(outage.absorbs(new Error('a bug'))).toBe(false);
  // A full pool is the database being busy, not away.
  expect(outage.absorbs(busy())).toBe(false);
  expect(outage.away).toBe(false);

  for (let poll = 0; poll < 50; poll++) expect(outage.absorbs(poll % 2 ? refused() : refusedByQueue())).toBe(true);
  // While it is away, a full pool is part of the outage too.
  expect(outage.absorbs(busy())).toBe(true);
  expect(outage.away).toBe(true);
  const back = seen('database is back');
  up = true;
  await back;
  expect(outage.away).toBe(false);
  expect(lines.map(({ level, msg }) => [level, msg])).toEqual([
    [50, 'database unavailable: waiting for it to come back'],
    [30, 'database is back'],
  ]);
  await lifetime.end();
});

it('absorbs what work meets from its closing pools once the stop began', async () => {
  const { logger, lines } = capturingLogger();
  const lifetime = new Lifetime(logger);
  const outage = new DatabaseOutage({ logger, lifetime, probe: async () => {} });
  await lifetime.end();
  expect(outage.absorbs(busy())).toBe(true);
  expect(outage.absorbs(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
  expect(outage.absorbs(new Error('a bug'))).toBe(false);
  expect(lines).toEqual([]);
});
