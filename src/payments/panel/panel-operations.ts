// The payments panel pages' GraphQL operations (their scripts in panel-assets/ import this file by URL,
// /panel/src/payments/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
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

export const PanelInvoice = graphql(`
  query PanelInvoice($id: ID!, $objectId: String!) {
    invoice(id: $id) {
      id
      invoiceNo
      title
      amountDisplay
      currency
      customerName
      customerEmail
      status
      overdue
      dueDate
      hostedUrl
      createdAt
      paidAt
      voidedAt
      paymentIntent {
        id
        status
        title
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

export const PanelVoidInvoice = graphql(`
  mutation PanelVoidInvoice($id: ID!) {
    voidInvoice(id: $id) {
      id
      status
    }
  }
`);

export const PanelInvoices = graphql(`
  query PanelInvoices($first: Int, $after: String, $status: [InvoiceStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
    invoices(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          invoiceNo
          title
          amountDisplay
          currency
          status
          overdue
          dueDate
          hostedUrl
          createdAt
        }
      }
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

export const PanelKyc = graphql(`
  subscription PanelKyc {
    kycReviewUpdated {
      id
      status
      legalName
      country
      reason
      submittedAt
      reviewedAt
    }
  }
`);

export const PanelSubmitKyc = graphql(`
  mutation PanelSubmitKyc($input: SubmitKycInput!) {
    submitKyc(input: $input) {
      id
      status
    }
  }
`);

// --- customers (customers.js, customer.js) ---

export const PanelCustomers = graphql(`
  query PanelCustomers($first: Int, $after: String, $email: String, $search: String) {
    customers(first: $first, after: $after, email: $email, search: $search) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          email
          name
          createdAt
        }
      }
    }
  }
`);

export const PanelCustomer = graphql(`
  query PanelCustomer($id: ID!) {
    customer(id: $id) {
      id
      email
      name
      description
      createdAt
      paymentMethods(first: 50) {
        edges {
          node {
            id
            paymentMethodCode
            brand
            last4
            paymentIntentId
            createdAt
          }
        }
      }
      paymentIntents(first: 20) {
        edges {
          node {
            id
            title
            amountDisplay
            currency
            status
            createdAt
          }
        }
      }
    }
  }
`);

export const PanelDetachPaymentMethod = graphql(`
  mutation PanelDetachPaymentMethod($id: ID!) {
    detachPaymentMethod(id: $id) {
      id
    }
  }
`);

// --- disputes (disputes.js, dispute.js) ---

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

/** The overview's payments part (src/payments/panel-assets/payments-overview.js). */
export const PanelPaymentsOverview = graphql(`
  query PanelPaymentsOverview($days: Int!) {
    paymentsOverview(days: $days) {
      days
      bucketSeconds
      currency
      buckets {
        start
        succeeded
        attempted
        volumeMinor
      }
    }
  }
`);
