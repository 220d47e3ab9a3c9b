import { ok, okSchema } from '../../core/http.ts';
import { idempotentCreate } from '../../core/idempotency.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute } from '../../core/route.ts';
import { paymentIntentJson, paymentIntentSchema } from '../intents/index.ts';
import { refundJson, refundSchema } from './json.ts';
import { listRefunds, listRefundsQuery } from './lists.ts';
import { createRefund, createRefundBody, getRefund } from './refunds.ts';

/** The refunds' REST routes (./refunds.ts has their rules). */
export function registerRefundRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const intentBody = (intent: Parameters<typeof paymentIntentJson>[1]) => ({ payment_intent: paymentIntentJson(rt.config, intent) });
  const refundResponse = okSchema({ refund: refundSchema, payment_intent: paymentIntentSchema });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/refunds',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Refund a succeeded payment intent, in full or in part',
    operationId: 'createRefund',
    response: refundResponse,
    body: createRefundBody,
    idempotent: true,
    errorCodes: ['invalid_state', 'not_found'],
    responses: { 201: 'The pending refund and its payment intent (amount_refunded counts it already).' },
    handler: (c, { body, rawBody }) =>
      idempotentCreate(rt, c, rawBody, async (tx) => {
        const { refund, intent } = await createRefund(rt, tx, c.get('principal').accountId, body);
        return { status: 201, body: { refund: refundJson(refund), ...intentBody(intent) } };
      }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/refunds',
    tag: 'Payments',
    auth: 'payments.read',
    summary: 'List refunds',
    operationId: 'listRefunds',
    response: listSchema(refundSchema),
    query: listRefundsQuery,
    responses: { 200: 'A page of refunds, newest first (of one payment intent with payment_intent=).' },
    handler: async (c, request) => {
      const { rows, query } = await listRefunds(rt.db.prisma, c.get('principal').accountId, request.query);
      return ok(c, listBody(rows, query, '/api/v1/refunds', refundJson));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/refunds/:id',
    tag: 'Payments',
    auth: 'payments.read',
    summary: 'Show a refund',
    operationId: 'getRefund',
    response: okSchema({ refund: refundSchema }),
    responses: { 200: 'The refund.' },
    handler: async (c) => ok(c, { refund: refundJson(await getRefund(rt.db.prisma, c.get('principal').accountId, c.req.param('id'))) }),
  });
}
