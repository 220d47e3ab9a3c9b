// Database gauges (issue 32): each set is read by one query per scrape at most, and a burst of
// scrapes within DATABASE_GAUGE_TTL_MS shares that one read; a failed read keeps the last values.
import { describe, expect, it, vi } from 'vitest';
import type { DbClient } from '../../src/core/db.ts';
import { registerDatabaseGauges, registry } from '../../src/core/metrics.ts';

const db = {} as DbClient;

describe('database gauges', () => {
  it('read their set once for a burst of scrapes, and show every sample with its labels', async () => {
    let reads = 0;
    registerDatabaseGauges(
      db,
      [
        {
          gauges: { yarrow_test_backlog: { help: 'Test backlog.', labelNames: ['state'] }, yarrow_test_online: { help: 'Test online.' } },
          read: async () => {
            reads += 1;
            return { yarrow_test_backlog: [{ labels: { state: 'queued' }, value: 7 }, { labels: { state: 'dispatched' }, value: 2 }], yarrow_test_online: [{ value: 3 }] };
          },
        },
      ],
      () => {},
    );
    const scrapes = await Promise.all([registry.metrics(), registry.metrics(), registry.metrics()]);
    expect(await registry.metrics()).toContain('yarrow_test_online 3');
    expect(reads).toBe(1);
    for (const text of scrapes) {
      expect(text).toContain('yarrow_test_backlog{state="queued"} 7');
      expect(text).toContain('yarrow_test_backlog{state="dispatched"} 2');
    }
  });

  it('keep the last values when a read fails, and count the failure', async () => {
    const errors: unknown[] = [];
    let away = false;
    registerDatabaseGauges(
      db,
      [
        {
          gauges: { yarrow_test_flaky: { help: 'Fails when the database is away.', labelNames: ['queue'] } },
          read: async () => {
            if (away) throw new Error('database away');
            return { yarrow_test_flaky: [{ labels: { queue: 'a' }, value: 5 }] };
          },
        },
      ],
      (error) => errors.push(error),
    );
    expect(await registry.metrics()).toContain('yarrow_test_flaky{queue="a"} 5');
    away = true;
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] });
    try {
      const text = await registry.metrics();
      expect(text).toContain('yarrow_test_flaky{queue="a"} 5');
      expect(errors).toHaveLength(1);
      // The counter is collected before the gauge that fails: the next scrape shows it.
      expect(await registry.metrics()).toMatch(/^yarrow_database_gauge_read_errors_total [12]$/m);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuse a name declared twice', () => {
    expect(() => registerDatabaseGauges(db, [{ gauges: { yarrow_test_online: { help: 'Again.' } }, read: async () => ({}) }], () => {})).toThrow(/declared twice/);
  });
});
