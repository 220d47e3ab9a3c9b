-- Inbound SMS (issue 31, branch inbound): an SMS a phone of the account received is a message
-- with direction `inbound` and state `received` (src/relay/messages/inbound.ts). Outbound rows
-- keep every column as it was and enter neither new index (both partial), so the send and hand-off
-- paths write nothing more.
ALTER TYPE "MessageState" ADD VALUE 'received';

CREATE TYPE "MessageDirection" AS ENUM ('outbound', 'inbound');

ALTER TABLE "messages" ADD COLUMN "direction" "MessageDirection" NOT NULL DEFAULT 'outbound',
  ADD COLUMN "from_number" TEXT,
  ADD COLUMN "received_at" TIMESTAMPTZ(3),
  ADD COLUMN "in_reply_to" TEXT,
  ADD COLUMN "inbound_key" TEXT;

-- A phone's repeat of one SMS (the app retries a webhook with the same event, re-exports its inbox)
-- is one row: the insert is ON CONFLICT DO NOTHING on this.
CREATE UNIQUE INDEX "messages_inbound_key_key" ON "messages"("device_id", "inbound_key") WHERE inbound_key IS NOT NULL;
-- The inbound list (GET /api/v1/messages?direction=inbound) pages by id over inbound rows only (every
-- one has a key). Its predicate is not on `direction`: Prisma casts an enum parameter, and
-- PostgreSQL cannot match a cast against a partial index's `direction = 'inbound'` (20261124020000).
CREATE INDEX "messages_inbound_idx" ON "messages"("account_id", "id") WHERE inbound_key IS NOT NULL;

-- The Android app's webhook signing key per device, sealed with the server secret (it must be read
-- back to check each received-SMS webhook's HMAC): src/relay/transports/android-app/app-webhooks.ts.
ALTER TABLE "devices" ADD COLUMN "sealed_webhook_key" TEXT;
