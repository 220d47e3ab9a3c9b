import { PgBoss, fromPrisma, type Job, type JobInsert, type SendOptions } from 'pg-boss';
import type { z } from 'zod';
import type { DbClient } from './db.ts';
import { jobDuration, jobsProcessed } from './metrics.ts';

/** A queue: the zod schema of its job payload and its pg-boss options. */
export interface QueueDefinition {
  payload: z.ZodType<object>;
  options: Parameters<PgBoss['createQueue']>[1];
}

/**
 * Every queue Yarrow uses by name, as types. Empty here: each domain declares its queues in its `module.ts`
 * and `src/modules.ts` merges them into this interface, so `sendJob`/`workQueue` check the name
 * and payload type of every queue while `core/` names no domain.
 */
export interface QueueRegistry {}

export type QueueName = keyof QueueRegistry & string;
export type JobData<Q extends QueueName> = QueueRegistry[Q] extends { payload: z.ZodType<infer Data> } ? Data : never;

/**
 * pg-boss with the modules' queues (`rt.modules.queues`, made by `openRuntime`): `sendJob` and
 * `workQueue` check a queue's name and payload against them, with no registry to fill at import.
 */
export class Boss extends PgBoss {
  readonly queues: ReadonlyMap<string, QueueDefinition>;
  constructor(options: ConstructorParameters<typeof PgBoss>[0], queues: ReadonlyMap<string, QueueDefinition>) {
    super(options);
    this.queues = queues;
  }
}

function queueDefinition(boss: Boss, name: string): QueueDefinition {
  const queue = boss.queues.get(name);
  if (!queue) throw new Error(`Unknown queue ${name}: no module declares it`);
  return queue;
}

export async function createQueues(boss: PgBoss, queues: ReadonlyMap<string, QueueDefinition>) {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const [name, definition] of queues) {
    const options = { ...definition.options, notify: true };
    // A queue's policy is fixed at creation; pg-boss refuses it in an update.
    const { policy: _policy, ...updatable } = options as typeof options & { policy?: string };
    if (existing.has(name)) await boss.updateQueue(name, updatable);
    else await boss.createQueue(name, options).catch(async (error) => {
      // Another process created it between our read and our create.
      if (!(await boss.getQueue(name))) throw error;
    });
  }
}

export function createBoss(
  url: string,
  queues: ReadonlyMap<string, QueueDefinition>,
  options: { max?: number; applicationName?: string; supervise?: boolean; monitorIntervalSeconds?: number } = {},
): Boss {
  const boss = new Boss({
    connectionString: url,
    max: options.max ?? 5,
    application_name: options.applicationName ?? 'yarrow-queue',
    useListenNotify: true,
    // Maintenance and cron run in worker processes; gateways only send.
    supervise: options.supervise ?? false,
    schedule: options.supervise ?? false,
    // How soon a supervising process notices a job whose worker died (its expiry passed).
    monitorIntervalSeconds: options.monitorIntervalSeconds ?? 60,
    superviseIntervalSeconds: options.monitorIntervalSeconds ?? 60,
    migrate: false,
  }, queues);
  return boss;
}

/**
 * Enqueues a job. Pass `tx` (a Prisma interactive transaction) to commit the job together with
 * the rows that need it: if the transaction rolls back, the job never existed.
 */
export async function sendJob<Q extends QueueName>(
  boss: Boss,
  queue: Q,
  data: JobData<Q>,
  options: Omit<SendOptions, 'db'> & { tx?: DbClient } = {},
): Promise<string | null> {
  const payload = queueDefinition(boss, queue).payload.parse(data);
  const { tx, ...jobOptions } = options;
  return boss.send(queue, payload, { ...jobOptions, ...(tx ? { db: fromPrisma(tx as never) } : {}) });
}

/**
 * Enqueues jobs of one queue in one statement (pg-boss `insert`), in `tx` like `sendJob`: a
 * thousand jobs take one round trip instead of a thousand. For jobs whose payload was checked
 * when it was made (held jobs of a test clock); `startAfter` per job, none: runnable at once.
 */
export async function sendJobs<Q extends QueueName>(
  boss: Boss,
  queue: Q,
  jobs: Array<{ data: JobData<Q>; id?: string; group?: { id: string }; expireInSeconds?: number; startAfter?: Date }>,
  options: { tx: DbClient },
): Promise<void> {
  queueDefinition(boss, queue);
  if (jobs.length > 0) await boss.insert(queue, jobs as Array<JobInsert>, { db: fromPrisma(options.tx as never) });
}

export interface WorkOptions {
  batchSize?: number;
  localConcurrency?: number;
  pollingIntervalSeconds?: number;
  /** How often to look for due jobs anyway while NOTIFY wakes the worker (dated jobs send none). */
  notifyPollingIntervalSeconds?: number;
}

/**
 * Registers a handler whose jobs are validated against the queue's schema before it runs. Every
 * queue's jobs are counted by outcome (`yarrow_jobs_processed_total`) and timed (`yarrow_job_duration_seconds`) here.
 */
export async function workQueue<Q extends QueueName>(
  boss: Boss,
  queue: Q,
  options: WorkOptions,
  handler: (jobs: Array<Job<JobData<Q>>>) => Promise<void>,
): Promise<string> {
  return boss.work<JobData<Q>>(
    queue,
    {
      batchSize: options.batchSize ?? 1,
      localConcurrency: options.localConcurrency ?? 1,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      notifyPollingIntervalSeconds: options.notifyPollingIntervalSeconds ?? 30,
      burstWhenBatchFull: true,
    },
    async (jobs) => {
      const { payload } = queueDefinition(boss, queue);
      const started = performance.now();
      let outcome = 'failed';
      try {
        for (const job of jobs) job.data = payload.parse(job.data) as JobData<Q>;
        await handler(jobs);
        outcome = 'completed';
      } finally {
        countJobRuns(queue, outcome, jobs.length, (performance.now() - started) / 1000);
      }
    },
  );
}

/** A job a worker claimed with a fetch statement of its own instead of `workQueue`: what running and settling it needs. */
export interface ClaimedJob<Q extends QueueName> {
  id: string;
  /** The attempt it was claimed at: `complete` and `fail` are fenced to it, as for `workQueue`'s jobs. */
  retryCount: number;
  data: JobData<Q>;
}

/** A claimed job's payload checked against its queue's schema, as `workQueue` checks its jobs'. */
export function parseJobData<Q extends QueueName>(boss: Boss, queue: Q, data: unknown): JobData<Q> {
  return queueDefinition(boss, queue).payload.parse(data) as JobData<Q>;
}

/** Counts jobs that ran by outcome and times them: `workQueue`'s, and those claimed outside it. */
export function countJobRuns(queue: QueueName, outcome: string, count: number, seconds: number) {
  jobsProcessed.inc({ queue, outcome }, count);
  for (let i = 0; i < count; i += 1) jobDuration.observe({ queue }, seconds);
}
