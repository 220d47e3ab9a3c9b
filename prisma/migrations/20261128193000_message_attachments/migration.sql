-- The parts of a received MMS (issue 40, the Android app's `mms:downloaded`): bytes in PostgreSQL,
-- bounded per message by the hook (20 parts, 5 MiB; past that a part is metadata, data_omitted),
-- gone with their message (the FK) and with its text at retention (purgeOldMessageTexts). Only
-- inbound messages have parts, so the send and hand-off paths never touch this table.
CREATE TABLE "message_attachments" (
    "id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "position" SMALLINT NOT NULL,
    "content_type" TEXT NOT NULL,
    "name" TEXT,
    "size" INTEGER NOT NULL,
    "data" BYTEA,
    "data_omitted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "message_attachments_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "message_attachments_message_id_position_key" ON "message_attachments"("message_id", "position");

ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
