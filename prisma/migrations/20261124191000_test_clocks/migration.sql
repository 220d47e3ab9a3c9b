-- Test clocks (issue 24): one per sandbox account, and the jobs held until an advance reaches them.

-- CreateTable
CREATE TABLE "test_clocks" (
    "account_id" INTEGER NOT NULL,
    "frozen_time" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_clocks_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "test_clock_jobs" (
    "id" BIGSERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "job_id" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_clock_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "test_clock_jobs_job_id_key" ON "test_clock_jobs"("job_id");

-- CreateIndex
CREATE INDEX "test_clock_jobs_account_id_due_at_idx" ON "test_clock_jobs"("account_id", "due_at");

-- AddForeignKey
ALTER TABLE "test_clocks" ADD CONSTRAINT "test_clocks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test_clock_jobs" ADD CONSTRAINT "test_clock_jobs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
