import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DbClient } from './db.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'yarrow_' });

export const httpRequests = new Histogram({
  name: 'yarrow_http_request_duration_seconds',
  help: 'HTTP request duration by route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Counted by `workQueue` for every queue: a batch that returns completes its jobs, one that throws fails them (pg-boss retries them). */
export const jobsProcessed = new Counter({
  name: 'yarrow_jobs_processed_total',
  help: 'Jobs handled by worker processes, by queue and outcome (completed, failed).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'yarrow_job_duration_seconds',
  help: 'Time a worker spent on a job (a batch handler: the batch), by queue.',
  labelNames: ['queue'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** One sample of a database gauge: its labels (none for a plain figure) and value. */
export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

/**
 * Gauges read from the database when a worker process is scraped, declared by the module whose
 * tables they read (`gauges` in its module.ts). `read` is one query for the whole set, run at
 * most once per `DATABASE_GAUGE_TTL_MS` per process however often it is scraped: a scrape never
 * costs more than one cheap query per set (no loop over accounts).
 */
export interface DatabaseGauges {
  /** Gauge name (`yarrow_…`) → its help and label names. */
  gauges: Record<string, { help: string; labelNames?: readonly string[] }>;
  /** Every gauge's samples; a gauge it leaves out shows no sample. */
  read: (db: DbClient) => Promise<Record<string, readonly GaugeSample[]>>;
}

const gaugeReadErrors = new Counter({
  name: 'yarrow_database_gauge_read_errors_total',
  help: 'Reads of database gauges that failed (their gauges kept the values of the last read that worked).',
  registers: [registry],
});

/** How long a read of a gauge set serves later scrapes. */
export const DATABASE_GAUGE_TTL_MS = 5_000;

/** The queues' backlog, from pg-boss's job table: core's own gauge set (a queue is core's). */
export const queueGauges: DatabaseGauges = {
  gauges: {
    yarrow_queue_depth: { help: 'Jobs due and waiting for a worker, by queue (future-dated jobs and retries not yet due are not counted).', labelNames: ['queue'] },
    yarrow_queue_oldest_job_age_seconds: { help: 'How long the longest-waiting due job of each queue has been due, in seconds (0 when none waits).', labelNames: ['queue'] },
  },
  read: async (db) => {
    // One aggregate over pg-boss's partial index of waiting jobs (job_i11: state < active, by name).
    const rows = await db.$queryRawUnsafe<Array<{ name: string; depth: number; oldest: number }>>(`
      SELECT name, count(*)::int AS depth, COALESCE(EXTRACT(EPOCH FROM now() - min(start_after)), 0)::float8 AS oldest
      FROM pgboss.job
      WHERE state < 'active' AND NOT blocked AND start_after <= now()
      GROUP BY name`);
    return {
      yarrow_queue_depth: rows.map((row) => ({ labels: { queue: row.name }, value: row.depth })),
      yarrow_queue_oldest_job_age_seconds: rows.map((row) => ({ labels: { queue: row.name }, value: Math.max(0, row.oldest) })),
    };
  },
};

/**
 * Registers the gauge sets on the registry, read through `db` when scraped (each set cached for
 * `DATABASE_GAUGE_TTL_MS`). Once per process: a worker process serving its metrics. A failed read
 * (the database away) keeps the last values and counts in `yarrow_database_gauge_read_errors_total`:
 * the scrape itself still answers.
 */
export function registerDatabaseGauges(db: DbClient, sets: readonly DatabaseGauges[], onError: (error: unknown) => void) {
  for (const set of sets) {
    let cached: { at: number; values: Promise<Record<string, readonly GaugeSample[]> | undefined> } | undefined;
    const read = () => {
      if (!cached || Date.now() - cached.at > DATABASE_GAUGE_TTL_MS) {
        const values = set.read(db).catch((error: unknown) => {
          onError(error);
          gaugeReadErrors.inc();
          cached = undefined;
          return undefined;
        });
        cached = { at: Date.now(), values };
      }
      return cached.values;
    };
    for (const [name, { help, labelNames = [] }] of Object.entries(set.gauges)) {
      if (registry.getSingleMetric(name)) throw new Error(`metric ${name} is declared twice`);
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const values = await read();
          if (!values) return;
          const samples = values[name] ?? [];
          this.reset();
          for (const sample of samples) this.set(sample.labels ?? {}, sample.value);
        },
      });
    }
  }
}
