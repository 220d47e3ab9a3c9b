import { sha256 } from './crypto.ts';
import type { DbClient } from './db.ts';
import { YarrowError } from './errors.ts';
import { coreLockNamespaces, tryAdvisoryXactLock } from './locks.ts';
import { createdAnswer, type HttpContext } from './http.ts';
import type { Runtime } from './runtime.ts';

const KEY_TTL_HOURS = 24;

export interface StoredResponse {
  /** 402: the object was created but its charge did not go through; `body` is the error envelope (`createdAnswer`). */
  status: 200 | 201 | 202 | 402;
  body: Record<string, unknown>;
}

export interface IdempotentCreateOptions {
  withoutKey?: () => Promise<StoredResponse>;
  /**
   * Top-level fields of the answer that hold a secret shown once (an API key, a signing secret).
   * They are never stored: a replay answers them as `null` with `secret_redacted: true`.
   */
  secretFields?: readonly string[];
}

/** The answer as stored for replays: without its secret fields. */
function withoutSecrets(body: Record<string, unknown>, secretFields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([field]) => !secretFields.includes(field)));
}

/** A stored answer as replayed: each secret field `null`, and a flag saying it was shown once. */
function replayBody(stored: Record<string, unknown>, secretFields: readonly string[]): Record<string, unknown> {
  if (secretFields.length === 0) return stored;
  return { ...stored, ...Object.fromEntries(secretFields.map((field) => [field, null])), secret_redacted: true };
}

/** JSON with every object's keys sorted, so two serialisations of the same value are one string. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What "the same request" means for a key: the method, the path and the parsed parameters (Stripe's
 * rule), so a client that re-serialises its body on a retry (other key order, other spacing,
 * `12.50` for `12.5`) is replayed, not refused. A body that is not JSON is compared as bytes.
 */
function requestFingerprint(method: string, path: string, rawBody: string): string {
  let parameters: string;
  try {
    parameters = canonicalJson(rawBody.trim() === '' ? {} : JSON.parse(rawBody));
  } catch {
    parameters = rawBody;
  }
  return sha256(`${method} ${path}\n${parameters}`);
}

/**
 * Runs a create request once per `Idempotency-Key`. The handler's writes, the stored response and
 * any jobs it enqueues commit in one transaction, so a crash leaves either nothing (the client may
 * retry) or everything (a retry replays). A second request with the key while the first runs gets
 * 409; the same key with other parameters gets 409; the same key and parameters replays the first
 * answer (`requestFingerprint`).
 * Requests rejected by validation store nothing, as at Stripe, so the client can fix and resend.
 * Secrets in the answer (`secretFields`) are shown by the first answer only: they are not stored,
 * so neither the table nor a replay ever holds them.
 */
export async function idempotentCreate(
  rt: Runtime,
  c: HttpContext,
  rawBody: string,
  handler: (tx: DbClient) => Promise<StoredResponse>,
  options: IdempotentCreateOptions = {},
): Promise<Response> {
  const secretFields = options.secretFields ?? [];
  const key = c.req.header('idempotency-key');
  if (key === undefined) {
    // A create with no key needs no transaction of its own: `withoutKey` may share one with others.
    const result = options.withoutKey ? await options.withoutKey() : await rt.db.prisma.$transaction((tx) => handler(tx));
    return createdAnswer(c, result.body, result.status);
  }
  if (key.length < 1 || key.length > 255) {
    throw new YarrowError('invalid_request', 'Idempotency-Key must be 1 to 255 characters.', { param: 'Idempotency-Key' });
  }
  const { accountId } = c.get('principal');
  const requestHash = requestFingerprint(c.req.method, c.req.path, rawBody);

  const outcome = await rt.db.prisma.$transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, coreLockNamespaces.idempotencyKey, `${accountId}:${key}`))) {
      throw new YarrowError('idempotency_conflict', 'Another request with this Idempotency-Key is in progress.', {
        param: 'Idempotency-Key',
      });
    }
    const previous = await tx.idempotencyKey.findUnique({ where: { accountId_key: { accountId, key } } });
    if (previous && previous.expiresAt > new Date()) {
      if (previous.requestHash !== requestHash) {
        throw new YarrowError(
          'idempotency_conflict',
          'This Idempotency-Key was used with a different request; use a new key for a new request.',
          { param: 'Idempotency-Key' },
        );
      }
      const body = replayBody(previous.responseBody as Record<string, unknown>, secretFields);
      return { replayed: true, status: previous.responseStatus as StoredResponse['status'], body };
    }
    const result = await handler(tx);
    const stored = {
      requestHash,
      responseStatus: result.status,
      responseBody: withoutSecrets(result.body, secretFields) as object,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + KEY_TTL_HOURS * 3600_000),
    };
    await tx.idempotencyKey.upsert({
      where: { accountId_key: { accountId, key } },
      create: { accountId, key, ...stored },
      update: stored,
    });
    return { replayed: false, ...result };
  });
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  return createdAnswer(c, outcome.body, outcome.status);
}
