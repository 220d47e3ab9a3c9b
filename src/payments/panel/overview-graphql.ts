import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import { paymentsOverview, type PaymentsOverview, type PaymentsOverviewBucket } from './overview.ts';

const Bucket = builder.objectRef<PaymentsOverviewBucket>('PaymentsOverviewBucket').implement({
  fields: (t) => ({
    start: t.expose('start', { type: 'DateTime' }),
    succeeded: t.exposeInt('succeeded', { description: 'Payment intents created in this slot that succeeded.' }),
    attempted: t.exposeInt('attempted', { description: 'Payment intents created in this slot a customer tried to pay (succeeded, or with a declined attempt).' }),
    volumeMinor: t.exposeFloat('volumeMinor', { description: 'What the succeeded ones collected, in minor units of the overview\'s currency.' }),
  }),
});

const Overview = builder.objectRef<PaymentsOverview>('PaymentsOverview').implement({
  description: "The account's payments over a recent window, for the panel's overview: volume and success rate per slot.",
  fields: (t) => ({
    days: t.exposeInt('days'),
    bucketSeconds: t.exposeInt('bucketSeconds', { description: 'Width of each slot: an hour for a day, 6 hours up to a week, a day beyond.' }),
    currency: t.exposeString('currency', { nullable: true, description: 'The currency most succeeded payments of the window are in (volumes are in it); null when none succeeded.' }),
    buckets: t.field({ type: [Bucket], resolve: (overview) => overview.buckets }),
  }),
});

builder.queryFields((t) => ({
  paymentsOverview: t.field({
    type: Overview,
    authScopes: { scope: 'payments.read' },
    args: { days: t.arg.int({ defaultValue: 1, description: 'The window: the last 1 to 30 days.', validate: z.number().int().min(1).max(30) }) },
    // Two aggregates over the window's intents, priced by the window.
    complexity: ({ days }) => ({ field: 20 + 5 * Math.min(Math.max(days ?? 1, 1), 30), multiplier: 1 }),
    resolve: (_root, { days }, ctx) => paymentsOverview(ctx.rt.db.prisma, ctx.principal!.accountId, days ?? 1),
  }),
}));
