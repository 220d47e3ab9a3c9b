import { YarrowError } from '../../core/errors.ts';
import { builder, enumOf } from '../../graphql/builder.ts';
import { connectionRows } from '../../core/pagination.ts';
import { checkoutUrl } from '../intents/index.ts';
import { sandboxOutcomes, type paymentMethodCodes } from '../tokens.ts';
import { cardSessionStatus, cardSessionStatuses, cardSessionsWhere } from './session-lifecycle.ts';
import { accountIdOf, accountTimeOf, PaymentMethodCodeEnum } from '../graphql-toolkit.ts';

// The card sessions' GraphQL: their type and queries (the hosted pages make them, ./pages.ts).

const CardSessionStatusEnum = enumOf('CardSessionStatus', cardSessionStatuses, {
  description: 'OPEN: waiting for a token; CHALLENGE: waiting for 3-D Secure; COMPLETED: used; EXPIRED: unused after 30 minutes.',
});
const SandboxOutcomeEnum = enumOf('SandboxOutcome', sandboxOutcomes);

builder.prismaObject('CardSession', {
  description: 'One attempt on the hosted sandbox card page: a rail, then a test token.',
  fields: (t) => ({
    id: t.exposeID('id'),
    paymentIntent: t.relation('paymentIntent'),
    paymentMethodCode: t.field({
      type: PaymentMethodCodeEnum,
      resolve: (session) => session.paymentMethodCode as (typeof paymentMethodCodes)[number],
    }),
    sandboxOutcome: t.field({ type: SandboxOutcomeEnum, resolve: (session) => session.sandboxOutcome as (typeof sandboxOutcomes)[number] }),
    status: t.field({
      type: CardSessionStatusEnum,
      resolve: async (session, _args, ctx) => cardSessionStatus(session, await accountTimeOf(ctx, session.accountId)),
    }),
    token: t.string({
      nullable: true,
      description: "The test token submitted, once one was; null for a customer's saved method (whose token is never answered).",
      resolve: (session) => (session.paymentMethodId ? null : session.token),
    }),
    outcome: t.exposeString('outcome', {
      nullable: true,
      description: 'succeeded, declined, review, authentication_failed or abandoned, once completed.',
    }),
    url: t.string({ resolve: (session, _args, ctx) => `${checkoutUrl(ctx.rt.config, session.paymentIntentId)}/card/${session.id}` }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  cardSession: t.prismaField({
    type: 'CardSession',
    authScopes: { scope: 'payments.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, { id }, ctx) => {
      const session = await ctx.rt.db.prisma.cardSession.findFirst({ ...query, where: { id: String(id), accountId: accountIdOf(ctx) } });
      if (!session) throw new YarrowError('not_found', 'No such card session.', { param: 'id' });
      return session;
    },
  }),
  cardSessions: t.prismaConnection({
    type: 'CardSession',
    cursor: 'id',
    description: 'Newest first. `EXPIRED` means open or in challenge past its 30 minutes.',
    authScopes: { scope: 'payments.read' },
    args: { status: t.arg({ type: [CardSessionStatusEnum] }), paymentIntentId: t.arg.id() },
    resolve: async (query, _root, { status, paymentIntentId, before }, ctx) => {
      const now = await accountTimeOf(ctx, accountIdOf(ctx));
      return connectionRows(ctx.rt.db.prisma.cardSession, query, cardSessionsWhere(accountIdOf(ctx), { status, paymentIntentId: paymentIntentId == null ? null : String(paymentIntentId) }, now), { before });
    },
  }),
}));
