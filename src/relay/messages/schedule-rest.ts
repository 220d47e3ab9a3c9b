// Schedules over REST: cancelling a scheduled message (GraphQL: ./schedule-graphql.ts). The
// account's quiet hours are relay settings (`POST /api/v1/relay/settings`, src/relay/rest.ts).
import type { GatewayContext } from '../../core/gateway-context.ts';
import { ok, okSchema } from '../../core/http.ts';
import { defineRoute } from '../../core/route.ts';
import { messageStatusSchema } from '../json.ts';
import { getMessage, messageStatusJson } from './status.ts';
import { cancelScheduledMessage } from './transitions.ts';

export function registerScheduleRoutes(ctx: GatewayContext) {
  const { rt } = ctx;

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/messages/:id/cancel',
    alias: true,
    tag: 'Relay',
    summary:
      'Cancel a scheduled SMS (`send_at`, quiet hours), as Twilio cancels a scheduled message: only while `scheduled`, before any phone could have it. It fails with `failure_reason: cancelled` (webhook message.failed).',
    operationId: 'cancelMessage',
    response: okSchema(messageStatusSchema.shape),
    errorCodes: ['not_found', 'invalid_state'],
    auth: 'sms.send',
    responses: { 200: 'The message, failed with reason `cancelled`.' },
    handler: async (c) => {
      const accountId = c.get('principal').accountId;
      const id = c.req.param('id');
      await rt.db.prisma.$transaction((tx) => cancelScheduledMessage(rt, tx, accountId, id));
      return ok(c, messageStatusJson(rt, await getMessage(rt.db.prisma, accountId, id)));
    },
  });
}
