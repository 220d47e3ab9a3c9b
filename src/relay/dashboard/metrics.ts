import type { DbClient } from '../../core/db.ts';
import type { GaugeSample } from '../../core/metrics.ts';

/**
 * The relay's gauges (declared in module.ts) in one statement: the in-flight messages through the partial index of queued
 * and dispatched messages (final ones are never counted: that would read the whole table), and
 * the online devices through the (status, last_seen_at) index.
 */
export async function readRelayGauges(db: DbClient): Promise<Record<string, GaugeSample[]>> {
  const [row] = await db.$queryRaw<Array<{ queued: number; dispatched: number; stuck: number; oldest: number | null; online: number }>>`
    SELECT count(*) FILTER (WHERE m.state = 'queued')::int AS queued,
           count(*) FILTER (WHERE m.state = 'dispatched')::int AS dispatched,
           count(*) FILTER (WHERE m.state = 'dispatched' AND m.stuck_at IS NOT NULL)::int AS stuck,
           EXTRACT(EPOCH FROM now() - min(m.queued_at) FILTER (WHERE m.state = 'queued'))::float8 AS oldest,
           (SELECT count(*)::int FROM devices WHERE status = 'online') AS online
    FROM messages m
    WHERE m.state IN ('queued', 'dispatched')`;
  const figures = row ?? { queued: 0, dispatched: 0, stuck: 0, oldest: null, online: 0 };
  return {
    yarrow_relay_messages: (['queued', 'dispatched', 'stuck'] as const).map((state) => ({ labels: { state }, value: figures[state] })),
    yarrow_relay_oldest_queued_seconds: [{ value: Math.max(0, figures.oldest ?? 0) }],
    yarrow_relay_devices_online: [{ value: figures.online }],
  };
}
