/* eslint-disable */
import * as types from './graphql.ts';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": typeof types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.AccountKeysDocument,
    "\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.BrowserIntentStatusDocument,
    "\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n": typeof types.CreateIntentDocument,
    "\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n": typeof types.CancelIntentDocument,
    "\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ApproveReviewDocument,
    "\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n": typeof types.RejectReviewDocument,
    "\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.IntentsDocument,
    "\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n": typeof types.CreateInvoiceGqlDocument,
    "\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n": typeof types.VoidInvoiceGqlDocument,
    "\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n": typeof types.InvoicesGqlDocument,
    "\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.InvoiceByIdDocument,
    "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n": typeof types.IntentByIdDocument,
    "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.IntentLiveDocument,
    "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n": typeof types.InvoiceLiveDocument,
    "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n": typeof types.SubmitKycDocument,
    "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n": typeof types.ApproveKycDocument,
    "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n": typeof types.RejectKycDocument,
    "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n": typeof types.AccountKycDocument,
    "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n": typeof types.KycLiveDocument,
    "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n": typeof types.IntentUpdatesDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": typeof types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": typeof types.PongsDocument,
};
const documents: Documents = {
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": types.AccountKeysDocument,
    "\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.BrowserIntentStatusDocument,
    "\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n": types.CreateIntentDocument,
    "\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n": types.CancelIntentDocument,
    "\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n": types.ApproveReviewDocument,
    "\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n": types.RejectReviewDocument,
    "\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.IntentsDocument,
    "\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n": types.SessionsDocument,
    "\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n": types.CreateInvoiceGqlDocument,
    "\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n": types.VoidInvoiceGqlDocument,
    "\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n": types.InvoicesGqlDocument,
    "\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n": types.InvoiceByIdDocument,
    "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n": types.IntentByIdDocument,
    "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.IntentLiveDocument,
    "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n": types.InvoiceLiveDocument,
    "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n": types.SubmitKycDocument,
    "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n": types.ApproveKycDocument,
    "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n": types.RejectKycDocument,
    "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n": types.AccountKycDocument,
    "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n": types.KycLiveDocument,
    "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n": types.IntentUpdatesDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": types.PongsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n"): (typeof documents)["\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n"): (typeof documents)["\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n"): (typeof documents)["\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n"): (typeof documents)["\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n"): (typeof documents)["\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n"): (typeof documents)["\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n"): (typeof documents)["\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;