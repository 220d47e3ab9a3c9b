import { ok, okSchema } from '../../core/http.ts';
import { idempotentCreate } from '../../core/idempotency.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute } from '../../core/route.ts';
import { approvePaymentReview, cancelPaymentIntentBody, createPaymentIntentBody, rejectReviewCommand, cancelPaymentIntent, createPaymentIntent, getPaymentIntent, rejectPaymentReview } from './intents.ts';
import { listPaymentIntents, listPaymentIntentsQuery } from './lists.ts';
import { paymentIntentJson, paymentIntentSchema } from './json.ts';
import { capturePaymentIntent, capturePaymentIntentBody } from './capture.ts';
import { chargeErrors, createdIntentAnswer } from './off-session.ts';

/** The payment intents' REST routes (./intents.ts and ./capture.ts have their rules). */
export function registerIntentRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const intentBody = (intent: Parameters<typeof paymentIntentJson>[1]) => ({ payment_intent: paymentIntentJson(rt.config, intent) });
  const intentResponse = okSchema({ payment_intent: paymentIntentSchema });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/payment-intents',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Create a payment intent',
    operationId: 'createPaymentIntent',
    response: intentResponse,
    body: createPaymentIntentBody,
    idempotent: true,
    errorCodes: ['not_found', 'authentication_required', 'card_declined'],
    // A 402's error carries decline_code and the intent (created, committed) as it now is.
    errorFields: chargeErrors,
    responses: { 201: 'The payment intent, with its checkout_url.' },
    handler: (c, { body, rawBody }) => {
      const accountId = c.get('principal').accountId;
      // 402 when an off-session charge of a saved method did not go through (the intent is made).
      const created = (intent: Parameters<typeof intentBody>[0]) => createdIntentAnswer(intent, intentBody(intent));
      return idempotentCreate(rt, c, rawBody, async (tx) => created(await createPaymentIntent(rt, accountId, body, { tx })), {
        withoutKey: async () => created(await createPaymentIntent(rt, accountId, body)),
      });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/payment-intents',
    tag: 'Payments',
    auth: 'payments.read',
    summary: 'List payment intents',
    operationId: 'listPaymentIntents',
    response: listSchema(paymentIntentSchema),
    query: listPaymentIntentsQuery,
    responses: { 200: 'A page of payment intents, newest first.' },
    handler: async (c, request) => {
      const { rows, query } = await listPaymentIntents(rt.db.prisma, c.get('principal').accountId, request.query);
      return ok(c, listBody(rows, query, '/api/v1/payment-intents', (intent) => paymentIntentJson(rt.config, intent)));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/payment-intents/:id',
    tag: 'Payments',
    auth: 'payments.read',
    summary: 'Show a payment intent',
    operationId: 'getPaymentIntent',
    response: intentResponse,
    responses: { 200: 'The payment intent.' },
    handler: async (c) => ok(c, intentBody(await getPaymentIntent(rt.db.prisma, c.get('principal').accountId, c.req.param('id')))),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/payment-intents/:id/cancel',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Cancel a payment intent',
    operationId: 'cancelPaymentIntent',
    response: intentResponse,
    errorCodes: ['invalid_state'],
    body: cancelPaymentIntentBody,
    responses: { 200: 'The canceled payment intent.' },
    handler: async (c, { body }) => {
      const intent = await rt.db.prisma.$transaction((tx) => cancelPaymentIntent(rt, tx, c.get('principal').accountId, c.req.param('id'), body));
      return ok(c, intentBody(intent));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/payment-intents/:id/capture',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Capture an authorized payment intent (capture_method manual), in full or in part',
    operationId: 'capturePaymentIntent',
    response: intentResponse,
    errorCodes: ['invalid_state'],
    body: capturePaymentIntentBody,
    responses: { 200: 'The succeeded payment intent, with amount_received; the rest of the authorization is released.' },
    handler: async (c, { body }) => {
      const intent = await rt.db.prisma.$transaction((tx) => capturePaymentIntent(rt, tx, c.get('principal').accountId, c.req.param('id'), body));
      return ok(c, intentBody(intent));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/payment-intents/:id/review/approve',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Approve a payment under review (sandbox operator)',
    operationId: 'approvePaymentReview',
    response: intentResponse,
    errorCodes: ['invalid_state'],
    responses: { 200: 'The succeeded payment intent.' },
    handler: async (c) => {
      const intent = await rt.db.prisma.$transaction((tx) => approvePaymentReview(rt, tx, c.get('principal').accountId, c.req.param('id')));
      return ok(c, intentBody(intent));
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/payment-intents/:id/review/reject',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Reject a payment under review (sandbox operator)',
    operationId: 'rejectPaymentReview',
    response: intentResponse,
    errorCodes: ['invalid_state'],
    body: rejectReviewCommand,
    responses: { 200: 'The payment intent, back to requires_payment_method.' },
    handler: async (c, { body }) => {
      const intent = await rt.db.prisma.$transaction((tx) => rejectPaymentReview(rt, tx, c.get('principal').accountId, c.req.param('id'), body));
      return ok(c, intentBody(intent));
    },
  });
}
