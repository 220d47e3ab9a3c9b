import type { DiagnosticPong } from './contract.ts';
import { builder } from '../graphql/builder.ts';
import { sendDiagnosticPing } from './service.ts';

const DiagnosticPing = builder.objectRef<{ pingId: string; sentAt: string }>('DiagnosticPing').implement({
  fields: (t) => ({
    pingId: t.exposeID('pingId'),
    sentAt: t.expose('sentAt', { type: 'DateTime' }),
  }),
});

const DiagnosticPongType = builder.objectRef<DiagnosticPong>('DiagnosticPong').implement({
  description: 'A worker process answering a diagnostic ping: the queue and live events both work.',
  fields: (t) => ({
    pingId: t.exposeID('pingId'),
    workerPid: t.exposeInt('workerPid'),
    sentAt: t.expose('sentAt', { type: 'DateTime' }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime' }),
  }),
});

builder.mutationFields((t) => ({
  sendDiagnosticPing: t.field({
    type: DiagnosticPing,
    description: 'Queue a ping for the workers; subscribe to diagnosticPong to see it answered.',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => sendDiagnosticPing(ctx.rt, ctx.principal!.accountId),
  }),
}));

builder.subscriptionFields((t) => ({
  diagnosticPong: t.field({
    type: DiagnosticPongType,
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('diagnosticPong', ctx.principal!.accountId),
    resolve: (pong) => pong,
  }),
}));
