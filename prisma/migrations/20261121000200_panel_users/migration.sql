-- CreateTable
CREATE TABLE "panel_users" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_sign_in_at" TIMESTAMPTZ(3),

    CONSTRAINT "panel_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "panel_sessions" (
    "token_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "panel_sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE UNIQUE INDEX "panel_users_email_key" ON "panel_users"("email");

-- CreateIndex
CREATE INDEX "panel_users_account_id_idx" ON "panel_users"("account_id");

-- CreateIndex
CREATE INDEX "panel_sessions_user_id_idx" ON "panel_sessions"("user_id");

-- CreateIndex
CREATE INDEX "panel_sessions_expires_at_idx" ON "panel_sessions"("expires_at");

-- AddForeignKey
ALTER TABLE "panel_users" ADD CONSTRAINT "panel_users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "panel_sessions" ADD CONSTRAINT "panel_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "panel_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "panel_sessions" ADD CONSTRAINT "panel_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
