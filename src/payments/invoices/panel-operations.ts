// The GraphQL operations of Pay's panel pages for invoices (their scripts in panel-assets/ import this file
// by URL, /panel/src/payments/invoices/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

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
