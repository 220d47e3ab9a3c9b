-- CreateEnum
CREATE TYPE "OtpStatus" AS ENUM ('pending', 'approved', 'expired', 'max_attempts_reached');

-- CreateTable
CREATE TABLE "otps" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "to_number" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "code_length" INTEGER NOT NULL,
    "status" "OtpStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "message_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "otps_message_id_key" ON "otps"("message_id");

-- CreateIndex
CREATE INDEX "otps_account_id_to_number_created_at_idx" ON "otps"("account_id", "to_number", "created_at");

-- CreateIndex
CREATE INDEX "otps_account_id_created_at_idx" ON "otps"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "otps" ADD CONSTRAINT "otps_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "otps" ADD CONSTRAINT "otps_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
