import type { DbClient } from '../core/db.ts';
import { notFound } from '../core/errors.ts';
import type { ApiRequest } from '../generated/prisma/client.ts';

// Reading the API request log (written by src/core/request-log.ts for every REST request of a key).

export async function getApiRequest(db: DbClient, accountId: number, id: string, param = 'id'): Promise<ApiRequest> {
  const row = await db.apiRequest.findFirst({ where: { id, accountId } });
  if (!row) throw notFound('API request', param);
  return row;
}

/** The labels of the keys that made `rows` (keys are revoked, never deleted), read once for a page. */
export async function keyLabels(db: DbClient, accountId: number, rows: Array<Pick<ApiRequest, 'apiKeyId'>>): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.apiKeyId))];
  if (ids.length === 0) return new Map();
  const keys = await db.apiKey.findMany({ where: { accountId, id: { in: ids } }, select: { id: true, label: true } });
  return new Map(keys.map((key) => [key.id, key.label]));
}

/** The events recorded while the request ran (what it caused), oldest first. */
export async function eventsOfApiRequest(db: DbClient, accountId: number, requestLogId: string) {
  return db.event.findMany({ where: { accountId, requestLogId }, orderBy: { id: 'asc' }, take: 100 });
}
