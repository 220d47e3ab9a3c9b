// Retention (issue 32, item 9): the maintenance worker purges events and webhook deliveries past
// their retention and masks SMS texts past theirs (the message row stays), in batches, oldest first,
// keeping what is newer and what is still in flight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstIdAt } from '../../src/core/ids.ts';
import type { RetentionPurge } from '../../src/core/module.ts';
import { sendJob } from '../../src/core/queue.ts';
import { purgeInBatches } from '../../src/system/workers.ts';
import { relayModule } from '../../src/relay/module.ts';
import { webhooksModule } from '../../src/webhooks/module.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let account: TestAccount;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
let serial = 0;

beforeAll(async () => {
  app = await startTestApp({ env: { EVENT_RETENTION_DAYS: '30', WEBHOOK_DELIVERY_RETENTION_DAYS: '7', RELAY_MESSAGE_TEXT_RETENTION_DAYS: '10' } });
  account = await app.account();
});
afterAll(async () => {
  await app?.stop();
});

const purgeOf = (list: readonly RetentionPurge[] | undefined, name: string) => list!.find((purge) => purge.what.includes(name))!;

/** The purge, counting the rows each batch purged. */
function counted(purge: RetentionPurge) {
  const batches: number[] = [];
  return {
    batches,
    purge: { what: purge.what, purgeBatch: async (rt, size) => {
      const purged = await purge.purgeBatch(rt, size);
      batches.push(purged);
      return purged;
    } } satisfies RetentionPurge,
  };
}

/** An event recorded at `createdAt`: its id is time-ordered like a real one's (a millisecond of its own). */
async function event(createdAt: Date) {
  serial += 1;
  const at = new Date(createdAt.getTime() + serial);
  return app.rt.db.prisma.event.create({
    data: { id: firstIdAt('evt', at), accountId: account.id, type: 'payment_intent.succeeded', objectType: 'payment_intent', objectPublicId: `pi_${serial}`, data: {}, createdAt: at },
  });
}

async function endpoint() {
  serial += 1;
  return app.rt.db.prisma.webhookEndpoint.create({ data: { id: `we_retention${serial}`, accountId: account.id, url: 'https://example.com/hook', secretEncrypted: 'x' } });
}

async function delivery(endpointId: string, eventId: string, status: string, createdAt: Date) {
  return app.rt.db.prisma.webhookDelivery.create({ data: { accountId: account.id, endpointId, eventId, status, createdAt } });
}

async function message(state: 'queued' | 'sent' | 'delivered' | 'failed', queuedAt: Date, body = 'Your parcel is at the door', sealedBody: string | null = null) {
  serial += 1;
  return app.rt.db.prisma.message.create({
    data: { id: `req_retention${serial}`, accountId: account.id, to: '+14155552671', body, sealedBody, encoding: 'gsm7', segments: 1, state, maxAttempts: 3, expiresAt: new Date(queuedAt.getTime() + DAY), queuedAt },
  });
}

describe('retention', () => {
  it('purges events past EVENT_RETENTION_DAYS in batches, keeping newer ones and those with a delivery pending', async () => {
    const old = await Promise.all([31, 32, 40, 90, 400].map((days) => event(daysAgo(days))));
    const recent = await Promise.all([1, 29].map((days) => event(daysAgo(days))));
    const awaited = await event(daysAgo(35));
    const hook = await endpoint();
    await delivery(hook.id, awaited.id, 'pending', daysAgo(35));
    const finished = await delivery(hook.id, old[0]!.id, 'succeeded', daysAgo(3));

    const { purge, batches } = counted(purgeOf(webhooksModule.retention, 'events'));
    expect(await purgeInBatches(app.rt, purge, 2)).toBe(5);
    expect(batches).toEqual([2, 2, 1]);
    const left = await app.rt.db.prisma.event.findMany({ where: { accountId: account.id }, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual([...recent, awaited].map((row) => row.id).sort());
    // The purged event's deliveries went with it.
    expect(await app.rt.db.prisma.webhookDelivery.findUnique({ where: { id: finished.id } })).toBeNull();
    expect(await purgeInBatches(app.rt, purge, 2)).toBe(0);
  });

  it('purges finished webhook deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS, never pending ones', async () => {
    const hook = await endpoint();
    const source = await event(new Date());
    const old = await Promise.all([
      delivery(hook.id, source.id, 'succeeded', daysAgo(8)),
      delivery(hook.id, source.id, 'failed', daysAgo(20)),
      delivery(hook.id, source.id, 'succeeded', daysAgo(9)),
    ]);
    await app.rt.db.prisma.webhookAttempt.create({ data: { id: 'wa_retention', deliveryId: old[0]!.id, trigger: 'automatic', outcome: 'succeeded', url: 'https://example.com/hook' } });
    const kept = await Promise.all([delivery(hook.id, source.id, 'pending', daysAgo(8)), delivery(hook.id, source.id, 'succeeded', daysAgo(6))]);

    const { purge, batches } = counted(purgeOf(webhooksModule.retention, 'deliveries'));
    expect(await purgeInBatches(app.rt, purge, 2)).toBe(3);
    expect(batches).toEqual([2, 1]);
    const left = await app.rt.db.prisma.webhookDelivery.findMany({ where: { endpointId: hook.id }, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual(kept.map((row) => row.id).sort());
    expect(await app.rt.db.prisma.webhookAttempt.findUnique({ where: { id: 'wa_retention' } })).toBeNull();
  });

  it('masks SMS texts past RELAY_MESSAGE_TEXT_RETENTION_DAYS as OTP codes are, keeping the message and texts still to send', async () => {
    const old = await Promise.all([
      message('delivered', daysAgo(11), 'Your parcel is at the door'),
      message('failed', daysAgo(12), 'Code 1234', 'sealed-secret'),
      message('sent', daysAgo(30), 'Ünïcode text'),
    ]);
    const kept = await Promise.all([message('delivered', daysAgo(9)), message('queued', daysAgo(11))]);

    const { purge, batches } = counted(purgeOf(relayModule.retention, 'SMS texts'));
    expect(await purgeInBatches(app.rt, purge, 2)).toBe(3);
    expect(batches).toEqual([2, 1]);
    const rows = new Map((await app.rt.db.prisma.message.findMany({ where: { accountId: account.id } })).map((row) => [row.id, row]));
    for (const purged of old) {
      const row = rows.get(purged.id)!;
      expect(row.body).toBe('•'.repeat([...purged.body].length));
      expect(row.sealedBody).toBeNull();
      expect(row.textPurgedAt).not.toBeNull();
      expect({ state: row.state, to: row.to, segments: row.segments }).toEqual({ state: purged.state, to: purged.to, segments: purged.segments });
    }
    for (const untouched of kept) expect(rows.get(untouched.id)).toMatchObject({ body: untouched.body, textPurgedAt: null });
    // Purged texts are not walked again.
    expect(await purgeInBatches(app.rt, purge, 2)).toBe(0);
  });

  it('runs in the maintenance worker process', async () => {
    const gone = await event(daysAgo(60));
    const text = await message('delivered', daysAgo(60), 'Purged by the worker');
    await app.startWorkers(['maintenance']);
    await sendJob(app.rt.boss, 'maintenance', {});
    await expect.poll(async () => (await app.rt.db.prisma.message.findUnique({ where: { id: text.id } }))?.body, { timeout: 20_000 }).toBe('•'.repeat(text.body.length));
    expect(await app.rt.db.prisma.event.findUnique({ where: { id: gone.id } })).toBeNull();
  });
});
