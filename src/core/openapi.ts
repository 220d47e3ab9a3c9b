import { z } from 'zod';
import type { Scope } from './auth.ts';
import type { ErrorCode } from './errors.ts';
import { SIMULATE_ERROR_HEADER, simulatedFaults } from './simulated-errors.ts';

/**
 * What a route documents about itself, recorded by `defineRoute` (`src/core/route.ts`) from the
 * same declaration that guards and validates it; the gateway serves the OpenAPI document and
 * Postman collection built from these. test/core/openapi.test.ts fails when a route has no
 * description or a description no route, and when a documented scope is not the enforced one;
 * with `validateResponses` (every test gateway) a response that is not as documented fails the test.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Hono path syntax: `/api/v1/things/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** Stable and readable (`createPaymentIntent`): SDKs and the Postman collection name their calls by it. */
  operationId?: string;
  /** `none` for public paths, a scope for API-key paths, `device` for a device token, `session` for a panel session (never listed). */
  auth: 'none' | Scope | 'device' | 'session';
  body?: z.ZodType;
  /** `form` for HTML form posts (application/x-www-form-urlencoded). */
  bodyType?: 'json' | 'form';
  query?: z.ZodType;
  idempotent?: boolean;
  /** Status → description of success responses; errors are added from the error codes. */
  responses: Record<number, string>;
  /** The success response body, when it is described by a schema. */
  responseSchema?: z.ZodType;
  /** Error codes the route's own rules answer with, beyond those its auth, input, path and idempotency imply. */
  errorCodes?: readonly ErrorCode[];
  /** Every error code's HTTP status (`rt.modules.errorStatus`: the core's and the modules'). */
  errorStatus: Readonly<Record<ErrorCode, number>>;
  /** The error body of a route that answers in another API's error shape (`errors` in `defineRoute`). */
  errorBody?: z.ZodType;
  /** Fields the error object carries beside code, message and param, by code (a declined charge's `decline_code` and `payment_intent`). */
  errorFields?: ErrorFields;
  /** What a success answers: JSON (default), an HTML page, plain text, or a server-sent events stream. */
  /** `bytes`: a file as stored, its own content type (`application/octet-stream` in the document). */
  produces?: 'json' | 'html' | 'text' | 'event-stream' | 'bytes';
  /** Another path of a documented route, served for clients that build it (`/api/api/v1/…`): left out of OpenAPI and Postman. */
  alias?: boolean;
  /** `false`: served and recorded, but left out of OpenAPI and Postman (not Yarrow's REST API). */
  listed?: false;
}

/** Extra fields of the error object, by the codes that answer with them. */
export type ErrorFields = Partial<Record<ErrorCode, Record<string, z.ZodType>>>;

/**
 * Records a route's description in the gateway's list (`ctx.routeDocs`, which OpenAPI, Postman and
 * the response checks read); a route declared again replaces its first description. `defineRoute`
 * calls it, nothing else should.
 */
export function describeRoute(docs: RouteDoc[], doc: RouteDoc) {
  const existing = docs.findIndex((entry) => entry.method === doc.method && entry.path === doc.path);
  if (existing >= 0) docs.splice(existing, 1);
  docs.push(doc);
}

/** `/api/v1/things/:id` → `/api/v1/things/{id}` (regex constraints dropped). */
export function openapiPath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

/** A JSON schema of a zod schema: `input` for what a client sends, `output` for what Yarrow answers. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Yarrow's error envelope, `{ok: false, error: {code, message, param?}}`: every REST error answers with it. */
export const errorEnvelope = z.object({
  ok: z.literal(false),
  error: z.object({
    code: z.string().describe('A stable code; the status of each is fixed (README, Errors).'),
    message: z.string().describe('For a human: what was wrong and what to do.'),
    param: z.string().optional().describe('The request parameter at fault: `amount`, `metadata.order_id`, `items[0].price`, a header or a path parameter.'),
  }),
});

/**
 * The errors a route can answer with, by status, derived from its declaration: its auth (401,
 * 403 and 429 for a key), a body or query (400, 413), path parameters and list cursors (404, and
 * 400 for an id the database cannot take), idempotency (409), the codes its rules declare
 * (`errorCodes`), and any route's 500 and 503. A status the route documents itself (`responses`,
 * such as the health check's 503) is left to that entry. The test gateways hold every answer to
 * this list (src/core/response-contract.ts), so it stays honest.
 */
