-- The hand-off model (docs/relay-protocol.md, "Who holds a message"). A device may hold several
-- connections at once (the Android app opens two event streams: one from the app, one from its
-- boot receiver), on any gateway: each is a row, and the device is connected while it has one.
-- A single `connection_id` could only say "the newest", so closing either stream took the phone
-- out of routing and gave its work back.
CREATE TABLE "device_connections" (
    "id" TEXT NOT NULL,
    "device_id" TEXT NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "device_connections_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "device_connections_device_id_idx" ON "device_connections"("device_id");
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "devices" DROP COLUMN "connection_id";

-- `served_at`: when the Android app last pulled the message (a pull is the app's taking: it
-- reports nothing until it sends). `stuck_at`: when a phone had held it past
-- RELAY_STUCK_AFTER_SECONDS without a word (message.stuck).
ALTER TABLE "messages" ADD COLUMN "served_at" TIMESTAMPTZ(3),
ADD COLUMN "stuck_at" TIMESTAMPTZ(3);

-- What the phone last said about its attempt, even after the attempt ended (a late report, a
-- Cancelled, "not held" at reconnection): nothing a phone reports is dropped, and an attempt taken
-- back is asked to be dropped only until its phone has answered.
ALTER TABLE "message_attempts" ADD COLUMN "device_state" TEXT,
ADD COLUMN "device_state_at" TIMESTAMPTZ(3);
