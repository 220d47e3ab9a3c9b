/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AfterRetries =
  | 'CANCELED'
  | 'UNPAID';

export type ApiRequestFilter = {
  apiKeyId?: string | number | null | undefined;
  createdBefore?: string | null | undefined;
  createdFrom?: string | null | undefined;
  errorCode?: string | null | undefined;
  /** Only requests answered 400 and up. */
  failed?: boolean | null | undefined;
  idempotencyKey?: string | null | undefined;
  method?: RequestMethod | null | undefined;
  /** The path starts with this. */
  path?: string | null | undefined;
  /** The X-Request-Id. */
  requestId?: string | null | undefined;
  status?: number | null | undefined;
};

export type CancelSubscriptionInput = {
  invoiceNow?: boolean | null | undefined;
  prorate?: boolean | null | undefined;
};

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

export type CollectionMethod =
  | 'CHARGE_AUTOMATICALLY'
  | 'SEND_INVOICE';

export type CreateApiKeyInput = {
  label: string;
  scopes: Array<Scope>;
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

/** The kinds to turn on (true) or off (false); a kind left out keeps its setting. */
export type NotificationPreferencesInput = {
  deliveryExhausted?: boolean | null | undefined;
  deviceOffline?: boolean | null | undefined;
  disputeOpened?: boolean | null | undefined;
  endpointDisabled?: boolean | null | undefined;
};

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

export type ProrationBehavior =
  | 'ALWAYS_INVOICE'
  | 'CREATE_PRORATIONS'
  | 'NONE';

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

export type RecipientListPreviewInput = {
  listId: string | number;
  message?: string | null | undefined;
  /** Instead of message: a text per member with {{name}}, {{phone}}, {{tags}} and any column of its CSV ({{first_name}}); {{first_name|there}} gives a default. A member without a value and no default refuses the send, nothing queued. */
  template?: string | null | undefined;
};

export type RecipientListUpdateInput = {
  description?: string | null | undefined;
  name?: string | null | undefined;
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

/** Who paused an account's relay queue. */
export type RelayPausedBy =
  | 'ACCOUNT'
  | 'OPERATOR';

export type RelayQuietHoursInput = {
  /** HH:MM, 24-hour; before start, the range spans midnight. */
  end: string;
  /** HH:MM, 24-hour. */
  start: string;
  /** An IANA time zone (Europe/Paris). */
  timeZone: string;
};

export type RequestMethod =
  | 'DELETE'
  | 'GET'
  | 'PATCH'
  | 'POST'
  | 'PUT';

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

export type SubscriptionItemInput = {
  price: string | number;
  quantity?: number | null | undefined;
};

export type SubscriptionStatus =
  | 'ACTIVE'
  | 'CANCELED'
  | 'INCOMPLETE'
  | 'INCOMPLETE_EXPIRED'
  | 'PAST_DUE'
  | 'TRIALING'
  | 'UNPAID';

export type UpdateBillingSettingsInput = {
  afterRetries?: AfterRetries | null | undefined;
  retryDays?: Array<number> | null | undefined;
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

export type UpdateSubscriptionInput = {
  cancelAtPeriodEnd?: boolean | null | undefined;
  defaultPaymentMethod?: string | number | null | undefined;
  /** Its prices from now on (replaces the items whole). */
  items?: Array<SubscriptionItemInput> | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  prorationBehavior?: ProrationBehavior | null | undefined;
  quantity?: number | null | undefined;
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

export type PanelKeysQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PanelKeysQuery = { account: { id: number, apiKeys: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, label: string, prefix: string, scopes: Array<Scope>, createdAt: string, lastUsedAt: string | null, revokedAt: string | null } }> } } };

export type PanelCreateKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type PanelCreateKeyMutation = { createApiKey: { secret: string, apiKey: { id: string } } };

export type PanelRevokeKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelRevokeKeyMutation = { revokeApiKey: { id: string, revokedAt: string | null } };

export type PanelApiKeysChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelApiKeysChangedSubscription = { apiKeysChanged: { keyId: string, change: string } };

export type PanelTestClockQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelTestClockQuery = { account: { environment: string }, testClock: { frozenTime: string, heldJobsCount: number, heldJobs: Array<{ queue: string, dueAt: string }> } | null };

export type PanelApiRequestsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: ApiRequestFilter | null | undefined;
}>;


export type PanelApiRequestsQuery = { apiRequests: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, method: string, path: string, status: number, durationMs: number, keyLabel: string | null, idempotencyKey: string | null, errorCode: string | null, requestId: string, createdAt: string, requestBody: string | null, responseBody: string | null, events: Array<{ id: string, type: string }> } }> } };

export type PanelCreateTestClockMutationVariables = Exact<{
  frozenTime?: string | null | undefined;
}>;


export type PanelCreateTestClockMutation = { createTestClock: { frozenTime: string } };

export type PanelAdvanceTestClockMutationVariables = Exact<{
  frozenTime: string;
}>;


export type PanelAdvanceTestClockMutation = { advanceTestClock: { releasedJobs: number, testClock: { frozenTime: string } } };

export type PanelDeleteTestClockMutationVariables = Exact<{ [key: string]: never; }>;


export type PanelDeleteTestClockMutation = { deleteTestClock: number };

export type PanelProductsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PanelProductsQuery = { products: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, name: string, active: boolean, createdAt: string, prices: { edges: Array<{ node: { id: string, unitAmountDisplay: string, currency: string, interval: PriceInterval, intervalCount: number, nickname: string | null, active: boolean } }> } } }> } };

export type PanelCreateProductMutationVariables = Exact<{
  input: CreateProductInput;
}>;


export type PanelCreateProductMutation = { createProduct: { id: string } };

export type PanelCreatePriceMutationVariables = Exact<{
  input: CreatePriceInput;
}>;


export type PanelCreatePriceMutation = { createPrice: { id: string } };

export type PanelSubscriptionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: Array<SubscriptionStatus> | SubscriptionStatus | null | undefined;
}>;


export type PanelSubscriptionsQuery = { subscriptions: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, status: SubscriptionStatus, cancelAtPeriodEnd: boolean, currentPeriodEnd: string, createdAt: string, customer: { id: string, email: string | null, name: string | null }, items: Array<{ id: string, quantity: number, price: { id: string, unitAmountDisplay: string, currency: string, interval: PriceInterval, product: { name: string } } }> } }> } };

export type PanelSubscriptionQueryVariables = Exact<{
  id: string | number;
}>;


export type PanelSubscriptionQuery = { subscription: { id: string, status: SubscriptionStatus, currency: string, collectionMethod: CollectionMethod, cancelAtPeriodEnd: boolean, currentPeriodStart: string, currentPeriodEnd: string, trialStart: string | null, trialEnd: string | null, canceledAt: string | null, endedAt: string | null, createdAt: string, customer: { id: string, email: string | null, name: string | null }, items: Array<{ id: string, quantity: number, price: { id: string, unitAmountDisplay: string, currency: string, interval: PriceInterval, intervalCount: number, nickname: string | null, product: { id: string, name: string } } }>, invoices: { edges: Array<{ node: { id: string, status: InvoiceStatus, amountDisplay: string, currency: string, periodStart: string | null, periodEnd: string | null, createdAt: string } }> } }, prices: { edges: Array<{ node: { id: string, unitAmountDisplay: string, currency: string, interval: PriceInterval, intervalCount: number, nickname: string | null, product: { name: string } } }> } };

export type PanelUpdateSubscriptionPriceMutationVariables = Exact<{
  id: string | number;
  input: UpdateSubscriptionInput;
}>;


export type PanelUpdateSubscriptionPriceMutation = { updateSubscription: { id: string } };

export type PanelCancelSubscriptionMutationVariables = Exact<{
  id: string | number;
  input?: CancelSubscriptionInput | null | undefined;
}>;


export type PanelCancelSubscriptionMutation = { cancelSubscription: { id: string } };

export type PanelBillingSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelBillingSettingsQuery = { billingSettings: { retryDays: Array<number>, afterRetries: AfterRetries } };

export type PanelUpdateBillingSettingsMutationVariables = Exact<{
  input: UpdateBillingSettingsInput;
}>;


export type PanelUpdateBillingSettingsMutation = { updateBillingSettings: { retryDays: Array<number>, afterRetries: AfterRetries } };

