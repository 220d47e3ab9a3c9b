/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AfterRetries =
  | 'CANCELED'
  | 'UNPAID';

export type CancellationReason =
  | 'ABANDONED'
  | 'DUPLICATE'
  | 'FRAUDULENT'
  | 'REQUESTED_BY_CUSTOMER'
  | 'VOID_INVOICE';

/** AUTOMATIC: an approved payment is taken at once. MANUAL: it is authorized (REQUIRES_CAPTURE) until captured, within 7 days. */
export type CaptureMethod =
  | 'AUTOMATIC'
  | 'MANUAL';

/** OPEN: waiting for a token; CHALLENGE: waiting for 3-D Secure; COMPLETED: used; EXPIRED: unused after 30 minutes. */
export type CardSessionStatus =
  | 'CHALLENGE'
  | 'COMPLETED'
  | 'EXPIRED'
  | 'OPEN';

export type CreateApiKeyInput = {
  label: string;
  scopes: Array<Scope>;
};

export type CreateCustomerInput = {
  description?: string | null | undefined;
  email?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  name?: string | null | undefined;
};

export type CreateInvoiceInput = {
  amount: number;
  currency: string;
  customerEmail?: string | null | undefined;
  customerName?: string | null | undefined;
  /** YYYY-MM-DD, today (UTC) or later. */
  dueDate: string;
  metadata?: Record<string, unknown> | null | undefined;
  title: string;
};

export type CreatePaymentIntentInput = {
  /** In the major unit: 12.5 is 12.50 USD; JPY takes whole numbers. */
  amount: number;
  /** MANUAL: authorize now, capture later (capturePaymentIntent). Default AUTOMATIC. */
  captureMethod?: CaptureMethod | null | undefined;
  /** true: charge paymentMethod now, without the checkout. */
  confirm?: boolean | null | undefined;
  currency: string;
  /** The customer (cus_…) the payment is for. */
  customer?: string | number | null | undefined;
  /** Required unless customer is given (then the customer's email by default). */
  customerEmail?: string | null | undefined;
  /** Required unless customer is given (then the customer's name by default). */
  customerName?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  /** true: the customer is not there to authenticate (required with confirm). */
  offSession?: boolean | null | undefined;
  /** A saved method (pm_…) of the customer to charge now (with confirm and offSession). */
  paymentMethod?: string | number | null | undefined;
  returnUrl?: string | null | undefined;
  /** off_session: its success saves the method paid with on the customer. */
  setupFutureUsage?: string | null | undefined;
  title: string;
};

export type CreatePriceInput = {
  active?: boolean | null | undefined;
  currency: string;
  metadata?: Record<string, unknown> | null | undefined;
  nickname?: string | null | undefined;
  product: string | number;
  recurring: RecurringInput;
  /** In the major unit: 12.5 is 12.50. */
  unitAmount: number;
};

export type CreateProductInput = {
  active?: boolean | null | undefined;
  description?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  name: string;
};

export type CreateRefundInput = {
  /** In the payment's major unit; absent: everything left to refund. */
  amount?: number | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  /** The succeeded payment intent to refund. */
  paymentIntent: string | number;
  reason?: RefundReason | null | undefined;
};

export type CreateWebhookEndpointInput = {
  description?: string | null | undefined;
  /** Default true. */
  enabled?: boolean | null | undefined;
  /** Event names to receive (see webhookEventTypes); empty or absent: every event. */
  eventTypes?: Array<string> | null | undefined;
  /** Custom headers sent with every request, {"name": "value"}: at most 10; not Host, Content-Length, Content-Type, User-Agent or a signature header. Values are sealed and never answered (headerNames lists the names). */
  headers?: Record<string, unknown> | null | undefined;
  /** Default UNORDERED. */
  ordering?: WebhookEndpointOrdering | null | undefined;
  /** At most this many deliveries a second to the endpoint (1–1,000); its other deliveries wait in the queue. Absent: no limit. */
  rateLimit?: number | null | undefined;
  /** http(s); outside the sandbox it must reach a public address. */
  url: string;
};

export type DeviceStatus =
  | 'OFFLINE'
  | 'ONLINE'
  | 'REVOKED';

/** Text evidence, by Stripe's field names (each at most 20,000 characters, 150,000 in all). In the sandbox, winning_evidence in any field wins. */
export type DisputeEvidenceInput = {
  accessActivityLog?: string | null | undefined;
  billingAddress?: string | null | undefined;
  cancellationRebuttal?: string | null | undefined;
  customerCommunication?: string | null | undefined;
  customerEmailAddress?: string | null | undefined;
  customerName?: string | null | undefined;
  customerPurchaseIp?: string | null | undefined;
  duplicateChargeExplanation?: string | null | undefined;
  productDescription?: string | null | undefined;
  refundPolicyDisclosure?: string | null | undefined;
  refundRefusalExplanation?: string | null | undefined;
  serviceDate?: string | null | undefined;
  shippingAddress?: string | null | undefined;
  shippingCarrier?: string | null | undefined;
  shippingDate?: string | null | undefined;
  shippingTrackingNumber?: string | null | undefined;
  uncategorizedText?: string | null | undefined;
};

export type DisputeReason =
  | 'DUPLICATE'
  | 'FRAUDULENT'
  | 'PRODUCT_NOT_RECEIVED'
  | 'UNRECOGNIZED';

/** NEEDS_RESPONSE until evidence is submitted (UNDER_REVIEW) or the dispute is accepted; WON or LOST when closed. */
export type DisputeStatus =
  | 'LOST'
  | 'NEEDS_RESPONSE'
  | 'UNDER_REVIEW'
  | 'WON';

export type InvoiceStatus =
  | 'DRAFT'
  | 'OPEN'
  | 'PAID'
  | 'UNCOLLECTIBLE'
  | 'VOID';

export type KycReviewStatus =
  | 'APPROVED'
  | 'PENDING_REVIEW'
  | 'REJECTED';

/** OUTBOUND: the account sent it; INBOUND: a phone of the account received it (status RECEIVED). */
export type MessageDirection =
  | 'INBOUND'
  | 'OUTBOUND';

/** Where an SMS is, as the panel names it: SCHEDULED (held for its time), QUEUED (waiting for a phone), ON_PHONE (a phone holds it, not yet reported sent; the API's status says QUEUED), SENT (sent, awaiting the delivery report), DELIVERED or FAILED; RECEIVED: an inbound SMS. */
export type MessageStage =
  | 'DELIVERED'
  | 'FAILED'
  | 'ON_PHONE'
  | 'QUEUED'
  | 'RECEIVED'
  | 'SCHEDULED'
  | 'SENT';

/** Public status of an SMS: SCHEDULED (held for its sendAt or the end of quiet hours), QUEUED (waiting or on a phone), SENT, DELIVERED or FAILED; RECEIVED for an inbound SMS. */
export type MessageStatus =
  | 'DELIVERED'
  | 'FAILED'
  | 'QUEUED'
  | 'RECEIVED'
  | 'SCHEDULED'
  | 'SENT';

/** How a number was opted out: the API, the panel, or a STOP keyword it sent. */
export type OptOutSource =
  | 'API'
  | 'KEYWORD'
  | 'PANEL';

export type PaymentIntentStatus =
  | 'CANCELED'
  | 'PROCESSING'
  | 'REQUIRES_ACTION'
  | 'REQUIRES_CAPTURE'
  | 'REQUIRES_PAYMENT_METHOD'
  | 'SUCCEEDED';

export type PaymentMethodCode =
  | 'APPLE_PAY'
  | 'GOOGLE_PAY'
  | 'MASTERCARD'
  | 'VISA';

export type PriceInterval =
  | 'DAY'
  | 'MONTH'
  | 'WEEK'
  | 'YEAR';

export type QueueRecipientListInput = {
  /** Send every message through this device (manual routing). */
  deviceId?: string | number | null | undefined;
  listId: string | number;
  /** One text for every member; or give template. */
  message?: string | null | undefined;
  /** −128..127, default 0: higher goes first; 100 and above is not held back by the phone's per-minute budget. */
  priority?: number | null | undefined;
  reference?: string | null | undefined;
  /** When to send them, up to 30 days ahead: until then each is SCHEDULED (cancelMessage cancels it). Their TTL counts from then. */
  sendAt?: string | null | undefined;
  /** The SIM to send from, 1-based: it must be a SIM of deviceId, or of every device the router may pick. */
  simNumber?: number | null | undefined;
  /** Instead of message: a text per member with {{name}}, {{phone}}, {{tags}} and any column of its CSV ({{first_name}}); {{first_name|there}} gives a default. A member without a value and no default refuses the send, nothing queued. */
  template?: string | null | undefined;
  /** How long each message may wait for a phone. */
  ttlSeconds?: number | null | undefined;
};

export type RecipientInput = {
  name: string;
  /** International format; stored as E.164. */
  phone: string;
  tags?: Array<string> | null | undefined;
};

export type RecipientListInput = {
  description?: string | null | undefined;
  name: string;
};

export type RecipientUpdateInput = {
  name?: string | null | undefined;
  phone?: string | null | undefined;
  tags?: Array<string> | null | undefined;
};

export type RecurringInput = {
  interval: PriceInterval;
  intervalCount?: number | null | undefined;
};

export type RefundReason =
  | 'DUPLICATE'
  | 'FRAUDULENT'
  | 'REQUESTED_BY_CUSTOMER';

/** PENDING until the payment-refund worker settles it; then SUCCEEDED or FAILED (a failed refund gives its amount back). */
export type RefundStatus =
  | 'FAILED'
  | 'PENDING'
  | 'SUCCEEDED';

/** AUTO: the router picks among online devices; MANUAL: every send names its device_id. */
export type RelayMode =
  | 'AUTO'
  | 'MANUAL';

export type RelayQuietHoursInput = {
  /** HH:MM, 24-hour; before start, the range spans midnight. */
  end: string;
  /** HH:MM, 24-hour. */
  start: string;
  /** An IANA time zone (Europe/Paris). */
  timeZone: string;
};

export type SandboxOutcome =
  | 'APPROVE'
  | 'CHALLENGE'
  | 'DECLINE'
  | 'PENDING'
  | 'REVIEW';

