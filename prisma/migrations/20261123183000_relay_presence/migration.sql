-- Device presence for routing: the open socket a device is on (any gateway), and when its last
-- socket closed. Who paused an account's relay queue, so the refusal names them. Messages pinned
-- to a device, found by it when it is unpaired or unreachable.
ALTER TABLE "devices" ADD COLUMN "connection_id" TEXT,
ADD COLUMN "connected_at" TIMESTAMPTZ(3),
ADD COLUMN "disconnected_at" TIMESTAMPTZ(3);

ALTER TABLE "accounts" ADD COLUMN "relay_paused_by" TEXT;

-- CreateIndex
CREATE INDEX "messages_requested_device_id_state_idx" ON "messages"("requested_device_id", "state");
