-- The SIM a send names (issue 31): 1-based as the Android app's `simNumber` (slot = sim_number − 1);
-- null lets the phone choose. Checked at send against the device's (or every candidate device's) SIMs.
ALTER TABLE "messages" ADD COLUMN "sim_number" SMALLINT;
