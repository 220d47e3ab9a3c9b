-- A message's priority (issue 31): −128..127 as the Android app's byte, 0 by default; OTPs go at 100.
ALTER TABLE "messages" ADD COLUMN "priority" SMALLINT NOT NULL DEFAULT 0;

-- The drain's order: priority DESC, then next_attempt_at, id, over the account's queued messages.
-- Partial like the other in-flight indexes (20261124003000_relay_lean_indexes): a row leaving the
-- queue gets no new entry, and the drain's own SQL says `state = 'queued'` literally. Measured
-- (EXPLAIN ANALYZE, 300,000 delivered messages over two accounts, 20,000 queued on one): the
-- drain's 500 rows in 0.4 ms off this index, where without it PostgreSQL read and sorted the
-- 20,000 queued rows (162 ms); the expedited-only round (`priority >= 100`) reads 1 row in 0.05 ms.
CREATE INDEX "messages_queued_priority_idx" ON "messages"("account_id", "priority" DESC, "next_attempt_at", "id") WHERE state = 'queued';