/** A permission an API key can carry. The REST and JSON name is the lower-case dotted form. */
export type Scope =
  /** account.read */
  | 'ACCOUNT_READ'
  /** devices.manage */
  | 'DEVICES_MANAGE'
  /** invoices.read */
  | 'INVOICES_READ'
  /** invoices.write */
  | 'INVOICES_WRITE'
  /** keys.manage */
  | 'KEYS_MANAGE'
  /** logs.read */
  | 'LOGS_READ'
  /** messages.read */
  | 'MESSAGES_READ'
  /** otp.send */
  | 'OTP_SEND'
  /** otp.verify */
  | 'OTP_VERIFY'
  /** payments.read */
  | 'PAYMENTS_READ'
  /** payments.write */
  | 'PAYMENTS_WRITE'
  /** recipients.read */
  | 'RECIPIENTS_READ'
  /** recipients.write */
  | 'RECIPIENTS_WRITE'
  /** sms.send */
  | 'SMS_SEND'
  /** webhooks.manage */
  | 'WEBHOOKS_MANAGE';

export type SubmitKycInput = {
  contactEmail: string;
  contactName: string;
  /** E.164, e.g. +966501234567. */
  contactPhone?: string | null | undefined;
  /** ISO 3166-1 alpha-2, e.g. SA. */
  country: string;
  legalName: string;
  registrationNumber: string;
};

export type SubscriptionStatus =
  | 'ACTIVE'
  | 'CANCELED'
  | 'INCOMPLETE'
  | 'INCOMPLETE_EXPIRED'
  | 'PAST_DUE'
  | 'TRIALING'
  | 'UNPAID';

/** A field left out stays; null clears it. */
export type UpdateCustomerInput = {
  description?: string | null | undefined;
  email?: string | null | undefined;
  /** Replaces the whole metadata. */
  metadata?: Record<string, unknown> | null | undefined;
  name?: string | null | undefined;
};

export type UpdateDeviceInput = {
  /** Messages per UTC day (per SIM when Yarrow picks the SIM); null: no cap. */
  dailyCap?: number | null | undefined;
  /** Distinct numbers per UTC month (per SIM when Yarrow picks the SIM); null: no cap. */
  monthlyRecipientsCap?: number | null | undefined;
  name?: string | null | undefined;
  /** SMS per minute; null goes back to the default. */
  ratePerMinute?: number | null | undefined;
  /** Upper end of the random wait after each send (Android app); null: no wait. */
  sendIntervalMaxSeconds?: number | null | undefined;
  /** Lower end of the random wait after each send (Android app); null: 0. */
  sendIntervalMinSeconds?: number | null | undefined;
  /** default, round_robin or random: which SIM a message that names none goes out on. */
  simSelectionMode?: string | null | undefined;
};

export type UpdateWebhookEndpointInput = {
  description?: string | null | undefined;
  /** false disables the endpoint; true enables it again and clears its failing period. */
  enabled?: boolean | null | undefined;
  eventTypes?: Array<string> | null | undefined;
  /** Custom headers sent with every request, {"name": "value"}: at most 10; not Host, Content-Length, Content-Type, User-Agent or a signature header. Values are sealed and never answered (headerNames lists the names). Replaces them all; {} removes them. */
  headers?: Record<string, unknown> | null | undefined;
  /** Made UNORDERED, the deliveries waiting in its line are sent at once. */
  ordering?: WebhookEndpointOrdering | null | undefined;
  /** At most this many deliveries a second (1–1,000); null removes the limit. */
  rateLimit?: number | null | undefined;
  /** Removes the headers of these names, whatever their case; not with headers. */
  removeHeaders?: Array<string> | null | undefined;
  /** Adds these headers or replaces their values, keeping the others (as Svix's PATCH of headers); not with headers. */
  setHeaders?: Record<string, unknown> | null | undefined;
  url?: string | null | undefined;
};

/** INTERRUPTED: the worker stopped mid-request; the job ran again under the same delivery number. */
export type WebhookAttemptOutcome =
  | 'FAILED'
  | 'INTERRUPTED'
  | 'IN_FLIGHT'
  | 'SUCCEEDED';

/** What started an attempt. */
export type WebhookAttemptTrigger =
  | 'AUTOMATIC'
  | 'MANUAL';

export type WebhookDeliveryFilter = {
  endpointId?: string | number | null | undefined;
  eventId?: string | number | null | undefined;
  eventType?: string | null | undefined;
  /** The deliveries of the events this API request caused. */
  requestLogId?: string | null | undefined;
  status?: WebhookDeliveryStatus | null | undefined;
};

/** PENDING: an attempt is due (first or retry). SUCCEEDED: a 2xx answered. FAILED: no attempt is due any more. */
export type WebhookDeliveryStatus =
  | 'FAILED'
  | 'PENDING'
  | 'SUCCEEDED';

/** MANUAL: disabled through the API. GONE: the endpoint answered 410. FAILING: every attempt failed for WEBHOOK_DISABLE_AFTER_SECONDS. */
export type WebhookEndpointDisabledReason =
  | 'FAILING'
  | 'GONE'
  | 'MANUAL';

/** UNORDERED: deliveries go in parallel (up to WEBHOOK_ENDPOINT_CONCURRENCY). FIFO: one at a time in event order; a failing delivery holds the ones behind it through its retries. */
export type WebhookEndpointOrdering =
  | 'FIFO'
  | 'UNORDERED';

/** YARROW: Yarrow's event and X-YarrowPay-* signature; SMS_GATEWAY: the SMS Gateway for Android app's body and X-Signature/X-Timestamp (endpoints registered through /api/3rdparty/v1/webhooks). */
export type WebhookPayloadFormat =
  | 'SMS_GATEWAY'
  | 'YARROW';

export type CreateKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateKeyMutation = { createApiKey: { secret: string, apiKey: { id: string, label: string, prefix: string, scopes: Array<Scope>, lastUsedAt: string | null, revokedAt: string | null } } };

export type RevokeKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeKeyMutation = { revokeApiKey: { id: string, revokedAt: string | null } };

export type AccountKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountKeysQuery = { account: { id: number, name: string, apiKeys: { edges: Array<{ node: { id: string, prefix: string, lastUsedAt: string | null } }> } } };

export type KeysChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type KeysChangedSubscription = { apiKeysChanged: { keyId: string, change: string } };

export type RequestLogByIdempotencyKeyQueryVariables = Exact<{
  key: string;
}>;


export type RequestLogByIdempotencyKeyQuery = { apiRequests: { edges: Array<{ node: { id: string, method: string, path: string, status: number, keyLabel: string | null, idempotencyKey: string | null, requestBody: string | null, events: Array<{ type: string }> } }> } };

export type TestCreateClockMutationVariables = Exact<{
  frozenTime?: string | null | undefined;
}>;


export type TestCreateClockMutation = { createTestClock: { frozenTime: string, heldJobsCount: number } };

export type TestAdvanceClockMutationVariables = Exact<{
  frozenTime: string;
}>;


export type TestAdvanceClockMutation = { advanceTestClock: { releasedJobs: number, testClock: { frozenTime: string, heldJobsCount: number, heldJobs: Array<{ queue: string, dueAt: string }> } } };

export type TestReadClockQueryVariables = Exact<{ [key: string]: never; }>;


export type TestReadClockQuery = { testClock: { frozenTime: string, heldJobsCount: number, heldJobs: Array<{ queue: string, dueAt: string }> } | null };

export type TestDeleteClockMutationVariables = Exact<{ [key: string]: never; }>;


export type TestDeleteClockMutation = { deleteTestClock: number };

export type TestClockSessionStatusQueryVariables = Exact<{
  id: string | number;
}>;


export type TestClockSessionStatusQuery = { cardSession: { status: CardSessionStatus } };

export type OutagePingMutationVariables = Exact<{ [key: string]: never; }>;


export type OutagePingMutation = { sendDiagnosticPing: { pingId: string } };

export type OutagePongsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type OutagePongsSubscription = { diagnosticPong: { pingId: string } };

export type KeysChangedOverTlsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type KeysChangedOverTlsSubscription = { apiKeysChanged: { keyId: string, change: string } };

export type BillingCreateProductMutationVariables = Exact<{
  input: CreateProductInput;
}>;


export type BillingCreateProductMutation = { createProduct: { id: string, name: string, active: boolean } };

export type BillingCreatePriceMutationVariables = Exact<{
  input: CreatePriceInput;
}>;


export type BillingCreatePriceMutation = { createPrice: { id: string, unitAmountMinor: number, interval: PriceInterval, intervalCount: number, product: { id: string } } };

export type BillingProductPricesQueryVariables = Exact<{
  productId?: string | number | null | undefined;
}>;


export type BillingProductPricesQuery = { prices: { edges: Array<{ node: { id: string } }> } };

export type BillingSubscriptionLiveSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type BillingSubscriptionLiveSubscription = { subscriptionUpdated: { id: string, status: SubscriptionStatus, cancelAtPeriodEnd: boolean, currentPeriodEnd: string } };

export type PanelTestBillingSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelTestBillingSettingsQuery = { billingSettings: { retryDays: Array<number>, afterRetries: AfterRetries } };

export type TestCreateManualIntentMutationVariables = Exact<{
  input: CreatePaymentIntentInput;
}>;


export type TestCreateManualIntentMutation = { createPaymentIntent: { id: string, captureMethod: CaptureMethod, status: PaymentIntentStatus } };

export type TestCapturePaymentIntentMutationVariables = Exact<{
  id: string | number;
  amountToCapture?: number | null | undefined;
}>;


export type TestCapturePaymentIntentMutation = { capturePaymentIntent: { id: string, status: PaymentIntentStatus, amountCapturable: number, amountReceived: number, amountReceivedMinor: number, amountRefundable: number, captureBefore: string | null } };

export type TestAuthorizedIntentQueryVariables = Exact<{
  id: string | number;
}>;


export type TestAuthorizedIntentQuery = { paymentIntent: { status: PaymentIntentStatus, amountCapturable: number, amountCapturableMinor: number, captureBefore: string | null } };

export type BrowserIntentStatusSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type BrowserIntentStatusSubscription = { paymentIntentUpdated: { id: string, status: PaymentIntentStatus } };

export type TestCreateCustomerMutationVariables = Exact<{
  input: CreateCustomerInput;
}>;


export type TestCreateCustomerMutation = { createCustomer: { id: string, email: string | null, name: string | null } };

export type TestUpdateCustomerMutationVariables = Exact<{
  id: string | number;
  input: UpdateCustomerInput;
}>;


export type TestUpdateCustomerMutation = { updateCustomer: { id: string, name: string | null, description: string | null } };

export type TestDeleteCustomerMutationVariables = Exact<{
  id: string | number;
}>;


export type TestDeleteCustomerMutation = { deleteCustomer: string };

