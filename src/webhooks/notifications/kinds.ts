import type { Event } from '../../generated/prisma/client.ts';

/** The events a panel user is emailed about, and the kind (the preference) each is. */
export const notificationKinds = {
  'endpoint.disabled': 'endpoint_disabled',
  'webhook_delivery.exhausted': 'delivery_exhausted',
  'device.offline': 'device_offline',
  'dispute.created': 'dispute_opened',
} as const;

export type NotificationKind = (typeof notificationKinds)[keyof typeof notificationKinds];

export function notificationKindOf(eventType: string): NotificationKind | undefined {
  return (notificationKinds as Record<string, NotificationKind>)[eventType];
}

/**
 * A URL as an email names it: scheme, host and path only. A receiver's query string often carries
 * a token of its own, and an email is no place for a secret.
 */
function withoutSecrets(url: unknown): string {
  try {
    const parsed = new URL(String(url));
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unreadable URL)';
  }
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The subject and plain-text body of one notification (no HTML: the panel page escapes it on display). */
export function renderNotification(kind: NotificationKind, event: Event): { subject: string; body: string; endpointId: string | null } {
  const data = event.data as Record<string, unknown>;
  const footer = `\n\nEvent ${event.id} at ${event.createdAt.toISOString()}.\nTurn this kind of notification off in the Yarrow panel (Notifications).`;
  switch (kind) {
    case 'endpoint_disabled':
      return {
        subject: `Webhook endpoint ${text(data.endpoint_id)} was disabled`,
        body: `Your webhook endpoint ${text(data.endpoint_id)} (${withoutSecrets(data.url)}) was disabled (${text(data.reason)}): its deliveries failed since ${text(data.failing_since)}. Fix the receiver, then enable the endpoint again and recover its failed deliveries.${footer}`,
        endpointId: text(data.endpoint_id) || null,
      };
    case 'delivery_exhausted':
      return {
        subject: `Webhook delivery ${text(data.delivery_id)} to ${text(data.endpoint_id)} ran out of retries`,
        body: `Delivery ${text(data.delivery_id)} of event ${text(data.event_id)} (${text(data.event_type)}) to your webhook endpoint ${text(data.endpoint_id)} (${withoutSecrets(data.url)}) failed ${text(data.attempts)} times (last status ${text(data.last_status_code) || 'none'}) and will not be retried. Redeliver it, or recover the endpoint's failed deliveries. At most one such email is sent per endpoint per hour.${footer}`,
        endpointId: text(data.endpoint_id) || null,
      };
    case 'device_offline':
      return {
        subject: `Phone ${text(data.name) || text(data.device_id)} is offline`,
        body: `Your phone ${text(data.name)} (${text(data.device_id)}) stopped answering (last seen ${text(data.last_seen_at)}). Messages it had not taken go to your other phones.${footer}`,
        endpointId: null,
      };
    case 'dispute_opened': {
      // Recorded by payments as `{ dispute: <the dispute's API JSON> }`.
      const dispute = (data.dispute ?? {}) as Record<string, unknown>;
      return {
        subject: `Dispute ${text(dispute.id) || event.objectPublicId} opened`,
        body: `A dispute ${text(dispute.id) || event.objectPublicId} was opened on payment ${text(dispute.payment_intent)} for ${text(dispute.amount_display)} (reason ${text(dispute.reason)}). Submit evidence before ${text(dispute.evidence_due_by)}.${footer}`,
        endpointId: null,
      };
    }
  }
}
