// The GraphQL operations of Pay's panel pages for customers (their scripts in panel-assets/ import this file
// by URL, /panel/src/payments/customers/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

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
