import type { DbClient, Prisma } from '../../core/db.ts';
import { defineLifecycle } from '../../core/lifecycle.ts';
import type { CardSession, CardSessionStatus as StoredStatus } from '../../generated/prisma/client.ts';

// A card session's one lifecycle: the states its row holds, its moves (written only by
// `moveCardSession`), and the "expired" rule, both ways: how a row reads, and which rows read as a
// status. A session is created open (./card-sessions.ts, startCardSession).

export const cardSessionLifecycle = defineLifecycle('payment session', ['open', 'challenge', 'completed'] as const satisfies readonly StoredStatus[], {
  // The token asked for 3-D Secure: the session waits for the customer's answer on its challenge page.
  challenge: { from: ['open'], to: 'challenge', verb: 'wait for a 3-D Secure challenge' },
  // The attempt is decided (approved, declined, held for review), its challenge answered, or the customer left it.
  complete: { from: ['open', 'challenge'], to: 'completed', verb: 'be completed' },
});
export type CardSessionAction = keyof typeof cardSessionLifecycle.transitions;

/**
 * The one writer of a card session's status: moves it by `action` (the caller holds its lock and
 * checked it is usable, with the checkout's own wording, so the table's refusal is a backstop),
 * with what the move records: the attempt's `outcome` when it completes.
 */
export async function moveCardSession(tx: DbClient, session: CardSession, action: CardSessionAction, outcome?: string): Promise<CardSession> {
  const status = cardSessionLifecycle.assertMove(action, session.status);
  const completed = status === 'completed' ? { outcome: outcome ?? null, completedAt: new Date() } : {};
  return tx.cardSession.update({ where: { id: session.id }, data: { status, ...completed } });
}

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
