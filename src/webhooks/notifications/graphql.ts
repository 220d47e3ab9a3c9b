// GraphQL of notifications: the account's kept/sent notifications and the signed-in panel user's
// preferences (which kinds they are emailed about).
import { YarrowError } from '../../core/errors.ts';
import { connectionRows } from '../../core/pagination.ts';
import { builder, type GraphqlContext } from '../../graphql/builder.ts';
import { notificationKinds, type NotificationKind } from './kinds.ts';

const kinds = Object.values(notificationKinds);
type Preferences = Record<NotificationKind, boolean>;

const camel = { endpoint_disabled: 'endpointDisabled', delivery_exhausted: 'deliveryExhausted', device_offline: 'deviceOffline', dispute_opened: 'disputeOpened' } as const;
const kindDescriptions: Record<NotificationKind, string> = {
  endpoint_disabled: 'A webhook endpoint was disabled after its days of failures (or a 410).',
  delivery_exhausted: 'A webhook delivery ran out of retries (at most one email per endpoint per hour).',
  device_offline: "A phone went offline (silent for longer than the account's threshold, default DEVICE_OFFLINE_AFTER_SECONDS).",
  dispute_opened: 'A dispute was opened on a payment.',
};

const NotificationPreferences = builder.objectRef<Preferences>('NotificationPreferences').implement({
  description: "The kinds of email notification the signed-in panel user gets (every kind is on until they turn it off).",
  fields: (t) => ({
    endpointDisabled: t.boolean({ description: kindDescriptions.endpoint_disabled, resolve: (prefs) => prefs.endpoint_disabled }),
    deliveryExhausted: t.boolean({ description: kindDescriptions.delivery_exhausted, resolve: (prefs) => prefs.delivery_exhausted }),
    deviceOffline: t.boolean({ description: kindDescriptions.device_offline, resolve: (prefs) => prefs.device_offline }),
    disputeOpened: t.boolean({ description: kindDescriptions.dispute_opened, resolve: (prefs) => prefs.dispute_opened }),
  }),
});

const NotificationPreferencesInput = builder.inputType('NotificationPreferencesInput', {
  description: 'The kinds to turn on (true) or off (false); a kind left out keeps its setting.',
  fields: (t) => ({
    endpointDisabled: t.boolean(),
    deliveryExhausted: t.boolean(),
    deviceOffline: t.boolean(),
    disputeOpened: t.boolean(),
  }),
});

builder.prismaObject('Notification', {
  description: 'An email notification to one panel user of the account: SENT over SMTP, KEPT (no SMTP_URL: shown on the panel only) or PENDING (the mail server has not taken it yet).',
  fields: (t) => ({
    id: t.string({ resolve: (row) => String(row.id) }),
    kind: t.string({ description: kinds.join(', '), resolve: (row) => row.kind }),
    recipient: t.string({ resolve: (row) => row.recipient }),
    subject: t.string({ resolve: (row) => row.subject }),
    body: t.string({ resolve: (row) => row.body }),
    status: t.string({ description: 'sent, kept or pending', resolve: (row) => row.status }),
    error: t.string({ nullable: true, description: 'Why the mail server refused it, while pending.', resolve: (row) => row.error }),
    eventId: t.string({ resolve: (row) => row.eventId }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.sentAt }),
  }),
});

/** The panel user signed in to this request; an API key has none (preferences are a person's). */
function signedInUser(ctx: GraphqlContext): string {
  const userId = ctx.principal?.panelUserId;
  if (!userId) throw new YarrowError('forbidden', 'Notification preferences belong to a panel user: sign in to the panel (an API key has none).');
  return userId;
}

async function readPreferences(ctx: GraphqlContext, userId: string): Promise<Preferences> {
  const off = new Set((await ctx.rt.db.prisma.notificationOptOut.findMany({ where: { userId } })).map((row) => row.kind));
  return Object.fromEntries(kinds.map((kind) => [kind, !off.has(kind)])) as Preferences;
}

export function addNotificationFields() {
  builder.queryFields((t) => ({
    // A connection like every other list (first/after/last/before, bounded by the builder's page size).
    notifications: t.prismaConnection({
      type: 'Notification',
      cursor: 'id',
      authScopes: { scope: 'webhooks.manage' },
      description: "The account's email notifications, newest first (kept ones too: without SMTP_URL this is where they are read).",
      resolve: (query, _root, { before }, ctx) =>
        connectionRows(ctx.rt.db.prisma.notification, query, { accountId: ctx.principal!.accountId }, { before }),
    }),
    notificationPreferences: t.field({
      type: NotificationPreferences,
      authScopes: { scope: 'webhooks.manage' },
      description: 'The signed-in panel user’s notification preferences.',
      resolve: (_root, _args, ctx) => readPreferences(ctx, signedInUser(ctx)),
    }),
  }));
  builder.mutationFields((t) => ({
    updateNotificationPreferences: t.field({
      type: NotificationPreferences,
      authScopes: { scope: 'webhooks.manage' },
      description: 'Turns kinds of email notification on or off for the signed-in panel user.',
      args: { input: t.arg({ type: NotificationPreferencesInput, required: true }) },
      resolve: async (_root, { input }, ctx) => {
        const userId = signedInUser(ctx);
        const off = kinds.filter((kind) => input[camel[kind]] === false);
        const on = kinds.filter((kind) => input[camel[kind]] === true);
        await ctx.rt.db.prisma.$transaction([
          ctx.rt.db.prisma.notificationOptOut.deleteMany({ where: { userId, kind: { in: on } } }),
          ctx.rt.db.prisma.notificationOptOut.createMany({ data: off.map((kind) => ({ userId, kind })), skipDuplicates: true }),
        ]);
        return readPreferences(ctx, userId);
      },
    }),
  }));
}
