-- Email notifications to an account's panel users (issue 39): an endpoint disabled, a delivery
-- exhausted, a phone offline, a dispute opened. recordEvents queues a `webhook_notify` job for those
-- events in the caller's transaction; the webhooks worker writes one row per panel user here and
-- sends it over SMTP (status `sent`) or, without SMTP_URL, keeps it for the panel's Notifications
-- page (status `kept`): nothing is dropped silently.
CREATE TABLE "notifications" (
    "id" BIGSERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "endpoint_id" TEXT,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "notifications_account_id_id_idx" ON "notifications"("account_id", "id");
CREATE INDEX "notifications_user_id_id_idx" ON "notifications"("user_id", "id");
-- The one-email-per-endpoint-per-hour bound on exhausted deliveries reads this.
CREATE INDEX "notifications_endpoint_id_kind_created_at_idx" ON "notifications"("endpoint_id", "kind", "created_at");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "panel_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The kinds a panel user turned off (every kind is on by default: no row).
CREATE TABLE "notification_opt_outs" (
    "user_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_opt_outs_pkey" PRIMARY KEY ("user_id", "kind")
);
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "panel_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