export type PanelCustomersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  email?: string | null | undefined;
  search?: string | null | undefined;
}>;


export type PanelCustomersQuery = { customers: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, email: string | null, name: string | null, createdAt: string } }> } };

export type PanelCustomerQueryVariables = Exact<{
  id: string | number;
}>;


export type PanelCustomerQuery = { customer: { id: string, email: string | null, name: string | null, description: string | null, createdAt: string, paymentMethods: { edges: Array<{ node: { id: string, paymentMethodCode: PaymentMethodCode, brand: string, last4: string, paymentIntentId: string | null, createdAt: string } }> }, paymentIntents: { edges: Array<{ node: { id: string, title: string, amountDisplay: string, currency: string, status: PaymentIntentStatus, createdAt: string } }> } } };

export type PanelDetachPaymentMethodMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelDetachPaymentMethodMutation = { detachPaymentMethod: { id: string } };

export type PanelDisputesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: Array<DisputeStatus> | DisputeStatus | null | undefined;
}>;


export type PanelDisputesQuery = { disputes: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, status: DisputeStatus, reason: DisputeReason, amountDisplay: string, currency: string, evidenceDueBy: string, createdAt: string, paymentIntent: { id: string, title: string, customerName: string } } }> } };

export type PanelDisputeQueryVariables = Exact<{
  id: string | number;
  objectId: string;
}>;


export type PanelDisputeQuery = { dispute: { id: string, status: DisputeStatus, reason: DisputeReason, amountDisplay: string, currency: string, evidenceDueBy: string, evidenceSubmittedAt: string | null, closedAt: string | null, createdAt: string, evidence: { all: Record<string, unknown> }, paymentIntent: { id: string, title: string, customerName: string, customerEmail: string } }, events: { edges: Array<{ node: { id: string, type: string, createdAt: string } }> } };

export type PanelSubmitDisputeEvidenceMutationVariables = Exact<{
  id: string | number;
  evidence: DisputeEvidenceInput;
  submit?: boolean | null | undefined;
}>;


export type PanelSubmitDisputeEvidenceMutation = { submitDisputeEvidence: { id: string, status: DisputeStatus } };

export type PanelCloseDisputeMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelCloseDisputeMutation = { closeDispute: { id: string, status: DisputeStatus } };

export type PanelDisputeEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelDisputeEventsSubscription = { eventCreated: { id: string, type: string, objectPublicId: string } };

export type PanelPaymentIntentsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: Array<PaymentIntentStatus> | PaymentIntentStatus | null | undefined;
  search?: string | null | undefined;
  createdFrom?: string | null | undefined;
  createdBefore?: string | null | undefined;
}>;


export type PanelPaymentIntentsQuery = { paymentIntents: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, title: string, amountDisplay: string, currency: string, customerName: string, customerEmail: string, status: PaymentIntentStatus, paymentMethodCode: PaymentMethodCode | null, checkoutUrl: string, amountRefundedMinor: number, refunded: boolean, createdAt: string, lastPaymentError: { message: string } | null } }> } };

export type PanelPaymentIntentQueryVariables = Exact<{
  id: string | number;
  objectId: string;
}>;


export type PanelPaymentIntentQuery = { paymentIntent: { id: string, title: string, amountDisplay: string, currency: string, customerName: string, customerEmail: string, status: PaymentIntentStatus, paymentMethodCode: PaymentMethodCode | null, checkoutUrl: string, cancellationReason: string | null, createdAt: string, succeededAt: string | null, canceledAt: string | null, amountRefunded: number, amountRefundable: number, captureMethod: CaptureMethod, amountCapturable: number, amountReceived: number, captureBefore: string | null, lastPaymentError: { message: string } | null, disputes: { edges: Array<{ node: { id: string, status: DisputeStatus } }> }, refunds: { edges: Array<{ node: { id: string, status: RefundStatus, amountDisplay: string, currency: string, reason: RefundReason | null, failureReason: string | null, createdAt: string } }> }, invoice: { id: string, invoiceNo: string } | null, cardSessions: { edges: Array<{ node: { id: string, status: CardSessionStatus, outcome: string | null, paymentMethodCode: PaymentMethodCode, sandboxOutcome: SandboxOutcome, token: string | null, createdAt: string, completedAt: string | null } }> } }, events: { edges: Array<{ node: { id: string, type: string, createdAt: string, deliveries: { edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, lastStatusCode: number | null, endpointId: string } }> } } }> }, webhookEndpoints: { edges: Array<{ node: { id: string, url: string } }> } };

export type PanelPaymentIntentUpdatedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type PanelPaymentIntentUpdatedSubscription = { paymentIntentUpdated: { id: string, status: PaymentIntentStatus } };

export type PanelCancelPaymentIntentMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelCancelPaymentIntentMutation = { cancelPaymentIntent: { id: string, status: PaymentIntentStatus } };

export type PanelCapturePaymentIntentMutationVariables = Exact<{
  id: string | number;
  amountToCapture?: number | null | undefined;
}>;


export type PanelCapturePaymentIntentMutation = { capturePaymentIntent: { id: string, status: PaymentIntentStatus } };

export type PanelCreateRefundMutationVariables = Exact<{
  input: CreateRefundInput;
}>;


export type PanelCreateRefundMutation = { createRefund: { id: string, status: RefundStatus } };

export type PanelApprovePaymentReviewMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelApprovePaymentReviewMutation = { approvePaymentReview: { id: string, status: PaymentIntentStatus } };

export type PanelRejectPaymentReviewMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type PanelRejectPaymentReviewMutation = { rejectPaymentReview: { id: string, status: PaymentIntentStatus } };

export type PanelPaymentActivitySubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelPaymentActivitySubscription = { paymentActivity: { objectType: string, id: string, status: string, event: string } };

export type PanelInvoiceQueryVariables = Exact<{
  id: string | number;
  objectId: string;
}>;


export type PanelInvoiceQuery = { invoice: { id: string, invoiceNo: string, title: string, amountDisplay: string, currency: string, customerName: string | null, customerEmail: string | null, status: InvoiceStatus, overdue: boolean, dueDate: string, hostedUrl: string, createdAt: string, paidAt: string | null, voidedAt: string | null, paymentIntent: { id: string, status: PaymentIntentStatus, title: string } | null }, events: { edges: Array<{ node: { id: string, type: string, createdAt: string } }> } };

export type PanelVoidInvoiceMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelVoidInvoiceMutation = { voidInvoice: { id: string, status: InvoiceStatus } };

export type PanelInvoicesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: Array<InvoiceStatus> | InvoiceStatus | null | undefined;
  search?: string | null | undefined;
  createdFrom?: string | null | undefined;
  createdBefore?: string | null | undefined;
}>;


export type PanelInvoicesQuery = { invoices: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, invoiceNo: string, title: string, amountDisplay: string, currency: string, status: InvoiceStatus, overdue: boolean, dueDate: string, hostedUrl: string, createdAt: string } }> } };

export type PanelKycSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelKycSubscription = { kycReviewUpdated: { id: string, status: KycReviewStatus, legalName: string, country: string, reason: string | null, submittedAt: string, reviewedAt: string | null } | null };

export type PanelSubmitKycMutationVariables = Exact<{
  input: SubmitKycInput;
}>;


export type PanelSubmitKycMutation = { submitKyc: { id: string, status: KycReviewStatus } };

export type PanelPaymentsOverviewQueryVariables = Exact<{
  days: number;
}>;


export type PanelPaymentsOverviewQuery = { paymentsOverview: { days: number, bucketSeconds: number, currency: string | null, buckets: Array<{ start: string, succeeded: number, attempted: number, volumeMinor: number }> } };

export type PanelOfflineThresholdQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelOfflineThresholdQuery = { account: { id: number, deviceOfflineAfterSeconds: number } };

export type PanelSetOfflineThresholdMutationVariables = Exact<{
  seconds?: number | null | undefined;
}>;


export type PanelSetOfflineThresholdMutation = { setDeviceOfflineAfterSeconds: { id: number, deviceOfflineAfterSeconds: number } };

export type PanelQuietHoursQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelQuietHoursQuery = { account: { id: number, relayQuietHours: { start: string, end: string, timeZone: string } | null } };

export type PanelSetQuietHoursMutationVariables = Exact<{
  input?: RelayQuietHoursInput | null | undefined;
}>;


