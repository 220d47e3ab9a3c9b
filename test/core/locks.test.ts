import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/service.ts';
import { connectDatabase, type Database } from '../../src/core/db.ts';
import { coreLockNamespaces, lockRow, lockRows, tryAdvisoryXactLock } from '../../src/core/locks.ts';
import { modules } from '../../src/modules.ts';
import { relayLocks } from '../../src/relay/contract.ts';
import { createRecipient } from '../../src/relay/recipients/recipients.ts';
import { createTestDatabase } from '../helpers/database.ts';

let db: Database;

beforeAll(async () => {
  db = connectDatabase(await createTestDatabase());
});
afterAll(() => db?.close());

/** Runs `inside` while another transaction holds `namespace`'s lock on `key`. */
async function whileHeld<T>(namespace: number, key: string, inside: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: (locked: boolean) => void;
  const holding = new Promise<boolean>((resolve) => (taken = resolve));
  const holder = db.prisma.$transaction(async (tx) => {
    taken(await tryAdvisoryXactLock(tx, namespace, key));
    await released;
  });
  try {
    expect(await holding).toBe(true);
    return await inside();
  } finally {
    release();
    await holder;
  }
}

describe('advisory locks', () => {
  it('give every namespace its own number', () => {
    const numbers = [...Object.values(coreLockNamespaces), ...modules.flatMap((module) => Object.values<number>(module.lockNamespaces ?? {}))];
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('keep namespaces apart: one key held in one namespace is free in another', async () => {
    const key = '7:+14155550100';
    const [otp, idempotency] = await whileHeld(coreLockNamespaces.idempotencyKey, key, () =>
      db.prisma.$transaction(async (tx) => [await tryAdvisoryXactLock(tx, relayLocks.otpNumber, key), await tryAdvisoryXactLock(tx, coreLockNamespaces.idempotencyKey, key)]),
    );
    expect(otp).toBe(true);
    expect(idempotency).toBe(false);
  });
});

describe('row locks', () => {
  it("lock the rows asked for, and never another account's", async () => {
    const mine = await createAccount(db.prisma, { name: 'Mine' });
    const theirs = await createAccount(db.prisma, { name: 'Theirs' });
    const a = await createRecipient({ config: { RELAY_RECIPIENT_LIMIT: 100 } }, db.prisma, mine.id, { name: 'A', phone: '+14155550101', tags: [] });
    const b = await createRecipient({ config: { RELAY_RECIPIENT_LIMIT: 100 } }, db.prisma, mine.id, { name: 'B', phone: '+14155550102', tags: [] });
    const foreign = await createRecipient({ config: { RELAY_RECIPIENT_LIMIT: 100 } }, db.prisma, theirs.id, { name: 'C', phone: '+14155550103', tags: [] });
    await db.prisma.$transaction(async (tx) => {
      expect(await lockRows(tx, 'recipients', [b.id, foreign.id, a.id, a.id], { accountId: mine.id })).toEqual([a.id, b.id].sort());
      expect(await lockRow(tx, 'recipients', foreign.id, { accountId: mine.id })).toBe(false);
      expect(await lockRow(tx, 'recipients', 'rcp_missing')).toBe(false);
      expect(await lockRow(tx, 'accounts', theirs.id, { idType: 'int' })).toBe(true);
    });
    await expect(db.prisma.$transaction((tx) => lockRow(tx, 'recipients; DROP TABLE accounts', a.id))).rejects.toThrow('not a table name');
  });
});
