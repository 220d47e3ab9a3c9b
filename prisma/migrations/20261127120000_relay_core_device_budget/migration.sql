-- A device's sending budget as counters on its row (relay-core): the minute of sending under way
-- (`budget_window_started_at`, from the first hand-over after the last minute ended) and what it
-- was handed in it (`budget_spent`). A drain round read the budget by counting each device's
-- attempts of the last 60 seconds, the half-load tail's largest step (docs/performance.md); the
-- counters are read with the device row the round locks anyway, and are where pacing rules
-- (daily caps, per-SIM budgets) keep their own counts. No backfill: a device starts with its whole budget.
ALTER TABLE "devices" ADD COLUMN "budget_window_started_at" TIMESTAMPTZ(3);
ALTER TABLE "devices" ADD COLUMN "budget_spent" INTEGER NOT NULL DEFAULT 0;
