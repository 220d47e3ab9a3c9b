-- One recipient per number in an account (issue 22): an import skips a number the account already
-- has through this unique index (INSERT … ON CONFLICT DO NOTHING) instead of reading every
-- recipient of the account first, which took seconds at 650,000 and held a transaction meanwhile.
-- Numbers saved twice before merge into the oldest recipient of that number: the others' list
-- memberships move to it (a list keeps every number it had), then the others go.
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY account_id, phone ORDER BY created_at, id) AS keep
  FROM recipients
)
INSERT INTO "recipient_list_members" ("list_id", "recipient_id", "added_at")
SELECT m.list_id, ranked.keep, m.added_at
FROM "recipient_list_members" m JOIN ranked ON ranked.id = m.recipient_id
WHERE ranked.id <> ranked.keep
ON CONFLICT DO NOTHING;

WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY account_id, phone ORDER BY created_at, id) AS keep
  FROM recipients
)
DELETE FROM "recipients" r USING ranked WHERE r.id = ranked.id AND ranked.id <> ranked.keep;

DROP INDEX "recipients_account_id_phone_idx";
CREATE UNIQUE INDEX "recipients_account_id_phone_key" ON "recipients"("account_id", "phone");

-- The most recipients an account may have; null means RELAY_RECIPIENT_LIMIT.
ALTER TABLE "accounts" ADD COLUMN "relay_recipient_limit" INTEGER;
