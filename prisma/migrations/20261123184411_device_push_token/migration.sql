-- AlterTable: the Android app's push token (sealed), stored on registration and PATCH /device.
ALTER TABLE "devices" ADD COLUMN "sealed_push_token" TEXT;
