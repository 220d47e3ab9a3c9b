-- AlterTable
ALTER TABLE "accounts" ADD COLUMN "allow_private_webhook_urls" BOOLEAN NOT NULL DEFAULT false;