/** A route an API key calls (a scope), as opposed to a public one, a panel session's or a device's. */
const takesApiKey = (doc: RouteDoc) => doc.auth !== 'none' && doc.auth !== 'session' && doc.auth !== 'device';

export function documentedErrors(doc: RouteDoc): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>();
  if (doc.auth === 'device') codes.add('unauthorized');
  // A key's request may also ask for a simulated fault (Yarrow-Simulate-Error, src/core/simulated-errors.ts): any of these, or 400 for a bad one.
  else if (takesApiKey(doc)) for (const code of ['unauthorized', 'forbidden', 'rate_limited', 'idempotency_conflict', 'invalid_request'] as const) codes.add(code);
  if (doc.body) for (const code of ['invalid_request', 'payload_too_large'] as const) codes.add(code);
  if (doc.body && doc.bodyType !== 'form') codes.add('unsupported_media_type');
  if (doc.query) codes.add('invalid_request');
  // A path parameter, or a list's cursor, that names no row of the account.
  if (/:\w+/.test(doc.path) || (doc.query instanceof z.ZodObject && 'starting_after' in doc.query.shape)) codes.add('not_found');
  // A path parameter PostgreSQL cannot take (a NUL character): the client's mistake, not a 500 (`unprocessableInput`).
  if (/:\w+/.test(doc.path)) codes.add('invalid_request');
  if (doc.idempotent) for (const code of ['invalid_request', 'idempotency_conflict'] as const) codes.add(code);
  for (const code of doc.errorCodes ?? []) codes.add(code);
  for (const code of ['internal_error', 'service_unavailable'] as const) codes.add(code);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = doc.errorStatus[code];
    if (status === undefined) throw new Error(`${doc.method} ${doc.path}: unknown error code ${code}`);
    if (doc.responses[status] !== undefined) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** What each tag groups, for the document's `tags` (a listed route with a tag not here fails the build). */
const tagDescriptions: Record<string, string> = {
  Payments: 'Payment intents: create one, send the customer to its checkout_url, follow it to succeeded or canceled.',
  Invoices: 'Invoices with a due date and a hosted page; paying one creates its payment intent.',
  Customers: 'Customers and the payment methods their payments saved, to charge again off-session.',
  Billing: 'Products, recurring prices and subscriptions that renew on the account\'s time, with dunning settings.',
  Account: "The key's account and its API keys.",
  Webhooks: 'Webhook endpoints, the events they receive and their deliveries (signed, retried, redeliverable).',
  Relay: 'Yarrow Relay: paired Android phones send SMS and one-time codes; the device calls are made by the phone with its device token.',
  'Android app': 'The mobile API of the "SMS Gateway for Android" app, for phones that use Yarrow as their private server (errors in that API\'s shape).',
  'Hosted pages': "The checkout and invoice pages a customer opens (HTML); the id in the URL is the capability.",
  System: 'Status, health, metrics and this document.',
};

/** A route's OpenAPI security: public, a device token, or an API key with its scope (panel sessions are never listed). */
function security(auth: RouteDoc['auth']) {
  if (auth === 'none' || auth === 'session') return { security: [] };
  if (auth === 'device') return { security: [{ deviceToken: [] }] };
  return { security: [{ apiKey: [] }], 'x-scope': auth, description: `Requires scope \`${auth}\`.` };
}

const mediaTypes = { json: 'application/json', html: 'text/html', text: 'text/plain', 'event-stream': 'text/event-stream', bytes: 'application/octet-stream' } as const;

/**
 * An example value for a JSON schema: the schema's own example when it has one, else one built
 * from its properties' examples, defaults, constants and enums. Yarrow's schemas carry examples
 * (`.meta({ examples })`) where a type alone cannot make a valid value; `redocly lint` checks each.
 */
