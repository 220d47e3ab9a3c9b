import { accountNow, sendJobAt } from '../../accounts/index.ts';
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Invoice } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { invoiceJson } from '../invoices/index.ts';
import { voidInvoice } from '../intents/index.ts';
import { markInvoiceUncollectible } from '../invoices/index.ts';
import { chargeInvoice, createPeriodInvoice, itemPrices, linesTotal, outcomeOf, periodLines, type InvoiceLine } from './invoicing.ts';
import type { SubscriptionWithItems } from './json.ts';
import { DAY_MS, periodFrom } from './periods.ts';
import { lockSubscription, moveSubscription, subscriptionChanged } from './plans.ts';
import { getBillingSettings } from './settings.ts';
import { invoiceTitle, scheduleRenewal } from './subscriptions.ts';

// What happens to a subscription on the account's time, each a job of the billing worker: a
// period's renewal, the reminders before it, dunning's retries, the first invoice's expiry, and an
// invoice paid elsewhere (its checkout). Every job locks the subscription, checks it is still in
// the state and period it was scheduled for, and otherwise does nothing: pg-boss's retries, a
// duplicate job, or two workers at one due renewal charge it once.

type Rt = Runtime;

/** The subscription a job names, locked (null: it was deleted with its customer). */
async function lockedSubscription(tx: DbClient, subscriptionId: string) {
  const found = await tx.subscription.findUnique({ where: { id: subscriptionId }, select: { accountId: true } });
  return found ? lockSubscription(tx, found.accountId, subscriptionId) : null;
}

/** subscription_renewal: the period ending at `periodEnd` is over: end the subscription, or bill the next period. */
export async function renewalJob(rt: Rt, job: { subscriptionId: string; periodEnd: string }) {
  await rt.db.prisma.$transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, job.subscriptionId);
    // Renewed already (a duplicate, another worker), or no longer renewing (canceled, unpaid, incomplete).
    if (!subscription || subscription.currentPeriodEnd.toISOString() !== job.periodEnd) return;
    if (!['trialing', 'active', 'past_due'].includes(subscription.status)) return;
    const now = await accountNow(tx, subscription.accountId);
    const end = subscription.currentPeriodEnd;
    if (now < end) {
      // A clock behind the job (deleted and recreated): look again when it is due.
      await sendJobAt(rt, tx, subscription.accountId, 'subscription_renewal', job, { at: end });
      return;
    }
    // cancel_at_period_end: it ends with its period, with no new invoice.
    if (subscription.cancelAtPeriodEnd) {
      await moveSubscription(rt, tx, subscription, 'cancel', now, { endedAt: end });
      return;
    }
    await billNextPeriod(rt, tx, subscription, now);
  });
}

async function billNextPeriod(rt: Rt, tx: DbClient, subscription: SubscriptionWithItems, now: Date) {
  const prices = await itemPrices(tx, subscription);
  const period = periodFrom(subscription.currentPeriodEnd, subscription);
  const pending = subscription.pendingLines as unknown as InvoiceLine[];
  const lines = [...pending, ...periodLines(prices, period)];
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: subscription.customerId } });
  const rolled = { currentPeriodStart: period.start, currentPeriodEnd: period.end, pendingLines: [] };
  if (linesTotal(lines) <= 0) {
    // Credits cover the whole period (a downgrade's proration): nothing to charge; what is left carries over.
    const moved = await moveSubscription(rt, tx, subscription, 'renew', now, { ...rolled, pendingLines: linesTotal(lines) < 0 ? [creditLine(lines, period) as object] : [] });
    await scheduleRenewal(rt, tx, moved, period, now);
    return;
  }
  const invoice = await createPeriodInvoice(rt, tx, subscription, customer, lines, period, invoiceTitle(prices));
  const change = { ...rolled, latestInvoiceId: invoice.id };
  if (subscription.collectionMethod === 'send_invoice') {
    const moved = await moveSubscription(rt, tx, subscription, 'renew', now, change);
    await scheduleRenewal(rt, tx, moved, period, now);
    return;
  }
  const intent = await chargeInvoice(rt, tx, subscription, invoice);
  const failed = outcomeOf(intent) === 'failed';
  const moved = await moveSubscription(rt, tx, subscription, failed ? 'renew_unpaid' : 'renew', now, change);
  if (failed) await paymentFailed(rt, tx, moved, await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id } }), now, 1);
  await scheduleRenewal(rt, tx, moved, period, now);
}

