// What the disputes list and the dispute page both say about a dispute.

/** Each status's human name and badge tone. */
export const disputeStatuses = {
  NEEDS_RESPONSE: { label: 'Needs response', tone: 'warn' },
  UNDER_REVIEW: { label: 'Under review', tone: 'warn' },
  WON: { label: 'Won', tone: 'good' },
  LOST: { label: 'Lost', tone: 'bad' },
};

/** `PRODUCT_NOT_RECEIVED` → `product not received`. */
export const reasonName = (reason) => reason.toLowerCase().replaceAll('_', ' ');
