-- A paid invoice names the payment intent that paid it and keeps its payer (issue 24, defect 4).
-- AlterTable
ALTER TABLE "invoices" ADD COLUMN "payment_intent_id" TEXT;

-- Invoices paid before this column existed: the intent that succeeded, and the payer it names.
UPDATE "invoices" AS i
SET "payment_intent_id" = p."id",
    "customer_name" = COALESCE(i."customer_name", p."customer_name"),
    "customer_email" = COALESCE(i."customer_email", p."customer_email")
FROM "payment_intents" AS p
WHERE p."invoice_id" = i."id" AND p."status" = 'succeeded' AND i."status" = 'paid';
