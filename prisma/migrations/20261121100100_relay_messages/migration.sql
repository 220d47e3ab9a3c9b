-- AlterTable
ALTER TABLE "accounts" ADD COLUMN "relay_paused_at" TIMESTAMPTZ(3),
ADD COLUMN "relay_queue_limit" INTEGER;

-- CreateEnum
CREATE TYPE "MessageState" AS ENUM ('queued', 'dispatched', 'sent', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "messages" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "to_number" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "sealed_body" TEXT,
    "encoding" TEXT NOT NULL,
    "segments" INTEGER NOT NULL,
    "state" "MessageState" NOT NULL DEFAULT 'queued',
    "device_id" TEXT,
    "requested_device_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "failed_device_ids" TEXT[],
    "failure_reason" TEXT,
    "reference" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),
    "acknowledged_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_attempts" (
    "id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "device_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "dispatched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acknowledged_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "failure_reason" TEXT,

    CONSTRAINT "message_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "messages_account_id_state_next_attempt_at_idx" ON "messages"("account_id", "state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "messages_account_id_id_idx" ON "messages"("account_id", "id");

-- CreateIndex
CREATE INDEX "messages_device_id_state_idx" ON "messages"("device_id", "state");

-- CreateIndex
CREATE INDEX "messages_state_expires_at_idx" ON "messages"("state", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "message_attempts_message_id_number_key" ON "message_attempts"("message_id", "number");

-- CreateIndex
CREATE INDEX "message_attempts_device_id_dispatched_at_idx" ON "message_attempts"("device_id", "dispatched_at");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_requested_device_id_fkey" FOREIGN KEY ("requested_device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_attempts" ADD CONSTRAINT "message_attempts_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_attempts" ADD CONSTRAINT "message_attempts_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
