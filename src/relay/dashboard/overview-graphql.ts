import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import { relayOverview, type RelayOverview, type RelayOverviewBucket } from './overview.ts';

const Bucket = builder.objectRef<RelayOverviewBucket>('RelayOverviewBucket').implement({
  fields: (t) => ({
    start: t.expose('start', { type: 'DateTime' }),
    queued: t.exposeInt('queued', { description: 'Messages queued (accepted) in this slot.' }),
    sent: t.exposeInt('sent', { description: 'Messages a phone reported sent in this slot.' }),
    delivered: t.exposeInt('delivered', { description: 'Messages reported delivered in this slot.' }),
    failed: t.exposeInt('failed', { description: 'Messages that failed in this slot.' }),
  }),
});

const Overview = builder.objectRef<RelayOverview>('RelayOverview').implement({
  description: "The account's SMS over a recent window, for the panel's overview: what reached each stage per slot.",
  fields: (t) => ({
    days: t.exposeInt('days'),
    bucketSeconds: t.exposeInt('bucketSeconds', { description: 'Width of each slot: an hour for a day, 6 hours up to a week, a day beyond.' }),
    buckets: t.field({ type: [Bucket], resolve: (overview) => overview.buckets }),
  }),
});

builder.queryFields((t) => ({
  relayOverview: t.field({
    type: Overview,
    authScopes: { scope: 'messages.read' },
    args: { days: t.arg.int({ defaultValue: 1, description: 'The window: the last 1 to 30 days.', validate: z.number().int().min(1).max(30) }) },
    // One aggregate over the window's messages, priced by the window.
    complexity: ({ days }) => ({ field: 20 + 5 * Math.min(Math.max(days ?? 1, 1), 30), multiplier: 1 }),
    resolve: (_root, { days }, ctx) => relayOverview(ctx.rt.db.prisma, ctx.principal!.accountId, days ?? 1),
  }),
}));