export type PanelSetQuietHoursMutation = { setRelayQuietHours: { id: number, relayQuietHours: { start: string, end: string, timeZone: string } | null } };

export type PanelMessageScheduleQueryVariables = Exact<{
  requestId: string | number;
}>;


export type PanelMessageScheduleQuery = { message: { requestId: string, sendAt: string | null, scheduleReason: string | null } };

export type PanelCancelMessageMutationVariables = Exact<{
  requestId: string | number;
}>;


export type PanelCancelMessageMutation = { cancelMessage: { requestId: string, stage: MessageStage } };

export type PanelConversationQueryVariables = Exact<{
  counterparty: string;
  first: number;
}>;


export type PanelConversationQuery = { messages: { edges: Array<{ node: { requestId: string, direction: MessageDirection, stage: MessageStage, body: string, queuedAt: string, receivedAt: string | null, attachments: Array<{ id: string, contentType: string, name: string | null, size: number, dataOmitted: boolean }> } }>, pageInfo: { hasNextPage: boolean } } };

export type PanelDevicesQueryVariables = Exact<{
  status?: DeviceStatus | null | undefined;
  search?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type PanelDevicesQuery = { devices: { edges: Array<{ node: { id: string, name: string, status: DeviceStatus, connected: boolean, disconnectedAt: string | null, platform: string | null, appVersion: string | null, batteryLevel: number | null, charging: boolean | null, signalLevel: number | null, queueLength: number | null, ratePerMinute: number, sentLastMinute: number, lastSeenAt: string, pairedAt: string } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type PanelDeviceQueryVariables = Exact<{
  id: string | number;
}>;


export type PanelDeviceQuery = { device: { id: string, name: string, status: DeviceStatus, connected: boolean, disconnectedAt: string | null, platform: string | null, appVersion: string | null, sims: Array<Record<string, unknown>>, batteryLevel: number | null, charging: boolean | null, signalLevel: number | null, queueLength: number | null, ratePerMinute: number, simSelectionMode: string, dailyCap: number | null, monthlyRecipientsCap: number | null, sendIntervalMinSeconds: number | null, sendIntervalMaxSeconds: number | null, sentLastMinute: number, heldMessages: number, stuckMessages: number, lastSeenAt: string, pairedAt: string, revokedAt: string | null, presenceHistory: Array<{ change: string, at: string }>, messages: { edges: Array<{ node: { requestId: string, stage: MessageStage, toDisplay: string, body: string, queuedAt: string } }> } } };

export type PanelCreatePairingCodeMutationVariables = Exact<{ [key: string]: never; }>;


export type PanelCreatePairingCodeMutation = { createPairingCode: { code: string, appServerUrl: string, qrPayload: string, qrImage: string, expiresAt: string } };

export type PanelUpdateDeviceMutationVariables = Exact<{
  id: string | number;
  input: UpdateDeviceInput;
}>;


export type PanelUpdateDeviceMutation = { updateDevice: { id: string, name: string, ratePerMinute: number, simSelectionMode: string, dailyCap: number | null, monthlyRecipientsCap: number | null, sendIntervalMinSeconds: number | null, sendIntervalMaxSeconds: number | null } };

export type PanelRevokeDeviceMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelRevokeDeviceMutation = { revokeDevice: { id: string, status: DeviceStatus } };

export type PanelDeviceUpdatesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelDeviceUpdatesSubscription = { deviceUpdated: { deviceId: string, status: string } };

export type PanelQueueHealthQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelQueueHealthQuery = { relayQueueHealth: { paused: boolean, pausedAt: string | null, pausedBy: RelayPausedBy | null, queueLimit: number, oldestQueuedAgeSeconds: number | null, counts: { queued: number, inFlight: number, stuck: number, sent: number, delivered: number, failed: number }, throughput: Array<{ minute: string, accepted: number, onPhone: number, sent: number, delivered: number, failed: number }>, devices: Array<{ deviceId: string, name: string, status: string, lastSeenAt: string, inFlight: number, stuck: number, sentLastMinute: number, ratePerMinute: number }> } };

export type PanelRerouteMessageMutationVariables = Exact<{
  requestId: string | number;
}>;


export type PanelRerouteMessageMutation = { rerouteMessage: { requestId: string, stage: MessageStage } };

export type PanelRelayModeQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelRelayModeQuery = { account: { id: number, relayMode: RelayMode } };

export type PanelSetRelayModeMutationVariables = Exact<{
  mode: RelayMode;
}>;


export type PanelSetRelayModeMutation = { setRelayMode: { id: number, relayMode: RelayMode } };

export type PanelPauseQueueMutationVariables = Exact<{ [key: string]: never; }>;


export type PanelPauseQueueMutation = { pauseRelayQueue: { paused: boolean } };

export type PanelResumeQueueMutationVariables = Exact<{ [key: string]: never; }>;


export type PanelResumeQueueMutation = { resumeRelayQueue: { paused: boolean } };

export type PanelQueueChangesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelQueueChangesSubscription = { relayQueueChanged: { paused: boolean } };

export type PanelMessagesQueryVariables = Exact<{
  stage?: MessageStage | null | undefined;
  deviceId?: string | number | null | undefined;
  queuedAfter?: string | null | undefined;
  queuedBefore?: string | null | undefined;
  search?: string | null | undefined;
  counterparty?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type PanelMessagesQuery = { messages: { edges: Array<{ node: { requestId: string, stage: MessageStage, direction: MessageDirection, from: string | null, fromDisplay: string | null, to: string, toDisplay: string, body: string, attempts: number, failureReason: string | null, queuedAt: string, receivedAt: string | null, deliveredAt: string | null, device: { id: string, name: string } | null } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type PanelMessageDevicesQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelMessageDevicesQuery = { devices: { edges: Array<{ node: { id: string, name: string } }> } };

export type PanelOtpsQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelOtpsQuery = { otps: { edges: Array<{ node: { id: string, to: string, toDisplay: string, purpose: string, status: string, attempts: number, maxAttempts: number, requestId: string, createdAt: string, verifiedAt: string | null } }> } };

export type PanelMessageQueryVariables = Exact<{
  requestId: string | number;
  objectId: string;
}>;


export type PanelMessageQuery = { message: { requestId: string, stage: MessageStage, direction: MessageDirection, from: string | null, fromDisplay: string | null, receivedAt: string | null, inReplyTo: string | null, to: string, toDisplay: string, body: string, segments: number, encoding: string, reference: string | null, failureReason: string | null, queuedAt: string, sentAt: string | null, deliveredAt: string | null, failedAt: string | null, expiresAt: string, heldSince: string | null, stuckSince: string | null, pinnedFailsAt: string | null, waitReason: string | null, isEncrypted: boolean, device: { id: string, name: string } | null, pinnedDevice: { id: string, name: string } | null, attemptLog: Array<{ number: number, dispatchedAt: string, acknowledgedAt: string | null, finishedAt: string | null, outcome: string | null, failureReason: string | null, deviceState: string | null, device: { id: string, name: string } }> }, events: { edges: Array<{ node: { id: string, type: string, createdAt: string } }> } };

export type PanelEventDeliveriesQueryVariables = Exact<{
  eventId: string | number;
}>;


export type PanelEventDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, attemptCount: number, lastStatusCode: number | null, nextAttemptAt: string | null, deliveredAt: string | null, endpoint: { id: string, url: string } } }> } };

export type PanelMessageChangedSubscriptionVariables = Exact<{
  requestId: string | number;
}>;


export type PanelMessageChangedSubscription = { messageStatusChanged: { requestId: string, status: MessageStatus } };

export type PanelMessageUpdatesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelMessageUpdatesSubscription = { messageUpdated: { requestId: string, status: MessageStatus } };

export type PanelReadinessSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelReadinessSubscription = { launchReadinessChanged: { ready: boolean, steps: Array<{ key: string, title: string, ok: boolean, hint: string }> } };

export type PanelRelayOverviewQueryVariables = Exact<{
  days: number;
}>;


export type PanelRelayOverviewQuery = { relayOverview: { days: number, bucketSeconds: number, buckets: Array<{ start: string, queued: number, sent: number, delivered: number, failed: number }> }, relayQueueHealth: { counts: { queued: number, inFlight: number, stuck: number }, devices: Array<{ deviceId: string, status: string }> } };

export type PanelRecipientsQueryVariables = Exact<{
  search?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type PanelRecipientsQuery = { recipients: { edges: Array<{ node: { id: string, name: string, phone: string, phoneDisplay: string, tags: Array<string>, createdAt: string } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type PanelRecipientListsQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelRecipientListsQuery = { recipientLists: { edges: Array<{ node: { id: string, name: string, description: string | null, memberCount: number, createdAt: string } }> } };

export type PanelCreateRecipientMutationVariables = Exact<{
  input: RecipientInput;
}>;


export type PanelCreateRecipientMutation = { createRecipient: { id: string } };

export type PanelUpdateRecipientMutationVariables = Exact<{
  id: string | number;
  input: RecipientUpdateInput;
}>;


export type PanelUpdateRecipientMutation = { updateRecipient: { id: string } };

export type PanelDeleteRecipientMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelDeleteRecipientMutation = { deleteRecipient: { id: string } };

export type PanelRecipientListQueryVariables = Exact<{
  id: string | number;
}>;


export type PanelRecipientListQuery = { recipientList: { id: string, name: string, description: string | null, memberCount: number, members: { edges: Array<{ node: { addedAt: string, recipient: { id: string, name: string, phoneDisplay: string, tags: Array<string> } } }> } } };

export type PanelUpdateRecipientListMutationVariables = Exact<{
  id: string | number;
  input: RecipientListUpdateInput;
}>;


export type PanelUpdateRecipientListMutation = { updateRecipientList: { id: string } };

export type PanelDeleteRecipientListMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelDeleteRecipientListMutation = { deleteRecipientList: { id: string } };

export type PanelRemoveRecipientsFromListMutationVariables = Exact<{
  listId: string | number;
  recipientIds: Array<string | number> | string | number;
}>;


export type PanelRemoveRecipientsFromListMutation = { removeRecipientsFromList: { id: string } };

export type PanelImportRecipientsMutationVariables = Exact<{
  csv: string;
  listId?: string | number | null | undefined;
}>;


export type PanelImportRecipientsMutation = { importRecipients: { created: number, skippedCount: number, skipped: Array<{ line: number, reason: string }> } };

export type PanelCreateRecipientListMutationVariables = Exact<{
  input: RecipientListInput;
}>;


export type PanelCreateRecipientListMutation = { createRecipientList: { id: string } };

export type PanelAddRecipientsToListMutationVariables = Exact<{
  listId: string | number;
  recipientIds: Array<string | number> | string | number;
}>;


export type PanelAddRecipientsToListMutation = { addRecipientsToList: { id: string, memberCount: number } };

export type PanelQueueRecipientListMutationVariables = Exact<{
  input: QueueRecipientListInput;
}>;


export type PanelQueueRecipientListMutation = { queueRecipientList: { batchId: string, queued: number, segments: number, skipped: Array<{ to: string, reason: string }> } };

export type PanelRecipientListSendPreviewQueryVariables = Exact<{
  input: RecipientListPreviewInput;
}>;


export type PanelRecipientListSendPreviewQuery = { recipientListSendPreview: { queued: number, segments: number, items: Array<{ recipientId: string, to: string, text: string, segments: number, encoding: string }> } };

export type PanelOptOutsQueryVariables = Exact<{
  phone?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type PanelOptOutsQuery = { optOuts: { edges: Array<{ node: { id: string, phone: string, phoneDisplay: string, source: OptOutSource, createdAt: string } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type PanelOptOutRecipientMutationVariables = Exact<{
  phone: string;
}>;


export type PanelOptOutRecipientMutation = { optOutRecipient: { id: string, phoneDisplay: string } };

export type PanelOptInRecipientMutationVariables = Exact<{
  phone: string;
}>;


export type PanelOptInRecipientMutation = { optInRecipient: { id: string, phoneDisplay: string } };

export type PanelNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type PanelNotificationsQuery = { notifications: { edges: Array<{ node: { id: string, kind: string, recipient: string, subject: string, body: string, status: string, error: string | null, createdAt: string } }> }, notificationPreferences: { endpointDisabled: boolean, deliveryExhausted: boolean, deviceOffline: boolean, disputeOpened: boolean } };

export type PanelUpdateNotificationPreferencesMutationVariables = Exact<{
  input: NotificationPreferencesInput;
}>;


export type PanelUpdateNotificationPreferencesMutation = { updateNotificationPreferences: { endpointDisabled: boolean, deliveryExhausted: boolean, deviceOffline: boolean, disputeOpened: boolean } };

export type PanelWebhookEndpointsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PanelWebhookEndpointsQuery = { webhookEventTypes: Array<string>, webhookEndpoints: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, url: string, description: string, enabled: boolean, eventTypes: Array<string>, disabledReason: WebhookEndpointDisabledReason | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string } }> } };

export type PanelCreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type PanelCreateWebhookEndpointMutation = { createWebhookEndpoint: { secret: string, endpoint: { id: string } } };

export type PanelRevealWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelRevealWebhookSecretMutation = { revealWebhookEndpointSecret: { secret: string } };

export type PanelRotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type PanelRotateWebhookSecretMutation = { rotateWebhookEndpointSecret: { secret: string, previousSecretExpiresAt: string | null } };

export type PanelSendTestWebhookMutationVariables = Exact<{
  endpointId: string | number;
}>;


export type PanelSendTestWebhookMutation = { sendTestWebhook: { delivery: { id: string } } };

export type PanelUpdateWebhookEndpointMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookEndpointInput;
}>;


export type PanelUpdateWebhookEndpointMutation = { updateWebhookEndpoint: { id: string, enabled: boolean, rateLimit: number | null, headerNames: Array<string>, ordering: WebhookEndpointOrdering } };

export type PanelWebhookDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type PanelWebhookDeliveriesQuery = { webhookDeliveries: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, attemptCount: number, lastStatusCode: number | null, nextAttemptAt: string | null, createdAt: string, event: { type: string, objectPublicId: string }, endpoint: { url: string }, attempts: Array<{ id: string, startedAt: string, durationMs: number | null, httpStatus: number | null, outcome: WebhookAttemptOutcome, trigger: WebhookAttemptTrigger, responseExcerpt: string | null, error: string | null }> } }> } };

export type PanelWebhookEndpointQueryVariables = Exact<{
  id: string | number;
}>;


export type PanelWebhookEndpointQuery = { webhookEndpoint: { id: string, url: string, description: string, enabled: boolean, eventTypes: Array<string>, disabledReason: WebhookEndpointDisabledReason | null, failingSince: string | null, previousSecretExpiresAt: string | null, payloadFormat: WebhookPayloadFormat, rateLimit: number | null, headerNames: Array<string>, ordering: WebhookEndpointOrdering, createdAt: string } };

export type PanelWebhookEndpointDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type PanelWebhookEndpointDeliveriesQuery = { webhookDeliveries: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, createdAt: string, body: string, event: { id: string, type: string, objectPublicId: string }, attempts: Array<{ id: string, url: string, startedAt: string, durationMs: number | null, httpStatus: number | null, outcome: WebhookAttemptOutcome, trigger: WebhookAttemptTrigger, responseExcerpt: string | null, error: string | null }> } }> } };

export type PanelRedeliverWebhookMutationVariables = Exact<{
  deliveryId: string | number;
}>;


export type PanelRedeliverWebhookMutation = { redeliverWebhook: { id: string, status: WebhookDeliveryStatus } };

export type PanelWebhookLogSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PanelWebhookLogSubscription = { webhookDeliveryUpdated: { deliveryId: string, status: WebhookDeliveryStatus, attemptCount: number } };

export type PanelRecoverWebhookEndpointMutationVariables = Exact<{
  id: string | number;
  since: string;
}>;


export type PanelRecoverWebhookEndpointMutation = { recoverWebhookEndpoint: { queued: number } };

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

export const PanelKeysDocument = new TypedDocumentString(`
    query PanelKeys($first: Int, $after: String) {
  account {
    id
    apiKeys(first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          label
          prefix
          scopes
          createdAt
          lastUsedAt
          revokedAt
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelKeysQuery, PanelKeysQueryVariables>;
export const PanelCreateKeyDocument = new TypedDocumentString(`
    mutation PanelCreateKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    secret
    apiKey {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<PanelCreateKeyMutation, PanelCreateKeyMutationVariables>;
export const PanelRevokeKeyDocument = new TypedDocumentString(`
    mutation PanelRevokeKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<PanelRevokeKeyMutation, PanelRevokeKeyMutationVariables>;
export const PanelApiKeysChangedDocument = new TypedDocumentString(`
    subscription PanelApiKeysChanged {
  apiKeysChanged {
    keyId
    change
  }
}
    `) as unknown as TypedDocumentString<PanelApiKeysChangedSubscription, PanelApiKeysChangedSubscriptionVariables>;
export const PanelTestClockDocument = new TypedDocumentString(`
    query PanelTestClock {
  account {
    environment
  }
  testClock {
    frozenTime
    heldJobsCount
    heldJobs {
      queue
      dueAt
    }
  }
}
    `) as unknown as TypedDocumentString<PanelTestClockQuery, PanelTestClockQueryVariables>;
export const PanelApiRequestsDocument = new TypedDocumentString(`
    query PanelApiRequests($first: Int, $after: String, $filter: ApiRequestFilter) {
  apiRequests(first: $first, after: $after, filter: $filter) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        method
        path
        status
        durationMs
        keyLabel
        idempotencyKey
        errorCode
        requestId
        createdAt
        requestBody
        responseBody
        events {
          id
          type
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelApiRequestsQuery, PanelApiRequestsQueryVariables>;
export const PanelCreateTestClockDocument = new TypedDocumentString(`
    mutation PanelCreateTestClock($frozenTime: DateTime) {
  createTestClock(frozenTime: $frozenTime) {
    frozenTime
  }
}
    `) as unknown as TypedDocumentString<PanelCreateTestClockMutation, PanelCreateTestClockMutationVariables>;
export const PanelAdvanceTestClockDocument = new TypedDocumentString(`
    mutation PanelAdvanceTestClock($frozenTime: DateTime!) {
  advanceTestClock(frozenTime: $frozenTime) {
    releasedJobs
    testClock {
      frozenTime
    }
  }
}
    `) as unknown as TypedDocumentString<PanelAdvanceTestClockMutation, PanelAdvanceTestClockMutationVariables>;
export const PanelDeleteTestClockDocument = new TypedDocumentString(`
    mutation PanelDeleteTestClock {
  deleteTestClock
}
    `) as unknown as TypedDocumentString<PanelDeleteTestClockMutation, PanelDeleteTestClockMutationVariables>;
export const PanelProductsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelProductsQuery, PanelProductsQueryVariables>;
export const PanelCreateProductDocument = new TypedDocumentString(`
    mutation PanelCreateProduct($input: CreateProductInput!) {
  createProduct(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelCreateProductMutation, PanelCreateProductMutationVariables>;
export const PanelCreatePriceDocument = new TypedDocumentString(`
    mutation PanelCreatePrice($input: CreatePriceInput!) {
  createPrice(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelCreatePriceMutation, PanelCreatePriceMutationVariables>;
export const PanelSubscriptionsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelSubscriptionsQuery, PanelSubscriptionsQueryVariables>;
export const PanelSubscriptionDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelSubscriptionQuery, PanelSubscriptionQueryVariables>;
export const PanelUpdateSubscriptionPriceDocument = new TypedDocumentString(`
    mutation PanelUpdateSubscriptionPrice($id: ID!, $input: UpdateSubscriptionInput!) {
  updateSubscription(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateSubscriptionPriceMutation, PanelUpdateSubscriptionPriceMutationVariables>;
export const PanelCancelSubscriptionDocument = new TypedDocumentString(`
    mutation PanelCancelSubscription($id: ID!, $input: CancelSubscriptionInput) {
  cancelSubscription(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelCancelSubscriptionMutation, PanelCancelSubscriptionMutationVariables>;
export const PanelBillingSettingsDocument = new TypedDocumentString(`
    query PanelBillingSettings {
  billingSettings {
    retryDays
    afterRetries
  }
}
    `) as unknown as TypedDocumentString<PanelBillingSettingsQuery, PanelBillingSettingsQueryVariables>;
export const PanelUpdateBillingSettingsDocument = new TypedDocumentString(`
    mutation PanelUpdateBillingSettings($input: UpdateBillingSettingsInput!) {
  updateBillingSettings(input: $input) {
    retryDays
    afterRetries
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateBillingSettingsMutation, PanelUpdateBillingSettingsMutationVariables>;
export const PanelCustomersDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelCustomersQuery, PanelCustomersQueryVariables>;
export const PanelCustomerDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelCustomerQuery, PanelCustomerQueryVariables>;
export const PanelDetachPaymentMethodDocument = new TypedDocumentString(`
    mutation PanelDetachPaymentMethod($id: ID!) {
  detachPaymentMethod(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelDetachPaymentMethodMutation, PanelDetachPaymentMethodMutationVariables>;
export const PanelDisputesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelDisputesQuery, PanelDisputesQueryVariables>;
export const PanelDisputeDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelDisputeQuery, PanelDisputeQueryVariables>;
export const PanelSubmitDisputeEvidenceDocument = new TypedDocumentString(`
    mutation PanelSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {
  submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelSubmitDisputeEvidenceMutation, PanelSubmitDisputeEvidenceMutationVariables>;
export const PanelCloseDisputeDocument = new TypedDocumentString(`
    mutation PanelCloseDispute($id: ID!) {
  closeDispute(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelCloseDisputeMutation, PanelCloseDisputeMutationVariables>;
export const PanelDisputeEventsDocument = new TypedDocumentString(`
    subscription PanelDisputeEvents {
  eventCreated(types: ["dispute.created", "dispute.updated", "dispute.closed"]) {
    id
    type
    objectPublicId
  }
}
    `) as unknown as TypedDocumentString<PanelDisputeEventsSubscription, PanelDisputeEventsSubscriptionVariables>;
export const PanelPaymentIntentsDocument = new TypedDocumentString(`
    query PanelPaymentIntents($first: Int, $after: String, $status: [PaymentIntentStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
  paymentIntents(
    first: $first
    after: $after
    status: $status
    search: $search
    createdFrom: $createdFrom
    createdBefore: $createdBefore
  ) {
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
    `) as unknown as TypedDocumentString<PanelPaymentIntentsQuery, PanelPaymentIntentsQueryVariables>;
export const PanelPaymentIntentDocument = new TypedDocumentString(`
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
  webhookEndpoints(first: 100) {
    edges {
      node {
        id
        url
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelPaymentIntentQuery, PanelPaymentIntentQueryVariables>;
export const PanelPaymentIntentUpdatedDocument = new TypedDocumentString(`
    subscription PanelPaymentIntentUpdated($id: ID!) {
  paymentIntentUpdated(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelPaymentIntentUpdatedSubscription, PanelPaymentIntentUpdatedSubscriptionVariables>;
export const PanelCancelPaymentIntentDocument = new TypedDocumentString(`
    mutation PanelCancelPaymentIntent($id: ID!) {
  cancelPaymentIntent(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelCancelPaymentIntentMutation, PanelCancelPaymentIntentMutationVariables>;
export const PanelCapturePaymentIntentDocument = new TypedDocumentString(`
    mutation PanelCapturePaymentIntent($id: ID!, $amountToCapture: Float) {
  capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelCapturePaymentIntentMutation, PanelCapturePaymentIntentMutationVariables>;
export const PanelCreateRefundDocument = new TypedDocumentString(`
    mutation PanelCreateRefund($input: CreateRefundInput!) {
  createRefund(input: $input) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelCreateRefundMutation, PanelCreateRefundMutationVariables>;
export const PanelApprovePaymentReviewDocument = new TypedDocumentString(`
    mutation PanelApprovePaymentReview($id: ID!) {
  approvePaymentReview(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelApprovePaymentReviewMutation, PanelApprovePaymentReviewMutationVariables>;
export const PanelRejectPaymentReviewDocument = new TypedDocumentString(`
    mutation PanelRejectPaymentReview($id: ID!, $reason: String!) {
  rejectPaymentReview(id: $id, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelRejectPaymentReviewMutation, PanelRejectPaymentReviewMutationVariables>;
export const PanelPaymentActivityDocument = new TypedDocumentString(`
    subscription PanelPaymentActivity {
  paymentActivity {
    objectType
    id
    status
    event
  }
}
    `) as unknown as TypedDocumentString<PanelPaymentActivitySubscription, PanelPaymentActivitySubscriptionVariables>;
export const PanelInvoiceDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelInvoiceQuery, PanelInvoiceQueryVariables>;
export const PanelVoidInvoiceDocument = new TypedDocumentString(`
    mutation PanelVoidInvoice($id: ID!) {
  voidInvoice(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelVoidInvoiceMutation, PanelVoidInvoiceMutationVariables>;
export const PanelInvoicesDocument = new TypedDocumentString(`
    query PanelInvoices($first: Int, $after: String, $status: [InvoiceStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
  invoices(
    first: $first
    after: $after
    status: $status
    search: $search
    createdFrom: $createdFrom
    createdBefore: $createdBefore
  ) {
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
    `) as unknown as TypedDocumentString<PanelInvoicesQuery, PanelInvoicesQueryVariables>;
export const PanelKycDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelKycSubscription, PanelKycSubscriptionVariables>;
export const PanelSubmitKycDocument = new TypedDocumentString(`
    mutation PanelSubmitKyc($input: SubmitKycInput!) {
  submitKyc(input: $input) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelSubmitKycMutation, PanelSubmitKycMutationVariables>;
export const PanelPaymentsOverviewDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PanelPaymentsOverviewQuery, PanelPaymentsOverviewQueryVariables>;
export const PanelOfflineThresholdDocument = new TypedDocumentString(`
    query PanelOfflineThreshold {
  account {
    id
    deviceOfflineAfterSeconds
  }
}
    `) as unknown as TypedDocumentString<PanelOfflineThresholdQuery, PanelOfflineThresholdQueryVariables>;
export const PanelSetOfflineThresholdDocument = new TypedDocumentString(`
    mutation PanelSetOfflineThreshold($seconds: Int) {
  setDeviceOfflineAfterSeconds(seconds: $seconds) {
    id
    deviceOfflineAfterSeconds
  }
}
    `) as unknown as TypedDocumentString<PanelSetOfflineThresholdMutation, PanelSetOfflineThresholdMutationVariables>;
export const PanelQuietHoursDocument = new TypedDocumentString(`
    query PanelQuietHours {
  account {
    id
    relayQuietHours {
      start
      end
      timeZone
    }
  }
}
    `) as unknown as TypedDocumentString<PanelQuietHoursQuery, PanelQuietHoursQueryVariables>;
export const PanelSetQuietHoursDocument = new TypedDocumentString(`
    mutation PanelSetQuietHours($input: RelayQuietHoursInput) {
  setRelayQuietHours(input: $input) {
    id
    relayQuietHours {
      start
      end
      timeZone
    }
  }
}
    `) as unknown as TypedDocumentString<PanelSetQuietHoursMutation, PanelSetQuietHoursMutationVariables>;
export const PanelMessageScheduleDocument = new TypedDocumentString(`
    query PanelMessageSchedule($requestId: ID!) {
  message(requestId: $requestId) {
    requestId
    sendAt
    scheduleReason
  }
}
    `) as unknown as TypedDocumentString<PanelMessageScheduleQuery, PanelMessageScheduleQueryVariables>;
export const PanelCancelMessageDocument = new TypedDocumentString(`
    mutation PanelCancelMessage($requestId: ID!) {
  cancelMessage(requestId: $requestId) {
    requestId
    stage
  }
}
    `) as unknown as TypedDocumentString<PanelCancelMessageMutation, PanelCancelMessageMutationVariables>;
export const PanelConversationDocument = new TypedDocumentString(`
    query PanelConversation($counterparty: String!, $first: Int!) {
  messages(counterparty: $counterparty, first: $first) {
    edges {
      node {
        requestId
        direction
        stage
        body
        queuedAt
        receivedAt
        attachments {
          id
          contentType
          name
          size
          dataOmitted
        }
      }
    }
    pageInfo {
      hasNextPage
    }
  }
}
    `) as unknown as TypedDocumentString<PanelConversationQuery, PanelConversationQueryVariables>;
export const PanelDevicesDocument = new TypedDocumentString(`
    query PanelDevices($status: DeviceStatus, $search: String, $first: Int, $after: String, $last: Int, $before: String) {
  devices(
    status: $status
    search: $search
    first: $first
    after: $after
    last: $last
    before: $before
  ) {
    edges {
      node {
        id
        name
        status
        connected
        disconnectedAt
        platform
        appVersion
        batteryLevel
        charging
        signalLevel
        queueLength
        ratePerMinute
        sentLastMinute
        lastSeenAt
        pairedAt
      }
    }
    pageInfo {
      hasNextPage
      hasPreviousPage
      startCursor
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<PanelDevicesQuery, PanelDevicesQueryVariables>;
export const PanelDeviceDocument = new TypedDocumentString(`
    query PanelDevice($id: ID!) {
  device(id: $id) {
    id
    name
    status
    connected
    disconnectedAt
    platform
    appVersion
    sims
    batteryLevel
    charging
    signalLevel
    queueLength
    ratePerMinute
    simSelectionMode
    dailyCap
    monthlyRecipientsCap
    sendIntervalMinSeconds
    sendIntervalMaxSeconds
    sentLastMinute
    heldMessages
    stuckMessages
    lastSeenAt
    pairedAt
    revokedAt
    presenceHistory {
      change
      at
    }
    messages(first: 20) {
      edges {
        node {
          requestId
          stage
          toDisplay
          body
          queuedAt
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelDeviceQuery, PanelDeviceQueryVariables>;
export const PanelCreatePairingCodeDocument = new TypedDocumentString(`
    mutation PanelCreatePairingCode {
  createPairingCode {
    code
    appServerUrl
    qrPayload
    qrImage
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<PanelCreatePairingCodeMutation, PanelCreatePairingCodeMutationVariables>;
export const PanelUpdateDeviceDocument = new TypedDocumentString(`
    mutation PanelUpdateDevice($id: ID!, $input: UpdateDeviceInput!) {
  updateDevice(id: $id, input: $input) {
    id
    name
    ratePerMinute
    simSelectionMode
    dailyCap
    monthlyRecipientsCap
    sendIntervalMinSeconds
    sendIntervalMaxSeconds
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateDeviceMutation, PanelUpdateDeviceMutationVariables>;
export const PanelRevokeDeviceDocument = new TypedDocumentString(`
    mutation PanelRevokeDevice($id: ID!) {
  revokeDevice(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelRevokeDeviceMutation, PanelRevokeDeviceMutationVariables>;
export const PanelDeviceUpdatesDocument = new TypedDocumentString(`
    subscription PanelDeviceUpdates {
  deviceUpdated {
    deviceId
    status
  }
}
    `) as unknown as TypedDocumentString<PanelDeviceUpdatesSubscription, PanelDeviceUpdatesSubscriptionVariables>;
export const PanelQueueHealthDocument = new TypedDocumentString(`
    query PanelQueueHealth {
  relayQueueHealth(minutes: 15) {
    paused
    pausedAt
    pausedBy
    queueLimit
    oldestQueuedAgeSeconds
    counts {
      queued
      inFlight
      stuck
      sent
      delivered
      failed
    }
    throughput {
      minute
      accepted
      onPhone
      sent
      delivered
      failed
    }
    devices {
      deviceId
      name
      status
      lastSeenAt
      inFlight
      stuck
      sentLastMinute
      ratePerMinute
    }
  }
}
    `) as unknown as TypedDocumentString<PanelQueueHealthQuery, PanelQueueHealthQueryVariables>;
export const PanelRerouteMessageDocument = new TypedDocumentString(`
    mutation PanelRerouteMessage($requestId: ID!) {
  rerouteMessage(requestId: $requestId, allowDuplicate: true) {
    requestId
    stage
  }
}
    `) as unknown as TypedDocumentString<PanelRerouteMessageMutation, PanelRerouteMessageMutationVariables>;
export const PanelRelayModeDocument = new TypedDocumentString(`
    query PanelRelayMode {
  account {
    id
    relayMode
  }
}
    `) as unknown as TypedDocumentString<PanelRelayModeQuery, PanelRelayModeQueryVariables>;
export const PanelSetRelayModeDocument = new TypedDocumentString(`
    mutation PanelSetRelayMode($mode: RelayMode!) {
  setRelayMode(mode: $mode) {
    id
    relayMode
  }
}
    `) as unknown as TypedDocumentString<PanelSetRelayModeMutation, PanelSetRelayModeMutationVariables>;
export const PanelPauseQueueDocument = new TypedDocumentString(`
    mutation PanelPauseQueue {
  pauseRelayQueue {
    paused
  }
}
    `) as unknown as TypedDocumentString<PanelPauseQueueMutation, PanelPauseQueueMutationVariables>;
export const PanelResumeQueueDocument = new TypedDocumentString(`
    mutation PanelResumeQueue {
  resumeRelayQueue {
    paused
  }
}
    `) as unknown as TypedDocumentString<PanelResumeQueueMutation, PanelResumeQueueMutationVariables>;
export const PanelQueueChangesDocument = new TypedDocumentString(`
    subscription PanelQueueChanges {
  relayQueueChanged {
    paused
  }
}
    `) as unknown as TypedDocumentString<PanelQueueChangesSubscription, PanelQueueChangesSubscriptionVariables>;
export const PanelMessagesDocument = new TypedDocumentString(`
    query PanelMessages($stage: MessageStage, $deviceId: ID, $queuedAfter: DateTime, $queuedBefore: DateTime, $search: String, $counterparty: String, $first: Int, $after: String, $last: Int, $before: String) {
  messages(
    stage: $stage
    deviceId: $deviceId
    queuedAfter: $queuedAfter
    queuedBefore: $queuedBefore
    search: $search
    counterparty: $counterparty
    first: $first
    after: $after
    last: $last
    before: $before
  ) {
    edges {
      node {
        requestId
        stage
        direction
        from
        fromDisplay
        to
        toDisplay
        body
        attempts
        failureReason
        queuedAt
        receivedAt
        deliveredAt
        device {
          id
          name
        }
      }
    }
    pageInfo {
      hasNextPage
      hasPreviousPage
      startCursor
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<PanelMessagesQuery, PanelMessagesQueryVariables>;
export const PanelMessageDevicesDocument = new TypedDocumentString(`
    query PanelMessageDevices {
  devices(first: 100) {
    edges {
      node {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelMessageDevicesQuery, PanelMessageDevicesQueryVariables>;
export const PanelOtpsDocument = new TypedDocumentString(`
    query PanelOtps {
  otps(first: 20) {
    edges {
      node {
        id
        to
        toDisplay
        purpose
        status
        attempts
        maxAttempts
        requestId
        createdAt
        verifiedAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelOtpsQuery, PanelOtpsQueryVariables>;
export const PanelMessageDocument = new TypedDocumentString(`
    query PanelMessage($requestId: ID!, $objectId: String!) {
  message(requestId: $requestId) {
    requestId
    stage
    direction
    from
    fromDisplay
    receivedAt
    inReplyTo
    to
    toDisplay
    body
    segments
    encoding
    reference
    failureReason
    queuedAt
    sentAt
    deliveredAt
    failedAt
    expiresAt
    heldSince
    stuckSince
    device {
      id
      name
    }
    pinnedDevice {
      id
      name
    }
    pinnedFailsAt
    waitReason
    isEncrypted
    attemptLog {
      number
      dispatchedAt
      acknowledgedAt
      finishedAt
      outcome
      failureReason
      deviceState
      device {
        id
        name
      }
    }
  }
  events(objectPublicId: $objectId, first: 20) {
    edges {
      node {
        id
        type
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelMessageQuery, PanelMessageQueryVariables>;
export const PanelEventDeliveriesDocument = new TypedDocumentString(`
    query PanelEventDeliveries($eventId: ID!) {
  webhookDeliveries(filter: {eventId: $eventId}, first: 10) {
    edges {
      node {
        id
        status
        attemptCount
        lastStatusCode
        nextAttemptAt
        deliveredAt
        endpoint {
          id
          url
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelEventDeliveriesQuery, PanelEventDeliveriesQueryVariables>;
export const PanelMessageChangedDocument = new TypedDocumentString(`
    subscription PanelMessageChanged($requestId: ID!) {
  messageStatusChanged(requestId: $requestId) {
    requestId
    status
  }
}
    `) as unknown as TypedDocumentString<PanelMessageChangedSubscription, PanelMessageChangedSubscriptionVariables>;
export const PanelMessageUpdatesDocument = new TypedDocumentString(`
    subscription PanelMessageUpdates {
  messageUpdated {
    requestId
    status
  }
}
    `) as unknown as TypedDocumentString<PanelMessageUpdatesSubscription, PanelMessageUpdatesSubscriptionVariables>;
export const PanelReadinessDocument = new TypedDocumentString(`
    subscription PanelReadiness {
  launchReadinessChanged {
    ready
    steps {
      key
      title
      ok
      hint
    }
  }
}
    `) as unknown as TypedDocumentString<PanelReadinessSubscription, PanelReadinessSubscriptionVariables>;
export const PanelRelayOverviewDocument = new TypedDocumentString(`
    query PanelRelayOverview($days: Int!) {
  relayOverview(days: $days) {
    days
    bucketSeconds
    buckets {
      start
      queued
      sent
      delivered
      failed
    }
  }
  relayQueueHealth(minutes: 1) {
    counts {
      queued
      inFlight
      stuck
    }
    devices {
      deviceId
      status
    }
  }
}
    `) as unknown as TypedDocumentString<PanelRelayOverviewQuery, PanelRelayOverviewQueryVariables>;
export const PanelRecipientsDocument = new TypedDocumentString(`
    query PanelRecipients($search: String, $first: Int, $after: String, $last: Int, $before: String) {
  recipients(
    search: $search
    first: $first
    after: $after
    last: $last
    before: $before
  ) {
    edges {
      node {
        id
        name
        phone
        phoneDisplay
        tags
        createdAt
      }
    }
    pageInfo {
      hasNextPage
      hasPreviousPage
      startCursor
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<PanelRecipientsQuery, PanelRecipientsQueryVariables>;
export const PanelRecipientListsDocument = new TypedDocumentString(`
    query PanelRecipientLists {
  recipientLists(first: 100) {
    edges {
      node {
        id
        name
        description
        memberCount
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelRecipientListsQuery, PanelRecipientListsQueryVariables>;
export const PanelCreateRecipientDocument = new TypedDocumentString(`
    mutation PanelCreateRecipient($input: RecipientInput!) {
  createRecipient(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelCreateRecipientMutation, PanelCreateRecipientMutationVariables>;
export const PanelUpdateRecipientDocument = new TypedDocumentString(`
    mutation PanelUpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {
  updateRecipient(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateRecipientMutation, PanelUpdateRecipientMutationVariables>;
export const PanelDeleteRecipientDocument = new TypedDocumentString(`
    mutation PanelDeleteRecipient($id: ID!) {
  deleteRecipient(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelDeleteRecipientMutation, PanelDeleteRecipientMutationVariables>;
export const PanelRecipientListDocument = new TypedDocumentString(`
    query PanelRecipientList($id: ID!) {
  recipientList(id: $id) {
    id
    name
    description
    memberCount
    members(first: 100) {
      edges {
        node {
          addedAt
          recipient {
            id
            name
            phoneDisplay
            tags
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelRecipientListQuery, PanelRecipientListQueryVariables>;
export const PanelUpdateRecipientListDocument = new TypedDocumentString(`
    mutation PanelUpdateRecipientList($id: ID!, $input: RecipientListUpdateInput!) {
  updateRecipientList(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateRecipientListMutation, PanelUpdateRecipientListMutationVariables>;
export const PanelDeleteRecipientListDocument = new TypedDocumentString(`
    mutation PanelDeleteRecipientList($id: ID!) {
  deleteRecipientList(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelDeleteRecipientListMutation, PanelDeleteRecipientListMutationVariables>;
export const PanelRemoveRecipientsFromListDocument = new TypedDocumentString(`
    mutation PanelRemoveRecipientsFromList($listId: ID!, $recipientIds: [ID!]!) {
  removeRecipientsFromList(listId: $listId, recipientIds: $recipientIds) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelRemoveRecipientsFromListMutation, PanelRemoveRecipientsFromListMutationVariables>;
export const PanelImportRecipientsDocument = new TypedDocumentString(`
    mutation PanelImportRecipients($csv: String!, $listId: ID) {
  importRecipients(csv: $csv, listId: $listId) {
    created
    skipped {
      line
      reason
    }
    skippedCount
  }
}
    `) as unknown as TypedDocumentString<PanelImportRecipientsMutation, PanelImportRecipientsMutationVariables>;
export const PanelCreateRecipientListDocument = new TypedDocumentString(`
    mutation PanelCreateRecipientList($input: RecipientListInput!) {
  createRecipientList(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PanelCreateRecipientListMutation, PanelCreateRecipientListMutationVariables>;
export const PanelAddRecipientsToListDocument = new TypedDocumentString(`
    mutation PanelAddRecipientsToList($listId: ID!, $recipientIds: [ID!]!) {
  addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {
    id
    memberCount
  }
}
    `) as unknown as TypedDocumentString<PanelAddRecipientsToListMutation, PanelAddRecipientsToListMutationVariables>;
export const PanelQueueRecipientListDocument = new TypedDocumentString(`
    mutation PanelQueueRecipientList($input: QueueRecipientListInput!) {
  queueRecipientList(input: $input) {
    batchId
    queued
    segments
    skipped {
      to
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<PanelQueueRecipientListMutation, PanelQueueRecipientListMutationVariables>;
export const PanelRecipientListSendPreviewDocument = new TypedDocumentString(`
    query PanelRecipientListSendPreview($input: RecipientListPreviewInput!) {
  recipientListSendPreview(input: $input) {
    queued
    segments
    items {
      recipientId
      to
      text
      segments
      encoding
    }
  }
}
    `) as unknown as TypedDocumentString<PanelRecipientListSendPreviewQuery, PanelRecipientListSendPreviewQueryVariables>;
export const PanelOptOutsDocument = new TypedDocumentString(`
    query PanelOptOuts($phone: String, $first: Int, $after: String, $last: Int, $before: String) {
  optOuts(
    phone: $phone
    first: $first
    after: $after
    last: $last
    before: $before
  ) {
    edges {
      node {
        id
        phone
        phoneDisplay
        source
        createdAt
      }
    }
    pageInfo {
      hasNextPage
      hasPreviousPage
      startCursor
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<PanelOptOutsQuery, PanelOptOutsQueryVariables>;
export const PanelOptOutRecipientDocument = new TypedDocumentString(`
    mutation PanelOptOutRecipient($phone: String!) {
  optOutRecipient(phone: $phone) {
    id
    phoneDisplay
  }
}
    `) as unknown as TypedDocumentString<PanelOptOutRecipientMutation, PanelOptOutRecipientMutationVariables>;
export const PanelOptInRecipientDocument = new TypedDocumentString(`
    mutation PanelOptInRecipient($phone: String!) {
  optInRecipient(phone: $phone) {
    id
    phoneDisplay
  }
}
    `) as unknown as TypedDocumentString<PanelOptInRecipientMutation, PanelOptInRecipientMutationVariables>;
export const PanelNotificationsDocument = new TypedDocumentString(`
    query PanelNotifications {
  notifications(first: 50) {
    edges {
      node {
        id
        kind
        recipient
        subject
        body
        status
        error
        createdAt
      }
    }
  }
  notificationPreferences {
    endpointDisabled
    deliveryExhausted
    deviceOffline
    disputeOpened
  }
}
    `) as unknown as TypedDocumentString<PanelNotificationsQuery, PanelNotificationsQueryVariables>;
export const PanelUpdateNotificationPreferencesDocument = new TypedDocumentString(`
    mutation PanelUpdateNotificationPreferences($input: NotificationPreferencesInput!) {
  updateNotificationPreferences(input: $input) {
    endpointDisabled
    deliveryExhausted
    deviceOffline
    disputeOpened
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateNotificationPreferencesMutation, PanelUpdateNotificationPreferencesMutationVariables>;
export const PanelWebhookEndpointsDocument = new TypedDocumentString(`
    query PanelWebhookEndpoints($first: Int, $after: String) {
  webhookEventTypes
  webhookEndpoints(first: $first, after: $after) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        url
        description
        enabled
        eventTypes
        disabledReason
        failingSince
        previousSecretExpiresAt
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelWebhookEndpointsQuery, PanelWebhookEndpointsQueryVariables>;
export const PanelCreateWebhookEndpointDocument = new TypedDocumentString(`
    mutation PanelCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    secret
    endpoint {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<PanelCreateWebhookEndpointMutation, PanelCreateWebhookEndpointMutationVariables>;
export const PanelRevealWebhookSecretDocument = new TypedDocumentString(`
    mutation PanelRevealWebhookSecret($id: ID!) {
  revealWebhookEndpointSecret(id: $id) {
    secret
  }
}
    `) as unknown as TypedDocumentString<PanelRevealWebhookSecretMutation, PanelRevealWebhookSecretMutationVariables>;
export const PanelRotateWebhookSecretDocument = new TypedDocumentString(`
    mutation PanelRotateWebhookSecret($id: ID!) {
  rotateWebhookEndpointSecret(id: $id) {
    secret
    previousSecretExpiresAt
  }
}
    `) as unknown as TypedDocumentString<PanelRotateWebhookSecretMutation, PanelRotateWebhookSecretMutationVariables>;
export const PanelSendTestWebhookDocument = new TypedDocumentString(`
    mutation PanelSendTestWebhook($endpointId: ID!) {
  sendTestWebhook(endpointId: $endpointId) {
    delivery {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<PanelSendTestWebhookMutation, PanelSendTestWebhookMutationVariables>;
export const PanelUpdateWebhookEndpointDocument = new TypedDocumentString(`
    mutation PanelUpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
  updateWebhookEndpoint(id: $id, input: $input) {
    id
    enabled
    rateLimit
    headerNames
    ordering
  }
}
    `) as unknown as TypedDocumentString<PanelUpdateWebhookEndpointMutation, PanelUpdateWebhookEndpointMutationVariables>;
export const PanelWebhookDeliveriesDocument = new TypedDocumentString(`
    query PanelWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
  webhookDeliveries(first: $first, after: $after, filter: $filter) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        status
        attemptCount
        lastStatusCode
        nextAttemptAt
        createdAt
        event {
          type
          objectPublicId
        }
        endpoint {
          url
        }
        attempts {
          id
          startedAt
          durationMs
          httpStatus
          outcome
          trigger
          responseExcerpt
          error
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelWebhookDeliveriesQuery, PanelWebhookDeliveriesQueryVariables>;
export const PanelWebhookEndpointDocument = new TypedDocumentString(`
    query PanelWebhookEndpoint($id: ID!) {
  webhookEndpoint(id: $id) {
    id
    url
    description
    enabled
    eventTypes
    disabledReason
    failingSince
    previousSecretExpiresAt
    payloadFormat
    rateLimit
    headerNames
    ordering
    createdAt
  }
}
    `) as unknown as TypedDocumentString<PanelWebhookEndpointQuery, PanelWebhookEndpointQueryVariables>;
export const PanelWebhookEndpointDeliveriesDocument = new TypedDocumentString(`
    query PanelWebhookEndpointDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
  webhookDeliveries(first: $first, after: $after, filter: $filter) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        status
        attemptCount
        nextAttemptAt
        createdAt
        body
        event {
          id
          type
          objectPublicId
        }
        attempts {
          id
          url
          startedAt
          durationMs
          httpStatus
          outcome
          trigger
          responseExcerpt
          error
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PanelWebhookEndpointDeliveriesQuery, PanelWebhookEndpointDeliveriesQueryVariables>;
export const PanelRedeliverWebhookDocument = new TypedDocumentString(`
    mutation PanelRedeliverWebhook($deliveryId: ID!) {
  redeliverWebhook(deliveryId: $deliveryId) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<PanelRedeliverWebhookMutation, PanelRedeliverWebhookMutationVariables>;
export const PanelWebhookLogDocument = new TypedDocumentString(`
    subscription PanelWebhookLog {
  webhookDeliveryUpdated {
    deliveryId
    status
    attemptCount
  }
}
    `) as unknown as TypedDocumentString<PanelWebhookLogSubscription, PanelWebhookLogSubscriptionVariables>;
export const PanelRecoverWebhookEndpointDocument = new TypedDocumentString(`
    mutation PanelRecoverWebhookEndpoint($id: ID!, $since: DateTime!) {
  recoverWebhookEndpoint(id: $id, since: $since) {
    queued
  }
}
    `) as unknown as TypedDocumentString<PanelRecoverWebhookEndpointMutation, PanelRecoverWebhookEndpointMutationVariables>;