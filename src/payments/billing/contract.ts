// What Billing declares to the payments module (module.ts) with no runtime at hand: its event
// names, its queues' payloads and its live topic's payload. A leaf: it imports only zod.
import { z } from 'zod';

/** Billing's events, recorded with each change like every Pay event (the webhooks outbox). */
export const billingEventTypes = [
  'product.created',
  'product.updated',
  'price.created',
  'price.updated',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.finalized',
  'invoice.payment_failed',
  'invoice.upcoming',
  'invoice.marked_uncollectible',
] as const;

const retried = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

/** Billing's jobs, each scheduled with `sendJobAt` on the account's time (its test clock, if any). */
export const billingQueues = {
  /** A subscription's period ends: renew it (or end it), once per period: `periodEnd` names the period. */
  subscription_renewal: { payload: z.object({ subscriptionId: z.string(), periodEnd: z.string() }), options: retried },
  /** A reminder 3 days ahead: `invoice.upcoming` before a renewal, `trial_will_end` before a trial ends. */
  subscription_reminder: {
    payload: z.object({ subscriptionId: z.string(), periodEnd: z.string(), kind: z.enum(['upcoming', 'trial_will_end']) }),
    options: retried,
  },
  /** Dunning: the `attempt`th retry of a declined invoice. */
  subscription_payment_retry: { payload: z.object({ invoiceId: z.string(), attempt: z.number().int(), firstFailedAt: z.string() }), options: retried },
  /** An incomplete subscription's first invoice unpaid after 23 hours: incomplete_expired. */
  subscription_incomplete_expiry: { payload: z.object({ subscriptionId: z.string() }), options: retried },
  /** An invoice of a subscription was paid (at the checkout, on its hosted page): the subscription follows. */
  subscription_invoice_paid: { payload: z.object({ invoiceId: z.string() }), options: retried },
};

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
