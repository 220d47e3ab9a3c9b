// The GraphQL operations of Billing's panel pages (their scripts in panel-assets/ import this file by
// URL, /panel/src/payments/billing/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

export const PanelProducts = graphql(`
  query PanelProducts($first: Int, $after: String) {
    products(first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          name
          active
          createdAt
          prices(first: 20) {
            edges {
              node {
                id
                unitAmountDisplay
                currency
                interval
                intervalCount
                nickname
                active
              }
            }
          }
        }
      }
    }
  }
`);

export const PanelCreateProduct = graphql(`
  mutation PanelCreateProduct($input: CreateProductInput!) {
    createProduct(input: $input) {
      id
    }
  }
`);

export const PanelCreatePrice = graphql(`
  mutation PanelCreatePrice($input: CreatePriceInput!) {
    createPrice(input: $input) {
      id
    }
  }
`);

export const PanelSubscriptions = graphql(`
  query PanelSubscriptions($first: Int, $after: String, $status: [SubscriptionStatus!]) {
    subscriptions(first: $first, after: $after, status: $status) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          cancelAtPeriodEnd
          currentPeriodEnd
          createdAt
          customer {
            id
            email
            name
          }
          items {
            id
            quantity
            price {
              id
              unitAmountDisplay
              currency
              interval
              product {
                name
              }
            }
          }
        }
      }
    }
  }
`);

export const PanelSubscription = graphql(`
  query PanelSubscription($id: ID!) {
    subscription(id: $id) {
      id
      status
      currency
      collectionMethod
      cancelAtPeriodEnd
      currentPeriodStart
      currentPeriodEnd
      trialStart
      trialEnd
      canceledAt
      endedAt
      createdAt
      customer {
        id
        email
        name
      }
      items {
        id
        quantity
        price {
          id
          unitAmountDisplay
          currency
          interval
          intervalCount
          nickname
          product {
            id
            name
          }
        }
      }
      invoices(first: 20) {
        edges {
          node {
            id
            status
            amountDisplay
            currency
            periodStart
            periodEnd
            createdAt
          }
        }
      }
    }
    prices(first: 100, active: true) {
      edges {
        node {
          id
          unitAmountDisplay
          currency
          interval
          intervalCount
          nickname
          product {
            name
          }
        }
      }
    }
  }
`);

export const PanelUpdateSubscriptionPrice = graphql(`
  mutation PanelUpdateSubscriptionPrice($id: ID!, $input: UpdateSubscriptionInput!) {
    updateSubscription(id: $id, input: $input) {
      id
    }
  }
`);

export const PanelCancelSubscription = graphql(`
  mutation PanelCancelSubscription($id: ID!, $input: CancelSubscriptionInput) {
    cancelSubscription(id: $id, input: $input) {
      id
    }
  }
`);

export const PanelBillingSettings = graphql(`
  query PanelBillingSettings {
    billingSettings {
      retryDays
      afterRetries
    }
  }
`);

export const PanelUpdateBillingSettings = graphql(`
  mutation PanelUpdateBillingSettings($input: UpdateBillingSettingsInput!) {
    updateBillingSettings(input: $input) {
      retryDays
      afterRetries
    }
  }
`);
