import { z } from 'zod';
import { timestamp } from '../../core/http.ts';
import type { Refund } from '../../generated/prisma/client.ts';
import { RefundStatus } from '../../generated/prisma/enums.ts';
import { iso, metadataJson, moneyJson } from '../fields.ts';
import { formatAmount, toMajorUnits } from '../money.ts';

// The JSON shape REST answers and events carry (one zod schema per object: OpenAPI documents it, the
// tests check every answer against it, and the serializer returns its type, so the two cannot drift).

export const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export const refundSchema = z.object({
  id: z.string().meta({ examples: ['re_01jdx3q8w2m4k6c9z1r3t5v7yb'] }),
  object: z.literal('refund'),
  payment_intent: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  status: z.enum(RefundStatus).describe('pending, then succeeded or failed (the payment-refund worker settles it).'),
  ...moneyJson,
  reason: z.enum(refundReasons).nullable(),
  failure_reason: z.string().nullable().describe('Why a failed refund failed, e.g. expired_or_canceled_card.'),
  metadata: metadataJson,
  succeeded_at: timestamp.nullable(),
  failed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function refundJson(refund: Refund): z.infer<typeof refundSchema> {
  return {
    id: refund.id,
    object: 'refund' as const,
    payment_intent: refund.paymentIntentId,
    status: refund.status,
    amount: toMajorUnits(refund.amount, refund.currency),
    amount_minor: refund.amount,
    amount_display: formatAmount(refund.amount, refund.currency),
    currency: refund.currency as z.infer<typeof moneyJson.currency>,
    reason: refund.reason as (typeof refundReasons)[number] | null,
    failure_reason: refund.failureReason,
    metadata: refund.metadata as Record<string, string>,
    succeeded_at: iso(refund.succeededAt),
    failed_at: iso(refund.failedAt),
    created_at: refund.createdAt.toISOString(),
    updated_at: refund.updatedAt.toISOString(),
  };
}
