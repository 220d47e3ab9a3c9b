import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { checkoutClient, createIntent } from '../checkout-client.ts';
import { billing } from './helpers.ts';

// A decline for every code (issue 38): each new Visa token declines at the checkout and, saved on a
// customer (its first payment pinned to approve), off-session with Stripe's code and decline_code;
// YP-VISA-DECLINE-LATER pays once and declines every later off-session charge.

let app: TestApp;
let merchant: TestAccount;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account();
  api = billing(app, merchant.key);
});
afterAll(() => app?.stop());

const declines: Array<[token: string, code: string, declineCode: string]> = [
  ['YP-VISA-DECLINE', 'card_declined', 'insufficient_funds'],
  ['YP-VISA-DECLINE-LOST', 'card_declined', 'lost_card'],
  ['YP-VISA-DECLINE-STOLEN', 'card_declined', 'stolen_card'],
  ['YP-VISA-DECLINE-EXPIRED', 'expired_card', 'expired_card'],
  ['YP-VISA-DECLINE-CVC', 'incorrect_cvc', 'incorrect_cvc'],
  ['YP-VISA-DECLINE-PROCESSING', 'processing_error', 'processing_error'],
  ['YP-VISA-DECLINE-VELOCITY', 'card_declined', 'card_velocity_exceeded'],
  ['YP-VISA-DECLINE-DO-NOT-HONOR', 'card_declined', 'do_not_honor'],
  ['YP-VISA-DECLINE-FRAUD', 'card_declined', 'fraudulent'],
];

describe('a decline for every code', () => {
  it.each(declines)('%s declines at the checkout (%s / %s)', async (token, code, declineCode) => {
    const intent = await createIntent(app, merchant.key);
    const pages = checkoutClient(app);
    expect((await pages.submitToken(await pages.startSession(intent.id, 'visa'), token)).status).toBe(303);
    const after = (await api.request('GET', `/api/v1/payment-intents/${intent.id}`)).body.payment_intent;
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ code, decline_code: declineCode });
  });

  it.each(declines)('%s declines off-session once saved (%s / %s): 402', async (token, code, declineCode) => {
    const customer = await api.customer();
    const method = await api.savedCard(customer.id, token, 'approve');
    const charge = await api.request('POST', '/api/v1/payment-intents', { amount: 5, currency: 'USD', title: 'Off-session', customer: customer.id, payment_method: method, confirm: true, off_session: true });
    expect(charge.status, JSON.stringify(charge.body)).toBe(402);
    // The 402 is card_declined for every decline (as createdIntentAnswer writes it); the intent keeps the card's own code.
    expect(charge.body.error).toMatchObject({ code: 'card_declined', decline_code: declineCode, param: 'payment_method' });
    expect(charge.body.error.payment_intent.last_payment_error).toMatchObject({ code, decline_code: declineCode });
  });

  it('YP-VISA-DECLINE-LATER: the payment that saves it succeeds, every later off-session charge declines insufficient_funds', async () => {
    const customer = await api.customer();
    const method = await api.savedCard(customer.id, 'YP-VISA-DECLINE-LATER');
    expect((await api.request('GET', `/api/v1/payment-methods/${method}`)).body.payment_method.card).toEqual({ brand: 'visa', last4: '0341' });
    for (let charge = 0; charge < 2; charge++) {
      const answer = await api.request('POST', '/api/v1/payment-intents', { amount: 5, currency: 'USD', title: 'Later', customer: customer.id, payment_method: method, confirm: true, off_session: true });
      expect(answer.status).toBe(402);
      expect(answer.body.error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    }
  });
});
