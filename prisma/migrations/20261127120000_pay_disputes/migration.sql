-- Disputes (issue 33, branch pay-disputes): chargebacks the sandbox opens on payments made with a
-- dispute test token; evidence, the sandbox issuer's decision and the due date run on the account's time.

-- CreateEnum
CREATE TYPE "DisputeStatus" AS ENUM ('needs_response', 'under_review', 'won', 'lost');

-- CreateTable
CREATE TABLE "disputes" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "payment_intent_id" TEXT NOT NULL,
    "status" "DisputeStatus" NOT NULL DEFAULT 'needs_response',
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "evidence" JSONB NOT NULL DEFAULT '{}',
    "evidence_due_by" TIMESTAMPTZ(3) NOT NULL,
    "evidence_submitted_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "disputes_account_id_id_idx" ON "disputes"("account_id", "id");

-- CreateIndex
CREATE INDEX "disputes_payment_intent_id_idx" ON "disputes"("payment_intent_id");

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_intent_id_fkey" FOREIGN KEY ("payment_intent_id") REFERENCES "payment_intents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
