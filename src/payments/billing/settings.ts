import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';

// The account's dunning settings: the days after a renewal's first failure on which it is retried
// (default 3, 5 and 7, as Stripe's default schedule), and what a subscription becomes when the last
// retry fails: `canceled` (the default) or `unpaid` (kept, no longer renewed or charged).

export const afterRetriesValues = ['canceled', 'unpaid'] as const;
export type AfterRetries = (typeof afterRetriesValues)[number];

export interface BillingSettingsValue {
  retryDays: number[];
  afterRetries: AfterRetries;
}

export const defaultBillingSettings: BillingSettingsValue = { retryDays: [3, 5, 7], afterRetries: 'canceled' };

export const updateBillingSettingsFields = {
  retryDays: z
    .array(z.number().int().min(1).max(60))
    .max(8)
    .optional()
    .describe('Days after the first failure of each retry, increasing (at most 8; [] retries never).')
    .meta({ examples: [[3, 5, 7]] }),
  afterRetries: z.enum(afterRetriesValues).optional().describe('What a subscription becomes when its last retry fails.'),
};
export type UpdateBillingSettingsCommand = z.output<z.ZodObject<typeof updateBillingSettingsFields>>;

export async function getBillingSettings(db: DbClient, accountId: number): Promise<BillingSettingsValue> {
  const row = await db.billingSettings.findUnique({ where: { accountId } });
  return row ? { retryDays: row.retryDays, afterRetries: row.afterRetries as AfterRetries } : defaultBillingSettings;
}

export async function updateBillingSettings(tx: DbClient, accountId: number, command: UpdateBillingSettingsCommand): Promise<BillingSettingsValue> {
  if (command.retryDays === undefined && command.afterRetries === undefined) {
    throw new YarrowError('invalid_request', 'retry_days: send retry_days or after_retries', { param: 'retry_days' });
  }
  const days = command.retryDays;
  if (days?.some((day, index) => index > 0 && day <= days[index - 1]!)) {
    throw new YarrowError('invalid_request', 'retry_days: must increase (days after the first failure)', { param: 'retry_days' });
  }
  const change = { ...(days ? { retryDays: days } : {}), ...(command.afterRetries ? { afterRetries: command.afterRetries } : {}) };
  const row = await tx.billingSettings.upsert({ where: { accountId }, create: { accountId, ...change }, update: { ...change, updatedAt: new Date() } });
  return { retryDays: row.retryDays, afterRetries: row.afterRetries as AfterRetries };
}
