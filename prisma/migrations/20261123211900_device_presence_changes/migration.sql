-- CreateTable
CREATE TABLE "device_presence_changes" (
    "id" BIGSERIAL NOT NULL,
    "device_id" TEXT NOT NULL,
    "change" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_presence_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "device_presence_changes_device_id_at_idx" ON "device_presence_changes"("device_id", "at");

-- AddForeignKey
ALTER TABLE "device_presence_changes" ADD CONSTRAINT "device_presence_changes_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
