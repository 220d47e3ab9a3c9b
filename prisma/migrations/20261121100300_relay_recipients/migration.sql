-- Trigram indexes for recipient search (case-insensitive substring of the name, digits of the number).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN "batch_id" TEXT;

-- CreateTable
CREATE TABLE "recipients" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "phone_digits" TEXT NOT NULL,
    "tags" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recipients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recipient_lists" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recipient_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recipient_list_members" (
    "list_id" TEXT NOT NULL,
    "recipient_id" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recipient_list_members_pkey" PRIMARY KEY ("list_id","recipient_id")
);

-- CreateTable
CREATE TABLE "message_batches" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "list_id" TEXT,
    "queued" INTEGER NOT NULL,
    "skipped" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_batches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "messages_batch_id_idx" ON "messages"("batch_id");

-- CreateIndex
CREATE INDEX "recipients_account_id_id_idx" ON "recipients"("account_id", "id");

-- CreateIndex
CREATE INDEX "recipients_account_id_phone_idx" ON "recipients"("account_id", "phone");

-- CreateIndex
CREATE INDEX "recipients_name_trgm_idx" ON "recipients" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "recipients_phone_digits_trgm_idx" ON "recipients" USING GIN ("phone_digits" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "recipient_lists_account_id_id_idx" ON "recipient_lists"("account_id", "id");

-- CreateIndex
CREATE INDEX "recipient_list_members_recipient_id_idx" ON "recipient_list_members"("recipient_id");

-- CreateIndex
CREATE INDEX "message_batches_account_id_id_idx" ON "message_batches"("account_id", "id");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "message_batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recipient_lists" ADD CONSTRAINT "recipient_lists_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recipient_list_members" ADD CONSTRAINT "recipient_list_members_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "recipient_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recipient_list_members" ADD CONSTRAINT "recipient_list_members_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "recipients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "recipient_lists"("id") ON DELETE SET NULL ON UPDATE CASCADE;
