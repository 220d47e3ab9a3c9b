// The bench's measuring helpers (issue 16): CPU from /proc, cost per unit, the pgbench script, and `--compare`'s pairing and verdicts. The bench itself is not in npm test.
import { describe, expect, it } from 'vitest';
import { compareRuns, figuresOf, noisePercent, pickPair, type HistoryRun } from '../../bench/history.ts';
import { acceptScript } from '../../bench/pgbench.ts';
import { RELAY_WAKE_CHANNEL } from '../../src/relay/messages/wake.ts';
import { costOf, treeCpuMs, type Row } from '../../bench/support.ts';

const run = (n: number, commit: string, scenarios: string[], figures: HistoryRun['figures'], sizes = { seconds: 8 }): HistoryRun => ({
  run: n,
  date: '2026-11-23T22:00:00.000Z',
  commit,
  load: { start: [1], end: [1] },
  scenarios,
  sizes,
  machine: {},
  figures,
});
const rate = (value: number) => ({ name: 'REST accept', value, unit: 'req/s', higherIsBetter: true });
const p99 = (value: number) => ({ name: 'latency', value, unit: 'ms p99', higherIsBetter: false });

describe('CPU per unit', () => {
  it('reads utime + stime of a live process tree and 0 for a gone one', () => {
    const busyUntil = Date.now() + 30;
    while (Date.now() < busyUntil);
    expect(treeCpuMs(process.pid, new Map())).toBeGreaterThan(0);
    // A child's time is added to its parent's.
    const alone = treeCpuMs(process.pid, new Map());
    expect(treeCpuMs(process.pid, new Map([[process.pid, [process.pid]]]))).toBeGreaterThanOrEqual(2 * alone - 10);
    expect(treeCpuMs(2 ** 22 + 1, new Map())).toBe(0);
  });

  it('divides each process by the units done and leaves the load generator out of the total', () => {
    const cost = costOf({ shares: {}, ms: { gateway: 300, postgres: 100, bench: 1000 } }, 200, 'request');
    expect(cost).toEqual({ unit: 'request', units: 200, ms_per_unit: { gateway: 1.5, postgres: 0.5, bench: 5 }, total_ms_per_unit: 2 });
    expect(costOf({ shares: {}, ms: { gateway: 1 } }, 0, 'request').total_ms_per_unit).toBeNaN();
  });
});

describe('pgbench script', () => {
  it('is the accept transaction, one statement a line, its payloads out of reach of pgbench variables', () => {
    const script = acceptScript(42);
    const lines = script.split('\n');
    expect(lines[0]).toBe('BEGIN;');
    expect(lines.slice(2)).toEqual(['COMMIT;', '']);
    const statement = lines[1]!;
    // The routing workers' wake-up is a NOTIFY on their channel, as the accept statement sends it.
    expect(statement).toContain(`pg_notify('${RELAY_WAKE_CHANNEL}'`);
    expect(statement).toContain("pg_notify('yarrow_events'");
    // pgbench reads `:name` as a variable: JSON such as {"accountId":42} must be encoded.
    expect(statement.replaceAll('::', '')).not.toMatch(/:[a-z0-9"]/i);
    const payloads = [...statement.matchAll(/decode\('([^']+)'/g)].map((match) => JSON.parse(Buffer.from(match[1]!, 'base64').toString()));
    expect(payloads).toContainEqual({ topic: 'relayQueued:all', payload: { accountId: 42 } });
  });
});

describe('bench history', () => {
  it('keeps each figure, its ratio to the baseline and its CPU per unit, with the right direction', () => {
    const row: Row = {
      scenario: 'rest',
      name: 'REST accept',
      value: 600,
      unit: 'req/s',
      baseline: { name: 'ceiling', value: 400 },
      detail: { pgbench_ratio: 0.12 },
      cost: { unit: 'request', units: 10, ms_per_unit: { gateway: 1 }, total_ms_per_unit: 1 },
    };
    expect(figuresOf([row, { scenario: 'sms', name: 'latency', value: 80, unit: 'ms p99' }])).toEqual([
      { name: 'REST accept', value: 600, unit: 'req/s', higherIsBetter: true },
      { name: 'REST accept ÷ ceiling', value: 1.5, unit: '×', higherIsBetter: true },
      { name: 'REST accept ÷ pgbench', value: 0.12, unit: '×', higherIsBetter: true },
      { name: 'REST accept: CPU', value: 1, unit: 'ms/request', higherIsBetter: false },
      { name: 'latency', value: 80, unit: 'ms p99', higherIsBetter: false },
    ]);
  });

  it('pairs the last run with the previous one of the same scenarios and sizes, or the one named', () => {
    const runs = [
      run(1, 'aaa1111', ['rest'], [rate(100)]),
      run(2, 'bbb2222', ['rest', 'sms'], [rate(100)]),
      run(3, 'ccc3333', ['rest'], [rate(100)], { seconds: 3 }),
      run(4, 'ddd4444', ['rest'], [rate(100)]),
      run(5, 'eee5555', ['rest'], [rate(100)]),
    ];
    expect(pickPair(runs)).toMatchObject({ before: { run: 4 }, after: { run: 5 } });
    expect(pickPair(runs, 'aaa1')).toMatchObject({ before: { run: 1 }, after: { run: 5 } });
    expect(pickPair(runs, '1')).toMatchObject({ before: { run: 1 }, after: { run: 5 } });
    expect(() => pickPair(runs, '2')).toThrow(/No later run with the same scenarios/);
    expect(() => pickPair(runs, 'fff')).toThrow(/No run fff/);
    expect(() => pickPair(runs.slice(0, 3))).toThrow(/No earlier run/);
    expect(() => pickPair([])).toThrow(/no run yet/);
  });

  it('says whether each change is beyond the noise, in the direction that is better', () => {
    const beyond = 1 + (noisePercent + 5) / 100;
    const before = run(1, 'a', ['rest'], [rate(100), p99(100), { name: 'gone', value: 1, unit: 's', higherIsBetter: false }]);
    const after = run(2, 'b', ['rest'], [rate(100 * beyond), p99(100 * beyond), { name: 'new', value: 2, unit: 's', higherIsBetter: false }]);
    expect(compareRuns(before, after).map((change) => [change.name, change.verdict])).toEqual([
      ['REST accept', 'better'],
      ['latency', 'worse'],
      ['new', 'new'],
      ['gone', 'gone'],
    ]);
    const small = compareRuns(before, run(2, 'b', ['rest'], [rate(100 * (1 - (noisePercent - 5) / 100))]));
    expect(small[0]).toMatchObject({ verdict: 'noise', percent: -(noisePercent - 5) });
  });
});
