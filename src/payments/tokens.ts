/**
 * The sandbox's payment rails and test tokens. A token names its rail and what happens when it is
 * submitted on a card session of that rail; nothing here moves real money.
 */

export const paymentMethodCodes = ['visa', 'mastercard', 'google_pay', 'apple_pay'] as const;
export type PaymentMethodCode = (typeof paymentMethodCodes)[number];

export const railNames: Record<PaymentMethodCode, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
};

/** What a token does: approve, ask for a 3-D Secure challenge, decline, or hold for review. */
export const outcomeKinds = ['approve', 'challenge', 'decline', 'review'] as const;
export type OutcomeKind = (typeof outcomeKinds)[number];

/**
 * The checkout form's `sandbox_outcome`: `pending` lets the token on the card page decide; any
 * outcome kind pins the session to it, so every valid token of the rail then produces that kind.
 */
export const sandboxOutcomes = ['pending', ...outcomeKinds] as const;

export interface Decline {
  code: string;
  declineCode: string | null;
  message: string;
}

export interface TestToken {
  token: string;
  rail: PaymentMethodCode;
  kind: OutcomeKind;
  /** For wallet tokens, the card network inside the wallet. */
  network: 'visa' | 'mastercard';
  description: string;
  decline?: Decline;
  /** Dispute tokens: the payment is approved, then the card holder disputes it for this reason (src/payments/disputes/). */
  dispute?: DisputeReason;
  /**
   * A card that pays once and fails later (Stripe's 4000 0000 0000 0341): the payment that saves it
   * succeeds, and every later off-session charge of the saved method is declined so (a renewal that fails).
   */
  declinesLater?: Decline;
}

/** Stripe's dispute reasons the sandbox's dispute tokens open with. */
export const disputeReasons = ['fraudulent', 'product_not_received', 'duplicate', 'unrecognized'] as const;
export type DisputeReason = (typeof disputeReasons)[number];

const insufficientFunds: Decline = {
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'The card has insufficient funds to complete the purchase.',
};
const doNotHonor: Decline = {
  code: 'card_declined',
  declineCode: 'do_not_honor',
  message: 'The card issuer declined the payment (do not honor).',
};
const walletDeclined: Decline = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'The card in the wallet was declined.',
};

/** A decline of `code` (`card_declined` unless Stripe answers the reason as its own code) for `declineCode`. */
const declined = (declineCode: string, message: string, code = 'card_declined'): Decline => ({ code, declineCode, message });

/**
 * A Visa token for each reason a merchant handles differently, as Stripe's test cards give them
 * (the code and decline_code Stripe answers; a risk block is `card_declined` / `fraudulent`).
 */
const visaDeclines: ReadonlyArray<[string, Decline]> = [
  ['YP-VISA-DECLINE-LOST', declined('lost_card', 'The card was reported lost.')],
  ['YP-VISA-DECLINE-STOLEN', declined('stolen_card', 'The card was reported stolen.')],
  ['YP-VISA-DECLINE-EXPIRED', declined('expired_card', 'The card has expired.', 'expired_card')],
  ['YP-VISA-DECLINE-CVC', declined('incorrect_cvc', "The card's security code is incorrect.", 'incorrect_cvc')],
  ['YP-VISA-DECLINE-PROCESSING', declined('processing_error', 'An error occurred while processing the card; try again.', 'processing_error')],
  ['YP-VISA-DECLINE-VELOCITY', declined('card_velocity_exceeded', 'The card has exceeded its balance, credit limit or transaction amount limit.')],
  ['YP-VISA-DECLINE-DO-NOT-HONOR', declined('do_not_honor', 'The card issuer declined the payment (do not honor).')],
  ['YP-VISA-DECLINE-FRAUD', declined('fraudulent', 'The payment was blocked as likely fraudulent (a risk block).')],
];

