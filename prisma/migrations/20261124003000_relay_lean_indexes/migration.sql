-- A message row is rewritten at each step (dispatched, acknowledged, sent, delivered). Every index
-- that holds the row gets a new entry per rewrite, so indexes that only serve rows in flight hold
-- only those rows, and pages keep room so a rewrite that changes no indexed column stays on its
-- page without touching any index (a HOT update: the acknowledgement, the attempt's outcome).

-- The queue in the order a drain takes it (next_attempt_at, then id), so a drain reads its batch
-- off the index instead of sorting every queued message of the account.
DROP INDEX "messages_account_id_state_next_attempt_at_idx";
CREATE INDEX "messages_account_id_state_next_attempt_at_id_idx" ON "messages"("account_id", "state", "next_attempt_at", "id") WHERE "state" IN ('queued', 'dispatched');

DROP INDEX "messages_device_id_state_idx";
CREATE INDEX "messages_device_id_state_idx" ON "messages"("device_id", "state") WHERE "state" = 'dispatched';

DROP INDEX "messages_requested_device_id_state_idx";
CREATE INDEX "messages_requested_device_id_state_idx" ON "messages"("requested_device_id", "state") WHERE "requested_device_id" IS NOT NULL;

DROP INDEX "messages_state_expires_at_idx";
CREATE INDEX "messages_state_expires_at_idx" ON "messages"("state", "expires_at") WHERE "state" IN ('queued', 'dispatched');

ALTER TABLE "messages" SET (fillfactor = 70);
ALTER TABLE "message_attempts" SET (fillfactor = 70);
