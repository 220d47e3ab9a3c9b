import { builder, enumOf } from '../../graphql/builder.ts';
import { parseInput } from '../../core/errors.ts';
import { connectionRows } from '../../core/pagination.ts';
import type { Principal } from '../../core/auth.ts';
import { displayNumber, phoneNumber } from '../sms.ts';
import { optIn, optOut, optOutsWhere } from './opt-outs.ts';

/** A change from a panel session is the panel's; one from an API key, the API's. */
const sourceOf = (principal: Principal) => (principal.keyId.startsWith('session:') ? 'panel' : 'api');

const OptOutSource = enumOf('OptOutSource', ['api', 'panel', 'keyword'], {
  description: 'How a number was opted out: the API, the panel, or a STOP keyword it sent.',
});

builder.prismaObject('OptOut', {
  description: "A number on the account's opt-out list: sends to it are refused (recipient_opted_out), list sends skip it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    phone: t.exposeString('phone', { description: 'E.164.' }),
    phoneDisplay: t.string({ description: 'The number in international format, for people.', resolve: (row) => displayNumber(row.phone) }),
    source: t.field({ type: OptOutSource, resolve: (row) => row.source }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it opted out.' }),
  }),
});

builder.queryFields((t) => ({
  optOuts: t.prismaConnection({
    type: 'OptOut',
    cursor: 'id',
    description: "The account's opt-out list, newest first; `phone` (any format) finds one number.",
    authScopes: { scope: 'recipients.read' },
    args: { phone: t.arg.string() },
    resolve: (query, _root, { phone, before }, ctx) => {
      const number = phone ? parseInput(phoneNumber, phone, 'phone') : undefined;
      return connectionRows(ctx.rt.db.prisma.optOut, query, optOutsWhere(ctx.principal!.accountId, number), { before });
    },
  }),
}));

builder.mutationFields((t) => ({
  optOutRecipient: t.prismaField({
    type: 'OptOut',
    description: 'Opt a number out (as POST /api/v1/opt-outs; webhook recipient.opted_out). A number already out stays as it was.',
    authScopes: { scope: 'recipients.write' },
    args: { phone: t.arg.string({ required: true }) },
    resolve: async (_query, _root, { phone }, ctx) => {
      const principal = ctx.principal!;
      return (await optOut(ctx.rt, ctx.rt.db.prisma, principal.accountId, parseInput(phoneNumber, phone, 'phone'), sourceOf(principal))).optOut;
    },
  }),
  optInRecipient: t.prismaField({
    type: 'OptOut',
    description: 'Opt a number back in (as DELETE /api/v1/opt-outs/{phone}; webhook recipient.opted_in): the removed opt-out.',
    authScopes: { scope: 'recipients.write' },
    args: { phone: t.arg.string({ required: true }) },
    resolve: (_query, _root, { phone }, ctx) => {
      const principal = ctx.principal!;
      return optIn(ctx.rt, ctx.rt.db.prisma, principal.accountId, parseInput(phoneNumber, phone, 'phone'), sourceOf(principal));
    },
  }),
}));
