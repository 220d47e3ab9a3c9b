-- The account's opt-out list (relay-optout): numbers a send must not reach, as Twilio keeps a STOP
-- list per sender. Sends look numbers up by (account_id, phone), the unique index; the REST list
-- and the GraphQL connection page by id (account_id, id).
CREATE TYPE "opt_out_source" AS ENUM ('api', 'panel', 'keyword');

CREATE TABLE "relay_opt_outs" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "source" "opt_out_source" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "relay_opt_outs_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "relay_opt_outs_account_id_phone_key" ON "relay_opt_outs"("account_id", "phone");
CREATE INDEX "relay_opt_outs_account_id_id_idx" ON "relay_opt_outs"("account_id", "id");

ALTER TABLE "relay_opt_outs" ADD CONSTRAINT "relay_opt_outs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
