-- Pacing against carrier bans and SIM rotation (issue 31, branch pacing): a device's SIM mode, its
-- caps (per UTC day, distinct numbers per UTC month) and the random wait pushed to the Android app.
-- Caps are off (NULL) unless set: docs/relay.md says why.
ALTER TABLE "devices"
  ADD COLUMN "sim_selection_mode" TEXT NOT NULL DEFAULT 'default' CHECK ("sim_selection_mode" IN ('default', 'round_robin', 'random')),
  ADD COLUMN "daily_cap" INTEGER CHECK ("daily_cap" > 0),
  ADD COLUMN "monthly_recipients_cap" INTEGER CHECK ("monthly_recipients_cap" > 0),
  ADD COLUMN "send_interval_min_seconds" INTEGER CHECK ("send_interval_min_seconds" >= 0),
  ADD COLUMN "send_interval_max_seconds" INTEGER CHECK ("send_interval_max_seconds" >= 0);

-- The SIM Yarrow chose for the current attempt; whether the sender encrypted the text and number.
-- No index: nothing looks messages up by them.
ALTER TABLE "messages"
  ADD COLUMN "routed_sim_number" SMALLINT,
  ADD COLUMN "is_encrypted" BOOLEAN NOT NULL DEFAULT false;

-- Counters of paced devices only (an unpaced device writes nothing here: the drain's hot path is unchanged).
CREATE TABLE "device_pacing_counters" (
  "device_id" TEXT NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "sim_slot" SMALLINT NOT NULL,
  "minute_started_at" TIMESTAMPTZ(3),
  "minute_spent" INTEGER NOT NULL DEFAULT 0,
  "day" DATE,
  "day_spent" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "device_pacing_counters_pkey" PRIMARY KEY ("device_id", "sim_slot")
);

-- The distinct numbers of a capped device's month: its primary key answers both "already counted?" and the count.
CREATE TABLE "device_month_recipients" (
  "device_id" TEXT NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "sim_slot" SMALLINT NOT NULL,
  "month" DATE NOT NULL,
  "to_number" TEXT NOT NULL,
  CONSTRAINT "device_month_recipients_pkey" PRIMARY KEY ("device_id", "sim_slot", "month", "to_number")
);
