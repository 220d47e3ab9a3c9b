-- Authorize and capture (issue 33, branch pay-capture): a payment intent with capture_method
-- manual stops at requires_capture once approved, holding amount_capturable until a capture
-- (amount_received), a cancel, or capture_before passes (canceled, reason expired).
ALTER TYPE "PaymentIntentStatus" ADD VALUE 'requires_capture' BEFORE 'succeeded';

CREATE TYPE "CaptureMethod" AS ENUM ('automatic', 'manual');

ALTER TABLE "payment_intents"
  ADD COLUMN "capture_method" "CaptureMethod" NOT NULL DEFAULT 'automatic',
  ADD COLUMN "amount_capturable" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "amount_received" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "capture_before" TIMESTAMPTZ(3);

-- Payments that succeeded before this column received their whole amount (refunds count against it).
UPDATE "payment_intents" SET "amount_received" = "amount" WHERE "status" = 'succeeded';
