// What the payments list and the payment intent page both say about an intent.

/** Each status's human name and badge tone. */
export const intentStatuses = {
  REQUIRES_PAYMENT_METHOD: { label: 'Awaiting payment', tone: 'neutral' },
  REQUIRES_ACTION: { label: 'Customer action needed', tone: 'warn' },
  PROCESSING: { label: 'Processing', tone: 'warn' },
  REQUIRES_CAPTURE: { label: 'Authorized', tone: 'warn' },
  SUCCEEDED: { label: 'Succeeded', tone: 'good' },
  CANCELED: { label: 'Cancelled', tone: 'neutral' },
};

/** The customer can still pay: only then does the checkout link mean anything. */
export const payable = new Set(['REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION']);

const methodNames = { VISA: 'Visa', MASTERCARD: 'Mastercard', APPLE_PAY: 'Apple Pay', GOOGLE_PAY: 'Google Pay' };
export const methodName = (code) => (code ? (methodNames[code] ?? code.toLowerCase().replaceAll('_', ' ')) : '—');
