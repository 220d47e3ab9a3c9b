-- The API request log (issue 24): one row per REST request of an account's API key, written in
-- batches off the request's path (src/core/request-log.ts), purged after the retention period.
-- CreateTable
CREATE TABLE "api_requests" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "operation_id" TEXT,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "request_id" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "error_code" TEXT,
    "query" JSONB,
    "request_body" JSONB,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "api_requests_account_id_id_idx" ON "api_requests"("account_id", "id");

-- CreateIndex
CREATE INDEX "api_requests_created_at_idx" ON "api_requests"("created_at");

-- AddForeignKey
ALTER TABLE "api_requests" ADD CONSTRAINT "api_requests_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Events name the API request whose handling recorded them.
-- AlterTable
ALTER TABLE "events" ADD COLUMN "request_log_id" TEXT;

-- CreateIndex
CREATE INDEX "events_account_id_request_log_id_idx" ON "events"("account_id", "request_log_id");
