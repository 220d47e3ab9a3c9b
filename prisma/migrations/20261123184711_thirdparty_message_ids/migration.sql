-- AlterTable
ALTER TABLE "message_batches" ADD COLUMN     "external_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "message_batches_account_id_external_id_key" ON "message_batches"("account_id", "external_id");
