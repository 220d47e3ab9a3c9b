import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/core/db.ts';
import { createLogger } from '../../src/core/logger.ts';
import { PostgresEventTarget, createGraphqlPubSub, liveEvent, publishAll } from '../../src/core/pubsub.ts';
import { createTestDatabase } from '../helpers/database.ts';

let db: Database;
let target: PostgresEventTarget;

beforeAll(async () => {
  const url = await createTestDatabase();
  db = connectDatabase(url);
  target = new PostgresEventTarget(url, db.pool, createLogger('warn', 'pubsub-test'));
  await target.start();
});
afterAll(async () => {
  await target?.close();
  await db?.close();
});

const pong = (n: number) => ({ pingId: `ping_${n}_${'x'.repeat(150)}`, workerPid: n, sentAt: new Date(0).toISOString(), receivedAt: new Date(n).toISOString() });

describe('live events through LISTEN/NOTIFY', () => {
  it('delivers every event of a large publish, in order', async () => {
    // About 250 bytes each: far more than one notification holds, so they travel packed in several.
    const total = 400;
    const heard: string[] = [];
    const all = new Promise<void>((resolve) => {
      for (const accountId of [1, 2]) {
        target.addEventListener(`diagnosticPong:${accountId}`, (event) => {
          heard.push(`${accountId}:${(event as CustomEvent).detail.pingId.split('_')[1]}`);
          if (heard.length === total) resolve();
        });
      }
    });
    const events = Array.from({ length: total }, (_, n) => liveEvent('diagnosticPong', (n % 2) + 1, pong(n)));
    await db.prisma.$transaction((tx) => publishAll(tx, events));
    await all;
    expect(heard).toEqual(Array.from({ length: total }, (_, n) => `${(n % 2) + 1}:${n}`));
  });

  it('sends nothing from a transaction that rolls back', async () => {
    const heard: unknown[] = [];
    target.addEventListener('diagnosticPong:3', (event) => heard.push((event as CustomEvent).detail));
    await expect(
      db.prisma.$transaction(async (tx) => {
        await publishAll(tx, [liveEvent('diagnosticPong', 3, pong(1)), liveEvent('diagnosticPong', 3, pong(2))]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const marker = new Promise((resolve) => target.addEventListener('diagnosticPong:4', resolve, { once: true }));
    await publishAll(db.prisma, [liveEvent('diagnosticPong', 4, pong(3))]);
    // The marker was published after the rolled-back events: once it arrives, they would have too.
    await marker;
    expect(heard).toEqual([]);
  });
});

describe('GraphQL subscriptions over the event target', () => {
  it('iterate one topic in order, keep what arrives between reads, and stop listening when ended', async () => {
    const pubsub = createGraphqlPubSub(target);
    const pongs = pubsub.subscribe('diagnosticPong', 7);
    expect(getEventListeners(target, 'diagnosticPong:7')).toHaveLength(1);
    const first = pongs.next();
    await publishAll(db.prisma, [1, 2, 3].map((n) => liveEvent('diagnosticPong', 7, pong(n))));
    await publishAll(db.prisma, [liveEvent('diagnosticPong', 8, pong(99))]);
    expect((await first).value.workerPid).toBe(1);
    expect((await pongs.next()).value.workerPid).toBe(2);
    expect((await pongs.next()).value.workerPid).toBe(3);
    const pending = pongs.next();
    await pongs.return!();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(await pongs.next()).toEqual({ done: true, value: undefined });
    expect(getEventListeners(target, 'diagnosticPong:7')).toHaveLength(0);
  });
});
