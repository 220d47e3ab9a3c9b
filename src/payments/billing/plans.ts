import type { DbClient, Prisma } from '../../core/db.ts';
import { notFound } from '../../core/errors.ts';
import { defineLifecycle, refusal } from '../../core/lifecycle.ts';
import { lockRow } from '../../core/locks.ts';
import type { EventType } from '../../core/module.ts';
import { publish } from '../../core/pubsub.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { SubscriptionStatus } from '../../generated/prisma/enums.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { subscriptionJson, type SubscriptionWithItems } from './json.ts';

// A subscription's lifecycle: the table of its moves (the one authority), and one plan per move,
// the only code that writes `subscriptions` rows. Each plan's UPDATE takes the states it may start
// from from the table (`fromStates`), so a row another transaction moved meanwhile is refused (409)
// rather than overwritten; its event and live update go with it, in the caller's transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;

const statuses = ['trialing', 'active', 'incomplete', 'incomplete_expired', 'past_due', 'canceled', 'unpaid'] as const satisfies readonly SubscriptionStatus[];
/** The states a subscription can still change in (items, cancel_at_period_end, default method). */
const live: SubscriptionStatus[] = ['trialing', 'active', 'incomplete', 'past_due', 'unpaid'];

export const subscriptionLifecycle = defineLifecycle(
  'subscription',
  statuses,
  {
    start_trial: { from: [], to: 'trialing' },
    start_active: { from: [], to: 'active' },
    start_incomplete: { from: [], to: 'incomplete' },
    activate: { from: ['incomplete'], to: 'active', verb: 'be activated' },
    expire: { from: ['incomplete'], to: 'incomplete_expired', verb: 'expire' },
    renew: { from: ['trialing', 'active', 'past_due'], to: 'active', verb: 'renew' },
    renew_unpaid: { from: ['trialing', 'active', 'past_due'], to: 'past_due', verb: 'renew' },
    recover: { from: ['past_due', 'unpaid'], to: 'active', verb: 'be paid' },
    mark_unpaid: { from: ['past_due'], to: 'unpaid', verb: 'be marked unpaid' },
    cancel: { from: live, to: 'canceled', verb: 'be canceled' },
  },
  (status) => status.replace('_', ' '),
);

export type SubscriptionAction = keyof typeof subscriptionLifecycle.transitions;
export type StartAction = 'start_trial' | 'start_active' | 'start_incomplete';
type MoveAction = Exclude<SubscriptionAction, StartAction>;

export const subscriptionStatuses = statuses;

/** One write per move: what each changes besides its status (the status comes from the table). */
const plans: Record<MoveAction, (subscription: SubscriptionWithItems, now: Date, change: Prisma.SubscriptionUncheckedUpdateManyInput) => Prisma.SubscriptionUncheckedUpdateManyInput> = {
  // The first invoice was paid (off-session at once, or at its checkout later): the paying method
  // becomes the default, so the renewals charge what the customer chose.
  activate: (_subscription, _now, change) => change,
  // 23 hours without paying the first invoice: nothing more happens to it (Stripe's incomplete_expired).
  expire: (_subscription, now) => ({ endedAt: now }),
  // A period rolled and its invoice was paid, or sent to be paid (send_invoice): the trial, if any, is over.
  renew: (_subscription, _now, change) => change,
  // A period rolled and its charge was declined (or there was no method): dunning starts. A
  // declined retry is no move: the subscription stays past_due, unchanged (as at Stripe, which sends
  // no customer.subscription.updated for it), and only invoice.payment_failed tells it.
  renew_unpaid: (_subscription, _now, change) => change,
  // The invoice in dunning was paid (a retry, the checkout, a new default method).
  recover: (_subscription, _now, change) => change,
  // The last retry failed and the account's setting keeps the subscription (Stripe's `unpaid`): no more charges, no more renewals.
  mark_unpaid: () => ({}),
  // Ended: now (cancel), at the period's end (cancel_at_period_end), or after the last retry.
  cancel: (_subscription, now, change) => ({ canceledAt: now, endedAt: now, ...change }),
};

