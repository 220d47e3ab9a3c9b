import type { PostmanFolder } from '../../core/postman.ts';
import { payWithCard } from '../postman-flows.ts';

/** The disputes' Postman flow. */
export const disputeFolders: PostmanFolder[] = [
  {
    name: 'Disputes',
    description: 'A payment with YP-VISA-DISPUTE succeeds and is disputed: the dispute listed and read, evidence saved then submitted, a refund of the disputed amount refused; another dispute accepted (lost).',
    steps: [
      ...payWithCard('disputed', 'payment_intent_dispute_id', 'card_session_dispute_id', 'YP-VISA-DISPUTE', 'succeeded'),
      {
        operation: 'get /api/v1/disputes',
        query: { payment_intent: '{{payment_intent_dispute_id}}' },
        status: 200,
        checks: { 'one dispute, needing a response': "pm.expect(json.data.length).to.eql(1); pm.expect(json.data[0].status).to.eql('needs_response'); pm.expect(json.data[0].reason).to.eql('fraudulent');" },
        sets: { dispute_id: 'json.data[0].id' },
      },
      {
        operation: 'get /api/v1/disputes/{id}',
        params: { id: '{{dispute_id}}' },
        status: 200,
        checks: { 'of the disputed payment, with a due date': "pm.expect(json.dispute.payment_intent).to.eql(pm.collectionVariables.get('payment_intent_dispute_id')); pm.expect(json.dispute.evidence_due_by).to.be.a('string');" },
      },
      {
        name: 'The disputed payment counts it (amount_disputed)',
        operation: 'get /api/v1/payment-intents/{id}',
        params: { id: '{{payment_intent_dispute_id}}' },
        status: 200,
        checks: { 'all of it disputed, none refundable': 'pm.expect(json.payment_intent.amount_disputed_minor).to.eql(json.payment_intent.amount_received_minor); pm.expect(json.payment_intent.amount_disputed_minor).to.be.above(0);' },
      },
      {
        name: 'Refund the disputed payment: refused',
        operation: 'post /api/v1/refunds',
        json: { payment_intent: '{{payment_intent_dispute_id}}' },
        status: 409,
        checks: { 'invalid_state, naming payment_intent': "pm.expect(json.error.code).to.eql('invalid_state'); pm.expect(json.error.param).to.eql('payment_intent');" },
      },
      {
        name: 'Save evidence as a draft',
        operation: 'post /api/v1/disputes/{id}/evidence',
        params: { id: '{{dispute_id}}' },
        json: { evidence: { product_description: 'Postman: a blue teapot' } },
        status: 200,
        checks: { 'saved, still needs a response': "pm.expect(json.dispute.status).to.eql('needs_response'); pm.expect(json.dispute.evidence.product_description).to.eql('Postman: a blue teapot');" },
      },
      {
        name: 'Unknown evidence field: refused, naming it',
        operation: 'post /api/v1/disputes/{id}/evidence',
        params: { id: '{{dispute_id}}' },
        json: { evidence: { shoe_size: '42' } },
        status: 400,
        checks: { 'invalid_request': "pm.expect(json.error.code).to.eql('invalid_request'); pm.expect(json.error.param).to.eql('evidence.shoe_size');" },
      },
      {
        name: 'Submit winning evidence',
        operation: 'post /api/v1/disputes/{id}/evidence',
        params: { id: '{{dispute_id}}' },
        json: { evidence: { uncategorized_text: 'winning_evidence' }, submit: true },
        status: 200,
        checks: { 'under review': "pm.expect(json.dispute.status).to.eql('under_review'); pm.expect(json.dispute.evidence_submitted_at).to.be.a('string');" },
      },
      ...payWithCard('disputed, accepted', 'payment_intent_dispute_lost_id', 'card_session_dispute_lost_id', 'YP-VISA-DISPUTE', 'succeeded'),
      {
        name: 'List the second dispute',
        operation: 'get /api/v1/disputes',
        query: { payment_intent: '{{payment_intent_dispute_lost_id}}' },
        status: 200,
        checks: { 'needs a response': "pm.expect(json.data[0].status).to.eql('needs_response');" },
        sets: { dispute_lost_id: 'json.data[0].id' },
      },
      {
        operation: 'post /api/v1/disputes/{id}/close',
        params: { id: '{{dispute_lost_id}}' },
        status: 200,
        checks: { lost: "pm.expect(json.dispute.status).to.eql('lost'); pm.expect(json.dispute.closed_at).to.be.a('string');" },
      },
    ],
  },
];
