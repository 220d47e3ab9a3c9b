import type { Runtime } from '../../core/runtime.ts';
import { notificationKindOf, renderNotification } from './kinds.ts';
import { createMailer } from './mailer.ts';

/** The bound on exhausted-delivery emails: at most one per endpoint in this window. */
const EXHAUSTED_WINDOW_MS = 3_600_000;

/**
 * Handles one `webhook_notify` job: writes one notification per panel user of the event's account
 * (never another account's: the users are read by the event's account) who has not turned its kind
 * off, then emails them when SMTP_URL is set (`sent`) or keeps them for the panel (`kept`). A retried
 * job finds its rows and only sends those still `pending`, so a user gets each email once.
 */
export function notificationHandler(rt: Runtime) {
  const mail = createMailer(rt);
  return async (eventId: string) => {
    const event = await rt.db.prisma.event.findUnique({ where: { id: eventId } });
    const kind = event && notificationKindOf(event.type);
    if (!event || !kind) return;
    const rendered = renderNotification(kind, event);
    await rt.db.prisma.$transaction(async (tx) => {
      if (await tx.notification.findFirst({ where: { eventId: event.id }, select: { id: true } })) return;
      if (kind === 'delivery_exhausted' && rendered.endpointId) {
        // The endpoint's row lock serializes concurrent jobs of one endpoint, so two exhausted
        // deliveries at once cannot both see "none this hour".
        await tx.$queryRaw`SELECT 1 FROM webhook_endpoints WHERE id = ${rendered.endpointId} FOR UPDATE`;
        const recent = await tx.notification.findFirst({
          where: { endpointId: rendered.endpointId, kind, createdAt: { gt: new Date(Date.now() - EXHAUSTED_WINDOW_MS) } },
          select: { id: true },
        });
        if (recent) return;
      }
      const users = await tx.panelUser.findMany({
        where: { accountId: event.accountId, notificationOptOuts: { none: { kind } } },
        select: { id: true, email: true },
        orderBy: { id: 'asc' },
      });
      await tx.notification.createMany({
        data: users.map((user) => ({
          accountId: event.accountId,
          userId: user.id,
          kind,
          eventId: event.id,
          endpointId: rendered.endpointId,
          recipient: user.email,
          subject: rendered.subject,
          body: rendered.body,
          status: mail ? 'pending' : 'kept',
        })),
      });
    });
    if (!mail) return;
    const pending = await rt.db.prisma.notification.findMany({ where: { eventId: event.id, status: 'pending' }, orderBy: { id: 'asc' } });
    for (const notification of pending) {
      try {
        await mail({ to: notification.recipient, subject: notification.subject, text: notification.body });
        await rt.db.prisma.notification.update({ where: { id: notification.id }, data: { status: 'sent', sentAt: new Date(), error: null } });
      } catch (error) {
        // Left pending (shown on the panel with the error); the job's retry sends it again.
        await rt.db.prisma.notification.update({ where: { id: notification.id }, data: { error: (error as Error).message.slice(0, 500) } });
        throw error;
      }
    }
  };
}
