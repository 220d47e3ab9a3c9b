import type { Runtime } from '../../core/runtime.ts';

/**
 * One batch of SMS texts past RELAY_MESSAGE_TEXT_RETENTION_DAYS: the message row stays (its state,
 * number, times, segments) and its text is masked as an OTP's code is, one `•` per character, with
 * any sealed copy wiped. Only final messages (sent, delivered, failed, received): a text still to be sent is
 * kept. Oldest first, by the index of messages whose text is kept, which the mark takes it out of.
 * A received MMS's parts go with its text (message_attachments, ./attachments.ts), in the same
 * statement. (The one statement that writes `messages` outside the lifecycle: to be folded into it.)
 */
export async function purgeOldMessageTexts(rt: Runtime, batchSize: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - rt.config.RELAY_MESSAGE_TEXT_RETENTION_DAYS * 86_400_000);
  const [purged] = await rt.db.prisma.$queryRaw<Array<{ count: number }>>`
    WITH purged AS (
      UPDATE messages m
      SET body = repeat('•', char_length(m.body)), sealed_body = NULL, text_purged_at = ${now}
      FROM (
        SELECT id FROM messages
        WHERE text_purged_at IS NULL AND queued_at < ${before} AND state IN ('sent', 'delivered', 'failed', 'received')
        ORDER BY queued_at
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      ) batch
      WHERE m.id = batch.id
      RETURNING m.id
    ), parts AS (
      DELETE FROM message_attachments a USING purged p WHERE a.message_id = p.id
    )
    SELECT count(*)::int AS count FROM purged`;
  return purged?.count ?? 0;
}
