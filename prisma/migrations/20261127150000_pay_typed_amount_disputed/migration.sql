-- A payment intent's amount under open or lost disputes (REST amount_disputed, GraphQL
-- amountDisputed), kept on the row as amount_refunded is, so every answer and event shows it
-- without a query per intent; refunds read it under the intent's lock.
ALTER TABLE "payment_intents" ADD COLUMN "amount_disputed" INTEGER NOT NULL DEFAULT 0;

-- Disputes opened before the column: what they hold now (a won dispute gave its amount back).
UPDATE "payment_intents" AS pi
SET "amount_disputed" = d.disputed
FROM (SELECT "payment_intent_id", SUM("amount")::int AS disputed FROM "disputes" WHERE "status" <> 'won' GROUP BY "payment_intent_id") AS d
WHERE d."payment_intent_id" = pi."id";
