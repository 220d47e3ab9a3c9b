// Schedules in GraphQL: when a message goes (`sendAt`, `scheduleReason` on Message), cancelling a
// scheduled one (as POST /api/v1/messages/{id}/cancel) and the account's quiet hours (as
// `quiet_hours` of /api/v1/relay/settings).
import { parseInput } from '../../core/errors.ts';
import { builder } from '../../graphql/builder.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { quietHoursCommand, quietHoursJson, setQuietHours } from './schedule.ts';
import { cancelScheduledMessage } from './transitions.ts';

builder.prismaObjectFields('Message', (t) => ({
  sendAt: t.expose('sendAt', {
    type: 'DateTime',
    nullable: true,
    description: "When it goes: the send's sendAt, or the end of the account's quiet hours it was sent in (scheduleReason). Null: at once.",
  }),
  scheduleReason: t.exposeString('scheduleReason', { nullable: true, description: 'Why it was scheduled: send_at or quiet_hours; null when it was not.' }),
}));

const QuietHours = builder.objectRef<NonNullable<ReturnType<typeof quietHoursJson>>>('RelayQuietHours').implement({
  description: 'From start to end (HH:MM in timeZone) sends below priority 100 are SCHEDULED for the end; OTPs (priority 100) go through.',
  fields: (t) => ({
    start: t.exposeString('start'),
    end: t.exposeString('end'),
    timeZone: t.exposeString('time_zone', { description: 'An IANA time zone (Europe/Paris).' }),
  }),
});

const QuietHoursInput = builder.inputType('RelayQuietHoursInput', {
  fields: (t) => ({
    start: t.string({ required: true, description: 'HH:MM, 24-hour.' }),
    end: t.string({ required: true, description: 'HH:MM, 24-hour; before start, the range spans midnight.' }),
    timeZone: t.string({ required: true, description: 'An IANA time zone (Europe/Paris).' }),
  }),
});

builder.prismaObjectFields('Account', (t) => ({
  relayQuietHours: t.field({ type: QuietHours, nullable: true, description: 'The relay quiet hours; null: none.', resolve: (account) => quietHoursJson(account) }),
}));

builder.mutationFields((t) => ({
  cancelMessage: t.prismaField({
    type: 'Message',
    description: 'Cancel a scheduled SMS (only while SCHEDULED, before any phone could have it): it fails with failureReason cancelled, recording message.failed.',
    authScopes: { scope: 'sms.send' },
    args: { requestId: t.arg.id({ required: true }) },
    resolve: async (query, _root, { requestId }, ctx) => {
      const accountId = ctx.principal!.accountId;
      await ctx.rt.db.prisma.$transaction((tx) => cancelScheduledMessage(ctx.rt, tx, accountId, String(requestId)));
      return ctx.rt.db.prisma.message.findUniqueOrThrow({ ...query, where: { id: String(requestId) } });
    },
  }),
  setRelayQuietHours: t.prismaField({
    type: 'Account',
    description: 'Set the relay quiet hours, or end them with null. Sends from now on are held by them; those already accepted keep their time.',
    authScopes: { scope: 'devices.manage' },
    args: { input: t.arg({ type: QuietHoursInput, required: false }) },
    resolve: (_query, _root, { input }, ctx) =>
      withGraphqlParams('input.', async () => {
        const quiet = parseInput(quietHoursCommand, input ? serviceInput(input) : null);
        return setQuietHours(ctx.rt.db.prisma, ctx.principal!.accountId, quiet);
      }),
  }),
}));
