import { z } from 'zod';
import { YarrowError } from '../../core/errors.ts';
import type { PaymentMethodCode } from '../tokens.ts';
import type { DbClient } from '../../core/db.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { CardSession, PaymentIntent, PaymentMethod } from '../../generated/prisma/client.ts';
import { findIntentForCheckout, startCardSession, submitToken } from './card-sessions.ts';
import { findPaymentMethod, savedMethodOf } from '../customers/index.ts';

// The hosted checkout's saved methods: an intent with a `customer` offers the customer's saved
// methods; choosing one is an attempt like a new card's (a card session of its rail, then its
// token), on session, so a 3-D Secure card shows its challenge to the payer who is there.

type Rt = Pick<Runtime, 'config' | 'boss' | 'db'>;

/** How many saved methods the checkout offers (the newest): a page of buttons, not a wallet manager. */
const OFFERED_METHODS = 10;

export async function savedMethodsForCheckout(db: DbClient, intent: PaymentIntent): Promise<PaymentMethod[]> {
  if (!intent.customerId) return [];
  return db.paymentMethod.findMany({
    where: { accountId: intent.accountId, customerId: intent.customerId },
    orderBy: { id: 'desc' },
    take: OFFERED_METHODS,
  });
}

export const payWithSavedMethodForm = z.object({
  payment_method: z.string({ error: 'choose a saved payment method' }).min(1, 'choose a saved payment method').max(100),
});

/** `POST /checkout/<pi>/saved`: pays with one of the customer's saved methods (`pm_…`); answers its card session. */
export async function payWithSavedMethod(rt: Rt, intentId: string, methodId: string): Promise<CardSession> {
  const intent = await findIntentForCheckout(rt.db.prisma, intentId);
  if (!intent.customerId) {
    throw new YarrowError('invalid_request', 'This payment has no saved payment methods to offer; choose a way to pay.', { param: 'payment_method' });
  }
  const method = savedMethodOf(await findPaymentMethod(rt.db.prisma, intent.accountId, methodId), intent.customerId);
  const session = await startCardSession(rt, intentId, { paymentMethodCode: method.paymentMethodCode as PaymentMethodCode, sandboxOutcome: 'pending' });
  // The session names the method, so the success records it rather than saving the card again.
  await rt.db.prisma.cardSession.update({ where: { id: session.id }, data: { paymentMethodId: method.id } });
  return submitToken(rt, intentId, session.id, { token: method.sandboxToken });
}
