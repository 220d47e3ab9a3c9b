import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * Headers of every HTML page Yarrow serves (hosted pages a customer opens, the merchant panel): the page's own
 * Content-Security-Policy plus what no page may do: be framed (clickjacking), set a `<base>`,
 * post a form elsewhere, have its content type sniffed, or leak its URL through `Referer`.
 */
export function pageSecurityHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'Content-Security-Policy': `${contentSecurityPolicy}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Hosted page URLs are capabilities, and panel URLs name objects: neither goes to other sites.
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * CORS for the API (`/api/*`, `/graphql`), the one place it is decided: only the origins in
 * CORS_ORIGINS (`*` for any) get an `Access-Control-Allow-Origin`, and never with
 * `Access-Control-Allow-Credentials`: API calls authenticate with a key in `Authorization`, and
 * the panel's session cookie is for the panel's own origin only. No origins: no CORS headers,
 * so browsers keep other sites' pages from reading answers.
 */
export function apiCors(origins: readonly string[]): MiddlewareHandler | undefined {
  if (origins.length === 0) return undefined;
  return cors({
    origin: origins.includes('*') ? '*' : [...origins],
    credentials: false,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Idempotent-Replayed', 'Retry-After'],
    maxAge: 600,
  });
}