// biome-ignore lint/suspicious/noExplicitAny: a JSON schema as z.toJSONSchema produced it
export function exampleOf(schema: Record<string, any>): unknown {
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    // A nullable value without an example of its own: null, as an object fresh from create has it.
    const values = schema.anyOf.filter((option: { type?: string }) => option.type !== 'null');
    if (values.length < schema.anyOf.length && !values.some(hasOwnExample)) return null;
    return exampleOf(values[0] ?? schema.anyOf[0]);
  }
  if (schema.oneOf) return exampleOf(schema.oneOf[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(exampleOf));
  if (Array.isArray(schema.type) && schema.type.includes('null')) return null;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      // Required fields, and optional ones with an example of their own (an example of a request sends what it needs).
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)
          .filter(([name, inner]) => schema.required?.includes(name) || hasOwnExample(inner))
          .map(([name, inner]) => [name, exampleOf(inner)]),
      );
    case 'array':
      // `z.array(z.never())` (always empty) has items `{not: {}}`.
      return schema.items && !schema.items.not ? Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items)) : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringExample(schema);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON schema as z.toJSONSchema produced it
function hasOwnExample(schema: Record<string, any>): boolean {
  return schema.examples?.[0] !== undefined || schema.const !== undefined || (schema.anyOf ?? []).some(hasOwnExample);
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON schema as z.toJSONSchema produced it
function stringExample(schema: Record<string, any>): string {
  switch (schema.format) {
    case 'email':
      return 'customer@example.com';
    case 'date-time':
      return '2026-11-23T12:00:00.000Z';
    case 'date':
      return '2026-12-31';
    case 'uri':
      return 'https://shop.example.com/';
    case 'uuid':
      return '0190a8f2-5c1e-7d3a-9b2e-4f6a1c3d5e7f';
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const errorMessages: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'amount: must be a decimal number such as 12.50',
  unauthorized: 'Missing API key. Send it as "Authorization: Bearer yk_test_…".',
  forbidden: 'This API key lacks the scope "payments.write".',
  not_found: 'No such payment intent.',
  invalid_state: 'This cannot be done in the current state.',
  idempotency_conflict: 'This Idempotency-Key was used with another request body.',
  rate_limited: 'Too many requests for this key; retry after 3 s.',
  payload_too_large: 'The request body exceeds 1048576 bytes.',
  unsupported_media_type: 'Send the body as JSON with Content-Type: application/json (this request sent text/plain).',
  internal_error: 'An internal error occurred.',
  service_unavailable: 'The database is unavailable; retry shortly. Nothing was changed.',
};

/** A page refuses a request with an error page; a failure of the server itself (500, 503) answers the JSON envelope, as everywhere. */
export function answersWithPage(doc: RouteDoc, status: number): boolean {
  return doc.produces === 'html' && status < 500;
}

/**
 * The error body one status of a route answers: the envelope (or the route's own error shape) with
 * `code` one of `codes`, and the fields those codes add (`errorFields`), optional where only some of
 * the status's codes carry one. OpenAPI documents it and the test gateways hold answers to it.
 */
export function errorSchemaOf(doc: RouteDoc, codes: readonly ErrorCode[]): z.ZodType {
  const code = z.enum(codes as [ErrorCode, ...ErrorCode[]]);
  if (doc.errorBody instanceof z.ZodObject) return doc.errorBody.extend({ code });
  const fields: Record<string, z.ZodType> = {};
  for (const each of codes) Object.assign(fields, doc.errorFields?.[each]);
  const carriedByAll = (name: string) => codes.every((each) => doc.errorFields?.[each]?.[name] !== undefined);
  const extra = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, carriedByAll(name) ? schema : schema.optional()]));
  return errorEnvelope.extend({ error: errorEnvelope.shape.error.extend({ code: code.describe(errorEnvelope.shape.error.shape.code.description ?? ''), ...extra }) });
}

