// The bench history (issue 16): every run appends its figures, commit, date and machine load to
// bench/history.jsonl (committed), and `npm run bench -- --compare [<commit-or-run>]` prints
// before/after per figure for two runs of the same scenarios and sizes.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addedSizeDefaults, round, type Row } from './support.ts';

/**
 * A change smaller than this, in %, is within the noise of back-to-back runs on this shared
 * 2-core machine (bench/HISTORY.md#round-3-measuring).
 */
export const noisePercent = 20;

export interface HistoryRun {
  /** 1-based line of the run in the history file: `--compare 12` names it. */
  run?: number;
  date: string;
  commit: string;
  /** `os.loadavg()` when the run started and when it ended. */
  load: { start: number[]; end: number[] };
  scenarios: string[];
  sizes: Record<string, unknown>;
  machine: Record<string, unknown>;
  figures: Figure[];
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Whether a higher value is better (a rate), or lower (a latency, a cost). */
  higherIsBetter: boolean;
}

export const historyFile = (root: string) => join(root, 'bench/history.jsonl');

/** `git rev-parse --short HEAD`, `-dirty` when files other than the bench's own outputs changed. */
export function commitOf(root: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    const changed = git('status', '--porcelain', '--', '.', ':!bench/results.json', ':!bench/history.jsonl', ':!bench/profiles');
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

const lowerIsBetter = (unit: string) => /\bms\b|^s$|ms\//.test(unit);

/** Each row's figure, its ratio to its baseline, and its CPU per unit: what `--compare` compares. */
export function figuresOf(rows: Row[]): Figure[] {
  const figures: Figure[] = [];
  for (const row of rows) {
    figures.push({ name: row.name, value: row.value, unit: row.unit, higherIsBetter: !lowerIsBetter(row.unit) });
    if (row.baseline && row.baseline.value > 0) {
      figures.push({ name: `${row.name} ÷ ${row.baseline.name}`, value: round(row.value / row.baseline.value, 3), unit: '×', higherIsBetter: !lowerIsBetter(row.unit) });
    }
    const pgbenchRatio = row.detail?.pgbench_ratio;
    if (typeof pgbenchRatio === 'number') figures.push({ name: `${row.name} ÷ pgbench`, value: pgbenchRatio, unit: '×', higherIsBetter: true });
    if (row.cost && Number.isFinite(row.cost.total_ms_per_unit)) {
      figures.push({ name: `${row.name}: CPU`, value: row.cost.total_ms_per_unit, unit: `ms/${row.cost.unit}`, higherIsBetter: false });
    }
  }
  return figures;
}

export function appendRun(root: string, run: HistoryRun) {
  appendFileSync(historyFile(root), `${JSON.stringify(run)}\n`);
}

export function readHistory(root: string): HistoryRun[] {
  const file = historyFile(root);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => ({ ...(JSON.parse(line) as HistoryRun), run: index + 1 }));
}

/** The same scenarios and sizes; a run made before a size was added had its default (`addedSizeDefaults`). */
const sameShape = (a: HistoryRun, b: HistoryRun) => {
  const size = (run: HistoryRun, name: string) => JSON.stringify(run.sizes[name] ?? addedSizeDefaults[name as keyof typeof addedSizeDefaults]);
  const names = new Set([...Object.keys(a.sizes), ...Object.keys(b.sizes)]);
  return JSON.stringify([...a.scenarios].sort()) === JSON.stringify([...b.scenarios].sort()) && [...names].every((name) => size(a, name) === size(b, name));
};

/**
 * The pair `--compare` shows: without a name, the last run and the run before it with the same
 * scenarios and sizes; with one (a run number or a commit), that run before the last run of its
 * scenarios and sizes.
 */
export function pickPair(runs: HistoryRun[], name?: string): { before: HistoryRun; after: HistoryRun } {
  if (runs.length === 0) throw new Error('bench/history.jsonl holds no run yet: run `npm run bench` first.');
  if (name === undefined) {
    const after = runs.at(-1)!;
    const before = runs.slice(0, -1).findLast((run) => sameShape(run, after));
    if (!before) throw new Error(`No earlier run with the same scenarios (${after.scenarios.join(' ')}) and sizes as run ${after.run} (${after.commit}).`);
    return { before, after };
  }
  const before = /^\d+$/.test(name) && Number(name) <= runs.length ? runs[Number(name) - 1]! : runs.findLast((run) => run.commit.startsWith(name));
  if (!before) throw new Error(`No run ${name} in bench/history.jsonl (a run number, 1–${runs.length}, or a commit).`);
  const after = runs.findLast((run) => run !== before && run.run! > before.run! && sameShape(run, before));
  if (!after) throw new Error(`No later run with the same scenarios (${before.scenarios.join(' ')}) and sizes as run ${before.run} (${before.commit}).`);
  return { before, after };
}

export interface Change {
  name: string;
  unit: string;
  before: number;
  after: number;
  /** (after − before) ÷ before, in %. */
  percent: number;
  verdict: 'better' | 'worse' | 'noise' | 'new' | 'gone';
}

/** Figure by figure, the change in % and whether it is beyond `noisePercent`. */
export function compareRuns(before: HistoryRun, after: HistoryRun): Change[] {
  const earlier = new Map(before.figures.map((figure) => [figure.name, figure]));
  const changes: Change[] = after.figures.map((figure) => {
    const old = earlier.get(figure.name);
    earlier.delete(figure.name);
    if (!old) return { name: figure.name, unit: figure.unit, before: NaN, after: figure.value, percent: NaN, verdict: 'new' };
    const percent = old.value === 0 ? NaN : round((100 * (figure.value - old.value)) / old.value, 1);
    const better = figure.higherIsBetter ? percent > 0 : percent < 0;
    const verdict = !(Math.abs(percent) > noisePercent) ? 'noise' : better ? 'better' : 'worse';
    return { name: figure.name, unit: figure.unit, before: old.value, after: figure.value, percent, verdict };
  });
  for (const old of earlier.values()) changes.push({ name: old.name, unit: old.unit, before: old.value, after: NaN, percent: NaN, verdict: 'gone' });
  return changes;
}

const describe = (run: HistoryRun) => `run ${run.run} (${run.commit}, ${run.date.slice(0, 16).replace('T', ' ')}, load ${run.load.start[0]}→${run.load.end[0]})`;

export function printComparison(root: string, name?: string) {
  const { before, after } = pickPair(readHistory(root), name);
  console.log(`\nBefore: ${describe(before)}\nAfter:  ${describe(after)}\nScenarios: ${after.scenarios.join(' ')}; a change within ±${noisePercent} % is noise on this machine.\n`);
  console.table(
    compareRuns(before, after).map((change) => ({
      figure: change.name,
      before: Number.isNaN(change.before) ? '' : `${change.before} ${change.unit}`,
      after: Number.isNaN(change.after) ? '' : `${change.after} ${change.unit}`,
      change: Number.isNaN(change.percent) ? '' : `${change.percent > 0 ? '+' : ''}${change.percent} %`,
      verdict: change.verdict,
    })),
  );
}
