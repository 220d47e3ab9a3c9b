-- A condition on an event's data an endpoint also requires, beyond its event type (issue 40). The
-- reference API's `mms:downloaded` webhook is Yarrow's `message.received` for the messages that
-- carry parts: `has_attachments` (src/webhooks/deliveries.ts fanOutEvents). NULL: every event of
-- its types, as before.
ALTER TABLE "webhook_endpoints" ADD COLUMN "data_filter" TEXT;
