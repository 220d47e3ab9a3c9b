-- A phone-offline threshold per account (issue 39): the device-presence worker marks a phone of the
-- account offline (device.offline, the `device_offline` notification) after this many seconds of
-- silence (30..86400, checked by the API: src/relay/devices/offline-threshold.ts). NULL: the
-- server-wide DEVICE_OFFLINE_AFTER_SECONDS, as before.
ALTER TABLE "accounts" ADD COLUMN "device_offline_after_seconds" INTEGER;
