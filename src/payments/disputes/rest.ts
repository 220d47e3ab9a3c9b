import { ok, okSchema } from '../../core/http.ts';
import { listBody, listSchema } from '../../core/pagination.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute } from '../../core/route.ts';
import { closeDispute, getDispute, submitDisputeEvidence, submitDisputeEvidenceBody } from './disputes.ts';
import { disputeJson, disputeSchema } from './json.ts';
import { listDisputes, listDisputesQuery } from './lists.ts';

/** The disputes' REST routes (./disputes.ts has their rules). */
export function registerDisputeRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  const disputeResponse = okSchema({ dispute: disputeSchema });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/disputes',
    tag: 'Payments',
    auth: 'payments.read',
    summary: 'List disputes',
    operationId: 'listDisputes',
    response: listSchema(disputeSchema),
    query: listDisputesQuery,
    responses: { 200: 'A page of disputes, newest first (of one payment intent with payment_intent=).' },
    handler: async (c, request) => {
      const { rows, query } = await listDisputes(rt.db.prisma, c.get('principal').accountId, request.query);
      return ok(c, listBody(rows, query, '/api/v1/disputes', disputeJson));
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/disputes/:id',
    tag: 'Payments',
    auth: 'payments.read',
    summary: 'Show a dispute',
    operationId: 'getDispute',
    response: disputeResponse,
    responses: { 200: 'The dispute.' },
    handler: async (c) => ok(c, { dispute: disputeJson(await getDispute(rt.db.prisma, c.get('principal').accountId, c.req.param('id'))) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/disputes/:id/evidence',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Save evidence for a dispute, or submit it for review',
    operationId: 'submitDisputeEvidence',
    response: disputeResponse,
    body: submitDisputeEvidenceBody,
    errorCodes: ['invalid_state'],
    responses: { 200: 'The dispute: still needs_response with the evidence saved, or under_review when submitted.' },
    handler: async (c, { body }) => {
      const dispute = await rt.db.prisma.$transaction((tx) => submitDisputeEvidence(rt, tx, c.get('principal').accountId, c.req.param('id'), body));
      return ok(c, { dispute: disputeJson(dispute) });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/disputes/:id/close',
    tag: 'Payments',
    auth: 'payments.write',
    summary: 'Accept a dispute (close it as lost)',
    operationId: 'closeDispute',
    response: disputeResponse,
    errorCodes: ['invalid_state'],
    responses: { 200: 'The dispute, lost.' },
    handler: async (c) => {
      const dispute = await rt.db.prisma.$transaction((tx) => closeDispute(rt, tx, c.get('principal').accountId, c.req.param('id')));
      return ok(c, { dispute: disputeJson(dispute) });
    },
  });
}