/** All twenty-nine test tokens. Wallets authenticate on the device, so they have no 3DS token. */
export const testTokens: readonly TestToken[] = [
  { token: 'YP-VISA-APPROVE', rail: 'visa', kind: 'approve', network: 'visa', description: 'Approved at once.' },
  { token: 'YP-VISA-3DS', rail: 'visa', kind: 'challenge', network: 'visa', description: '3-D Secure challenge, then approved or declined.' },
  { token: 'YP-VISA-DECLINE', rail: 'visa', kind: 'decline', network: 'visa', description: 'Declined: insufficient funds.', decline: insufficientFunds },
  { token: 'YP-VISA-REVIEW', rail: 'visa', kind: 'review', network: 'visa', description: 'Held for review, then resolved.' },
  { token: 'YP-MC-APPROVE', rail: 'mastercard', kind: 'approve', network: 'mastercard', description: 'Approved at once.' },
  { token: 'YP-MC-3DS', rail: 'mastercard', kind: 'challenge', network: 'mastercard', description: '3-D Secure challenge, then approved or declined.' },
  { token: 'YP-MC-DECLINE', rail: 'mastercard', kind: 'decline', network: 'mastercard', description: 'Declined: do not honor.', decline: doNotHonor },
  { token: 'YP-MC-REVIEW', rail: 'mastercard', kind: 'review', network: 'mastercard', description: 'Held for review, then resolved.' },
  { token: 'YP-GP-VISA-APPROVE', rail: 'google_pay', kind: 'approve', network: 'visa', description: 'Visa in Google Pay, approved.' },
  { token: 'YP-GP-MC-APPROVE', rail: 'google_pay', kind: 'approve', network: 'mastercard', description: 'Mastercard in Google Pay, approved.' },
  { token: 'YP-GP-DECLINE', rail: 'google_pay', kind: 'decline', network: 'visa', description: 'Declined by the issuer.', decline: walletDeclined },
  { token: 'YP-GP-REVIEW', rail: 'google_pay', kind: 'review', network: 'visa', description: 'Held for review, then resolved.' },
  { token: 'YP-AP-VISA-APPROVE', rail: 'apple_pay', kind: 'approve', network: 'visa', description: 'Visa in Apple Pay, approved.' },
  { token: 'YP-AP-MC-APPROVE', rail: 'apple_pay', kind: 'approve', network: 'mastercard', description: 'Mastercard in Apple Pay, approved.' },
  { token: 'YP-AP-DECLINE', rail: 'apple_pay', kind: 'decline', network: 'mastercard', description: 'Declined by the issuer.', decline: walletDeclined },
  { token: 'YP-AP-REVIEW', rail: 'apple_pay', kind: 'review', network: 'mastercard', description: 'Held for review, then resolved.' },
  { token: 'YP-VISA-DISPUTE', rail: 'visa', kind: 'approve', network: 'visa', description: 'Approved, then disputed as fraudulent.', dispute: 'fraudulent' },
  { token: 'YP-MC-DISPUTE', rail: 'mastercard', kind: 'approve', network: 'mastercard', description: 'Approved, then disputed: product not received.', dispute: 'product_not_received' },
  { token: 'YP-GP-DISPUTE', rail: 'google_pay', kind: 'approve', network: 'visa', description: 'Approved, then disputed as a duplicate.', dispute: 'duplicate' },
  { token: 'YP-AP-DISPUTE', rail: 'apple_pay', kind: 'approve', network: 'mastercard', description: 'Approved, then disputed as unrecognized.', dispute: 'unrecognized' },
  ...visaDeclines.map(([token, decline]): TestToken => ({ token, rail: 'visa', kind: 'decline', network: 'visa', description: `Declined: ${decline.declineCode}.`, decline })),
  {
    token: 'YP-VISA-DECLINE-LATER',
    rail: 'visa',
    kind: 'approve',
    network: 'visa',
    description: 'Approved, and saved; every later off-session charge is declined: insufficient funds.',
    declinesLater: insufficientFunds,
  },
];

export function tokensOf(rail: PaymentMethodCode): TestToken[] {
  return testTokens.filter((token) => token.rail === rail);
}

export function findToken(value: string): TestToken | undefined {
  const normalized = value.trim().toUpperCase();
  return testTokens.find((token) => token.token === normalized);
}

/** Whether a rail can produce an outcome kind (wallets have no 3DS challenge). */
export function railSupports(rail: PaymentMethodCode, kind: OutcomeKind): boolean {
  return tokensOf(rail).some((token) => token.kind === kind);
}

/** The decline a pinned `decline` outcome or a token without its own reason reports. */
export function declineFor(token: TestToken): Decline {
  return token.decline ?? tokensOf(token.rail).find((candidate) => candidate.decline)!.decline!;
}

export const authenticationFailed: Decline = {
  code: 'authentication_failed',
  declineCode: null,
  message: 'The customer failed 3-D Secure authentication.',
};

export const authenticationAbandoned: Decline = {
  code: 'authentication_abandoned',
  declineCode: null,
  message: 'The customer left the 3-D Secure challenge and chose another way to pay.',
};

export function reviewRejected(reason: string): Decline {
  return { code: 'card_declined', declineCode: 'review_rejected', message: `The payment was rejected in review: ${reason}` };
}

/** Stripe's answer to an off-session charge of a card that asks for 3-D Secure. */
export const authenticationRequired: Decline = {
  code: 'authentication_required',
  declineCode: null,
  message: 'This card asks for 3-D Secure authentication, which needs the customer: bring them back to pay on the checkout page (checkout_url).',
};

/**
 * What a payment attempt with a test token does to its payment intent: the one mapping from a token
 * to what happens, for the checkout's card session, an off-session charge of a saved method, a
 * capture (whose dispute token opens its dispute then) and a subscription's renewal.
 * `intents/outcomes.ts` (`chargeTestToken`, intents/index.ts) applies it.
 */
export type TokenOutcome =
  /** Approved; a dispute token's card holder then disputes the payment once it has succeeded. */
  | { move: 'succeed'; dispute: DisputeReason | null }
  /** A 3-D Secure challenge the customer must answer (on the checkout's challenge page). */
  | { move: 'require_action' }
  /** Declined (a 3-D Secure card without its customer: authentication_required). */
  | { move: 'fail'; decline: Decline }
  /** Held for review (the payment-review worker decides). */
  | { move: 'start_review' };

export function tokenOutcome(token: TestToken, attempt: { customerPresent: boolean; pinned?: OutcomeKind }): TokenOutcome {
  // A card that pays once and fails later (YP-VISA-DECLINE-LATER): every charge of it without the customer declines.
  if (token.declinesLater && !attempt.customerPresent && !attempt.pinned) return { move: 'fail', decline: token.declinesLater };
  // A checkout session pinned to an outcome (sandbox_outcome) makes every token of its rail do that.
  switch (attempt.pinned ?? token.kind) {
    case 'approve':
      return { move: 'succeed', dispute: token.dispute ?? null };
    case 'challenge':
      // Off-session, nobody is there to authenticate: the charge fails as at Stripe, and the intent waits for the customer.
      return attempt.customerPresent ? { move: 'require_action' } : { move: 'fail', decline: authenticationRequired };
    case 'decline':
      return { move: 'fail', decline: declineFor(token) };
    case 'review':
      return { move: 'start_review' };
  }
}
