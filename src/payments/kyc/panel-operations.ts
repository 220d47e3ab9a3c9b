// The GraphQL operations of Pay's panel pages for kyc (their scripts in panel-assets/ import this file
// by URL, /panel/src/payments/kyc/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

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
