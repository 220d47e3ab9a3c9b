-- Customers and saved payment methods (issue 33, branch pay-customers).

-- CreateTable
CREATE TABLE "customers" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "description" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" TEXT,
    "payment_method_code" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "sandbox_token" TEXT NOT NULL,
    "payment_intent_id" TEXT,
    "detached_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "payment_intents" ADD COLUMN "customer_id" TEXT,
ADD COLUMN "setup_future_usage" TEXT,
ADD COLUMN "payment_method_id" TEXT;

-- AlterTable
ALTER TABLE "card_sessions" ADD COLUMN "payment_method_id" TEXT;

-- CreateIndex
CREATE INDEX "customers_account_id_id_idx" ON "customers"("account_id", "id");

-- CreateIndex
CREATE INDEX "customers_account_id_email_idx" ON "customers"("account_id", "email");

-- CreateIndex
CREATE INDEX "payment_methods_account_id_id_idx" ON "payment_methods"("account_id", "id");

-- CreateIndex
CREATE INDEX "payment_methods_customer_id_idx" ON "payment_methods"("customer_id");

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
