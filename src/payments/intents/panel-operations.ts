// The GraphQL operations of Pay's panel pages for intents (their scripts in panel-assets/ import this file
// by URL, /panel/src/payments/intents/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

export const PanelPaymentIntents = graphql(`
  query PanelPaymentIntents($first: Int, $after: String, $status: [PaymentIntentStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
    paymentIntents(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          title
          amountDisplay
          currency
          customerName
          customerEmail
          status
          paymentMethodCode
          checkoutUrl
          lastPaymentError {
            message
          }
          amountRefundedMinor
          refunded
          createdAt
        }
      }
    }
  }
`);

export const PanelPaymentIntent = graphql(`
  query PanelPaymentIntent($id: ID!, $objectId: String!) {
    paymentIntent(id: $id) {
      id
      title
      amountDisplay
      currency
      customerName
      customerEmail
      status
      paymentMethodCode
      checkoutUrl
      cancellationReason
      lastPaymentError {
        message
      }
      createdAt
      succeededAt
      canceledAt
      amountRefunded
      amountRefundable
      captureMethod
      amountCapturable
      amountReceived
      captureBefore
      disputes(first: 5) {
        edges {
          node {
            id
            status
          }
        }
      }
      refunds(first: 50) {
        edges {
          node {
            id
            status
            amountDisplay
            currency
            reason
            failureReason
            createdAt
          }
        }
      }
      invoice {
        id
        invoiceNo
      }
      cardSessions(first: 20) {
        edges {
          node {
            id
            status
            outcome
            paymentMethodCode
            sandboxOutcome
            token
            createdAt
            completedAt
          }
        }
      }
    }
    events(first: 50, objectPublicId: $objectId) {
      edges {
        node {
          id
          type
          createdAt
          deliveries(first: 10) {
            edges {
              node {
                id
                status
                attemptCount
                nextAttemptAt
                lastStatusCode
                endpointId
              }
            }
          }
        }
      }
    }
    # The endpoints by id, at the top: naming them inside each delivery would nest one level too deep.
    webhookEndpoints(first: 100) {
      edges {
        node {
          id
          url
        }
      }
    }
  }
`);

export const PanelPaymentIntentUpdated = graphql(`
  subscription PanelPaymentIntentUpdated($id: ID!) {
    paymentIntentUpdated(id: $id) {
      id
      status
    }
  }
`);

export const PanelCancelPaymentIntent = graphql(`
  mutation PanelCancelPaymentIntent($id: ID!) {
    cancelPaymentIntent(id: $id) {
      id
      status
    }
  }
`);

export const PanelCapturePaymentIntent = graphql(`
  mutation PanelCapturePaymentIntent($id: ID!, $amountToCapture: Float) {
    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {
      id
      status
    }
  }
`);

export const PanelCreateRefund = graphql(`
  mutation PanelCreateRefund($input: CreateRefundInput!) {
    createRefund(input: $input) {
      id
      status
    }
  }
`);

export const PanelApprovePaymentReview = graphql(`
  mutation PanelApprovePaymentReview($id: ID!) {
    approvePaymentReview(id: $id) {
      id
      status
    }
  }
`);

export const PanelRejectPaymentReview = graphql(`
  mutation PanelRejectPaymentReview($id: ID!, $reason: String!) {
    rejectPaymentReview(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

export const PanelPaymentActivity = graphql(`
  subscription PanelPaymentActivity {
    paymentActivity {
      objectType
      id
      status
      event
    }
  }
`);