/** The sum of credits left after a period they more than covered, as one line of the next invoice. */
function creditLine(lines: InvoiceLine[], period: { start: Date; end: Date }): InvoiceLine {
  return {
    description: 'Unused credit carried over',
    amount_minor: linesTotal(lines),
    quantity: 1,
    price: null,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    proration: true,
  };
}

/**
 * A charge of `invoice` was declined (or there was no method): `invoice.payment_failed`, then the
 * next retry of the account's schedule (days after the first failure), if there is one left.
 */
async function paymentFailed(rt: Rt, tx: DbClient, subscription: SubscriptionWithItems, invoice: Invoice, firstFailedAt: Date, nextAttempt: number) {
  await recordEvent(rt, tx, {
    accountId: invoice.accountId,
    type: 'invoice.payment_failed',
    objectType: 'invoice',
    objectPublicId: invoice.id,
    data: { invoice: invoiceJson(rt.config, invoice), subscription: subscription.id, attempt_count: nextAttempt },
  });
  const { retryDays } = await getBillingSettings(tx, subscription.accountId);
  const days = retryDays[nextAttempt - 1];
  if (days === undefined) return false;
  await sendJobAt(
    rt,
    tx,
    subscription.accountId,
    'subscription_payment_retry',
    { invoiceId: invoice.id, attempt: nextAttempt, firstFailedAt: firstFailedAt.toISOString() },
    { at: new Date(firstFailedAt.getTime() + days * DAY_MS) },
  );
  return true;
}

/**
 * subscription_payment_retry: the `attempt`th retry of a declined invoice, if it is still open and
 * its subscription past due, and this retry was not made yet.
 * Paid: the subscription is active again. Declined: the next retry, or after the last one the
 * account's setting (canceled or unpaid) and the invoice uncollectible.
 */
export async function retryJob(rt: Rt, job: { invoiceId: string; attempt: number; firstFailedAt: string }) {
  await rt.db.prisma.$transaction(async (tx) => {
    const invoice = await tx.invoice.findUnique({ where: { id: job.invoiceId } });
    if (!invoice?.subscriptionId || invoice.status !== 'open') return;
    const subscription = await lockedSubscription(tx, invoice.subscriptionId);
    if (subscription?.status !== 'past_due') return;
    // Made already (a pg-boss retry of a job whose work committed): each retry's intent names its number.
    if ((await tx.paymentIntent.count({ where: { invoiceId: invoice.id, metadata: { path: ['retry'], equals: String(job.attempt) } } })) > 0) return;
    const now = await accountNow(tx, subscription.accountId);
    const intent = await chargeInvoice(rt, tx, subscription, invoice, job.attempt);
    if (outcomeOf(intent) !== 'failed') {
      await recoverSubscription(rt, tx, subscription, now);
      return;
    }
    const current = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    if (await paymentFailed(rt, tx, subscription, current, new Date(job.firstFailedAt), job.attempt + 1)) return;
    const { afterRetries } = await getBillingSettings(tx, subscription.accountId);
    await markInvoiceUncollectible(rt, tx, invoice.accountId, invoice.id);
    await moveSubscription(rt, tx, subscription, afterRetries === 'unpaid' ? 'mark_unpaid' : 'cancel', now);
  });
}

/** subscription_incomplete_expiry: a first invoice unpaid 23 hours on: voided, and the subscription incomplete_expired. */
export async function incompleteExpiryJob(rt: Rt, job: { subscriptionId: string }) {
  await rt.db.prisma.$transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, job.subscriptionId);
    if (subscription?.status !== 'incomplete') return;
    const now = await accountNow(tx, subscription.accountId);
    const invoice = subscription.latestInvoiceId ? await tx.invoice.findUnique({ where: { id: subscription.latestInvoiceId } }) : null;
    if (invoice?.status === 'open') await voidInvoice(rt, tx, invoice.accountId, invoice.id);
    await moveSubscription(rt, tx, subscription, 'expire', now);
  });
}

/**
 * subscription_invoice_paid: an invoice of the subscription was paid outside a billing job (its
 * checkout page, its hosted page): an incomplete subscription becomes active, a past-due or unpaid
 * one active again; the method it was paid with becomes the default.
 */
