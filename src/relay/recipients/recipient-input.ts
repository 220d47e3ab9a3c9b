import { z } from 'zod';
import { phoneNumber } from '../sms.ts';

// A recipient as a client gives it: its own file (zod and the phone rules only), so the import's
// worker thread (recipients-import-worker.ts) checks a CSV's rows with the rules the API uses
// without loading the rest of the relay.

export const recipientTag = z.string().trim().min(1).max(50);

export const recipientInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  phone: phoneNumber,
  tags: z.array(recipientTag).max(20).default([]),
});
