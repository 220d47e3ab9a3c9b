-- Ordered endpoints (issue 39): `ordering` is `unordered` (as before) or `fifo`. A FIFO endpoint's
-- deliveries go one at a time in event order: only its oldest pending delivery holds a job, the
-- others wait `pending` with no job and no due time until the one before them ends
-- (src/webhooks/lines.ts).
ALTER TABLE "webhook_endpoints" ADD COLUMN "ordering" TEXT NOT NULL DEFAULT 'unordered';

-- The index on (status, next_attempt_at) held every delivery ever made; only pending ones are
-- looked up by it (the sweeper's due ones). Partial, it stays the size of the backlog and a
-- delivery that finishes adds no entry to it. The line of a FIFO endpoint is read through its
-- pending deliveries in order, by the second one.
DROP INDEX "webhook_deliveries_status_next_attempt_at_idx";
CREATE INDEX "webhook_deliveries_pending_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at") WHERE status = 'pending';
CREATE INDEX "webhook_deliveries_pending_endpoint_id_idx" ON "webhook_deliveries"("endpoint_id", "id") WHERE status = 'pending';
