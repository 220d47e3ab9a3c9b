import { parse, visit, type DocumentNode } from 'graphql';
import { AsyncLocalStorage } from 'node:async_hooks';
import { batcher } from './batch.ts';
import { YarrowError } from './errors.ts';
import { answerText, type HttpContext } from './http.ts';
import { newId } from './ids.ts';
import { perRuntime } from './per-runtime.ts';
import type { Runtime } from './runtime.ts';

// The API request log: every REST request an account's API key makes (`defineRoute` routes), with
// its method, path, status, time, key, Idempotency-Key, error code and X-Request-Id, and its bodies
// with secrets removed. Written after the answer, in batches (`batcher`): the request never waits
// for its log row, and a busy gateway writes many rows per statement. Events recorded while a
// request runs name it (`currentRequestLogId`), so the log links to what a request caused.

/** The request log entry of the request running now (set by `loggedRequest`). */
const current = new AsyncLocalStorage<{ id: string }>();

/** The id of the API request whose handling is running, if any: events record it. */
export function currentRequestLogId(): string | null {
  return current.getStore()?.id ?? null;
}

/** Bodies are kept up to this size; a larger one is kept as a note saying so. */
const MAX_BODY_CHARS = 16_384;

/**
 * Field names whose text values are never stored, at any depth: keys and signing secrets, card and
 * device tokens, passwords, pairing codes and the QR payloads and images that carry them. (An
 * object under such a name, like `api_key: {id, label}`, is walked like any other.)
 */
const secretField = /secret|password|passcode|token|authorization|api_?key|^otp(_code)?$|pairing_?code|qr_?(payload|image)|^cvc$|card_?number/i;
/**
 * A `code` is kept only when it reads as an error code: a word in lower case (`invalid_request`)
 * or upper-case words joined by `_` (GraphQL's `BAD_USER_INPUT`). Anything else under that name is
 * a one-time code (`POST /api/v1/otp/verify`, however padded) or a pairing code (`createPairingCode`:
 * letters and digits, no `_`).
 */
const secretCode = (field: string, value: string | number) =>
  /^code$/i.test(field) && !(typeof value === 'string' && /^([a-z]+(_[a-z]+)*|[A-Z]+(_[A-Z]+)+)$/.test(value));
/** Secrets recognised by their shape wherever they appear (in free text too), QR payloads of pairing codes included. */
// A webhook secret's tail is base64 (`+`, `/`, `=`), or base64url for secrets made before Standard Webhooks.
const secretValue = /\b(yk_(test|live)_[\w-]+|YP-[A-Z]+(-[A-Z]+)+)\b|\bwhsec_[\w+/=-]+|yarrow-relay:\/\/pair\S*|data:image\/svg\+xml;base64,[\w+/=]+/gi;
const REDACTED = '[redacted]';

const customHeadersField = /^(headers|set_headers|setHeaders)$/;

/**
 * A copy of `value` with every secret field and secret-shaped string replaced by `[redacted]`;
 * `aliases`: more field names whose values are secrets (a GraphQL document's, `aliasedSecrets`).
 */
export function redactSecrets(value: unknown, aliases?: RegExp): unknown {
  if (typeof value === 'string') return value.replace(secretValue, REDACTED);
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, aliases));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([field, item]) => {
        const text = typeof item === 'string' || typeof item === 'number';
        const secret = text && (secretField.test(field) || secretCode(field, item) || aliases?.test(field) === true);
        // A webhook endpoint's custom headers (`headers: {"X-Api-Key": …}`, or some of them in
        // `set_headers`/`setHeaders`): every value is a credential.
        if (customHeadersField.test(field) && item !== null && typeof item === 'object' && !Array.isArray(item)) {
          return [field, Object.fromEntries(Object.keys(item).map((name) => [name, REDACTED]))];
        }
        return [field, secret ? REDACTED : redactSecrets(item, aliases)];
      }),
    );
  }
  return value;
}

