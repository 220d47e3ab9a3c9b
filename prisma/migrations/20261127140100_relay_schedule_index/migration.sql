-- Scheduled messages that are due, over every account (the routing workers' sweep) and per
-- account (the drain's release). Partial: only scheduled rows, few beside the messages in flight.
-- Its own migration: a new enum value can be used only once the transaction adding it committed.
CREATE INDEX "messages_scheduled_due_idx" ON "messages"("next_attempt_at", "account_id") WHERE state = 'scheduled';
