-- Rate-limit counters are bumped on every request, many on one row (a key, an account). As an
-- unlogged table their commits wait for no WAL flush; after a database crash the counters start
-- again from zero, which for windows of seconds to minutes costs nothing.
ALTER TABLE "rate_limits" SET UNLOGGED;
