import type { DbClient, Prisma } from '../core/db.ts';
import { assertCursorsOwned, pageArgs, type ListQuery } from '../core/pagination.ts';
import { statesOfPublicStatus, type PublicStatus } from './messages.ts';

// The relay lists: each one's filters are written here once, as a Prisma `where`, and both the
// REST list (`limit`/`starting_after`) and the GraphQL connection (`first`/`after`) page over it.
// Recipients are searched by `searchRecipients` (recipients.ts: trigram-indexed SQL).

export function devicesWhere(accountId: number) {
  return { accountId } satisfies Prisma.DeviceWhereInput;
}

export async function listDevices(db: DbClient, accountId: number, query: ListQuery) {
  await assertCursorsOwned(db.device, accountId, query, 'device');
  return db.device.findMany({ where: devicesWhere(accountId), ...pageArgs(query) });
}

/** Messages by public status (`queued` covers waiting and pushed-but-unreported), recipient number, device. */
export function messagesWhere(
  accountId: number,
  filter: { status?: PublicStatus | null; to?: string | null; deviceId?: string | number | null },
): Prisma.MessageWhereInput {
  return {
    accountId,
    ...(filter.status ? { state: { in: statesOfPublicStatus(filter.status) } } : {}),
    ...(filter.to ? { to: { contains: filter.to.replace(/[^\d+]/g, '') } } : {}),
    ...(filter.deviceId ? { deviceId: String(filter.deviceId) } : {}),
  };
}

export function recipientListsWhere(accountId: number) {
  return { accountId } satisfies Prisma.RecipientListWhereInput;
}

export function otpsWhere(accountId: number) {
  return { accountId } satisfies Prisma.OtpWhereInput;
}
