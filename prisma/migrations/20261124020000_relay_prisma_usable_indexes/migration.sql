-- Prisma compares enums as `state = CAST($1::text AS "MessageState")`, which PostgreSQL cannot
-- match against a partial index's `state = 'dispatched'` (the cast is not evaluated while
-- planning), so Prisma's reads of a device's pending messages and of an account's queue lost their
-- index (docs/performance.md, round 3, change 8). These two serve Prisma's queries and are whole
-- again; the partial ones left are read only by our own SQL, which names states literally.
DROP INDEX "messages_device_id_state_idx";
CREATE INDEX "messages_device_id_state_idx" ON "messages"("device_id", "state");

DROP INDEX "messages_account_id_state_next_attempt_at_id_idx";
CREATE INDEX "messages_account_id_state_next_attempt_at_id_idx" ON "messages"("account_id", "state", "next_attempt_at", "id");
