import { z } from 'zod';
import type { Config } from '../core/config.ts';
import { currencyCodes } from './money.ts';

// What Pay's objects share on the wire: metadata (written and answered), money and timestamps as
// answered. Each object's own JSON lives in its sub-module (intents/json.ts, refunds/json.ts, …).

export type Urls = Pick<Config, 'publicBaseUrl'>;

export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Metadata as written: up to 50 string pairs, as at Stripe: keys to 40 characters, values to 500. */
export const metadataSchema = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((map) => Object.keys(map).length <= 50, 'at most 50 keys')
  .meta({ examples: [{ order_id: '1042' }] });

/** Metadata is validated on write (`metadataSchema`): string keys and values. */
export const metadataJson = z.record(z.string(), z.string()).meta({ examples: [{ order_id: '1042' }] });
export const moneyJson = {
  amount: z.number().describe('In major units of the currency (12.5 = 12.50).').meta({ examples: [12.5] }),
  amount_minor: z.number().int().describe('In minor units (cents; yen for zero-decimal currencies).').meta({ examples: [1250] }),
  amount_display: z.string().meta({ examples: ['$12.50'] }),
  currency: z.enum(currencyCodes),
};