export type TestCustomersByEmailQueryVariables = Exact<{
  email?: string | null | undefined;
  search?: string | null | undefined;
}>;


export type TestCustomersByEmailQuery = { customers: { edges: Array<{ node: { id: string, paymentMethods: { edges: Array<{ node: { id: string, paymentMethodCode: PaymentMethodCode, brand: string, last4: string } }> }, paymentIntents: { edges: Array<{ node: { id: string, customer: { id: string } | null, paymentMethod: { id: string } | null } }> } } }> } };

export type TestChargeSavedMutationVariables = Exact<{
  input: CreatePaymentIntentInput;
}>;


export type TestChargeSavedMutation = { createPaymentIntent: { id: string, status: PaymentIntentStatus, customerId: string | null, lastPaymentError: { code: string } | null } };

export type TestDetachMethodMutationVariables = Exact<{
  id: string | number;
}>;


export type TestDetachMethodMutation = { detachPaymentMethod: { id: string, detachedAt: string | null, customer: { id: string } | null } };

export type TestSessionTokensQueryVariables = Exact<{
  id: string | number;
}>;


export type TestSessionTokensQuery = { cardSessions: { edges: Array<{ node: { token: string | null, outcome: string | null } }> } };

export type TestDisputesQueryVariables = Exact<{
  paymentIntentId?: string | number | null | undefined;
  status?: Array<DisputeStatus> | DisputeStatus | null | undefined;
}>;


export type TestDisputesQuery = { disputes: { edges: Array<{ node: { id: string, status: DisputeStatus, reason: DisputeReason, amountMinor: number, evidenceDueBy: string, paymentIntent: { id: string, amountDisputed: number, amountDisputedMinor: number, amountRefundable: number, disputes: { edges: Array<{ node: { id: string } }> } } } }> } };

export type TestSubmitDisputeEvidenceMutationVariables = Exact<{
  id: string | number;
  evidence: DisputeEvidenceInput;
  submit?: boolean | null | undefined;
}>;


export type TestSubmitDisputeEvidenceMutation = { submitDisputeEvidence: { id: string, status: DisputeStatus, evidence: { productDescription: string | null, uncategorizedText: string | null } } };

export type TestCloseDisputeMutationVariables = Exact<{
  id: string | number;
}>;


export type TestCloseDisputeMutation = { closeDispute: { id: string, status: DisputeStatus, closedAt: string | null } };

export type CreateIntentMutationVariables = Exact<{
  input: CreatePaymentIntentInput;
}>;


export type CreateIntentMutation = { createPaymentIntent: { id: string, status: PaymentIntentStatus, amount: number, amountMinor: number, amountDisplay: string, currency: string, title: string, customerName: string, checkoutUrl: string, metadata: Record<string, unknown>, paymentMethodCode: PaymentMethodCode | null, lastPaymentError: { code: string } | null } };

export type CancelIntentMutationVariables = Exact<{
  id: string | number;
  reason?: CancellationReason | null | undefined;
}>;


export type CancelIntentMutation = { cancelPaymentIntent: { id: string, status: PaymentIntentStatus, cancellationReason: string | null } };

export type ApproveReviewMutationVariables = Exact<{
  id: string | number;
}>;


export type ApproveReviewMutation = { approvePaymentReview: { id: string, status: PaymentIntentStatus } };

export type RejectReviewMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type RejectReviewMutation = { rejectPaymentReview: { id: string, status: PaymentIntentStatus, lastPaymentError: { code: string, declineCode: string | null } | null } };

