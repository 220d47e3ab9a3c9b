-- Idempotent replays no longer keep secrets: remove every "secret" key, at any depth, from the
-- answers stored before (API keys' yk_… and webhook endpoints' whsec_…). A replay of such an
-- answer says the secret was shown once, exactly as for answers stored from now on.
CREATE FUNCTION pg_temp.without_secrets(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(value) = 'object' THEN
    RETURN (SELECT coalesce(jsonb_object_agg(key, pg_temp.without_secrets(item)), '{}'::jsonb)
            FROM jsonb_each(value) AS member(key, item) WHERE key <> 'secret');
  ELSIF jsonb_typeof(value) = 'array' THEN
    RETURN (SELECT coalesce(jsonb_agg(pg_temp.without_secrets(item) ORDER BY position), '[]'::jsonb)
            FROM jsonb_array_elements(value) WITH ORDINALITY AS element(item, position));
  END IF;
  RETURN value;
END
$$;

UPDATE "idempotency_keys" SET "response_body" = pg_temp.without_secrets("response_body")
WHERE jsonb_path_exists("response_body", '$.**.secret');

DROP FUNCTION pg_temp.without_secrets(jsonb);
