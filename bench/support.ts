// What every bench scenario shares: sizes from the environment, the result table, child
// processes (gateway, workers, relay simulator) and a few numbers helpers.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

function sized(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

/**
 * Sizes added to the bench after runs were recorded in bench/history.jsonl, with their defaults:
 * an older run has none of them, and compares as if it had the defaults (`--compare`).
 */
export const addedSizeDefaults = { handoffMessages: 1_000, handoffDevices: 10, handoffHoldMs: 20, handoffDropMs: 3_000 };

/** Every size the bench takes from the environment (see docs/performance.md#sizes-and-switches). */
export const sizes = {
  /** Seconds each fixed-duration load (ceiling, REST, GraphQL) runs. */
  seconds: sized('BENCH_SECONDS', 8),
  connections: sized('BENCH_CONNECTIONS', 32),
  smsMessages: sized('BENCH_SMS_MESSAGES', 10_000),
  smsDevices: sized('BENCH_SMS_DEVICES', 20),
  smsParallel: sized('BENCH_SMS_PARALLEL', 32),
  /** Length of the latency run, sent at half the measured end-to-end throughput. */
  smsLatencySeconds: sized('BENCH_SMS_LATENCY_SECONDS', 5),
  /** Send rate of the latency run; default: half the measured throughput. */
  smsLatencyRate: process.env.BENCH_SMS_LATENCY_RATE ? sized('BENCH_SMS_LATENCY_RATE', 1) : undefined,
  /** Deliveries per webhook run (one run with 1 worker process, one with 2). */
  webhooks: sized('BENCH_WEBHOOKS', 5_000),
  webhookEndpoints: sized('BENCH_WEBHOOK_ENDPOINTS', 10),
  subscribers: sized('BENCH_SUBSCRIBERS', 10_000),
  /** Emulated SMS Gateway for Android phones of the `app` scenario. */
  appDevices: sized('BENCH_APP_DEVICES', 4),
  /** Send rate (msg/s) of the `app` scenario, for `seconds`: light load. */
  appRate: sized('BENCH_APP_RATE', 20),
  /** The `handoff` scenario: a list of this many messages… */
  handoffMessages: sized('BENCH_HANDOFF_MESSAGES', addedSizeDefaults.handoffMessages),
  /** …to this many emulated app phones (and as many WebSocket phones for its baseline)… */
  handoffDevices: sized('BENCH_HANDOFF_DEVICES', addedSizeDefaults.handoffDevices),
  /** …each holding every message this long before sending it, one at a time… */
  handoffHoldMs: sized('BENCH_HANDOFF_HOLD_MS', addedSizeDefaults.handoffHoldMs),
  /** …whose events streams drop (and reconnect 200 ms later) this often. */
  handoffDropMs: sized('BENCH_HANDOFF_DROP_MS', addedSizeDefaults.handoffDropMs),
};

/** `BENCH_PROFILE=gateway,worker,sim`: those children run with --cpu-prof (bench/profiles/). */
const profiled = new Set((process.env.BENCH_PROFILE ?? '').split(',').map((part) => part.trim()).filter(Boolean));
export const profileDir = join(root, 'bench/profiles');

export interface Row {
  scenario: string;
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  target?: string;
  pass?: boolean;
  detail?: Record<string, number | string>;
  /** CPU per unit of work over the measured window (docs/performance.md#reading-a-run). */
  cost?: Cost;
}

export const rows: Row[] = [];

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check()` is true, polling every `everyMs`; rejects after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface Child {
  label: string;
  child: ChildProcess;
  port?: number;
  stop(): Promise<void>;
}

/**
 * Forks a Yarrow entry point (gateway, worker, simulator) as a real child process and waits for
 * its IPC `ready` message (the simulator has none: `waitReady: false`).
 */
export function startChild(
  label: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { waitReady?: boolean; onMessage?: (message: any) => void } = {},
): Promise<Child> {
  const kind = label.split(/[:\d]/)[0]!;
  // A folder per child, with Node's own file names: they carry the thread id, so a worker thread
  // (the gateway's CSV import thread) writes a profile of its own instead of over the main thread's
  // (the main thread's is the one whose name has thread id 0: CPU.<date>.<time>.<pid>.0.001.cpuprofile).
  const dir = join(profileDir, `${label.replace(/\W/g, '-')}-${Date.now()}`);
  if (profiled.has(kind)) mkdirSync(dir, { recursive: true });
  const execArgv = profiled.has(kind) ? ['--cpu-prof', '--cpu-prof-dir', dir] : [];
  const child = fork(join(root, script), args, { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The simulator sends its events in arrays (one IPC message per turn of its event loop).
  const { onMessage } = options;
  if (onMessage) {
    child.on('message', (message) => {
      for (const item of Array.isArray(message) ? message : [message]) onMessage(item);
    });
  }
  const handle: Child = {
    label,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (options.waitReady === false) return Promise.resolve(handle);
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${label} (${script}) exited with ${code} before it was ready`));
    child.once('exit', onExit);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type !== 'ready') return;
      child.off('exit', onExit);
      handle.port = message.port;
      resolve(handle);
    });
  });
}

