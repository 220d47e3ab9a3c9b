-- Retention (issue 32): the maintenance worker purges events and webhook deliveries past their
-- retention, oldest first, by these indexes; and masks SMS texts past theirs, marking each message
-- it did (text_purged_at), so the walk only ever reads messages whose text is still kept.
CREATE INDEX "events_created_at_idx" ON "events"("created_at");
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
ALTER TABLE "messages" ADD COLUMN "text_purged_at" TIMESTAMPTZ(3);
CREATE INDEX "messages_queued_at_idx" ON "messages"("queued_at") WHERE text_purged_at IS NULL;
