-- Schedules and quiet hours (issue 31). A message sent with send_at, or below priority 100 during
-- the account's quiet hours, is `scheduled` until it is due; the drain then moves it to `queued`
-- (src/relay/messages/schedule.ts).
ALTER TYPE "MessageState" ADD VALUE 'scheduled' BEFORE 'queued';

ALTER TABLE "messages" ADD COLUMN "send_at" TIMESTAMPTZ(3), ADD COLUMN "schedule_reason" TEXT;

-- The account's quiet hours: minutes of the day in an IANA time zone; all three set or none.
ALTER TABLE "accounts" ADD COLUMN "relay_quiet_hours_start" SMALLINT, ADD COLUMN "relay_quiet_hours_end" SMALLINT,
  ADD COLUMN "relay_quiet_hours_time_zone" TEXT;
