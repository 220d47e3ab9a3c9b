import type { Prisma } from '../../core/db.ts';
import type { CardSession } from '../../generated/prisma/client.ts';

// The card-session "expired" rule, both ways: how a row reads, and which rows read as a status.

export const cardSessionStatuses = ['open', 'challenge', 'completed', 'expired'] as const;
export type CardSessionStatus = (typeof cardSessionStatuses)[number];

/** A session not completed within its 30 minutes reads as `expired`; before that, as its row says. */
export function cardSessionStatus(session: Pick<CardSession, 'status' | 'expiresAt'>, now = new Date()): CardSessionStatus {
  return session.status !== 'completed' && session.expiresAt <= now ? 'expired' : session.status;
}

/** The rows that `cardSessionStatus` reads as `status` at `now`. */
export function cardSessionStatusWhere(status: CardSessionStatus, now: Date): Prisma.CardSessionWhereInput {
  if (status === 'expired') return { status: { in: ['open', 'challenge'] }, expiresAt: { lte: now } };
  if (status === 'completed') return { status: 'completed' };
  return { status, expiresAt: { gt: now } };
}

/** Card sessions by their status as read (`expired` is derived: see `cardSessionStatus`) and intent. */
export function cardSessionsWhere(
  accountId: number,
  filter: { status?: readonly CardSessionStatus[] | null; paymentIntentId?: string | null },
  now = new Date(),
): Prisma.CardSessionWhereInput {
  return {
    accountId,
    ...(filter.paymentIntentId ? { paymentIntentId: filter.paymentIntentId } : {}),
    ...(filter.status?.length ? { OR: filter.status.map((status) => cardSessionStatusWhere(status, now)) } : {}),
  };
}
