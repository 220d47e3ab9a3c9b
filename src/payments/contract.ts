// What the payments domain's files (and other domains) share with no runtime at hand: its ids and
// its live topics' payloads. A leaf: it imports only core/, so importing it loads no other file of
// the domain (module.ts, the manifest, imports it; no file imports module.ts but the module list).
import { domainErrors } from '../core/errors.ts';
import { idMaker } from '../core/ids.ts';

/** Its id kinds and prefixes (module.ts declares them as `idPrefixes`), and the `newId` of its files. */
export const idPrefixes = { paymentIntent: 'pi', cardSession: 'cs', invoice: 'inv', kycReview: 'kyc', refund: 're', customer: 'cus', paymentMethod: 'pm', dispute: 'dp', product: 'prod', price: 'price', subscription: 'sub', subscriptionItem: 'si' } as const;
export const { newId, newCapabilityId } = idMaker(idPrefixes);

/** Error codes only payments answers with: a charge of a saved method that did not go through (402, as at Stripe). */
export const paymentsErrors = domainErrors({
  /** An off-session charge of a card that asks for 3-D Secure: bring the customer back to authenticate. */
  authentication_required: 402,
  /** An off-session charge the issuer declined (`decline_code` says why). */
  card_declined: 402,
});

/** The mutable fields of a payment intent as of one transition (subscribers read the rest). */
export interface PaymentIntentUpdate {
  id: string;
  status: string;
  paymentMethodCode: string | null;
  lastPaymentError: Record<string, unknown> | null;
  cancellationReason: string | null;
  latestCardSessionId: string | null;
  succeededAt: string | null;
  canceledAt: string | null;
  /** Minor units refunded or being refunded. */
  amountRefunded: number;
  /** Minor units authorized and not yet captured (manual capture). */
  amountCapturable: number;
  /** Minor units taken. */
  amountReceived: number;
  /** Minor units under open or lost disputes. */
  amountDisputed: number;
  /** When an authorization lapses, if there is one. */
  captureBefore: string | null;
  updatedAt: string;
}

/** The mutable fields of an invoice as of one transition. */
export interface InvoiceUpdate {
  id: string;
  status: string;
  paidAt: string | null;
  voidedAt: string | null;
  overdueAt: string | null;
  updatedAt: string;
}

/** A KYC review's decision fields as of one transition. */
export interface KycReviewUpdate {
  id: string;
  status: string;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/** The fields of a subscription as of one change (`subscriptionUpdated` subscribers read the rest). */
export interface SubscriptionUpdate {
  id: string;
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  latestInvoiceId: string | null;
  updatedAt: string;
}