export type IntentsQueryVariables = Exact<{
  status?: Array<PaymentIntentStatus> | PaymentIntentStatus | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type IntentsQuery = { paymentIntents: { edges: Array<{ cursor: string, node: { id: string, status: PaymentIntentStatus, cardSessions: { edges: Array<{ node: { id: string, paymentMethodCode: PaymentMethodCode, status: CardSessionStatus, token: string | null, outcome: string | null } }> } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type SessionsQueryVariables = Exact<{
  status?: Array<CardSessionStatus> | CardSessionStatus | null | undefined;
  paymentIntentId?: string | number | null | undefined;
}>;


export type SessionsQuery = { cardSessions: { edges: Array<{ node: { id: string, status: CardSessionStatus, sandboxOutcome: SandboxOutcome, url: string, paymentIntent: { id: string } } }> } };

export type CreateInvoiceGqlMutationVariables = Exact<{
  input: CreateInvoiceInput;
}>;


export type CreateInvoiceGqlMutation = { createInvoice: { id: string, invoiceNo: string, status: InvoiceStatus, overdue: boolean, amount: number, amountDisplay: string, currency: string, dueDate: string, hostedUrl: string, paymentIntent: { id: string } | null } };

export type VoidInvoiceGqlMutationVariables = Exact<{
  id: string | number;
}>;


export type VoidInvoiceGqlMutation = { voidInvoice: { id: string, status: InvoiceStatus, voidedAt: string | null } };

export type InvoicesGqlQueryVariables = Exact<{
  status?: Array<InvoiceStatus> | InvoiceStatus | null | undefined;
}>;


export type InvoicesGqlQuery = { invoices: { edges: Array<{ node: { id: string, invoiceNo: string, status: InvoiceStatus } }> } };

export type InvoiceByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type InvoiceByIdQuery = { invoice: { id: string, status: InvoiceStatus } };

export type IntentByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type IntentByIdQuery = { paymentIntent: { id: string, title: string } };

export type IntentLiveSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type IntentLiveSubscription = { paymentIntentUpdated: { id: string, status: PaymentIntentStatus } };

export type PaidInvoicePayerQueryVariables = Exact<{
  id: string | number;
}>;


export type PaidInvoicePayerQuery = { invoice: { customerName: string | null, customerEmail: string | null, paymentIntentId: string | null } };

export type InvoiceLiveSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type InvoiceLiveSubscription = { invoiceUpdated: { id: string, status: InvoiceStatus, overdue: boolean, overdueAt: string | null, paidAt: string | null } };

export type SubmitKycMutationVariables = Exact<{
  input: SubmitKycInput;
}>;


export type SubmitKycMutation = { submitKyc: { id: string, status: KycReviewStatus, legalName: string, country: string } };

export type ApproveKycMutationVariables = Exact<{
  id: string | number;
}>;


export type ApproveKycMutation = { approveKycReview: { id: string, status: KycReviewStatus, reviewedBy: string | null } };

export type RejectKycMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type RejectKycMutation = { rejectKycReview: { id: string, status: KycReviewStatus, reason: string | null } };

export type AccountKycQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountKycQuery = { account: { id: number, kyc: { id: string, status: KycReviewStatus, legalName: string, registrationNumber: string, reason: string | null, reviewedBy: string | null } | null } };

export type KycLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type KycLiveSubscription = { kycReviewUpdated: { id: string, status: KycReviewStatus, reason: string | null, reviewedBy: string | null } | null };

export type SearchIntentsQueryVariables = Exact<{
  search?: string | null | undefined;
  createdFrom?: string | null | undefined;
  createdBefore?: string | null | undefined;
}>;


export type SearchIntentsQuery = { paymentIntents: { edges: Array<{ node: { id: string } }> } };

export type PanelTestApproveKycMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelTestApproveKycMutation = { approveKycReview: { id: string } };

export type TestCreateRefundMutationVariables = Exact<{
  input: CreateRefundInput;
}>;


export type TestCreateRefundMutation = { createRefund: { id: string, status: RefundStatus, amount: number, amountMinor: number, currency: string, reason: RefundReason | null, paymentIntent: { id: string, amountRefunded: number, amountRefundable: number } } };

export type TestRefundIntentLiveSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type TestRefundIntentLiveSubscription = { paymentIntentUpdated: { status: PaymentIntentStatus, amountRefundedMinor: number } };

export type TestIntentRefundsQueryVariables = Exact<{
  id: string | number;
}>;


export type TestIntentRefundsQuery = { paymentIntent: { amountRefunded: number, amountRefundedMinor: number, amountRefundable: number, refunds: { edges: Array<{ node: { id: string, status: RefundStatus, amountMinor: number, failureReason: string | null } }> } }, refunds: { edges: Array<{ node: { id: string } }> } };

export type IntentUpdatesSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type IntentUpdatesSubscription = { paymentIntentUpdated: { id: string, status: PaymentIntentStatus, paymentMethodCode: PaymentMethodCode | null, lastPaymentError: { code: string, declineCode: string | null, message: string } | null } };

export type ReferenceEndpointDeliveriesQueryVariables = Exact<{
  id: string | number;
}>;


export type ReferenceEndpointDeliveriesQuery = { webhookEndpoint: { payloadFormat: WebhookPayloadFormat }, webhookDeliveries: { edges: Array<{ node: { body: string } }> } };

export type DevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type DevicesQuery = { devices: { edges: Array<{ node: { id: string, name: string, status: DeviceStatus, ratePerMinute: number, batteryLevel: number | null, charging: boolean | null, signalLevel: number | null, queueLength: number | null, sims: Array<Record<string, unknown>> } }> } };

export type RevokeDeviceMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeDeviceMutation = { revokeDevice: { id: string, status: DeviceStatus, revokedAt: string | null } };

export type UpdateDeviceMutationVariables = Exact<{
  id: string | number;
  input: UpdateDeviceInput;
}>;


export type UpdateDeviceMutation = { updateDevice: { id: string, ratePerMinute: number } };

export type CreatePairingCodeMutationVariables = Exact<{ [key: string]: never; }>;


export type CreatePairingCodeMutation = { createPairingCode: { id: string, code: string, qrPayload: string, qrImage: string, expiresAt: string } };

export type MessageStatusChangedSubscriptionVariables = Exact<{
  requestId: string | number;
}>;


export type MessageStatusChangedSubscription = { messageStatusChanged: { requestId: string, status: MessageStatus, attempts: number, deviceId: string | null, failureReason: string | null } };

export type InboundMessagesQueryVariables = Exact<{
  from?: string | null | undefined;
}>;


export type InboundMessagesQuery = { messages: { edges: Array<{ node: { requestId: string, direction: MessageDirection, status: MessageStatus, from: string | null, body: string, inReplyTo: string | null, receivedAt: string | null, simNumber: number | null, device: { id: string } | null } }> } };

export type MessageReceivedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MessageReceivedSubscription = { messageReceived: { requestId: string, from: string | null, body: string, inReplyTo: string | null } };

export type OptOutsQueryVariables = Exact<{
  phone?: string | null | undefined;
  first?: number | null | undefined;
}>;


export type OptOutsQuery = { optOuts: { edges: Array<{ node: { id: string, phone: string, phoneDisplay: string, source: OptOutSource, createdAt: string } }> } };

export type OptOutRecipientMutationVariables = Exact<{
  phone: string;
}>;


export type OptOutRecipientMutation = { optOutRecipient: { id: string, phone: string, source: OptOutSource } };

export type OptInRecipientMutationVariables = Exact<{
  phone: string;
}>;


export type OptInRecipientMutation = { optInRecipient: { id: string, phone: string } };

export type OptOutQueueListMutationVariables = Exact<{
  input: QueueRecipientListInput;
}>;


export type OptOutQueueListMutation = { queueRecipientList: { queued: number, items: Array<{ to: string }>, skipped: Array<{ recipientId: string, to: string, reason: string }> } };

export type ListMessagesQueryVariables = Exact<{
  stage?: MessageStage | null | undefined;
  search?: string | null | undefined;
  deviceId?: string | number | null | undefined;
  queuedAfter?: string | null | undefined;
  queuedBefore?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListMessagesQuery = { messages: { edges: Array<{ node: { requestId: string, status: MessageStatus, stage: MessageStage, to: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type MessageDetailQueryVariables = Exact<{
  requestId: string | number;
  objectId: string;
}>;


export type MessageDetailQuery = { message: { requestId: string, stage: MessageStage, attemptLog: Array<{ number: number, outcome: string | null, failureReason: string | null, device: { id: string, name: string } }> }, events: { edges: Array<{ node: { type: string } }> } };

export type DeviceDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type DeviceDetailQuery = { device: { id: string, sentLastMinute: number, ratePerMinute: number, presenceHistory: Array<{ change: string, at: string }>, messages: { edges: Array<{ node: { requestId: string } }> } } };

export type FilterDevicesQueryVariables = Exact<{
  status?: DeviceStatus | null | undefined;
  search?: string | null | undefined;
}>;


export type FilterDevicesQuery = { devices: { edges: Array<{ node: { id: string } }> } };

export type QueueListSendMutationVariables = Exact<{
  input: QueueRecipientListInput;
}>;


export type QueueListSendMutation = { queueRecipientList: { batchId: string, queued: number, skipped: Array<{ to: string, reason: string }> } };

export type ReadinessChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ReadinessChangedSubscription = { launchReadinessChanged: { ready: boolean, steps: Array<{ key: string, ok: boolean }> } };

export type PresenceRevokeDeviceMutationVariables = Exact<{
  id: string | number;
}>;


export type PresenceRevokeDeviceMutation = { revokeDevice: { id: string, status: DeviceStatus } };

export type PinnedMessageQueryVariables = Exact<{
  requestId: string | number;
}>;


export type PinnedMessageQuery = { message: { pinnedFailsAt: string | null, pinnedDevice: { id: string, name: string } | null, device: { id: string } | null } };

export type PresenceDeviceQueryVariables = Exact<{
  id: string | number;
}>;


export type PresenceDeviceQuery = { device: { status: DeviceStatus, connected: boolean, disconnectedAt: string | null } };

export type CreatePriorityListMutationVariables = Exact<{
  input: RecipientListInput;
}>;


export type CreatePriorityListMutation = { createRecipientList: { id: string } };

export type QueuePriorityListMutationVariables = Exact<{
  input: QueueRecipientListInput;
}>;


export type QueuePriorityListMutation = { queueRecipientList: { batchId: string, queued: number } };

export type MessagePriorityQueryVariables = Exact<{
  requestId: string | number;
}>;


export type MessagePriorityQuery = { message: { requestId: string, priority: number } };

export type CreateRecipientMutationVariables = Exact<{
  input: RecipientInput;
}>;


export type CreateRecipientMutation = { createRecipient: { id: string, name: string, phone: string, tags: Array<string> } };

export type UpdateRecipientMutationVariables = Exact<{
  id: string | number;
  input: RecipientUpdateInput;
}>;


export type UpdateRecipientMutation = { updateRecipient: { id: string, name: string, phone: string } };

export type DeleteRecipientMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteRecipientMutation = { deleteRecipient: { id: string } };

export type ImportRecipientsMutationVariables = Exact<{
  csv: string;
  listId?: string | number | null | undefined;
}>;


export type ImportRecipientsMutation = { importRecipients: { created: number, skippedCount: number, skipped: Array<{ line: number, reason: string }> } };

export type CreateListMutationVariables = Exact<{
  input: RecipientListInput;
}>;


export type CreateListMutation = { createRecipientList: { id: string, name: string } };

export type AddToListMutationVariables = Exact<{
  listId: string | number;
  recipientIds: Array<string | number> | string | number;
}>;


export type AddToListMutation = { addRecipientsToList: { id: string, memberCount: number } };

export type ListMembersQueryVariables = Exact<{
  id: string | number;
}>;


export type ListMembersQuery = { recipientList: { name: string, memberCount: number, members: { edges: Array<{ node: { recipient: { name: string, phone: string } } }> } } };

export type SearchRecipientsQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type SearchRecipientsQuery = { recipients: { edges: Array<{ node: { name: string } }> } };

export type BatchMessagesQueryVariables = Exact<{
  batchId?: string | number | null | undefined;
}>;


export type BatchMessagesQuery = { messages: { edges: Array<{ node: { requestId: string, batchId: string | null, to: string } }> } };

export type QueueListItemsMutationVariables = Exact<{
  input: QueueRecipientListInput;
}>;


export type QueueListItemsMutation = { queueRecipientList: { batchId: string, items: Array<{ to: string, requestId: string }> } };

export type ListMessagesQueuedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ListMessagesQueuedSubscription = { messageUpdated: { requestId: string, status: MessageStatus } };

export type SetRelayModeMutationVariables = Exact<{
  mode: RelayMode;
}>;


export type SetRelayModeMutation = { setRelayMode: { id: number, relayMode: RelayMode } };

export type MessageQueryQueryVariables = Exact<{
  requestId: string | number;
}>;


export type MessageQueryQuery = { message: { requestId: string, status: MessageStatus, to: string, body: string, attempts: number, device: { id: string, name: string } | null } };

export type MessageUpdatedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MessageUpdatedSubscription = { messageUpdated: { requestId: string, status: MessageStatus, attempts: number, deviceId: string | null } };

export type ReadinessQueryVariables = Exact<{ [key: string]: never; }>;


export type ReadinessQuery = { launchReadiness: { ready: boolean, steps: Array<{ key: string, ok: boolean, hint: string }> } };

export type CancelScheduledMutationVariables = Exact<{
  requestId: string | number;
}>;


export type CancelScheduledMutation = { cancelMessage: { requestId: string, status: MessageStatus, failureReason: string | null, sendAt: string | null, scheduleReason: string | null } };

export type SetQuietHoursMutationVariables = Exact<{
  input?: RelayQuietHoursInput | null | undefined;
}>;


export type SetQuietHoursMutation = { setRelayQuietHours: { id: number, relayQuietHours: { start: string, end: string, timeZone: string } | null } };

export type CreateScheduledListMutationVariables = Exact<{
  input: RecipientListInput;
}>;


export type CreateScheduledListMutation = { createRecipientList: { id: string } };

export type QueueScheduledListMutationVariables = Exact<{
  input: QueueRecipientListInput;
}>;


export type QueueScheduledListMutation = { queueRecipientList: { batchId: string, queued: number } };

export type SdkPingMutationVariables = Exact<{ [key: string]: never; }>;


export type SdkPingMutation = { sendDiagnosticPing: { pingId: string } };

export type SdkPongsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SdkPongsSubscription = { diagnosticPong: { pingId: string, workerPid: number } };

export type SendPingMutationVariables = Exact<{ [key: string]: never; }>;


export type SendPingMutation = { sendDiagnosticPing: { pingId: string, sentAt: string } };

export type PongsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PongsSubscription = { diagnosticPong: { pingId: string, workerPid: number, receivedAt: string } };

export type EndpointPageSendTestMutationVariables = Exact<{
  endpointId: string | number;
}>;


export type EndpointPageSendTestMutation = { sendTestWebhook: { delivery: { id: string } } };

export type EndpointSettingsQueryVariables = Exact<{
  id: string | number;
}>;


export type EndpointSettingsQuery = { webhookEndpoint: { rateLimit: number | null, headerNames: Array<string> } };

export type EventFeedSubscriptionVariables = Exact<{
  types?: Array<string> | string | null | undefined;
}>;


export type EventFeedSubscription = { eventCreated: { id: string, type: string, objectPublicId: string, payload: Record<string, unknown> } };

export type CreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { createWebhookEndpoint: { secret: string, endpoint: { id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, disabledAt: string | null, disabledReason: WebhookEndpointDisabledReason | null, createdAt: string } } };

export type UpdateWebhookEndpointMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookEndpointInput;
}>;


export type UpdateWebhookEndpointMutation = { updateWebhookEndpoint: { id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, disabledAt: string | null, disabledReason: WebhookEndpointDisabledReason | null, failingSince: string | null, ordering: WebhookEndpointOrdering } };

export type RotateWebhookEndpointSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RotateWebhookEndpointSecretMutation = { rotateWebhookEndpointSecret: { secret: string, previousSecretExpiresAt: string | null, endpoint: { id: string, previousSecretExpiresAt: string | null } } };

export type RevealWebhookEndpointSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RevealWebhookEndpointSecretMutation = { revealWebhookEndpointSecret: { secret: string, previousSecretExpiresAt: string | null } };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteWebhookEndpointMutation = { deleteWebhookEndpoint: { id: string, deleted: boolean } };

export type SendTestWebhookMutationVariables = Exact<{
  endpointId: string | number;
}>;


export type SendTestWebhookMutation = { sendTestWebhook: { event: { id: string, type: string }, delivery: { id: string, status: WebhookDeliveryStatus } } };

export type RedeliverWebhookMutationVariables = Exact<{
  deliveryId: string | number;
}>;


export type RedeliverWebhookMutation = { redeliverWebhook: { id: string, status: WebhookDeliveryStatus, attemptCount: number } };

export type WebhookEndpointQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookEndpointQuery = { webhookEndpoint: { id: string, url: string, enabled: boolean, disabledAt: string | null, disabledReason: WebhookEndpointDisabledReason | null, failingSince: string | null, eventTypes: Array<string>, deliveries: { edges: Array<{ node: { id: string, status: WebhookDeliveryStatus } }> } } };

export type WebhookEndpointsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type WebhookEndpointsQuery = { webhookEndpoints: { edges: Array<{ cursor: string, node: { id: string, url: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type WebhookDeliveriesQueryVariables = Exact<{
  filter?: WebhookDeliveryFilter | null | undefined;
  first?: number | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, attemptCount: number, endpoint: { id: string }, event: { id: string, type: string } } }> } };

export type WebhookDeliveryQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookDeliveryQuery = { webhookDelivery: { id: string, status: WebhookDeliveryStatus, attemptCount: number, lastStatusCode: number | null, nextAttemptAt: string | null, deliveredAt: string | null, event: { id: string, type: string, payload: Record<string, unknown> }, attempts: Array<{ id: string, trigger: WebhookAttemptTrigger, outcome: WebhookAttemptOutcome, httpStatus: number | null, durationMs: number | null, responseExcerpt: string | null, error: string | null, startedAt: string, finishedAt: string | null }> } };

export type WebhookAttemptsQueryVariables = Exact<{
  deliveryId: string | number;
}>;


export type WebhookAttemptsQuery = { webhookAttempts: Array<{ id: string, trigger: WebhookAttemptTrigger, outcome: WebhookAttemptOutcome, httpStatus: number | null, error: string | null }> };

export type EventsQueryVariables = Exact<{
  type?: string | null | undefined;
  first?: number | null | undefined;
}>;


export type EventsQuery = { events: { edges: Array<{ node: { id: string, type: string, objectType: string, objectPublicId: string, data: Record<string, unknown>, payload: Record<string, unknown> } }> } };

export type WebhookEventTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEventTypesQuery = { webhookEventTypes: Array<string> };

export type WebhookDeliveryUpdatedSubscriptionVariables = Exact<{
  deliveryId?: string | number | null | undefined;
  endpointId?: string | number | null | undefined;
}>;


export type WebhookDeliveryUpdatedSubscription = { webhookDeliveryUpdated: { deliveryId: string, endpointId: string, eventId: string, eventType: string, status: WebhookDeliveryStatus, attemptCount: number, lastStatusCode: number | null, nextAttemptAt: string | null, delivery: { id: string, status: WebhookDeliveryStatus } | null } };

export type RecoverWebhookEndpointMutationVariables = Exact<{
  id: string | number;
  since: string;
  until?: string | null | undefined;
}>;


export type RecoverWebhookEndpointMutation = { recoverWebhookEndpoint: { queued: number, since: string, until: string, endpoint: { id: string } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const CreateKeyDocument = new TypedDocumentString(`
    mutation CreateKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    secret
    apiKey {
      id
      label
      prefix
      scopes
      lastUsedAt
      revokedAt
    }
  }
}
    `) as unknown as TypedDocumentString<CreateKeyMutation, CreateKeyMutationVariables>;
export const RevokeKeyDocument = new TypedDocumentString(`
    mutation RevokeKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<RevokeKeyMutation, RevokeKeyMutationVariables>;
export const AccountKeysDocument = new TypedDocumentString(`
    query AccountKeys {
  account {
    id
    name
    apiKeys(first: 50) {
      edges {
        node {
          id
          prefix
          lastUsedAt
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AccountKeysQuery, AccountKeysQueryVariables>;
export const KeysChangedDocument = new TypedDocumentString(`
    subscription KeysChanged {
  apiKeysChanged {
    keyId
    change
  }
}
    `) as unknown as TypedDocumentString<KeysChangedSubscription, KeysChangedSubscriptionVariables>;
export const RequestLogByIdempotencyKeyDocument = new TypedDocumentString(`
    query RequestLogByIdempotencyKey($key: String!) {
  apiRequests(first: 5, filter: {idempotencyKey: $key}) {
    edges {
      node {
        id
        method
        path
        status
        keyLabel
        idempotencyKey
        requestBody
        events {
          type
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<RequestLogByIdempotencyKeyQuery, RequestLogByIdempotencyKeyQueryVariables>;
export const TestCreateClockDocument = new TypedDocumentString(`
    mutation TestCreateClock($frozenTime: DateTime) {
  createTestClock(frozenTime: $frozenTime) {
    frozenTime
    heldJobsCount
  }
}
    `) as unknown as TypedDocumentString<TestCreateClockMutation, TestCreateClockMutationVariables>;
export const TestAdvanceClockDocument = new TypedDocumentString(`
    mutation TestAdvanceClock($frozenTime: DateTime!) {
  advanceTestClock(frozenTime: $frozenTime) {
    releasedJobs
    testClock {
      frozenTime
      heldJobsCount
      heldJobs {
        queue
        dueAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TestAdvanceClockMutation, TestAdvanceClockMutationVariables>;
export const TestReadClockDocument = new TypedDocumentString(`
    query TestReadClock {
  testClock {
    frozenTime
    heldJobsCount
    heldJobs {
      queue
      dueAt
    }
  }
}
    `) as unknown as TypedDocumentString<TestReadClockQuery, TestReadClockQueryVariables>;
export const TestDeleteClockDocument = new TypedDocumentString(`
    mutation TestDeleteClock {
  deleteTestClock
}
    `) as unknown as TypedDocumentString<TestDeleteClockMutation, TestDeleteClockMutationVariables>;
export const TestClockSessionStatusDocument = new TypedDocumentString(`
    query TestClockSessionStatus($id: ID!) {
  cardSession(id: $id) {
    status
  }
}
    `) as unknown as TypedDocumentString<TestClockSessionStatusQuery, TestClockSessionStatusQueryVariables>;
export const OutagePingDocument = new TypedDocumentString(`
    mutation OutagePing {
  sendDiagnosticPing {
    pingId
  }
}
    `) as unknown as TypedDocumentString<OutagePingMutation, OutagePingMutationVariables>;
export const OutagePongsDocument = new TypedDocumentString(`
    subscription OutagePongs {
  diagnosticPong {
    pingId
  }
}
    `) as unknown as TypedDocumentString<OutagePongsSubscription, OutagePongsSubscriptionVariables>;
export const KeysChangedOverTlsDocument = new TypedDocumentString(`
    subscription KeysChangedOverTls {
  apiKeysChanged {
    keyId
    change
  }
}
    `) as unknown as TypedDocumentString<KeysChangedOverTlsSubscription, KeysChangedOverTlsSubscriptionVariables>;
export const BillingCreateProductDocument = new TypedDocumentString(`
    mutation BillingCreateProduct($input: CreateProductInput!) {
  createProduct(input: $input) {
    id
    name
    active
  }
}
    `) as unknown as TypedDocumentString<BillingCreateProductMutation, BillingCreateProductMutationVariables>;
export const BillingCreatePriceDocument = new TypedDocumentString(`
    mutation BillingCreatePrice($input: CreatePriceInput!) {
  createPrice(input: $input) {
    id
    unitAmountMinor
    interval
    intervalCount
    product {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<BillingCreatePriceMutation, BillingCreatePriceMutationVariables>;
export const BillingProductPricesDocument = new TypedDocumentString(`
    query BillingProductPrices($productId: ID) {
  prices(productId: $productId) {
    edges {
      node {
        id
      }
    }
  }
}
    `) as unknown as TypedDocumentString<BillingProductPricesQuery, BillingProductPricesQueryVariables>;
export const BillingSubscriptionLiveDocument = new TypedDocumentString(`
    subscription BillingSubscriptionLive($id: ID!) {
  subscriptionUpdated(id: $id) {
    id
    status
    cancelAtPeriodEnd
    currentPeriodEnd
  }
}
    `) as unknown as TypedDocumentString<BillingSubscriptionLiveSubscription, BillingSubscriptionLiveSubscriptionVariables>;
export const PanelTestBillingSettingsDocument = new TypedDocumentString(`
    query PanelTestBillingSettings {
  billingSettings {
    retryDays
    afterRetries
  }
}
    `) as unknown as TypedDocumentString<PanelTestBillingSettingsQuery, PanelTestBillingSettingsQueryVariables>;
export const TestCreateManualIntentDocument = new TypedDocumentString(`
    mutation TestCreateManualIntent($input: CreatePaymentIntentInput!) {
  createPaymentIntent(input: $input) {
    id
    captureMethod
    status
  }
}
    `) as unknown as TypedDocumentString<TestCreateManualIntentMutation, TestCreateManualIntentMutationVariables>;
export const TestCapturePaymentIntentDocument = new TypedDocumentString(`
    mutation TestCapturePaymentIntent($id: ID!, $amountToCapture: Float) {
  capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {
    id
    status
    amountCapturable
    amountReceived
    amountReceivedMinor
    amountRefundable
    captureBefore
  }
}
    `) as unknown as TypedDocumentString<TestCapturePaymentIntentMutation, TestCapturePaymentIntentMutationVariables>;
export const TestAuthorizedIntentDocument = new TypedDocumentString(`
    query TestAuthorizedIntent($id: ID!) {
  paymentIntent(id: $id) {
    status
    amountCapturable
    amountCapturableMinor
    captureBefore
  }
}
    `) as unknown as TypedDocumentString<TestAuthorizedIntentQuery, TestAuthorizedIntentQueryVariables>;
export const BrowserIntentStatusDocument = new TypedDocumentString(`
    subscription BrowserIntentStatus($id: ID!) {
  paymentIntentUpdated(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<BrowserIntentStatusSubscription, BrowserIntentStatusSubscriptionVariables>;
export const TestCreateCustomerDocument = new TypedDocumentString(`
    mutation TestCreateCustomer($input: CreateCustomerInput!) {
  createCustomer(input: $input) {
    id
    email
    name
  }
}
    `) as unknown as TypedDocumentString<TestCreateCustomerMutation, TestCreateCustomerMutationVariables>;
export const TestUpdateCustomerDocument = new TypedDocumentString(`
    mutation TestUpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {
  updateCustomer(id: $id, input: $input) {
    id
    name
    description
  }
}
    `) as unknown as TypedDocumentString<TestUpdateCustomerMutation, TestUpdateCustomerMutationVariables>;
export const TestDeleteCustomerDocument = new TypedDocumentString(`
    mutation TestDeleteCustomer($id: ID!) {
  deleteCustomer(id: $id)
}
    `) as unknown as TypedDocumentString<TestDeleteCustomerMutation, TestDeleteCustomerMutationVariables>;
export const TestCustomersByEmailDocument = new TypedDocumentString(`
    query TestCustomersByEmail($email: String, $search: String) {
  customers(first: 10, email: $email, search: $search) {
    edges {
      node {
        id
        paymentMethods(first: 5) {
          edges {
            node {
              id
              paymentMethodCode
              brand
              last4
            }
          }
        }
        paymentIntents(first: 5) {
          edges {
            node {
              id
              customer {
                id
              }
              paymentMethod {
                id
              }
            }
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TestCustomersByEmailQuery, TestCustomersByEmailQueryVariables>;
export const TestChargeSavedDocument = new TypedDocumentString(`
    mutation TestChargeSaved($input: CreatePaymentIntentInput!) {
  createPaymentIntent(input: $input) {
    id
    status
    customerId
    lastPaymentError {
      code
    }
  }
}
    `) as unknown as TypedDocumentString<TestChargeSavedMutation, TestChargeSavedMutationVariables>;
export const TestDetachMethodDocument = new TypedDocumentString(`
    mutation TestDetachMethod($id: ID!) {
  detachPaymentMethod(id: $id) {
    id
    customer {
      id
    }
    detachedAt
  }
}
    `) as unknown as TypedDocumentString<TestDetachMethodMutation, TestDetachMethodMutationVariables>;
export const TestSessionTokensDocument = new TypedDocumentString(`
    query TestSessionTokens($id: ID!) {
  cardSessions(first: 10, paymentIntentId: $id) {
    edges {
      node {
        token
        outcome
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TestSessionTokensQuery, TestSessionTokensQueryVariables>;
export const TestDisputesDocument = new TypedDocumentString(`
    query TestDisputes($paymentIntentId: ID, $status: [DisputeStatus!]) {
  disputes(first: 10, paymentIntentId: $paymentIntentId, status: $status) {
    edges {
      node {
        id
        status
        reason
        amountMinor
        evidenceDueBy
        paymentIntent {
          id
          amountDisputed
          amountDisputedMinor
          amountRefundable
          disputes(first: 5) {
            edges {
              node {
                id
              }
            }
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TestDisputesQuery, TestDisputesQueryVariables>;
export const TestSubmitDisputeEvidenceDocument = new TypedDocumentString(`
    mutation TestSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {
  submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {
    id
    status
    evidence {
      productDescription
      uncategorizedText
    }
  }
}
    `) as unknown as TypedDocumentString<TestSubmitDisputeEvidenceMutation, TestSubmitDisputeEvidenceMutationVariables>;
export const TestCloseDisputeDocument = new TypedDocumentString(`
    mutation TestCloseDispute($id: ID!) {
  closeDispute(id: $id) {
    id
    status
    closedAt
  }
}
    `) as unknown as TypedDocumentString<TestCloseDisputeMutation, TestCloseDisputeMutationVariables>;
export const CreateIntentDocument = new TypedDocumentString(`
    mutation CreateIntent($input: CreatePaymentIntentInput!) {
  createPaymentIntent(input: $input) {
    id
    status
    amount
    amountMinor
    amountDisplay
    currency
    title
    customerName
    checkoutUrl
    metadata
    paymentMethodCode
    lastPaymentError {
      code
    }
  }
}
    `) as unknown as TypedDocumentString<CreateIntentMutation, CreateIntentMutationVariables>;
export const CancelIntentDocument = new TypedDocumentString(`
    mutation CancelIntent($id: ID!, $reason: CancellationReason) {
  cancelPaymentIntent(id: $id, cancellationReason: $reason) {
    id
    status
    cancellationReason
  }
}
    `) as unknown as TypedDocumentString<CancelIntentMutation, CancelIntentMutationVariables>;
export const ApproveReviewDocument = new TypedDocumentString(`
    mutation ApproveReview($id: ID!) {
  approvePaymentReview(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ApproveReviewMutation, ApproveReviewMutationVariables>;
export const RejectReviewDocument = new TypedDocumentString(`
    mutation RejectReview($id: ID!, $reason: String!) {
  rejectPaymentReview(id: $id, reason: $reason) {
    id
    status
    lastPaymentError {
      code
      declineCode
    }
  }
}
    `) as unknown as TypedDocumentString<RejectReviewMutation, RejectReviewMutationVariables>;
export const IntentsDocument = new TypedDocumentString(`
    query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {
  paymentIntents(status: $status, first: $first, after: $after) {
    edges {
      cursor
      node {
        id
        status
        cardSessions {
          edges {
            node {
              id
              paymentMethodCode
              status
              token
              outcome
            }
          }
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<IntentsQuery, IntentsQueryVariables>;
export const SessionsDocument = new TypedDocumentString(`
    query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {
  cardSessions(status: $status, paymentIntentId: $paymentIntentId) {
    edges {
      node {
        id
        status
        sandboxOutcome
        url
        paymentIntent {
          id
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SessionsQuery, SessionsQueryVariables>;
export const CreateInvoiceGqlDocument = new TypedDocumentString(`
    mutation CreateInvoiceGql($input: CreateInvoiceInput!) {
  createInvoice(input: $input) {
    id
    invoiceNo
    status
    overdue
    amount
    amountDisplay
    currency
    dueDate
    hostedUrl
    paymentIntent {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<CreateInvoiceGqlMutation, CreateInvoiceGqlMutationVariables>;
export const VoidInvoiceGqlDocument = new TypedDocumentString(`
    mutation VoidInvoiceGql($id: ID!) {
  voidInvoice(id: $id) {
    id
    status
    voidedAt
  }
}
    `) as unknown as TypedDocumentString<VoidInvoiceGqlMutation, VoidInvoiceGqlMutationVariables>;
export const InvoicesGqlDocument = new TypedDocumentString(`
    query InvoicesGql($status: [InvoiceStatus!]) {
  invoices(status: $status) {
    edges {
      node {
        id
        invoiceNo
        status
      }
    }
  }
}
    `) as unknown as TypedDocumentString<InvoicesGqlQuery, InvoicesGqlQueryVariables>;
export const InvoiceByIdDocument = new TypedDocumentString(`
    query InvoiceById($id: ID!) {
  invoice(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<InvoiceByIdQuery, InvoiceByIdQueryVariables>;
export const IntentByIdDocument = new TypedDocumentString(`
    query IntentById($id: ID!) {
  paymentIntent(id: $id) {
    id
    title
  }
}
    `) as unknown as TypedDocumentString<IntentByIdQuery, IntentByIdQueryVariables>;
export const IntentLiveDocument = new TypedDocumentString(`
    subscription IntentLive($id: ID!) {
  paymentIntentUpdated(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<IntentLiveSubscription, IntentLiveSubscriptionVariables>;
export const PaidInvoicePayerDocument = new TypedDocumentString(`
    query PaidInvoicePayer($id: ID!) {
  invoice(id: $id) {
    customerName
    customerEmail
    paymentIntentId
  }
}
    `) as unknown as TypedDocumentString<PaidInvoicePayerQuery, PaidInvoicePayerQueryVariables>;
export const InvoiceLiveDocument = new TypedDocumentString(`
    subscription InvoiceLive($id: ID!) {
  invoiceUpdated(id: $id) {
    id
    status
    overdue
    overdueAt
    paidAt
  }
}
    `) as unknown as TypedDocumentString<InvoiceLiveSubscription, InvoiceLiveSubscriptionVariables>;
export const SubmitKycDocument = new TypedDocumentString(`
    mutation SubmitKyc($input: SubmitKycInput!) {
  submitKyc(input: $input) {
    id
    status
    legalName
    country
  }
}
    `) as unknown as TypedDocumentString<SubmitKycMutation, SubmitKycMutationVariables>;
export const ApproveKycDocument = new TypedDocumentString(`
    mutation ApproveKyc($id: ID!) {
  approveKycReview(id: $id) {
    id
    status
    reviewedBy
  }
}
    `) as unknown as TypedDocumentString<ApproveKycMutation, ApproveKycMutationVariables>;
export const RejectKycDocument = new TypedDocumentString(`
    mutation RejectKyc($id: ID!, $reason: String!) {
  rejectKycReview(id: $id, reason: $reason) {
    id
    status
    reason
  }
}
    `) as unknown as TypedDocumentString<RejectKycMutation, RejectKycMutationVariables>;
export const AccountKycDocument = new TypedDocumentString(`
    query AccountKyc {
  account {
    id
    kyc {
      id
      status
      legalName
      registrationNumber
      reason
      reviewedBy
    }
  }
}
    `) as unknown as TypedDocumentString<AccountKycQuery, AccountKycQueryVariables>;
export const KycLiveDocument = new TypedDocumentString(`
    subscription KycLive {
  kycReviewUpdated {
    id
    status
    reason
    reviewedBy
  }
}
    `) as unknown as TypedDocumentString<KycLiveSubscription, KycLiveSubscriptionVariables>;
export const SearchIntentsDocument = new TypedDocumentString(`
    query SearchIntents($search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
  paymentIntents(
    first: 10
    search: $search
    createdFrom: $createdFrom
    createdBefore: $createdBefore
  ) {
    edges {
      node {
        id
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SearchIntentsQuery, SearchIntentsQueryVariables>;
export const PanelTestApproveKycDocument = new TypedDocumentString(`
    mutation PanelTestApproveKyc($id: ID!) {
  approveKycReview(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelTestApproveKycMutation, PanelTestApproveKycMutationVariables>;
export const TestCreateRefundDocument = new TypedDocumentString(`
    mutation TestCreateRefund($input: CreateRefundInput!) {
  createRefund(input: $input) {
    id
    status
    amount
    amountMinor
    currency
    reason
    paymentIntent {
      id
      amountRefunded
      amountRefundable
    }
  }
}
    `) as unknown as TypedDocumentString<TestCreateRefundMutation, TestCreateRefundMutationVariables>;
export const TestRefundIntentLiveDocument = new TypedDocumentString(`
    subscription TestRefundIntentLive($id: ID!) {
  paymentIntentUpdated(id: $id) {
    status
    amountRefundedMinor
  }
}
    `) as unknown as TypedDocumentString<TestRefundIntentLiveSubscription, TestRefundIntentLiveSubscriptionVariables>;
export const TestIntentRefundsDocument = new TypedDocumentString(`
    query TestIntentRefunds($id: ID!) {
  paymentIntent(id: $id) {
    amountRefunded
    amountRefundedMinor
    amountRefundable
    refunds(first: 10) {
      edges {
        node {
          id
          status
          amountMinor
          failureReason
        }
      }
    }
  }
  refunds(first: 10, paymentIntentId: $id, status: [SUCCEEDED]) {
    edges {
      node {
        id
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TestIntentRefundsQuery, TestIntentRefundsQueryVariables>;
export const IntentUpdatesDocument = new TypedDocumentString(`
    subscription IntentUpdates($id: ID!) {
  paymentIntentUpdated(id: $id) {
    id
    status
    paymentMethodCode
    lastPaymentError {
      code
      declineCode
      message
    }
  }
}
    `) as unknown as TypedDocumentString<IntentUpdatesSubscription, IntentUpdatesSubscriptionVariables>;
export const ReferenceEndpointDeliveriesDocument = new TypedDocumentString(`
    query ReferenceEndpointDeliveries($id: ID!) {
  webhookEndpoint(id: $id) {
    payloadFormat
  }
  webhookDeliveries(filter: {endpointId: $id}, first: 5) {
    edges {
      node {
        body
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ReferenceEndpointDeliveriesQuery, ReferenceEndpointDeliveriesQueryVariables>;
export const DevicesDocument = new TypedDocumentString(`
    query Devices {
  devices(first: 50) {
    edges {
      node {
        id
        name
        status
        ratePerMinute
        batteryLevel
        charging
        signalLevel
        queueLength
        sims
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DevicesQuery, DevicesQueryVariables>;
export const RevokeDeviceDocument = new TypedDocumentString(`
    mutation RevokeDevice($id: ID!) {
  revokeDevice(id: $id) {
    id
    status
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<RevokeDeviceMutation, RevokeDeviceMutationVariables>;
export const UpdateDeviceDocument = new TypedDocumentString(`
    mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {
  updateDevice(id: $id, input: $input) {
    id
    ratePerMinute
  }
}
    `) as unknown as TypedDocumentString<UpdateDeviceMutation, UpdateDeviceMutationVariables>;
export const CreatePairingCodeDocument = new TypedDocumentString(`
    mutation CreatePairingCode {
  createPairingCode {
    id
    code
    qrPayload
    qrImage
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<CreatePairingCodeMutation, CreatePairingCodeMutationVariables>;
export const MessageStatusChangedDocument = new TypedDocumentString(`
    subscription MessageStatusChanged($requestId: ID!) {
  messageStatusChanged(requestId: $requestId) {
    requestId
    status
    attempts
    deviceId
    failureReason
  }
}
    `) as unknown as TypedDocumentString<MessageStatusChangedSubscription, MessageStatusChangedSubscriptionVariables>;
export const InboundMessagesDocument = new TypedDocumentString(`
    query InboundMessages($from: String) {
  messages(direction: INBOUND, from: $from, first: 10) {
    edges {
      node {
        requestId
        direction
        status
        from
        body
        inReplyTo
        receivedAt
        simNumber
        device {
          id
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<InboundMessagesQuery, InboundMessagesQueryVariables>;
export const MessageReceivedDocument = new TypedDocumentString(`
    subscription MessageReceived {
  messageReceived {
    requestId
    from
    body
    inReplyTo
  }
}
    `) as unknown as TypedDocumentString<MessageReceivedSubscription, MessageReceivedSubscriptionVariables>;
export const OptOutsDocument = new TypedDocumentString(`
    query OptOuts($phone: String, $first: Int) {
  optOuts(phone: $phone, first: $first) {
    edges {
      node {
        id
        phone
        phoneDisplay
        source
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<OptOutsQuery, OptOutsQueryVariables>;
export const OptOutRecipientDocument = new TypedDocumentString(`
    mutation OptOutRecipient($phone: String!) {
  optOutRecipient(phone: $phone) {
    id
    phone
    source
  }
}
    `) as unknown as TypedDocumentString<OptOutRecipientMutation, OptOutRecipientMutationVariables>;
export const OptInRecipientDocument = new TypedDocumentString(`
    mutation OptInRecipient($phone: String!) {
  optInRecipient(phone: $phone) {
    id
    phone
  }
}
    `) as unknown as TypedDocumentString<OptInRecipientMutation, OptInRecipientMutationVariables>;
export const OptOutQueueListDocument = new TypedDocumentString(`
    mutation OptOutQueueList($input: QueueRecipientListInput!) {
  queueRecipientList(input: $input) {
    queued
    items {
      to
    }
    skipped {
      recipientId
      to
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<OptOutQueueListMutation, OptOutQueueListMutationVariables>;
export const ListMessagesDocument = new TypedDocumentString(`
    query ListMessages($stage: MessageStage, $search: String, $deviceId: ID, $queuedAfter: DateTime, $queuedBefore: DateTime, $first: Int, $after: String) {
  messages(
    stage: $stage
    search: $search
    deviceId: $deviceId
    queuedAfter: $queuedAfter
    queuedBefore: $queuedBefore
    first: $first
    after: $after
  ) {
    edges {
      node {
        requestId
        status
        stage
        to
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ListMessagesQuery, ListMessagesQueryVariables>;
export const MessageDetailDocument = new TypedDocumentString(`
    query MessageDetail($requestId: ID!, $objectId: String!) {
  message(requestId: $requestId) {
    requestId
    stage
    attemptLog {
      number
      outcome
      failureReason
      device {
        id
        name
      }
    }
  }
  events(objectPublicId: $objectId, first: 10) {
    edges {
      node {
        type
      }
    }
  }
}
    `) as unknown as TypedDocumentString<MessageDetailQuery, MessageDetailQueryVariables>;
export const DeviceDetailDocument = new TypedDocumentString(`
    query DeviceDetail($id: ID!) {
  device(id: $id) {
    id
    sentLastMinute
    ratePerMinute
    presenceHistory {
      change
      at
    }
    messages(first: 5) {
      edges {
        node {
          requestId
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DeviceDetailQuery, DeviceDetailQueryVariables>;
export const FilterDevicesDocument = new TypedDocumentString(`
    query FilterDevices($status: DeviceStatus, $search: String) {
  devices(status: $status, search: $search, first: 10) {
    edges {
      node {
        id
      }
    }
  }
}
    `) as unknown as TypedDocumentString<FilterDevicesQuery, FilterDevicesQueryVariables>;
export const QueueListSendDocument = new TypedDocumentString(`
    mutation QueueListSend($input: QueueRecipientListInput!) {
  queueRecipientList(input: $input) {
    batchId
    queued
    skipped {
      to
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<QueueListSendMutation, QueueListSendMutationVariables>;
export const ReadinessChangedDocument = new TypedDocumentString(`
    subscription ReadinessChanged {
  launchReadinessChanged {
    ready
    steps {
      key
      ok
    }
  }
}
    `) as unknown as TypedDocumentString<ReadinessChangedSubscription, ReadinessChangedSubscriptionVariables>;
export const PresenceRevokeDeviceDocument = new TypedDocumentString(`
    mutation PresenceRevokeDevice($id: ID!) {
  revokeDevice(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PresenceRevokeDeviceMutation, PresenceRevokeDeviceMutationVariables>;
export const PinnedMessageDocument = new TypedDocumentString(`
    query PinnedMessage($requestId: ID!) {
  message(requestId: $requestId) {
    pinnedDevice {
      id
      name
    }
    pinnedFailsAt
    device {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<PinnedMessageQuery, PinnedMessageQueryVariables>;
export const PresenceDeviceDocument = new TypedDocumentString(`
    query PresenceDevice($id: ID!) {
  device(id: $id) {
    status
    connected
    disconnectedAt
  }
}
    `) as unknown as TypedDocumentString<PresenceDeviceQuery, PresenceDeviceQueryVariables>;
export const CreatePriorityListDocument = new TypedDocumentString(`
    mutation CreatePriorityList($input: RecipientListInput!) {
  createRecipientList(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreatePriorityListMutation, CreatePriorityListMutationVariables>;
export const QueuePriorityListDocument = new TypedDocumentString(`
    mutation QueuePriorityList($input: QueueRecipientListInput!) {
  queueRecipientList(input: $input) {
    batchId
    queued
  }
}
    `) as unknown as TypedDocumentString<QueuePriorityListMutation, QueuePriorityListMutationVariables>;
export const MessagePriorityDocument = new TypedDocumentString(`
    query MessagePriority($requestId: ID!) {
  message(requestId: $requestId) {
    requestId
    priority
  }
}
    `) as unknown as TypedDocumentString<MessagePriorityQuery, MessagePriorityQueryVariables>;
export const CreateRecipientDocument = new TypedDocumentString(`
    mutation CreateRecipient($input: RecipientInput!) {
  createRecipient(input: $input) {
    id
    name
    phone
    tags
  }
}
    `) as unknown as TypedDocumentString<CreateRecipientMutation, CreateRecipientMutationVariables>;
export const UpdateRecipientDocument = new TypedDocumentString(`
    mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {
  updateRecipient(id: $id, input: $input) {
    id
    name
    phone
  }
}
    `) as unknown as TypedDocumentString<UpdateRecipientMutation, UpdateRecipientMutationVariables>;
export const DeleteRecipientDocument = new TypedDocumentString(`
    mutation DeleteRecipient($id: ID!) {
  deleteRecipient(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteRecipientMutation, DeleteRecipientMutationVariables>;
export const ImportRecipientsDocument = new TypedDocumentString(`
    mutation ImportRecipients($csv: String!, $listId: ID) {
  importRecipients(csv: $csv, listId: $listId) {
    created
    skipped {
      line
      reason
    }
    skippedCount
  }
}
    `) as unknown as TypedDocumentString<ImportRecipientsMutation, ImportRecipientsMutationVariables>;
export const CreateListDocument = new TypedDocumentString(`
    mutation CreateList($input: RecipientListInput!) {
  createRecipientList(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateListMutation, CreateListMutationVariables>;
export const AddToListDocument = new TypedDocumentString(`
    mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {
  addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {
    id
    memberCount
  }
}
    `) as unknown as TypedDocumentString<AddToListMutation, AddToListMutationVariables>;
export const ListMembersDocument = new TypedDocumentString(`
    query ListMembers($id: ID!) {
  recipientList(id: $id) {
    name
    memberCount
    members(first: 10) {
      edges {
        node {
          recipient {
            name
            phone
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ListMembersQuery, ListMembersQueryVariables>;
export const SearchRecipientsDocument = new TypedDocumentString(`
    query SearchRecipients($search: String) {
  recipients(first: 20, search: $search) {
    edges {
      node {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SearchRecipientsQuery, SearchRecipientsQueryVariables>;
export const BatchMessagesDocument = new TypedDocumentString(`
    query BatchMessages($batchId: ID) {
  messages(first: 10, batchId: $batchId) {
    edges {
      node {
        requestId
        batchId
        to
      }
    }
  }
}
    `) as unknown as TypedDocumentString<BatchMessagesQuery, BatchMessagesQueryVariables>;
export const QueueListItemsDocument = new TypedDocumentString(`
    mutation QueueListItems($input: QueueRecipientListInput!) {
  queueRecipientList(input: $input) {
    batchId
    items {
      to
      requestId
    }
  }
}
    `) as unknown as TypedDocumentString<QueueListItemsMutation, QueueListItemsMutationVariables>;
export const ListMessagesQueuedDocument = new TypedDocumentString(`
    subscription ListMessagesQueued {
  messageUpdated {
    requestId
    status
  }
}
    `) as unknown as TypedDocumentString<ListMessagesQueuedSubscription, ListMessagesQueuedSubscriptionVariables>;
export const SetRelayModeDocument = new TypedDocumentString(`
    mutation SetRelayMode($mode: RelayMode!) {
  setRelayMode(mode: $mode) {
    id
    relayMode
  }
}
    `) as unknown as TypedDocumentString<SetRelayModeMutation, SetRelayModeMutationVariables>;
export const MessageQueryDocument = new TypedDocumentString(`
    query MessageQuery($requestId: ID!) {
  message(requestId: $requestId) {
    requestId
    status
    to
    body
    attempts
    device {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<MessageQueryQuery, MessageQueryQueryVariables>;
export const MessageUpdatedDocument = new TypedDocumentString(`
    subscription MessageUpdated {
  messageUpdated {
    requestId
    status
    attempts
    deviceId
  }
}
    `) as unknown as TypedDocumentString<MessageUpdatedSubscription, MessageUpdatedSubscriptionVariables>;
export const ReadinessDocument = new TypedDocumentString(`
    query Readiness {
  launchReadiness {
    ready
    steps {
      key
      ok
      hint
    }
  }
}
    `) as unknown as TypedDocumentString<ReadinessQuery, ReadinessQueryVariables>;
export const CancelScheduledDocument = new TypedDocumentString(`
    mutation CancelScheduled($requestId: ID!) {
  cancelMessage(requestId: $requestId) {
    requestId
    status
    failureReason
    sendAt
    scheduleReason
  }
}
    `) as unknown as TypedDocumentString<CancelScheduledMutation, CancelScheduledMutationVariables>;
export const SetQuietHoursDocument = new TypedDocumentString(`
    mutation SetQuietHours($input: RelayQuietHoursInput) {
  setRelayQuietHours(input: $input) {
    id
    relayQuietHours {
      start
      end
      timeZone
    }
  }
}
    `) as unknown as TypedDocumentString<SetQuietHoursMutation, SetQuietHoursMutationVariables>;
export const CreateScheduledListDocument = new TypedDocumentString(`
    mutation CreateScheduledList($input: RecipientListInput!) {
  createRecipientList(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateScheduledListMutation, CreateScheduledListMutationVariables>;
export const QueueScheduledListDocument = new TypedDocumentString(`
    mutation QueueScheduledList($input: QueueRecipientListInput!) {
  queueRecipientList(input: $input) {
    batchId
    queued
  }
}
    `) as unknown as TypedDocumentString<QueueScheduledListMutation, QueueScheduledListMutationVariables>;
export const SdkPingDocument = new TypedDocumentString(`
    mutation SdkPing {
  sendDiagnosticPing {
    pingId
  }
}
    `) as unknown as TypedDocumentString<SdkPingMutation, SdkPingMutationVariables>;
export const SdkPongsDocument = new TypedDocumentString(`
    subscription SdkPongs {
  diagnosticPong {
    pingId
    workerPid
  }
}
    `) as unknown as TypedDocumentString<SdkPongsSubscription, SdkPongsSubscriptionVariables>;
export const SendPingDocument = new TypedDocumentString(`
    mutation SendPing {
  sendDiagnosticPing {
    pingId
    sentAt
  }
}
    `) as unknown as TypedDocumentString<SendPingMutation, SendPingMutationVariables>;
export const PongsDocument = new TypedDocumentString(`
    subscription Pongs {
  diagnosticPong {
    pingId
    workerPid
    receivedAt
  }
}
    `) as unknown as TypedDocumentString<PongsSubscription, PongsSubscriptionVariables>;
export const EndpointPageSendTestDocument = new TypedDocumentString(`
    mutation EndpointPageSendTest($endpointId: ID!) {
  sendTestWebhook(endpointId: $endpointId) {
    delivery {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<EndpointPageSendTestMutation, EndpointPageSendTestMutationVariables>;
export const EndpointSettingsDocument = new TypedDocumentString(`
    query EndpointSettings($id: ID!) {
  webhookEndpoint(id: $id) {
    rateLimit
    headerNames
  }
}
    `) as unknown as TypedDocumentString<EndpointSettingsQuery, EndpointSettingsQueryVariables>;
export const EventFeedDocument = new TypedDocumentString(`
    subscription EventFeed($types: [String!]) {
  eventCreated(types: $types) {
    id
    type
    objectPublicId
    payload
  }
}
    `) as unknown as TypedDocumentString<EventFeedSubscription, EventFeedSubscriptionVariables>;
export const CreateWebhookEndpointDocument = new TypedDocumentString(`
    mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    secret
    endpoint {
      id
      url
      description
      eventTypes
      enabled
      disabledAt
      disabledReason
      createdAt
    }
  }
}
    `) as unknown as TypedDocumentString<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;
export const UpdateWebhookEndpointDocument = new TypedDocumentString(`
    mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
  updateWebhookEndpoint(id: $id, input: $input) {
    id
    url
    description
    eventTypes
    enabled
    disabledAt
    disabledReason
    failingSince
    ordering
  }
}
    `) as unknown as TypedDocumentString<UpdateWebhookEndpointMutation, UpdateWebhookEndpointMutationVariables>;
export const RotateWebhookEndpointSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookEndpointSecret($id: ID!) {
  rotateWebhookEndpointSecret(id: $id) {
    secret
    previousSecretExpiresAt
    endpoint {
      id
      previousSecretExpiresAt
    }
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookEndpointSecretMutation, RotateWebhookEndpointSecretMutationVariables>;
export const RevealWebhookEndpointSecretDocument = new TypedDocumentString(`
    mutation RevealWebhookEndpointSecret($id: ID!) {
  revealWebhookEndpointSecret(id: $id) {
    secret
    previousSecretExpiresAt
  }
}
    `) as unknown as TypedDocumentString<RevealWebhookEndpointSecretMutation, RevealWebhookEndpointSecretMutationVariables>;
export const DeleteWebhookEndpointDocument = new TypedDocumentString(`
    mutation DeleteWebhookEndpoint($id: ID!) {
  deleteWebhookEndpoint(id: $id) {
    id
    deleted
  }
}
    `) as unknown as TypedDocumentString<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation SendTestWebhook($endpointId: ID!) {
  sendTestWebhook(endpointId: $endpointId) {
    event {
      id
      type
    }
    delivery {
      id
      status
    }
  }
}
    `) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const RedeliverWebhookDocument = new TypedDocumentString(`
    mutation RedeliverWebhook($deliveryId: ID!) {
  redeliverWebhook(deliveryId: $deliveryId) {
    id
    status
    attemptCount
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const WebhookEndpointDocument = new TypedDocumentString(`
    query WebhookEndpoint($id: ID!) {
  webhookEndpoint(id: $id) {
    id
    url
    enabled
    disabledAt
    disabledReason
    failingSince
    eventTypes
    deliveries(first: 10) {
      edges {
        node {
          id
          status
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookEndpointQuery, WebhookEndpointQueryVariables>;
export const WebhookEndpointsDocument = new TypedDocumentString(`
    query WebhookEndpoints($first: Int, $after: String) {
  webhookEndpoints(first: $first, after: $after) {
    edges {
      cursor
      node {
        id
        url
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookEndpointsQuery, WebhookEndpointsQueryVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($filter: WebhookDeliveryFilter, $first: Int) {
  webhookDeliveries(filter: $filter, first: $first) {
    edges {
      node {
        id
        status
        attemptCount
        endpoint {
          id
        }
        event {
          id
          type
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const WebhookDeliveryDocument = new TypedDocumentString(`
    query WebhookDelivery($id: ID!) {
  webhookDelivery(id: $id) {
    id
    status
    attemptCount
    lastStatusCode
    nextAttemptAt
    deliveredAt
    event {
      id
      type
      payload
    }
    attempts {
      id
      trigger
      outcome
      httpStatus
      durationMs
      responseExcerpt
      error
      startedAt
      finishedAt
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveryQuery, WebhookDeliveryQueryVariables>;
export const WebhookAttemptsDocument = new TypedDocumentString(`
    query WebhookAttempts($deliveryId: ID!) {
  webhookAttempts(deliveryId: $deliveryId) {
    id
    trigger
    outcome
    httpStatus
    error
  }
}
    `) as unknown as TypedDocumentString<WebhookAttemptsQuery, WebhookAttemptsQueryVariables>;
export const EventsDocument = new TypedDocumentString(`
    query Events($type: String, $first: Int) {
  events(type: $type, first: $first) {
    edges {
      node {
        id
        type
        objectType
        objectPublicId
        data
        payload
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventsQuery, EventsQueryVariables>;
export const WebhookEventTypesDocument = new TypedDocumentString(`
    query WebhookEventTypes {
  webhookEventTypes
}
    `) as unknown as TypedDocumentString<WebhookEventTypesQuery, WebhookEventTypesQueryVariables>;
export const WebhookDeliveryUpdatedDocument = new TypedDocumentString(`
    subscription WebhookDeliveryUpdated($deliveryId: ID, $endpointId: ID) {
  webhookDeliveryUpdated(deliveryId: $deliveryId, endpointId: $endpointId) {
    deliveryId
    endpointId
    eventId
    eventType
    status
    attemptCount
    lastStatusCode
    nextAttemptAt
    delivery {
      id
      status
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveryUpdatedSubscription, WebhookDeliveryUpdatedSubscriptionVariables>;
export const RecoverWebhookEndpointDocument = new TypedDocumentString(`
    mutation RecoverWebhookEndpoint($id: ID!, $since: DateTime!, $until: DateTime) {
  recoverWebhookEndpoint(id: $id, since: $since, until: $until) {
    queued
    since
    until
    endpoint {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<RecoverWebhookEndpointMutation, RecoverWebhookEndpointMutationVariables>;