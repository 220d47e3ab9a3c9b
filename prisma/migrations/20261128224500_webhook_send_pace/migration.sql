-- Strict rate limit at send time (issue 39): right before each request to a rate-limited endpoint
-- the webhooks worker takes a send permit: granted when `next_send_at` has come, which it then moves
-- 1.05/rate_limit seconds on; otherwise the job is put off to that time. The queue-time send slots
-- (`rate_slot_at`) only space the jobs out; this is what the receiver's limit rests on. A table of
-- its own: a fan-out holds the endpoint row locked until its transaction ends (it reserves slots),
-- and a worker's check must not wait for that.
CREATE TABLE "webhook_send_pace" (
    "endpoint_id" TEXT NOT NULL,
    "next_send_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_send_pace_pkey" PRIMARY KEY ("endpoint_id")
);

ALTER TABLE "webhook_send_pace" ADD CONSTRAINT "webhook_send_pace_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
