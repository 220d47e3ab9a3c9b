import { z } from 'zod';
import { parseInput } from '../../core/errors.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { ok, okSchema } from '../../core/http.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import { defineRoute } from '../../core/route.ts';
import { optOutSchema } from '../json.ts';
import { phoneNumber } from '../sms.ts';
import { listOptOuts, optIn, optOut, optOutInput, optOutJson, optOutListQuery } from './opt-outs.ts';

/** The account's opt-out list over REST (GraphQL: `optOuts`, `optOutRecipient`, `optInRecipient`). */
export function registerOptOutRoutes(ctx: GatewayContext) {
  const { rt } = ctx;

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/opt-outs',
    alias: true,
    tag: 'Relay',
    summary: "The account's opt-out list: numbers sends are refused to (`recipient_opted_out`), newest first; `phone` finds one number.",
    operationId: 'listOptOuts',
    response: listSchema(optOutSchema),
    auth: 'recipients.read',
    query: optOutListQuery,
    responses: { 200: 'A list of opt-outs, newest first.' },
    handler: async (c, { query }) => {
      const rows = await listOptOuts(rt.db.prisma, c.get('principal').accountId, query);
      return ok(c, listBody(rows, query, '/api/v1/opt-outs', optOutJson));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/opt-outs',
    alias: true,
    tag: 'Relay',
    summary: 'Opt a number out: sends to it are refused with `recipient_opted_out` and list sends skip it (webhook `recipient.opted_out`). A number already out stays as it was.',
    operationId: 'createOptOut',
    response: okSchema(optOutSchema.shape),
    auth: 'recipients.write',
    body: optOutInput,
    responses: { 201: 'The number was opted out.', 200: 'The number was already opted out: its opt-out as it was.' },
    handler: async (c, { body }) => {
      const result = await optOut(rt, rt.db.prisma, c.get('principal').accountId, body.phone, 'api');
      return ok(c, optOutJson(result.optOut), result.created ? 201 : 200);
    },
  });

  defineRoute(ctx, {
    method: 'delete',
    path: '/api/v1/opt-outs/:phone',
    alias: true,
    tag: 'Relay',
    summary: 'Opt a number back in (webhook `recipient.opted_in`): sends to it are accepted again. The number in any format, URL-encoded (`%2B14155550123`).',
    operationId: 'deleteOptOut',
    response: okSchema({ ...optOutSchema.shape, deleted: z.literal(true) }),
    errorCodes: ['not_found'],
    auth: 'recipients.write',
    responses: { 200: 'The removed opt-out.' },
    handler: async (c) => {
      const phone = parseInput(phoneNumber, c.req.param('phone'), 'phone');
      const removed = await optIn(rt, rt.db.prisma, c.get('principal').accountId, phone, 'api');
      return ok(c, { ...optOutJson(removed), deleted: true as const });
    },
  });
}
