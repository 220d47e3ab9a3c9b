-- Per-endpoint rate limit (issue 39): at most `rate_limit` deliveries a second to the endpoint.
-- `rate_slot_at` is the first free send slot: each attempt enqueued for a rate-limited endpoint
-- takes the slot and moves it on by 1/rate_limit seconds, and its job starts no earlier than its
-- slot, so throttled deliveries wait in the queue, not in a worker (src/webhooks/deliveries.ts).
ALTER TABLE "webhook_endpoints" ADD COLUMN "rate_limit" INTEGER,
  ADD COLUMN "rate_slot_at" TIMESTAMPTZ(3);
