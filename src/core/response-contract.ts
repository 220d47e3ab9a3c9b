import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { answersWithPage, documentedErrors, errorEnvelope, errorSchemaOf, type RouteDoc } from './openapi.ts';

/**
 * Why a response is not what the route's OpenAPI entry promises, or undefined when it is: a
 * success status it lists with a body its schema accepts, or an error status it lists with the
 * error envelope and one of the codes listed for that status.
 */
export function responseViolation(doc: RouteDoc, status: number, body: unknown): string | undefined {
  const json = (doc.produces ?? 'json') === 'json';
  if (doc.responses[status] !== undefined) {
    if (!json || !doc.responseSchema) return undefined;
    const parsed = doc.responseSchema.safeParse(body);
    return parsed.success ? undefined : `the body is not the documented one:\n${z.prettifyError(parsed.error)}`;
  }
  const codes = documentedErrors(doc).get(status);
  if (!codes) return `status ${status} is not documented`;
  if (answersWithPage(doc, status)) return undefined;
  const parsed = (doc.errorBody ?? errorEnvelope).safeParse(body);
  if (!parsed.success) return `the error body is not the documented envelope:\n${z.prettifyError(parsed.error)}`;
  const code = doc.errorBody ? (body as { code?: unknown }).code : (body as z.infer<typeof errorEnvelope>).error.code;
  if (!codes.includes(code as (typeof codes)[number])) return `error code ${String(code)} is not documented for status ${status} (${codes.join(', ')})`;
  // The fields the status's codes add (a declined charge's decline_code and payment_intent).
  if (!doc.errorFields) return undefined;
  const full = errorSchemaOf(doc, codes).safeParse(body);
  return full.success ? undefined : `the error body lacks its documented fields:\n${z.prettifyError(full.error)}`;
}

/**
 * Middleware that checks every answer of a route listed in OpenAPI against its entry and reports
 * each mismatch (tests fail on any: test/helpers/app.ts). It reads a copy of JSON bodies only.
 */
export function checkResponses(report: (violation: string) => void, routeDocs: readonly RouteDoc[]): MiddlewareHandler {
  // Read at the first answer: the routes register after this middleware.
  const byRoute = () => new Map(routeDocs.map((doc) => [`${doc.method} ${doc.path}`, doc]));
  let routes: Map<string, RouteDoc> | undefined;
  return async (c, next) => {
    await next();
    routes ??= byRoute();
    const doc = routes.get(`${c.req.method.toLowerCase()} ${c.req.routePath}`);
    if (!doc || doc.listed === false) return;
    const json = /json/i.test(c.res.headers.get('content-type') ?? '');
    const body = json ? await c.res.clone().json() : undefined;
    const violation = responseViolation(doc, c.res.status, body);
    if (violation) report(`${c.req.method} ${c.req.path} → ${c.res.status}: ${violation}`);
  };
}