/**
 * The names a GraphQL request gives secret fields by alias (`c: code`, `link: qrPayload`): its
 * answer keys them by alias, which the field names above cannot see. `request` is what was sent (a
 * JSON body's `query`, or the document itself); the document is parsed by graphql-js, so comments,
 * commas and line breaks between an alias and its field (`c #x\n , : code`) hide nothing. A pattern
 * of names, or undefined when there is none (or no document: GraphQL then ran nothing to answer).
 */
export function aliasedSecrets(request: string | undefined): RegExp | undefined {
  // No alias without a colon (a JSON body may spell one `\u003a`).
  if (!request || !(request.includes(':') || request.includes('\\u'))) return undefined;
  // Parsing every logged GraphQL request cost the mutation path measurably: only a request whose raw
  // text could name a secret field (every field name `redactSecrets` hides, or one with `code`) is parsed.
  if (!mayHoldSecret.test(request) && !/code/i.test(request)) return undefined;
  const document = graphqlDocument(request);
  if (document === undefined) return undefined;
  const names = new Set<string>();
  visit(document, {
    Field(field) {
      if (field.alias && (secretField.test(field.name.value) || /^code$/i.test(field.name.value))) names.add(field.alias.value);
    },
  });
  return names.size > 0 ? new RegExp(`^(${[...names].join('|')})$`) : undefined;
}

function graphqlDocument(request: string): DocumentNode | undefined {
  let text = request;
  try {
    const body = JSON.parse(request) as { query?: unknown } | null;
    if (typeof body?.query === 'string') text = body.query;
  } catch {
    // Not JSON: the document as sent (a GET's `query`, an application/graphql body).
  }
  try {
    return parse(text, { noLocation: true });
  } catch {
    return undefined;
  }
}

/**
 * Could `text` hold something `redactSecrets` would remove? A superset test on the raw text: every
 * secret field name, `code`, and secret-shaped value, case-insensitive; a `\u` escape could spell any
 * of them, so it counts too. Most bodies (a payment intent, an SMS send) have none, and the log keeps
 * their text as it came (a webhook endpoint's `"headers"` is walked whatever its names say: each value is a
 * credential): parsing and walking every answer again was the log's largest cost in a
 * gateway profile (round 4, 26-gateway). test/core/request-log-redaction.test.ts checks it against
 * every rule above.
 */
export const mayHoldSecret = /secret|password|passcode|token|authori[sz]ation|api_?key|otp|pairing_?code|qr_?(payload|image)|cvc|card_?number|"code"|yk_|whsec_|yp-|yarrow-relay:|data:image|"(set_?)?headers"|\\u/i;

/** A name a secret may go by in free text (`password=…`, `token: …`, `"otp": "…"`), and its value. */
const secretAssignment =
  /([\w-]*(secret|password|passcode|token|authorization|api_?key|otp|code|cvc|card_?number|qr_?(payload|image))[\w-]*)("?\s*[=:]\s*)("?[ \t]*)[^\s&",}]+/gi;

/**
 * A body that is not JSON (a form or text a JSON route refused with 415), as the log keeps it: its
 * first 200 characters, percent-escapes decoded (so `pass%77ord=` or `yk%5Ftest%5F…` is seen for
 * what it is), then a form's fields redacted as a JSON body's are, or in free text each
 * `name=value` whose name a secret goes by and each secret-shaped value.
 */
function nonJsonBody(text: string) {
  const sample = text.slice(0, 200);
  if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(sample.trim())) {
    const fields = new URLSearchParams(sample.trim());
    return { note: 'not JSON', form: redactSecrets(Object.fromEntries(fields)) };
  }
  return { note: 'not JSON', text: redactFreeText(decoded(sample)) };
}

function redactFreeText(text: string) {
  return text.replace(secretValue, REDACTED).replace(secretAssignment, (_all, name: string, _word, _q, separator: string, quote: string) => `${name}${separator}${quote}${REDACTED}`);
}

