-- The body and signature an endpoint's deliveries take: `yarrow` (Yarrow's event and
-- X-YarrowPay-* headers) or `sms_gateway` (the shape and X-Signature/X-Timestamp of the SMS Gateway
-- for Android app, for endpoints registered through /api/3rdparty/v1/webhooks). Endpoints that
-- exist already keep Yarrow's format: their receivers were written for it.
ALTER TABLE "webhook_endpoints" ADD COLUMN "payload_format" TEXT NOT NULL DEFAULT 'yarrow';
