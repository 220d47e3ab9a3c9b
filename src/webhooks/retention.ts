import { firstIdAt } from '../core/ids.ts';
import type { Runtime } from '../core/runtime.ts';

const DAY_MS = 86_400_000;

/**
 * One batch of events recorded more than EVENT_RETENTION_DAYS ago, oldest first. Event ids are
 * time-ordered, so the primary key finds them (`id` below the first id of the cutoff): the
 * events table, written by every domain, carries no extra index for this. An event with a delivery
 * still pending is kept until that delivery ends (its retries need the event); its finished
 * deliveries and their attempts go with it (ON DELETE CASCADE).
 */
export async function purgeOldEvents(rt: Runtime, batchSize: number, now = new Date()): Promise<number> {
  const before = firstIdAt('evt', new Date(now.getTime() - rt.config.EVENT_RETENTION_DAYS * DAY_MS));
  return rt.db.prisma.$executeRaw`
    DELETE FROM events
    WHERE id IN (
      SELECT e.id FROM events e
      WHERE e.id < ${before}
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
      ORDER BY e.id
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )`;
}

/**
 * One batch of finished webhook deliveries (succeeded or failed) past WEBHOOK_DELIVERY_RETENTION_DAYS,
 * oldest first, with their attempts (ON DELETE CASCADE). Pending ones are never purged: an attempt is due.
 */
export async function purgeOldDeliveries(rt: Runtime, batchSize: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - rt.config.WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS);
  return rt.db.prisma.$executeRaw`
    DELETE FROM webhook_deliveries
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.created_at < ${before} AND d.status <> 'pending'
      ORDER BY d.created_at
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )`;
}
