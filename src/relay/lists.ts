import { z } from 'zod';
import type { DbClient, Prisma } from '../core/db.ts';
import { YarrowError } from '../core/errors.ts';
import { assertCursorsOwned, listQuery, pageArgs } from '../core/pagination.ts';
import { messageStages, messageStatuses, type MessageStage, type MessageStatus } from './json.ts';
import { stateOfStage, statesOfStatus } from './messages/index.ts';

// The relay lists: each one's filters are written here once, as a Prisma `where`, and both the
// REST list (`limit`/`starting_after`) and the GraphQL connection (`first`/`after`) page over it.
// Recipients are searched by `searchRecipients` (recipients.ts: trigram-indexed SQL).

const deviceStatuses = ['online', 'offline', 'revoked'] as const;

export interface DeviceFilter {
  status?: (typeof deviceStatuses)[number] | null;
  /** A device id, or part of its name (any case). */
  search?: string | null;
}

export function devicesWhere(accountId: number, filter: DeviceFilter = {}): Prisma.DeviceWhereInput {
  const search = filter.search?.trim();
  return {
    accountId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(search ? { OR: [{ id: search }, { name: { contains: search, mode: 'insensitive' } }] } : {}),
  };
}

export const deviceListQuery = listQuery.extend({
  status: z.enum(deviceStatuses).optional(),
  search: z.string().trim().max(100).optional(),
});

export async function listDevices(db: DbClient, accountId: number, query: z.output<typeof deviceListQuery>) {
  await assertCursorsOwned(db.device, accountId, query, 'device');
  // With its open connections counted: the list says whether each is connected now.
  return db.device.findMany({ where: devicesWhere(accountId, query), include: { _count: { select: { connections: true } } }, ...pageArgs(query) });
}

export interface MessageFilter {
  /** Public status (`queued` covers waiting and on a phone). */
  status?: MessageStatus | null;
  /** The `stage`, finer than `status` (`on_phone` apart from `queued`; docs/glossary.md). */
  stage?: MessageStage | null;
  /** Digits the recipient's number contains. */
  to?: string | null;
  deviceId?: string | number | null;
  /** The batch it was queued in (a list send). */
  batchId?: string | number | null;
  /** Queued at or after. */
  queuedAfter?: Date | null;
  /** Queued before. */
  queuedBefore?: Date | null;
  /** A request id, a batch id, or digits of the recipient's number in any format. */
  search?: string | null;
  /** `outbound` (sent by the account) or `inbound` (received by its phones); both when unset. */
  direction?: 'outbound' | 'inbound' | null;
  /** Inbound: digits the sender's number contains. */
  from?: string | null;
  /**
   * The conversation with one number, both ways: outbound messages sent `to` it and inbound ones
   * `from` it (the whole number: E.164, spaces and dashes allowed; or a sender name exactly).
   */
  counterparty?: string | null;
}

/** A counterparty as stored: a number written any way as `+` and its digits, a sender name as given. */
function counterpartyOf(text: string): string {
  const trimmed = text.trim();
  return /^\+?[\d\s().-]+$/.test(trimmed) ? `+${trimmed.replace(/\D/g, '')}` : trimmed;
}

/** Messages by status or stage, recipient number, device, time queued, and a search by id or number. */
export function messagesWhere(accountId: number, filter: MessageFilter): Prisma.MessageWhereInput {
  if (filter.queuedAfter && filter.queuedBefore && filter.queuedAfter >= filter.queuedBefore) {
    throw new YarrowError('invalid_request', 'The start of the date range must be before its end.', { param: 'queued_after' });
  }
  const search = filter.search?.trim();
  const searchDigits = search?.replace(/\D/g, '');
  const conditions: Prisma.MessageWhereInput[] = [
    ...(filter.status ? [{ state: { in: statesOfStatus(filter.status) } }] : []),
    ...(filter.stage ? [{ state: stateOfStage(filter.stage) }] : []),
    ...(filter.to ? [{ to: { contains: filter.to.replace(/[^\d+]/g, '') } }] : []),
    ...(filter.deviceId ? [{ deviceId: String(filter.deviceId) }] : []),
    ...(filter.batchId ? [{ batchId: String(filter.batchId) }] : []),
    // Inbound also by its key (every inbound SMS has one): the partial index messages_inbound_idx reads only those rows.
    ...(filter.direction === 'inbound' ? [{ direction: 'inbound' as const, inboundKey: { not: null } }] : []),
    ...(filter.direction === 'outbound' ? [{ direction: 'outbound' as const }] : []),
    ...(filter.from ? [{ from: { contains: filter.from.replace(/[^\d+]/g, '') } }] : []),
    ...(filter.counterparty?.trim()
      ? [{ OR: [{ direction: 'outbound' as const, to: counterpartyOf(filter.counterparty) }, { direction: 'inbound' as const, from: counterpartyOf(filter.counterparty) }] }]
      : []),
    ...(filter.queuedAfter ? [{ queuedAt: { gte: filter.queuedAfter } }] : []),
    ...(filter.queuedBefore ? [{ queuedAt: { lt: filter.queuedBefore } }] : []),
    // A search that is neither an id nor has digits matches nothing (never every row).
    // Digits find a number's conversation: what was sent to it and what it sent (inbound `from`).
    ...(search ? [{ OR: [{ id: search }, { batchId: search }, ...(searchDigits ? [{ to: { contains: searchDigits } }, { from: { contains: searchDigits } }] : [])] }] : []),
  ];
  return { accountId, ...(conditions.length > 0 ? { AND: conditions } : {}) };
}

export const messageListQuery = listQuery.extend({
  status: z.enum(messageStatuses).optional(),
  stage: z.enum(messageStages).optional(),
  to: z.string().trim().max(32).optional(),
  device_id: z.string().trim().min(1).max(64).optional(),
  batch_id: z.string().trim().min(1).max(64).optional(),
  queued_after: z.coerce.date().optional(),
  queued_before: z.coerce.date().optional(),
  search: z.string().trim().max(64).optional(),
  direction: z.enum(['outbound', 'inbound']).optional(),
  from: z.string().trim().max(32).optional(),
  counterparty: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('The conversation with one number: outbound messages sent to it and inbound ones from it (the whole number, E.164; or a sender name as received).')
    .meta({ examples: ['+14155552671'] }),
});

export async function listMessages(db: DbClient, accountId: number, query: z.output<typeof messageListQuery>) {
  await assertCursorsOwned(db.message, accountId, query, 'message');
  const where = messagesWhere(accountId, {
    status: query.status,
    stage: query.stage,
    to: query.to,
    deviceId: query.device_id,
    batchId: query.batch_id,
    queuedAfter: query.queued_after,
    queuedBefore: query.queued_before,
    search: query.search,
    direction: query.direction,
    from: query.from,
    counterparty: query.counterparty,
  });
  return db.message.findMany({ where, include: { device: { select: { name: true } }, requestedDevice: { select: { name: true, lastSeenAt: true, revokedAt: true } } },
    ...pageArgs(query),
  });
}

export function recipientListsWhere(accountId: number) {
  return { accountId } satisfies Prisma.RecipientListWhereInput;
}

export function otpsWhere(accountId: number) {
  return { accountId } satisfies Prisma.OtpWhereInput;
}
