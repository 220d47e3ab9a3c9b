// The GraphQL operations of Pay's panel pages for disputes (their scripts in panel-assets/ import this file
// by URL, /panel/src/payments/disputes/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

export const PanelDisputes = graphql(`
  query PanelDisputes($first: Int, $after: String, $status: [DisputeStatus!]) {
    disputes(first: $first, after: $after, status: $status) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          reason
          amountDisplay
          currency
          evidenceDueBy
          createdAt
          paymentIntent {
            id
            title
            customerName
          }
        }
      }
    }
  }
`);

export const PanelDispute = graphql(`
  query PanelDispute($id: ID!, $objectId: String!) {
    dispute(id: $id) {
      id
      status
      reason
      amountDisplay
      currency
      evidenceDueBy
      evidenceSubmittedAt
      closedAt
      createdAt
      evidence {
        all
      }
      paymentIntent {
        id
        title
        customerName
        customerEmail
      }
    }
    events(first: 50, objectPublicId: $objectId) {
      edges {
        node {
          id
          type
          createdAt
        }
      }
    }
  }
`);

export const PanelSubmitDisputeEvidence = graphql(`
  mutation PanelSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {
    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {
      id
      status
    }
  }
`);

export const PanelCloseDispute = graphql(`
  mutation PanelCloseDispute($id: ID!) {
    closeDispute(id: $id) {
      id
      status
    }
  }
`);

export const PanelDisputeEvents = graphql(`
  subscription PanelDisputeEvents {
    eventCreated(types: ["dispute.created", "dispute.updated", "dispute.closed"]) {
      id
      type
      objectPublicId
    }
  }
`);
