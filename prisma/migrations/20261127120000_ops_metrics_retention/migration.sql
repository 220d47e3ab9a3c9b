-- Retention (issue 32): the maintenance worker purges webhook deliveries past their retention,
-- oldest first, by this index (events by their time-ordered primary key: no index added to the
-- table every domain writes); and masks SMS texts past theirs, marking each message it did
-- (text_purged_at), so the walk only ever reads messages whose text is still kept.
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
ALTER TABLE "messages" ADD COLUMN "text_purged_at" TIMESTAMPTZ(3);
CREATE INDEX "messages_queued_at_idx" ON "messages"("queued_at") WHERE text_purged_at IS NULL;
