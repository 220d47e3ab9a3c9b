import { z } from 'zod';
import type { DbClient, Prisma } from '../core/db.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../core/pagination.ts';

// The accounts lists: the API request log's filters are written here once, as a Prisma `where`,
// and both the REST list (`limit`/`starting_after`) and the GraphQL connection page over it.

export const requestMethods = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** The request log's filters, as the services take them (REST and GraphQL map their names to these). */
export const apiRequestFilter = z.strictObject({
  method: z.enum(requestMethods).optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  /** Only failed requests (status 400 and up). */
  failed: z.boolean().optional(),
  /** The path starts with this (`/api/v1/payment-intents`). */
  path: z.string().min(1).max(300).optional(),
  apiKeyId: z.string().min(1).max(100).optional(),
  idempotencyKey: z.string().min(1).max(255).optional(),
  errorCode: z.string().min(1).max(100).optional(),
  requestId: z.string().min(1).max(100).optional(),
  createdFrom: z.date().optional(),
  createdBefore: z.date().optional(),
});
export type ApiRequestFilter = z.infer<typeof apiRequestFilter>;

export function apiRequestsWhere(accountId: number, filter: ApiRequestFilter) {
  return {
    accountId,
    ...(filter.method ? { method: filter.method } : {}),
    ...(filter.status !== undefined ? { status: filter.status } : filter.failed ? { status: { gte: 400 } } : {}),
    ...(filter.path ? { path: { startsWith: filter.path } } : {}),
    ...(filter.apiKeyId ? { apiKeyId: filter.apiKeyId } : {}),
    ...(filter.idempotencyKey ? { idempotencyKey: filter.idempotencyKey } : {}),
    ...(filter.errorCode ? { errorCode: filter.errorCode } : {}),
    ...(filter.requestId ? { requestId: filter.requestId } : {}),
    ...(filter.createdFrom || filter.createdBefore
      ? { createdAt: { ...(filter.createdFrom ? { gte: filter.createdFrom } : {}), ...(filter.createdBefore ? { lt: filter.createdBefore } : {}) } }
      : {}),
  } satisfies Prisma.ApiRequestWhereInput;
}

/** `GET /api/v1/request-logs`: the same filters in REST's snake_case. */
export const apiRequestListQuery = listQuery.extend({
  method: z.enum(requestMethods).optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  failed: z.enum(['true', 'false']).optional(),
  path: z.string().min(1).max(300).optional(),
  api_key_id: z.string().min(1).max(100).optional(),
  idempotency_key: z.string().min(1).max(255).optional(),
  error_code: z.string().min(1).max(100).optional(),
  request_id: z.string().min(1).max(100).optional(),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_before: z.iso.datetime({ offset: true }).optional(),
});

export async function listApiRequests(db: DbClient, accountId: number, query: z.output<typeof apiRequestListQuery>) {
  await assertCursorsOwned(db.apiRequest, accountId, query, 'API request');
  const where = apiRequestsWhere(accountId, {
    method: query.method,
    status: query.status,
    failed: query.failed === 'true',
    path: query.path,
    apiKeyId: query.api_key_id,
    idempotencyKey: query.idempotency_key,
    errorCode: query.error_code,
    requestId: query.request_id,
    createdFrom: query.created_from ? new Date(query.created_from) : undefined,
    createdBefore: query.created_before ? new Date(query.created_before) : undefined,
  });
  return db.apiRequest.findMany({ where, ...pageArgs(query) });
}
