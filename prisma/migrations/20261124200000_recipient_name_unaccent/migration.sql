-- Accent-insensitive recipient name search ("zoe" finds "Zoë", "zoë" finds "Zoe"). unaccent() is
-- only STABLE (its dictionary could be edited), so an index cannot be built on it: this wrapper is
-- declared IMMUTABLE, and names the function and dictionary with their schema so that it reads the
-- same whatever the caller's search_path (a plain SQL body: PostgreSQL 13 has no RETURN bodies).
-- The trigram index on the unaccented name replaces the one on the name (relay/sql.ts
-- recipientSearchCondition compares the unaccented name and pattern with ILIKE).
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;

-- CreateFunction
CREATE OR REPLACE FUNCTION public.yarrow_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- DropIndex
DROP INDEX "recipients_name_trgm_idx";

-- CreateIndex
CREATE INDEX "recipients_name_unaccent_trgm_idx" ON "recipients" USING GIN (yarrow_unaccent("name") gin_trgm_ops);
