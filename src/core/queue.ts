import { PgBoss, fromPrisma, type Job, type SendOptions } from 'pg-boss';
import { z } from 'zod';
import type { DbClient } from './db.ts';

/**
 * Every queue Yarrow uses, with the zod schema of its job payload and its pg-boss options.
 * Workers and producers import names from here only, so a payload shape lives in one place.
 */
export const queues = {
  diagnostics_ping: {
    payload: z.object({ accountId: z.number().int(), pingId: z.string(), sentAt: z.iso.datetime() }),
    options: { retryLimit: 3, expireInSeconds: 60 },
  },
  maintenance: {
    payload: z.object({}).loose(),
    options: { retryLimit: 1, expireInSeconds: 300 },
  },

  // --- payments ---
  payment_review: {
    payload: z.object({ paymentIntentId: z.string(), cardSessionId: z.string() }),
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  kyc_review: {
    payload: z.object({ kycReviewId: z.string() }),
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  invoice_overdue: {
    payload: z.object({ invoiceId: z.string() }),
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  },

  // --- webhooks ---
  // One job per delivery attempt. pg-boss's own retries only cover a worker that died or threw
  // (expiry, crash); the webhook retry schedule sends a new job per attempt. Each job's expiry is
  // set from WEBHOOK_TIMEOUT_SECONDS when it is sent (`jobExpirySeconds`, src/webhooks/deliveries.ts).
  webhook_deliver: {
    payload: z.object({ deliveryId: z.string().regex(/^\d+$/), trigger: z.enum(['automatic', 'manual']) }),
    options: { retryLimit: 50, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 30 },
  },
  webhook_sweep: {
    payload: z.object({}).loose(),
    options: { retryLimit: 1, expireInSeconds: 300 },
  },

  // --- relay ---
  /** Drains one account's queued SMS onto its devices. `short`: one deferred wake-up per account waits (src/relay/dispatch.ts). */
  relay_dispatch: {
    payload: z.object({ accountId: z.number().int() }),
    options: { policy: 'short', retryLimit: 10, retryDelay: 1, expireInSeconds: 120 },
  },
  relay_otp_expire: {
    payload: z.object({ otpId: z.string() }),
    options: { retryLimit: 5, retryDelay: 5, expireInSeconds: 60 },
  },

} as const satisfies Record<string, { payload: z.ZodType<object>; options: Parameters<PgBoss['createQueue']>[1] }>;

export type QueueName = keyof typeof queues;
export type JobData<Q extends QueueName> = z.infer<(typeof queues)[Q]['payload']>;

export async function createQueues(boss: PgBoss) {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const [name, definition] of Object.entries(queues)) {
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
  options: { max?: number; applicationName?: string; supervise?: boolean; monitorIntervalSeconds?: number } = {},
) {
  const boss = new PgBoss({
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
  });
  return boss;
}

/**
 * Enqueues a job. Pass `tx` (a Prisma interactive transaction) to commit the job together with
 * the rows that need it: if the transaction rolls back, the job never existed.
 */
export async function sendJob<Q extends QueueName>(
  boss: PgBoss,
  queue: Q,
  data: JobData<Q>,
  options: Omit<SendOptions, 'db'> & { tx?: DbClient } = {},
): Promise<string | null> {
  const payload = queues[queue].payload.parse(data);
  const { tx, ...jobOptions } = options;
  return boss.send(queue, payload, { ...jobOptions, ...(tx ? { db: fromPrisma(tx as never) } : {}) });
}

export interface WorkOptions {
  batchSize?: number;
  localConcurrency?: number;
  pollingIntervalSeconds?: number;
  /** At most this many active jobs per job `group` across every process. */
  groupConcurrency?: number;
  /** How often to look for due jobs anyway while NOTIFY wakes the worker (dated jobs send none). */
  notifyPollingIntervalSeconds?: number;
}

/** Registers a handler whose jobs are validated against the queue's schema before it runs. */
export async function workQueue<Q extends QueueName>(
  boss: PgBoss,
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
      ...(options.groupConcurrency ? { groupConcurrency: options.groupConcurrency } : {}),
    },
    async (jobs) => {
      for (const job of jobs) job.data = queues[queue].payload.parse(job.data) as JobData<Q>;
      await handler(jobs);
    },
  );
}