/** `text` with its percent-escapes decoded, or as it is when they do not decode. */
function decoded(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A request path as the logs keep it (the request log's `path`, the access log's line): a key or
 * secret pasted into a URL is redacted, percent-escaped or not.
 */
export function loggedPath(path: string): string {
  if (!/yk_|whsec_|yp-|yarrow-relay|%/i.test(path)) return path;
  return decoded(path).replace(secretValue, REDACTED);
}

/**
 * A body as the log keeps it, as the JSON text of its `jsonb` column: with nothing to redact, the
 * text itself when it is known `valid` JSON (the text `ok()` made an answer from) or the client's
 * text through JSON.parse; otherwise parsed JSON with secrets removed, or a note for what is not
 * JSON; null for no body.
 */
export function loggedBody(text: string | undefined, valid = false, aliases?: RegExp): string | null {
  if (text === undefined || text.trim() === '') return null;
  if (text.length > MAX_BODY_CHARS) return JSON.stringify({ note: `body of ${text.length} characters not kept (over ${MAX_BODY_CHARS})` });
  let value: unknown;
  try {
    // A client's text is written back as JSON.parse reads it (a number past a double's range stays
    // what it was logged as before, not a value PostgreSQL's numeric refuses).
    if (!aliases && !mayHoldSecret.test(text)) return valid ? text : JSON.stringify(JSON.parse(text));
    value = JSON.parse(text);
  } catch {
    return JSON.stringify(nonJsonBody(text));
  }
  return JSON.stringify(redactSecrets(value, aliases));
}

interface Entry {
  id: string;
  accountId: number;
  apiKeyId: string;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  errorCode: string | null;
  /** The JSON columns as JSON text (`loggedBody`), or null. */
  query: string | null;
  requestBody: string | null;
  responseBody: string | null;
  createdAt: Date;
}

/**
 * Inserts a batch of log rows in one statement on the `pg` pool. Prisma's `createMany` compiled a
 * new query plan for every batch (its shape changes with the row count) and serialised each JSON
 * column: the query compiler was the largest cost of an accept in a gateway profile (round 4).
 * One array per column (`unnest`), the bodies as JSON text cast once to `jsonb`: a single JSON
 * document of the rows (`jsonb_to_recordset`) made PostgreSQL parse every body twice (the document,
 * then each `jsonb` field from its text) and the gateway `JSON.stringify` them into it. A prepared
 * statement (`name`): each pooled connection parses and plans it once, not once per batch.
 * A JSON `null` body is SQL NULL, as Prisma wrote it.
 */
const insertEntries = {
  name: 'yarrow_api_requests_insert',
  text: `
  INSERT INTO api_requests (id, account_id, api_key_id, method, path, operation_id, status, duration_ms, request_id,
                            idempotency_key, error_code, query, request_body, response_body, created_at)
  SELECT r.id, r.account_id, r.api_key_id, r.method, r.path, r.operation_id, r.status, r.duration_ms, r.request_id,
         r.idempotency_key, r.error_code, r.query::jsonb, nullif(r.request_body::jsonb, 'null'), nullif(r.response_body::jsonb, 'null'), r.created_at
  FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[],
              $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::timestamptz[])
    AS r(id, account_id, api_key_id, method, path, operation_id, status, duration_ms, request_id,
         idempotency_key, error_code, query, request_body, response_body, created_at)`,
};

/** One batched writer per process: the rows that arrive while one insert runs share the next. */
const writerFor = perRuntime((rt: Pick<Runtime, 'db' | 'logger' | 'shared'>) => {
  const insert = batcher(
    async (entries: Entry[]) => {
      const column = <T>(value: (entry: Entry) => T) => entries.map(value);
      await rt.db.pool.query({
        ...insertEntries,
        values: [
          column((e) => e.id),
          column((e) => e.accountId),
          column((e) => e.apiKeyId),
          column((e) => e.method),
          column((e) => e.path),
          column((e) => e.operationId),
          column((e) => e.status),
          column((e) => e.durationMs),
          column((e) => e.requestId),
          column((e) => e.idempotencyKey),
          column((e) => e.errorCode),
          column((e) => e.query),
          column((e) => e.requestBody),
          column((e) => e.responseBody),
          column((e) => e.createdAt.toISOString()),
        ],
      });
      return entries.map(() => undefined);
    },
    { maxItems: 500 },
  );
  return (entry: Entry) =>
    insert(entry).catch((error: unknown) => {
      // A lost log row must never fail or slow the request it describes.
      rt.logger.warn({ err: error, requestLogId: entry.id }, 'API request log row not written');
    });
});

/**
 * Runs a REST request (`defineRoute`'s handler) and, when an API key made it, logs it after the
 * answer: the request's own work runs inside `currentRequestLogId`'s context.
 */
export async function loggedRequest(rt: Pick<Runtime, 'db' | 'logger' | 'shared'>, c: HttpContext, operationId: string | undefined, work: () => Promise<Response>): Promise<Response> {
  const id = newId('apiRequest');
  const started = performance.now();
  const createdAt = new Date();
  let response: Response | undefined;
  let failure: unknown;
  try {
    response = await current.run({ id }, work);
    return response;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // Only a request a key made belongs to an account (a refused key made no request of anyone's).
    const principal = c.get('principal') as { accountId: number; keyId: string } | undefined;
    if (principal) {
      const durationMs = Math.round(performance.now() - started);
      // The text `ok`/`errorResponse` made the answer from; another JSON answer is read from a copy
      // now, before the server streams the answer itself.
      const text = response && answerText(response);
      const answer = text !== undefined ? Promise.resolve(text) : response && /json/i.test(response.headers.get('content-type') ?? '') ? response.clone().text() : undefined;
      const known = failure instanceof YarrowError ? failure : undefined;
      const entry = { id, accountId: principal.accountId, apiKeyId: principal.keyId, operationId: operationId ?? null, durationMs, createdAt };
      void record(rt, c, entry, response?.status ?? known?.status ?? 500, answer, text !== undefined, known).catch((error: unknown) => {
        rt.logger.warn({ err: error, requestLogId: id }, 'API request log row not written');
      });
    }
  }
}

/** Builds a request's log row from what it sent and what it was answered, and queues it for the next batch. */
async function record(
  rt: Pick<Runtime, 'db' | 'logger' | 'shared'>,
  c: HttpContext,
  entry: Pick<Entry, 'id' | 'accountId' | 'apiKeyId' | 'operationId' | 'durationMs' | 'createdAt'>,
  status: number,
  answer: Promise<string> | undefined,
  fromOk: boolean,
  known: YarrowError | undefined,
): Promise<void> {
  const text = await answer;
  // Hono keeps the body a route read; one it did not read is read here, after the answer.
  const sent = ['GET', 'HEAD', 'DELETE'].includes(c.req.method) ? undefined : await c.req.text();
  const query = c.req.query();
  // A GraphQL document may name secret fields by aliases: its answer (and its variables) are
  // redacted under those names too.
  const aliases = entry.operationId === 'graphql' ? aliasedSecrets(sent ?? query.query) : undefined;
  const responseBody = loggedBody(text, fromOk, aliases);
  // Only an answer that says `"error"` can name an error code: the others are not parsed again.
  const answered = responseBody?.includes('"error"') ? errorCodeOf(responseBody) : undefined;
  await writerFor(rt)({
    ...entry,
    method: c.req.method,
    path: loggedPath(c.req.path),
    status,
    requestId: c.get('requestId'),
    idempotencyKey: c.req.header('idempotency-key')?.slice(0, 255) ?? null,
    errorCode: known?.code ?? answered ?? (status >= 500 ? 'internal_error' : null),
    query: Object.keys(query).length > 0 ? JSON.stringify(redactSecrets(query, aliases)) : null,
    requestBody: sent === undefined ? null : loggedBody(sent, false, aliases),
    responseBody: responseBody ?? (known ? JSON.stringify(redactSecrets(known.toBody())) : null),
  });
}

/** The `error.code` of a logged answer (`{"error": {"code": …}}`), if it has one. */
function errorCodeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes log rows older than the retention period (the maintenance worker, every ten minutes). */
export async function purgeOldApiRequests(rt: Pick<Runtime, 'db' | 'config'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - rt.config.API_REQUEST_LOG_RETENTION_DAYS * 86_400_000);
  const { count } = await rt.db.prisma.apiRequest.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
