-- CreateEnum
CREATE TYPE "PaymentIntentStatus" AS ENUM ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled');

-- CreateEnum
CREATE TYPE "CardSessionStatus" AS ENUM ('open', 'challenge', 'completed');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('open', 'paid', 'void');

-- CreateEnum
CREATE TYPE "KycReviewStatus" AS ENUM ('pending_review', 'approved', 'rejected');

-- CreateTable
CREATE TABLE "payment_intents" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "status" "PaymentIntentStatus" NOT NULL DEFAULT 'requires_payment_method',
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "customer_name" TEXT NOT NULL,
    "customer_email" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "return_url" TEXT,
    "payment_method_code" TEXT,
    "last_payment_error" JSONB,
    "cancellation_reason" TEXT,
    "latest_card_session_id" TEXT,
    "invoice_id" TEXT,
    "succeeded_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_intents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_sessions" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "payment_intent_id" TEXT NOT NULL,
    "payment_method_code" TEXT NOT NULL,
    "sandbox_outcome" TEXT NOT NULL DEFAULT 'pending',
    "status" "CardSessionStatus" NOT NULL DEFAULT 'open',
    "token" TEXT,
    "outcome" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'open',
    "title" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "due_date" DATE NOT NULL,
    "customer_name" TEXT,
    "customer_email" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "paid_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "overdue_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_counters" (
    "account_id" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL,

    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "kyc_reviews" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "status" "KycReviewStatus" NOT NULL DEFAULT 'pending_review',
    "legal_name" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "registration_number" TEXT NOT NULL,
    "contact_name" TEXT NOT NULL,
    "contact_email" TEXT NOT NULL,
    "contact_phone" TEXT,
    "reason" TEXT,
    "reviewed_by" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kyc_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_intents_account_id_id_idx" ON "payment_intents"("account_id", "id");

-- CreateIndex
CREATE INDEX "payment_intents_invoice_id_idx" ON "payment_intents"("invoice_id");

-- CreateIndex
CREATE INDEX "card_sessions_account_id_id_idx" ON "card_sessions"("account_id", "id");

-- CreateIndex
CREATE INDEX "card_sessions_payment_intent_id_idx" ON "card_sessions"("payment_intent_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_account_id_number_key" ON "invoices"("account_id", "number");

-- CreateIndex
CREATE INDEX "invoices_account_id_id_idx" ON "invoices"("account_id", "id");

-- CreateIndex
CREATE INDEX "kyc_reviews_account_id_id_idx" ON "kyc_reviews"("account_id", "id");

-- AddForeignKey
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_payment_intent_id_fkey" FOREIGN KEY ("payment_intent_id") REFERENCES "payment_intents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kyc_reviews" ADD CONSTRAINT "kyc_reviews_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
