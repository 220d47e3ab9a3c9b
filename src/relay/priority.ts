// A message's priority, as the Android app's (a byte: −128..127, 0 by default, 100 "expedited":
// ../shared/capcom6-protocol.md Addendum 2). Higher goes first in the account's queue (the drain's
// order) and on the phone; from `EXPEDITED_PRIORITY` up the phone's per-minute budget does not hold
// a message back, so a code sent while a long list drains reaches the phone in seconds.
import { z } from 'zod';

const MIN_PRIORITY = -128;
const MAX_PRIORITY = 127;
/**
 * From here up a message is not held back by the device's per-minute budget (the app's own rule).
 * OTPs are sent at it: a login code must not wait behind a list.
 */
export const EXPEDITED_PRIORITY = 100;

/** A send's `priority`, as sent. */
export const messagePriority = z
  .number()
  .int()
  .min(MIN_PRIORITY)
  .max(MAX_PRIORITY)
  .describe('−128..127, default 0. Higher goes first; 100 and above is not held back by the phone\'s per-minute budget (OTPs are sent at 100).')
  .meta({ examples: [0] });

/** Whether a message of this priority may go past a device whose budget is spent. */
export const bypassesBudget = (priority: number) => priority >= EXPEDITED_PRIORITY;
