import { z } from 'zod';
import type { Scope } from './auth.ts';
import { errorStatus } from './errors.ts';

/**
 * What a route documents about itself, recorded by `defineRoute` (`src/core/route.ts`) from the
 * same declaration that guards and validates it; the gateway serves the OpenAPI document and
 * Postman collection built from these. test/core/openapi.test.ts fails when a route has no
 * description or a description no route, and when a documented scope is not the enforced one.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Hono path syntax: `/api/v1/things/:id`. */
  path: string;
  summary: string;
  tag: string;
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
  /** What a success answers: JSON (default), an HTML page, plain text, or a server-sent events stream. */
  produces?: 'json' | 'html' | 'text' | 'event-stream';
  /** Another path of a documented route, served for clients that build it (`/api/api/v1/…`): left out of OpenAPI and Postman. */
  alias?: boolean;
  /** `false`: served and recorded, but left out of OpenAPI and Postman (not Yarrow's REST API). */
  listed?: false;
}

const routeDocs: RouteDoc[] = [];

/** Records a route's description; `defineRoute` calls it, nothing else should. */
export function describeRoute(doc: RouteDoc) {
  const existing = routeDocs.findIndex((entry) => entry.method === doc.method && entry.path === doc.path);
  if (existing >= 0) routeDocs.splice(existing, 1);
  routeDocs.push(doc);
}

export function describedRoutes(): readonly RouteDoc[] {
  return routeDocs;
}

/** `/api/v1/things/:id` → `/api/v1/things/{id}` (regex constraints dropped). */
export function openapiPath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

function jsonSchema(schema: z.ZodType) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const errorSchema = {
  type: 'object',
  required: ['ok', 'error'],
  properties: {
    ok: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(errorStatus) },
        message: { type: 'string' },
        param: { type: 'string' },
      },
    },
  },
};

/** A route's OpenAPI security: public, a device token, or an API key with its scope (panel sessions are never listed). */
function security(auth: RouteDoc['auth']) {
  if (auth === 'none' || auth === 'session') return { security: [] };
  if (auth === 'device') return { security: [{ deviceToken: [] }] };
  return { security: [{ apiKey: [] }], 'x-scope': auth, description: `Requires scope \`${auth}\`.` };
}

export function buildOpenApi(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of [...routeDocs].filter((entry) => !entry.alias && entry.listed !== false).sort((a, b) => a.path.localeCompare(b.path))) {
    const path = openapiPath(doc.path);
    const parameters: unknown[] = [];
    for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
    if (doc.query) {
      const query = jsonSchema(doc.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
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
    const mediaType =
      doc.produces === 'html' ? 'text/html' : doc.produces === 'text' ? 'text/plain' : doc.produces === 'event-stream' ? 'text/event-stream' : 'application/json';
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(doc.responses)) {
      responses[status] = {
        description,
        ...(Number(status) < 300 || doc.responseSchema
          ? { content: { [mediaType]: doc.responseSchema ? { schema: jsonSchema(doc.responseSchema) } : {} } }
          : {}),
      };
    }
    responses.default = { description: 'Error', content: { 'application/json': { schema: errorSchema } } };
    paths[path] ??= {};
    paths[path]![doc.method] = {
      summary: doc.summary,
      tags: [doc.tag],
      operationId: `${doc.method}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, next: string | undefined) => (next ?? '').toUpperCase())}`,
      ...security(doc.auth),
      ...(parameters.length ? { parameters } : {}),
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: {
                [doc.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: jsonSchema(doc.body) },
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
      description: 'Yarrow Pay and Yarrow Relay REST API. Errors: {"ok": false, "error": {"code", "message", "param"}}.',
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer yk_test_…`.' },
        deviceToken: { type: 'http', scheme: 'bearer', description: 'A paired device token.' },
      },
    },
    paths,
  };
}