/** The error responses of an operation: status → the envelope, naming the codes it carries, with an example each. */
function errorResponses(doc: RouteDoc) {
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of documentedErrors(doc)) {
    const description = `Error: ${codes.map((code) => `\`${code}\``).join(', ')}.`;
    if (answersWithPage(doc, status)) {
      responses[status] = { description: `${description} An error page.`, content: { 'text/html': { schema: { type: 'string' } } } };
      continue;
    }
    const body = (code: ErrorCode) => {
      const message = errorMessages[code] ?? `An error with the code ${code}.`;
      const fields = doc.errorFields?.[code];
      const extra = fields ? (exampleOf(jsonSchema(z.object(fields), 'output')) as Record<string, unknown>) : {};
      return doc.errorBody ? { message, code } : { ok: false, error: { code, message, ...extra } };
    };
    const schema = jsonSchema(errorSchemaOf(doc, codes), 'output');
    responses[status] = {
      description,
      content: { 'application/json': { schema, examples: Object.fromEntries(codes.map((code) => [code, { value: body(code) }])) } },
    };
  }
  return responses;
}

/** The body of a status a route lists itself: its schema with an example; a page or text; nothing for 204 and 303. */
function successContent(doc: RouteDoc, status: number) {
  if (status === 204 || status === 303) return {};
  const mediaType = mediaTypes[doc.produces ?? 'json'];
  if (mediaType !== 'application/json') return { content: { [mediaType]: { schema: { type: 'string', ...(doc.produces === 'bytes' ? { format: 'binary' } : {}) } } } };
  // A JSON status without a schema of its own is a refusal the route declares (501 not_implemented).
  const schema = jsonSchema(doc.responseSchema ?? doc.errorBody ?? errorEnvelope, 'output');
  return { content: { [mediaType]: { schema, ...(doc.responseSchema ? { example: exampleOf(schema) } : {}) } } };
}

/** A listed route names its operation (`defineRoute` requires it); the build fails rather than make one up. */
function operationIdOf(doc: RouteDoc): string {
  if (!doc.operationId) throw new Error(`${doc.method} ${doc.path}: a listed route needs an operationId`);
  return doc.operationId;
}

export function buildOpenApi(baseUrl: string, routeDocs: readonly RouteDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const doc of [...routeDocs].filter((entry) => !entry.alias && entry.listed !== false).sort((a, b) => a.path.localeCompare(b.path))) {
    const path = openapiPath(doc.path);
    const parameters: unknown[] = [];
    for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
      parameters.push({ name, in: 'path', required: true, description: `The ${name} of the object.`, schema: { type: 'string' } });
    }
    if (doc.query) {
      const query = jsonSchema(doc.query) as { properties?: Record<string, { description?: string }>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, ...(schema.description ? { description: schema.description } : {}), schema });
      }
    }
    if (doc.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Replays the first response for 24 h; another body with the same key → 409.',
        schema: { type: 'string', maxLength: 255 },
      });
    }
    if (takesApiKey(doc)) {
      parameters.push({
        name: SIMULATE_ERROR_HEADER,
        in: 'header',
        required: false,
        description: 'Sandbox only: answers this error in the normal shape (429 with Retry-After, 500, 409) and changes nothing; a live instance refuses the header (400).',
        schema: { type: 'string', enum: simulatedFaults },
      });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(doc.responses).map(([code, text]) => [Number(code), text] as const)) {
      responses[status] = { description, ...successContent(doc, status), ...(status === 303 ? { headers: { Location: { description: 'The next page.', schema: { type: 'string' } } } } : {}) };
    }
    Object.assign(responses, errorResponses(doc));
    if (!tagDescriptions[doc.tag]) throw new Error(`${doc.method} ${doc.path}: tag ${doc.tag} has no description in tagDescriptions`);
    tags.add(doc.tag);
    const requestSchema = doc.body ? jsonSchema(doc.body) : undefined;
    paths[path] ??= {};
    paths[path]![doc.method] = {
      summary: doc.summary,
      tags: [doc.tag],
      operationId: operationIdOf(doc),
      ...security(doc.auth),
      ...(parameters.length ? { parameters } : {}),
      ...(requestSchema
        ? {
            requestBody: {
              required: true,
              content: {
                [doc.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: requestSchema, example: exampleOf(requestSchema) },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Yarrow API',
      version: '1.0.0',
      description:
        'Yarrow Pay and Yarrow Relay REST API. Success bodies are `{"ok": true, …}`; errors are `{"ok": false, "error": {"code", "message", "param"}}` with the status of their code. GraphQL (`/graphql`) is described by its own schema.',
      contact: { name: 'Yarrow API', url: `${baseUrl}/api/docs` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Yarrow-Proprietary' },
    },
    servers: [{ url: baseUrl, description: 'This Yarrow server' }],
    tags: [...tags].sort().map((name) => ({ name, description: tagDescriptions[name] })),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer yk_test_…`, with the scope each operation names.' },
        deviceToken: { type: 'http', scheme: 'bearer', description: 'A paired device token: `Authorization: Bearer ydt_…`.' },
      },
    },
    paths,
  };
}