export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

export interface Api {
  base: string;
  key: string;
  rest<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export function api(base: string, key: string): Api {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    base,
    key,
    async rest(method, path, body) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    async graphql(query, variables) {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
      const result = (await response.json()) as { data?: any; errors?: Array<{ message: string }> };
      if (result.errors?.length) throw new Error(`GraphQL: ${result.errors.map((error) => error.message).join('; ')}`);
      return result.data;
    },
  };
}

/** What the scenarios get from the runner: the database, the running gateway, fresh accounts. */
export interface BenchContext {
  databaseUrl: string;
  /** PostgreSQL's postmaster (its backends are its children), for CPU shares. */
  postmasterPid: number;
  /** Environment for child processes (database, secret, limits raised for load). */
  env: NodeJS.ProcessEnv;
  gateway: Child;
  base: string;
  /** A new account with a key holding every scope, so scenarios never see each other's rows. */
  newAccount(name: string): Promise<Api & { accountId: number }>;
}

/** Parent pid of every live process, from /proc (one pass per sample). */
function parents(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  return children;
}

/** `/proc/<pid>/stat` after the command name (field 3 onwards), or undefined when it is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds (utime + stime) a process and every descendant have used so far, from /proc.
 * The root's cutime + cstime add its children that have exited and been reaped (PostgreSQL
 * backends that closed during the window stay counted).
 */
export function treeCpuMs(pid: number, tree: Map<number, number[]>, ticksPerSecond = 100): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  const own = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  const below = (tree.get(pid) ?? []).reduce((sum, child) => sum + treeCpuMs(child, tree, ticksPerSecond), 0);
  return (own * 1000) / ticksPerSecond + below;
}

/** What one process tree or more used between `cpuMeter()` and the call of its result. */
export interface CpuWindow {
  /** Share of one core per process (100 = one full core): which process limits a run. */
  shares: Record<string, number>;
  /** CPU milliseconds per process; `bench` is the load generator, not counted in costs. */
  ms: Record<string, number>;
}

/**
 * CPU each process tree used between `cpuMeter()` and the call of its result. `postgres` is the
 * postmaster and every backend (its children).
 */
export function cpuMeter(processes: Record<string, number | undefined>, postmasterPid?: number) {
  const sample = () => {
    const tree = parents();
    const totals: Record<string, number> = {};
    for (const [label, pid] of Object.entries(processes)) if (pid) totals[label] = treeCpuMs(pid, tree);
    if (postmasterPid) totals.postgres = treeCpuMs(postmasterPid, tree);
    const usage = process.cpuUsage();
    totals.bench = (usage.user + usage.system) / 1000;
    return totals;
  };
  const before = sample();
  const started = performance.now();
  return (): CpuWindow => {
    const after = sample();
    const elapsedMs = performance.now() - started;
    const ms = Object.fromEntries(Object.entries(after).map(([label, used]) => [label, used - (before[label] ?? 0)]));
    const shares = Object.fromEntries(Object.entries(ms).map(([label, used]) => [`cpu_${label}_pct`, Math.round((100 * used) / elapsedMs)]));
    return { shares, ms };
  };
}

/** CPU per unit of work: each process's CPU-ms over the window divided by the units done. */
export interface Cost {
  unit: string;
  units: number;
  /** Per process (gateway, workers, simulator, postgres); the load generator (`bench`) apart. */
  ms_per_unit: Record<string, number>;
  /** Every process but the load generator. */
  total_ms_per_unit: number;
}

export function costOf(window: CpuWindow, units: number, unit: string): Cost {
  const per = (ms: number) => (units > 0 ? round(ms / units, 3) : NaN);
  const product = Object.entries(window.ms).filter(([label]) => label !== 'bench');
  return {
    unit,
    units,
    ms_per_unit: Object.fromEntries(Object.entries(window.ms).map(([label, ms]) => [label, per(ms)])),
    total_ms_per_unit: per(product.reduce((sum, [, ms]) => sum + ms, 0)),
  };
}

export const formatCost = (cost: Cost) =>
  `${cost.total_ms_per_unit} ms/${cost.unit} (${Object.entries(cost.ms_per_unit).map(([label, ms]) => `${label} ${ms}`).join(', ')})`;
