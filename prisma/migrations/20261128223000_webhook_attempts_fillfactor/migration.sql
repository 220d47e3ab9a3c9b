-- An attempt row is written when its request leaves and rewritten with its outcome a few
-- milliseconds later (the worker's batch of results). Pages keep room, as messages and
-- message_attempts do, so that rewrite (no indexed column changes) stays on its page without a
-- new entry in either index: a HOT update (docs/performance.md#webhook-worker).
ALTER TABLE "webhook_attempts" SET (fillfactor = 70);
