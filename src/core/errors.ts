import { z } from 'zod';

/**
 * Yarrow's wording of a rule a value broke, for zod's common checks (README, "API conventions"):
 * `title: is required`, `limit: must be at most 100`, `status: must be one of open, paid, void`.
 * A schema's own message (money, currencies, dates) comes first; anything else keeps zod's.
 */
function issueWording(issue: z.core.$ZodRawIssue) {
  const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of ${issue.values.join(', ')}`;
    case 'too_small': {
      const { minimum, origin } = issue;
      if (origin === 'string') return Number(minimum) <= 1 ? 'must not be empty' : `must be at least ${minimum} characters`;
      if (origin === 'array' || origin === 'set') return `must have at least ${minimum} item${Number(minimum) === 1 ? '' : 's'}`;
      return issue.inclusive === false ? `must be greater than ${minimum}` : `must be at least ${minimum}`;
    }
    case 'too_big': {
      const { maximum, origin } = issue;
      if (origin === 'string') return `must be at most ${maximum} characters`;
      if (origin === 'array' || origin === 'set') return `must have at most ${maximum} items`;
      return issue.inclusive === false ? `must be less than ${maximum}` : `must be at most ${maximum}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an email address such as ada@example.com';
      if (issue.format === 'url') return 'must be a URL';
      if (issue.format === 'datetime') return 'must be an ISO 8601 date and time such as 2026-11-24T18:00:00Z';
      return `must be a valid ${issue.format}`;
    default:
      return undefined;
  }
}
z.config({ customError: issueWording });

/** Stable error codes every domain may answer with, and the HTTP status each one answers with. */
export const coreErrorStatus = {
  invalid_request: 400,
  /** A GraphQL operation over a cost, depth, alias or size limit (src/graphql/limits.ts). */
  query_too_complex: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  invalid_state: 409,
  idempotency_conflict: 409,
  already_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

/** The codes a domain declares (its module's `errorCodes`); src/modules.ts merges them in. */
export interface DomainErrorCodes {}

type CoreErrorCode = keyof typeof coreErrorStatus;
export type ErrorCode = CoreErrorCode | (keyof DomainErrorCodes & string);

/**
 * A domain's error codes, as its module declares them (`errorCodes`), and the `YarrowError`s it
 * throws with them: the status travels with the code's own declaration (no registry to fill at
 * import), and `moduleRegistry` refuses a code two declare.
 */
export function domainErrors<const Codes extends Record<string, number>>(codes: Codes) {
  return {
    codes,
    error: (code: keyof Codes & string, message: string, options: { param?: string; headers?: Record<string, string> } = {}) =>
      new YarrowError(code as ErrorCode, message, { ...options, status: codes[code] as number }),
  };
}

export class YarrowError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly status: number;
  readonly headers?: Record<string, string>;

  /** A domain's own code (its module's `errorCodes`) comes with its `status`: build it with the domain's `domainErrors(…).error`. */
  constructor(code: CoreErrorCode, message: string, options?: { param?: string; headers?: Record<string, string> });
  constructor(code: ErrorCode, message: string, options: { param?: string; headers?: Record<string, string>; status: number });
  constructor(code: ErrorCode, message: string, options: { param?: string; headers?: Record<string, string>; status?: number } = {}) {
    super(message);
    this.name = 'YarrowError';
    this.code = code;
    this.param = options.param;
    this.status = options.status ?? coreErrorStatus[code as CoreErrorCode];
    this.headers = options.headers;
  }

  toBody() {
    return {
      ok: false as const,
      error: { code: this.code, message: this.message, ...(this.param ? { param: this.param } : {}) },
    };
  }
}

export const notFound = (what: string, param?: string) =>
  new YarrowError('not_found', `No such ${what}.`, { param });

/** Formats a zod path the way request params are named: `metadata.order_id`, `items[0].price`. */
export function paramPath(path: readonly PropertyKey[]): string | undefined {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || undefined;
}

export function fromZodError(error: z.ZodError, prefix?: string): YarrowError {
  const issue = error.issues[0];
  // An unknown field is named as the param, like any other bad field (zod reports it on the object).
  const unknownField = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const issuePath = [...(issue?.path ?? []), ...(unknownField !== undefined ? [unknownField] : [])];
  const path = prefix ? [prefix, ...issuePath] : issuePath;
  const param = paramPath(path);
  const reason = unknownField !== undefined ? 'unknown field; leave it out or check its spelling' : issue?.message;
  const message = reason ? (param ? `${param}: ${reason}` : reason) : 'Invalid request.';
  return new YarrowError('invalid_request', message, { param });
}

/** Parses input with a zod schema; failures become `invalid_request` naming the first bad param. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}

const unavailableCodes = new Set([
  // Prisma: cannot reach / connection closed / pool timeout.
  'P1001', 'P1002', 'P1017', 'P2024',
  // Prisma: no pooled connection for a transaction in time (overload): retry later, not a bug.
  'P2028',
  // PostgreSQL: shutting down, starting up, connection failures.
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006',
  // Node sockets.
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE',
]);
const unavailableMessage =
  /Can't reach database server|Connection terminated|Server has closed the connection|terminating connection|the database system is (starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Connection refused/i;

/** True when the error, or one of its causes, has one of the codes or a matching message. */
function causedBy(error: unknown, codes: ReadonlySet<string>, message: RegExp): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && codes.has(candidate.code)) return true;
    // Prisma's P2010 wraps raw-query failures; only the message tells what PostgreSQL said.
    if (typeof candidate.message === 'string' && message.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/** True when an error means "the database is not reachable right now" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causedBy(error, unavailableCodes, unavailableMessage);
}

export const serviceUnavailable = () =>
  new YarrowError('service_unavailable', 'The database is unavailable; retry shortly. Nothing was changed.', {
    headers: { 'Retry-After': '2' },
  });

// 22007-22009: a date PostgreSQL cannot hold (before 4713 BC: JavaScript's go back to 271821 BC).
const invalidInputCodes = new Set(['22021', '22P05', '22P02', '22001', '22003', '22007', '22008', '22009', '54000', 'P2000']);
const invalidInputMessage = /invalid byte sequence|date\/time field value out of range|time zone displacement out of range|unsupported Unicode escape|untranslatable character|value too long|out of range for type|index row size|index row requires/i;

/**
 * True when PostgreSQL refused a value a client sent (a NUL byte, a value too large for an index).
 * Validation should catch these first; this keeps a missed case a 400 instead of a 500.
 */
export function isInvalidInputError(error: unknown): boolean {
  return causedBy(error, invalidInputCodes, invalidInputMessage);
}

export const unprocessableInput = () =>
  new YarrowError('invalid_request', 'A value in the request cannot be stored (for example a NUL character or an oversized value).');

/**
 * The client-facing error for any thrown value: a YarrowError as it is, a database outage or a
 * value PostgreSQL refused as theirs; undefined for a bug. REST and GraphQL both answer with it.
 */
export function knownError(error: unknown): YarrowError | undefined {
  if (error instanceof YarrowError) return error;
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  if (isInvalidInputError(error)) return unprocessableInput();
  return undefined;
}
