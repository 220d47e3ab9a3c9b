import { z } from 'zod';
import { newId, type DiagnosticPong } from './contract.ts';
import { publish } from '../core/pubsub.ts';
import { sendJob, type JobData } from '../core/queue.ts';
import type { Runtime } from '../core/runtime.ts';

/** What `GET /api/v1/health` answers (200 when `ok`, 503 when not). */
export const healthReportSchema = z.object({
  ok: z.boolean(),
  database: z.object({ ok: z.boolean(), latency_ms: z.number().optional().meta({ examples: [1.2] }), error: z.string().optional() }),
  queue: z.object({ ok: z.boolean(), queues: z.number().int().optional().meta({ examples: [12] }), error: z.string().optional() }),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export async function checkHealth(rt: Runtime): Promise<HealthReport> {
  const started = performance.now();
  const database = await rt.db.pool
    .query('SELECT 1')
    .then(() => ({ ok: true, latency_ms: Math.round((performance.now() - started) * 10) / 10 }))
    .catch((error: Error) => ({ ok: false, error: error.message }));
  const queue = await rt.boss
    .getQueues()
    .then((list) => ({ ok: list.length > 0, queues: list.length }))
    .catch((error: Error) => ({ ok: false, error: error.message }));
  return { ok: database.ok && queue.ok, database, queue };
}

/** Sends a ping through the queue; a worker answers on the `diagnosticPong` subscription. */
export async function sendDiagnosticPing(rt: Runtime, accountId: number) {
  const ping = { accountId, pingId: newId('diagnosticPing'), sentAt: new Date().toISOString() };
  await sendJob(rt.boss, 'diagnostics_ping', ping);
  return ping;
}

/** Worker side of the ping: proves the queue and the cross-process event path both work. */
export async function answerDiagnosticPing(rt: Runtime, ping: JobData<'diagnostics_ping'>) {
  const pong: DiagnosticPong = {
    pingId: ping.pingId,
    workerPid: process.pid,
    sentAt: ping.sentAt,
    receivedAt: new Date().toISOString(),
  };
  await publish(rt.db.prisma, 'diagnosticPong', ping.accountId, pong);
}

export async function purgeExpiredIdempotencyKeys(rt: Runtime): Promise<number> {
  const { count } = await rt.db.prisma.idempotencyKey.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return count;
}

