-- Recover (issue 39): `POST /api/v1/webhook-endpoints/{id}/recover` claims every failed delivery of
-- the endpoint in its window, one row per delivery, in the request; the webhooks worker then turns
-- the claims, oldest first, into new attempts (src/webhooks/recovery.ts). The delivery id is the key:
-- a delivery is claimed at most once however often recover is called while a recovery runs.
CREATE TABLE "webhook_recovery_claims" (
    "delivery_id" BIGINT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_recovery_claims_pkey" PRIMARY KEY ("delivery_id")
);

-- The worker takes an endpoint's claims in delivery order.
CREATE INDEX "webhook_recovery_claims_endpoint_id_delivery_id_idx" ON "webhook_recovery_claims"("endpoint_id", "delivery_id");

ALTER TABLE "webhook_recovery_claims" ADD CONSTRAINT "webhook_recovery_claims_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
