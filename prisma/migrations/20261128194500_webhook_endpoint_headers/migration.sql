-- Custom headers per endpoint (issue 39): sent with every request to it, for receivers behind an
-- API gateway. The names and values are sealed with the server secret like the signing secret (a
-- value is a credential); the names alone are kept in clear for the API answers, which never show a
-- value (src/webhooks/custom-headers.ts).
ALTER TABLE "webhook_endpoints" ADD COLUMN "headers_sealed" TEXT,
  ADD COLUMN "header_names" TEXT[] DEFAULT ARRAY[]::TEXT[];
