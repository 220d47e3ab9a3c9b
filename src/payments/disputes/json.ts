import { z } from 'zod';
import { timestamp } from '../../core/http.ts';
import type { Dispute } from '../../generated/prisma/client.ts';
import { DisputeStatus } from '../../generated/prisma/enums.ts';
import { iso, moneyJson } from '../fields.ts';
import { formatAmount, toMajorUnits } from '../money.ts';

// The JSON shape REST answers and events carry (one zod schema per object: OpenAPI documents it, the
// tests check every answer against it, and the serializer returns its type, so the two cannot drift).

export const disputeSchema = z.object({
  id: z.string().meta({ examples: ['dp_01jdx3r5k7m9p2c4w6z8t0v1yb'] }),
  object: z.literal('dispute'),
  payment_intent: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  status: z.enum(DisputeStatus).describe('needs_response, then under_review once evidence is submitted; won or lost when closed.'),
  ...moneyJson,
  reason: z.string().describe("Stripe's dispute reason: fraudulent, product_not_received, duplicate, unrecognized.").meta({ examples: ['fraudulent'] }),
  evidence: z.record(z.string(), z.string()).describe('The evidence saved or submitted so far, by field.').meta({ examples: [{ uncategorized_text: 'winning_evidence' }] }),
  evidence_due_by: timestamp.describe('Respond by then (the account\'s time: its test clock, if any), or the dispute is lost.'),
  evidence_submitted_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function disputeJson(dispute: Dispute): z.infer<typeof disputeSchema> {
  return {
    id: dispute.id,
    object: 'dispute' as const,
    payment_intent: dispute.paymentIntentId,
    status: dispute.status,
    amount: toMajorUnits(dispute.amount, dispute.currency),
    amount_minor: dispute.amount,
    amount_display: formatAmount(dispute.amount, dispute.currency),
    currency: dispute.currency as z.infer<typeof moneyJson.currency>,
    reason: dispute.reason,
    evidence: dispute.evidence as Record<string, string>,
    evidence_due_by: dispute.evidenceDueBy.toISOString(),
    evidence_submitted_at: iso(dispute.evidenceSubmittedAt),
    closed_at: iso(dispute.closedAt),
    created_at: dispute.createdAt.toISOString(),
    updated_at: dispute.updatedAt.toISOString(),
  };
}
