import { z } from 'zod';
import { timestamp } from '../../core/http.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';
import { CaptureMethod, PaymentIntentStatus } from '../../generated/prisma/enums.ts';
import { iso, metadataJson, moneyJson, type Urls } from '../fields.ts';
import { formatAmount, toMajorUnits } from '../money.ts';

// The JSON shape REST answers and events carry (one zod schema per object: OpenAPI documents it, the
// tests check every answer against it, and the serializer returns its type, so the two cannot drift).

export function checkoutUrl(config: Urls, intentId: string) {
  return `${config.publicBaseUrl}/checkout/${intentId}`;
}

export const paymentIntentSchema = z.object({
  id: z.string().meta({ examples: ['pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('payment_intent'),
  status: z.enum(PaymentIntentStatus),
  ...moneyJson,
  title: z.string().meta({ examples: ['Order #1042'] }),
  customer_name: z.string().meta({ examples: ['Ada Lovelace'] }),
  customer_email: z.string().meta({ examples: ['ada@example.com'] }),
  checkout_url: z.string().describe('The hosted checkout page to send the customer to.').meta({ examples: ['https://pay.example.com/checkout/pi_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  return_url: z.string().nullable(),
  payment_method_code: z.string().nullable().describe('The rail paid with: visa, mastercard, google_pay, apple_pay.'),
  last_payment_error: z.record(z.string(), z.unknown()).nullable().describe('The last decline: code, decline_code, message.'),
  cancellation_reason: z.string().nullable(),
  invoice: z.string().nullable().describe('The invoice this intent pays, if any.'),
  amount_refunded: z.number().describe('Refunded or being refunded (pending and succeeded refunds), in major units.').meta({ examples: [5] }),
  amount_refunded_minor: z.number().int().describe('The same in minor units.').meta({ examples: [500] }),
  refunded: z.boolean().describe('The whole amount is refunded or being refunded.'),
  latest_card_session: z.string().nullable(),
  capture_method: z.enum(CaptureMethod).describe('automatic, or manual: an approved payment waits in requires_capture for a capture.'),
  amount_capturable: z.number().describe('Authorized and not yet captured (requires_capture), in major units; 0 otherwise.').meta({ examples: [40] }),
  amount_capturable_minor: z.number().int().describe('The same in minor units.').meta({ examples: [4000] }),
  amount_received: z.number().describe('Taken from the customer (the captured part of an authorization), in major units; what refunds can give back.').meta({ examples: [30] }),
  amount_received_minor: z.number().int().describe('The same in minor units.').meta({ examples: [3000] }),
  amount_disputed: z.number().describe('Under open or lost disputes, in major units (a won dispute gives its amount back); it cannot also be refunded.').meta({ examples: [0] }),
  amount_disputed_minor: z.number().int().describe('The same in minor units.').meta({ examples: [0] }),
  capture_before: timestamp.nullable().describe('An authorization not captured by then is canceled (cancellation_reason expired).'),
  customer: z.string().nullable().describe('The customer (`cus_…`) it is for, if any.'),
  setup_future_usage: z.enum(['off_session']).nullable().describe('off_session: its success saves the method paid with on the customer.'),
  payment_method: z.string().nullable().describe('The saved payment method (`pm_…`) it was charged with, or that its success saved.'),
  metadata: metadataJson,
  succeeded_at: timestamp.nullable(),
  canceled_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function paymentIntentJson(config: Urls, intent: PaymentIntent): z.infer<typeof paymentIntentSchema> {
  return {
    id: intent.id,
    object: 'payment_intent' as const,
    status: intent.status,
    amount: toMajorUnits(intent.amount, intent.currency),
    amount_minor: intent.amount,
    amount_display: formatAmount(intent.amount, intent.currency),
    currency: intent.currency as z.infer<typeof moneyJson.currency>,
    title: intent.title,
    customer_name: intent.customerName,
    customer_email: intent.customerEmail,
    checkout_url: checkoutUrl(config, intent.id),
    return_url: intent.returnUrl,
    payment_method_code: intent.paymentMethodCode,
    last_payment_error: (intent.lastPaymentError as Record<string, unknown> | null) ?? null,
    cancellation_reason: intent.cancellationReason,
    invoice: intent.invoiceId,
    amount_refunded: toMajorUnits(intent.amountRefunded, intent.currency),
    amount_refunded_minor: intent.amountRefunded,
    refunded: intent.amountRefunded > 0 && intent.amountRefunded >= intent.amountReceived,
    latest_card_session: intent.latestCardSessionId,
    capture_method: intent.captureMethod,
    amount_capturable: toMajorUnits(intent.amountCapturable, intent.currency),
    amount_capturable_minor: intent.amountCapturable,
    amount_received: toMajorUnits(intent.amountReceived, intent.currency),
    amount_received_minor: intent.amountReceived,
    amount_disputed: toMajorUnits(intent.amountDisputed, intent.currency),
    amount_disputed_minor: intent.amountDisputed,
    capture_before: iso(intent.captureBefore),
    customer: intent.customerId,
    setup_future_usage: intent.setupFutureUsage as 'off_session' | null,
    payment_method: intent.paymentMethodId,
    metadata: intent.metadata as Record<string, string>,
    succeeded_at: iso(intent.succeededAt),
    canceled_at: iso(intent.canceledAt),
    created_at: intent.createdAt.toISOString(),
    updated_at: intent.updatedAt.toISOString(),
  };
}

/** What the pay button reads before it opens checkout (`GET /checkout/{pi}/state`, keyless). */
export const checkoutStateSchema = z.object({
  id: paymentIntentSchema.shape.id,
  status: paymentIntentSchema.shape.status,
  payable: z.boolean().describe('Whether the customer can still pay (no success, cancel or review under way).'),
  title: paymentIntentSchema.shape.title,
  amount_display: moneyJson.amount_display,
  currency: moneyJson.currency,
  checkout_url: paymentIntentSchema.shape.checkout_url,
});
