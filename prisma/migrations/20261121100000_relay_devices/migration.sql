-- CreateEnum
CREATE TYPE "DeviceStatus" AS ENUM ('online', 'offline', 'revoked');

-- CreateTable
CREATE TABLE "devices" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "platform" TEXT,
    "app_version" TEXT,
    "sims" JSONB NOT NULL DEFAULT '[]',
    "token_hash" TEXT NOT NULL,
    "token_prefix" TEXT NOT NULL,
    "status" "DeviceStatus" NOT NULL DEFAULT 'online',
    "rate_per_minute" INTEGER,
    "battery_level" INTEGER,
    "charging" BOOLEAN,
    "signal_level" INTEGER,
    "queue_length" INTEGER,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_offline_at" TIMESTAMPTZ(3),
    "paired_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pairing_codes" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "device_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pairing_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "devices_token_hash_key" ON "devices"("token_hash");

-- CreateIndex
CREATE INDEX "devices_account_id_status_idx" ON "devices"("account_id", "status");

-- CreateIndex
CREATE INDEX "devices_status_last_seen_at_idx" ON "devices"("status", "last_seen_at");

-- CreateIndex
CREATE UNIQUE INDEX "pairing_codes_code_hash_key" ON "pairing_codes"("code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "pairing_codes_device_id_key" ON "pairing_codes"("device_id");

-- CreateIndex
CREATE INDEX "pairing_codes_account_id_created_at_idx" ON "pairing_codes"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
