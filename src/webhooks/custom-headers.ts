// An endpoint's custom headers (Svix's and Convoy's per-endpoint headers): sent with every request
// to it, for a receiver behind an API gateway that wants a credential of its own. Values are
// credentials: sealed with the server secret like the signing secret, never answered by the API
// (which shows the names only) and never stored in the request log (src/core/request-log.ts).
import { z } from 'zod';
import type { Config } from '../core/config.ts';
import { decrypt, encrypt } from '../core/crypto.ts';

export const MAX_CUSTOM_HEADERS = 10;

/** An HTTP field name (RFC 9110 `token`). */
const fieldName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;

/**
 * Headers the request itself owns: framing and routing (a receiver must not be told another host or
 * length), the body's type and the sender's name, and every signature header of both schemes and
 * of the reference-server format, which a custom header must never replace.
 */
const forbidden = /^(host|content-length|content-type|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|proxy-.*|user-agent|webhook-(id|timestamp|signature)|x-yarrowpay-.*|x-signature|x-timestamp)$/i;

export const customHeaders = z
  .record(z.string(), z.string().max(1000, 'a value is at most 1000 characters').regex(/^[^\r\n\0]*$/, 'a value must not hold line breaks'))
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > MAX_CUSTOM_HEADERS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_CUSTOM_HEADERS} headers` });
    const seen = new Set<string>();
    for (const name of names) {
      if (!fieldName.test(name)) ctx.addIssue({ code: 'custom', message: `"${name.slice(0, 100)}" is not a header name` });
      else if (forbidden.test(name)) ctx.addIssue({ code: 'custom', message: `${name} is set by Yarrow and cannot be a custom header` });
      else if (seen.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', message: `${name} is given twice` });
      seen.add(name.toLowerCase());
    }
  });

/** Names to remove (`remove_headers`): matched without regard to case, as HTTP names are. */
export const headerNamesToRemove = z.array(z.string().min(1).max(100)).max(MAX_CUSTOM_HEADERS);

/**
 * An endpoint's headers after a change of some (Svix's PATCH of an endpoint's headers): the ones
 * named in `remove` or `set` (whatever their case) go, then `set`'s are added. The values are
 * write-only, so the panel and API clients change one header without sending the others again.
 */
export function patchedHeaders(current: Record<string, string>, set: Record<string, string>, remove: readonly string[]): Record<string, string> {
  const dropped = new Set([...remove, ...Object.keys(set)].map((name) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(current).filter(([name]) => !dropped.has(name.toLowerCase()))), ...set };
}

/** The columns that keep them: the names in clear, the names and values sealed; none: cleared. */
export function sealHeaders(config: Pick<Config, 'secret'>, headers: Record<string, string>) {
  const names = Object.keys(headers);
  return { headersSealed: names.length === 0 ? null : encrypt(config.secret, JSON.stringify(headers)), headerNames: names };
}

// As signing secrets (endpoints.ts): each sealed value is opened once per worker; a change seals anew.
const opened = new Map<string, Record<string, string>>();
export function openHeaders(config: Pick<Config, 'secret'>, sealed: string | null): Record<string, string> {
  if (sealed === null) return {};
  let headers = opened.get(sealed);
  if (headers === undefined) {
    if (opened.size >= 10_000) opened.clear();
    headers = JSON.parse(decrypt(config.secret, sealed)) as Record<string, string>;
    opened.set(sealed, headers);
  }
  return headers;
}