export async function invoicePaidJob(rt: Rt, job: { invoiceId: string }) {
  await rt.db.prisma.$transaction(async (tx) => {
    const invoice = await tx.invoice.findUnique({ where: { id: job.invoiceId } });
    if (!invoice?.subscriptionId || invoice.status !== 'paid') return;
    const subscription = await lockedSubscription(tx, invoice.subscriptionId);
    if (!subscription) return;
    const now = await accountNow(tx, subscription.accountId);
    const paidWith = invoice.paymentIntentId ? (await tx.paymentIntent.findUnique({ where: { id: invoice.paymentIntentId } }))?.paymentMethodId : null;
    const change = paidWith ? { defaultPaymentMethodId: paidWith } : {};
    if (subscription.status === 'incomplete' && subscription.latestInvoiceId === invoice.id) {
      const moved = await moveSubscription(rt, tx, subscription, 'activate', now, change);
      await scheduleRenewal(rt, tx, moved, { start: moved.currentPeriodStart, end: moved.currentPeriodEnd }, now);
      return;
    }
    // A canceled one stays canceled (as at Stripe): paying its uncollectible invoice only pays that invoice.
    if (subscription.status !== 'past_due' && subscription.status !== 'unpaid') return;
    // Active again once nothing is left unpaid (the invoice in dunning was this one, or the last).
    const unpaid = await tx.invoice.count({ where: { subscriptionId: subscription.id, status: 'open' } });
    if (unpaid === 0) await recoverSubscription(rt, tx, subscription, now, change);
  });
}

/**
 * Active again (a retry, the checkout, the hosted page). A renewal that fell due while the
 * subscription was unpaid did nothing and is used up (renewalJob renews no unpaid one), so a
 * subscription paid after its period's end renews now: that renewal is sent again, due at once,
 * and bills the next period as it would have. Before the period's end the renewal scheduled when
 * the period began still waits and nothing is added; a copy still pending does nothing (each
 * renewal checks the period it is for), so it renews once.
 */
async function recoverSubscription(rt: Rt, tx: DbClient, subscription: SubscriptionWithItems, now: Date, change: { defaultPaymentMethodId?: string } = {}) {
  const moved = await moveSubscription(rt, tx, subscription, 'recover', now, change);
  if (now >= moved.currentPeriodEnd) {
    const periodEnd = moved.currentPeriodEnd.toISOString();
    await sendJobAt(rt, tx, moved.accountId, 'subscription_renewal', { subscriptionId: moved.id, periodEnd }, { at: moved.currentPeriodEnd });
  }
  return moved;
}

/** subscription_reminder: 3 days before a period ends, `invoice.upcoming` (and `trial_will_end` before a trial's end). */
export async function reminderJob(rt: Rt, job: { subscriptionId: string; periodEnd: string; kind: 'upcoming' | 'trial_will_end' }) {
  await rt.db.prisma.$transaction(async (tx) => {
    const subscription = await lockedSubscription(tx, job.subscriptionId);
    if (!subscription || subscription.currentPeriodEnd.toISOString() !== job.periodEnd) return;
    if (!['trialing', 'active', 'past_due'].includes(subscription.status) || subscription.cancelAtPeriodEnd) return;
    if (job.kind === 'trial_will_end') {
      if (subscription.status === 'trialing') await subscriptionChanged(rt, tx, subscription, 'customer.subscription.trial_will_end');
      return;
    }
    const prices = await itemPrices(tx, subscription);
    const period = periodFrom(subscription.currentPeriodEnd, subscription);
    const lines = [...(subscription.pendingLines as unknown as InvoiceLine[]), ...periodLines(prices, period)];
    await recordEvent(rt, tx, {
      accountId: subscription.accountId,
      type: 'invoice.upcoming',
      objectType: 'subscription',
      objectPublicId: subscription.id,
      data: {
        invoice: {
          object: 'invoice',
          subscription: subscription.id,
          customer: subscription.customerId,
          amount_minor: linesTotal(lines),
          currency: subscription.currency,
          period_start: period.start.toISOString(),
          period_end: period.end.toISOString(),
          next_payment_attempt: subscription.currentPeriodEnd.toISOString(),
          lines,
        },
      },
    });
  });
}