/** Locks the account's subscription for the rest of the transaction (another account's: not_found). */
export async function lockSubscription(tx: DbClient, accountId: number, id: string, param = 'id'): Promise<SubscriptionWithItems> {
  if (!(await lockRow(tx, 'subscriptions', id, { accountId }))) throw notFound('subscription', param);
  return tx.subscription.findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { id: 'asc' } } } });
}

/** Inserts a subscription with its items in the state its start action ends in; records `customer.subscription.created`. */
export async function insertSubscription(
  rt: Rt,
  tx: DbClient,
  action: StartAction,
  row: Omit<Prisma.SubscriptionUncheckedCreateInput, 'status' | 'items'>,
  items: Array<{ id: string; priceId: string; quantity: number }>,
): Promise<SubscriptionWithItems> {
  const subscription = await tx.subscription.create({
    data: { ...row, status: subscriptionLifecycle.transitions[action].to, items: { create: items } } as Prisma.SubscriptionUncheckedCreateInput,
    include: { items: { orderBy: { id: 'asc' } } },
  });
  await subscriptionChanged(rt, tx, subscription, 'customer.subscription.created');
  return subscription;
}

/** Moves a (locked) subscription by `action`, writing `change` with it; 409 if it is no longer in a state the move starts from. */
export async function moveSubscription(
  rt: Rt,
  tx: DbClient,
  subscription: SubscriptionWithItems,
  action: MoveAction,
  now: Date,
  change: Prisma.SubscriptionUncheckedUpdateManyInput = {},
): Promise<SubscriptionWithItems> {
  const to = subscriptionLifecycle.assertMove(action, subscription.status);
  const { count } = await tx.subscription.updateMany({
    where: { id: subscription.id, status: { in: subscriptionLifecycle.fromStates(action) } },
    data: { ...plans[action](subscription, now, change), status: to, updatedAt: new Date() },
  });
  if (count !== 1) throw refusal('subscription', subscription.status, action);
  const moved = await tx.subscription.findUniqueOrThrow({ where: { id: subscription.id }, include: { items: { orderBy: { id: 'asc' } } } });
  await subscriptionChanged(rt, tx, moved, to === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated');
  return moved;
}

/**
 * Changes what a (locked) live subscription is without moving its status: its items, default
 * method, cancel_at_period_end, pending proration lines, metadata. A canceled or expired one is 409.
 */
export async function changeSubscription(
  rt: Rt,
  tx: DbClient,
  subscription: SubscriptionWithItems,
  change: Prisma.SubscriptionUncheckedUpdateManyInput,
  items?: Array<{ id: string; priceId: string; quantity: number }>,
): Promise<SubscriptionWithItems> {
  if (!live.includes(subscription.status)) throw refusal('subscription', subscription.status.replace('_', ' '), 'be changed');
  const { count } = await tx.subscription.updateMany({ where: { id: subscription.id, status: { in: live } }, data: { ...change, updatedAt: new Date() } });
  if (count !== 1) throw refusal('subscription', subscription.status, 'be changed');
  if (items) {
    // The items are replaced whole: a change of price is a new item (Stripe keeps the item's id; ours are new).
    await tx.subscriptionItem.deleteMany({ where: { subscriptionId: subscription.id } });
    await tx.subscriptionItem.createMany({ data: items.map((item) => ({ ...item, subscriptionId: subscription.id })) });
  }
  const changed = await tx.subscription.findUniqueOrThrow({ where: { id: subscription.id }, include: { items: { orderBy: { id: 'asc' } } } });
  await subscriptionChanged(rt, tx, changed, 'customer.subscription.updated');
  return changed;
}

/** Records a subscription event (the REST object after the change) and publishes its live update. */
export async function subscriptionChanged(rt: Rt, tx: DbClient, subscription: SubscriptionWithItems, type: EventType) {
  await recordEvent(rt, tx, {
    accountId: subscription.accountId,
    type,
    objectType: 'subscription',
    objectPublicId: subscription.id,
    data: { subscription: subscriptionJson(subscription) },
  });
  if (type === 'customer.subscription.trial_will_end') return;
  await publish(tx, 'subscriptionUpdated', subscription.id, {
    id: subscription.id,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    latestInvoiceId: subscription.latestInvoiceId,
    updatedAt: subscription.updatedAt.toISOString(),
  });
}
