import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss, sendJob, workQueue } from '../../src/core/queue.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

async function queuedPings(pingId: string) {
  const rows = await app.rt.db.prisma.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM pgboss.job WHERE name = 'diagnostics_ping' AND data->>'pingId' = ${pingId}`;
  return rows.length;
}

describe('queue', () => {
  it('enqueues a job only if the transaction that needs it commits', async () => {
    const account = await app.account();
    await expect(
      app.rt.db.prisma.$transaction(async (tx) => {
        await sendJob(app.rt.boss, 'diagnostics_ping', { accountId: account.id, pingId: 'ping_rolled_back', sentAt: new Date().toISOString() }, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await queuedPings('ping_rolled_back')).toBe(0);

    await app.rt.db.prisma.$transaction(async (tx) => {
      await sendJob(app.rt.boss, 'diagnostics_ping', { accountId: account.id, pingId: 'ping_committed', sentAt: new Date().toISOString() }, { tx });
    });
    expect(await queuedPings('ping_committed')).toBe(1);
  });

  it('refuses a payload that does not match the queue schema', async () => {
    await expect(sendJob(app.rt.boss, 'diagnostics_ping', { accountId: 'one' } as never)).rejects.toThrow();
  });

  it('wakes a worker through LISTEN/NOTIFY instead of its polling interval', async () => {
    const boss = createBoss(app.databaseUrl, app.rt.modules.queues, { applicationName: 'queue-test-worker' });
    boss.on('error', () => {});
    await boss.start();
    try {
      // The job committed by the first test is waiting: the worker's first fetch takes it. After
      // that, with 30 s polling, only a NOTIFY can bring the next job within the test timeout.
      let firstFetched!: () => void;
      const firstFetch = new Promise<void>((resolve) => (firstFetched = resolve));
      const received = new Promise<string>((resolve) => {
        void workQueue(boss, 'diagnostics_ping', { pollingIntervalSeconds: 30 }, async ([job]) => {
          if (job!.data.pingId === 'ping_committed') firstFetched();
          else resolve(job!.data.pingId);
        });
      });
      await firstFetch;
      await sendJob(app.rt.boss, 'diagnostics_ping', { accountId: 1, pingId: 'ping_notify', sentAt: new Date().toISOString() });
      expect(await received).toBe('ping_notify');
    } finally {
      await boss.stop({ graceful: false });
    }
  }, 20_000);

  it('sends from a script that loads only a domain file and opens a runtime from the module list', async () => {
    // No import fills a registry: the domain file comes first, the module list is only data for openRuntime.
    const account = await app.account();
    const file = (path: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, '../..', path)).href);
    const script = `
      import { sendDiagnosticPing } from ${file('src/system/service.ts')};
      import { loadConfig } from ${file('src/core/config.ts')};
      import { openRuntime } from ${file('src/core/process.ts')};
      import { modules } from ${file('src/modules.ts')};
      const rt = await openRuntime('script', { modules, config: loadConfig(modules) });
      await sendDiagnosticPing(rt, ${account.id});
      await rt.close();`;
    await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { env: { ...process.env, ...app.env } });
    const jobs = await app.rt.db.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM pgboss.job WHERE name = 'diagnostics_ping' AND (data->>'accountId')::int = ${account.id}`;
    expect(jobs.length).toBe(1);
  });
});
