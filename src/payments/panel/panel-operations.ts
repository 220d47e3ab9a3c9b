// The GraphQL operations of Pay's panel pages for panel (their scripts in panel-assets/ import this file
// by URL, /panel/src/payments/panel/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

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
