import { z } from 'zod';
import { timestamp } from '../../core/http.ts';
import type { Customer, PaymentMethod } from '../../generated/prisma/client.ts';
import { iso, metadataJson } from '../fields.ts';

// The JSON shape REST answers and events carry (one zod schema per object: OpenAPI documents it, the
// tests check every answer against it, and the serializer returns its type, so the two cannot drift).

export const customerSchema = z.object({
  id: z.string().meta({ examples: ['cus_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('customer'),
  email: z.string().nullable().meta({ examples: ['ada@example.com'] }),
  name: z.string().nullable().meta({ examples: ['Ada Lovelace'] }),
  description: z.string().nullable(),
  metadata: metadataJson,
  created_at: timestamp,
  updated_at: timestamp,
});

export function customerJson(customer: Customer): z.infer<typeof customerSchema> {
  return {
    id: customer.id,
    object: 'customer' as const,
    email: customer.email,
    name: customer.name,
    description: customer.description,
    metadata: customer.metadata as Record<string, string>,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}

/** A saved method as answered: never its sandbox token (the stand-in for the card). */
export const paymentMethodSchema = z.object({
  id: z.string().meta({ examples: ['pm_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  object: z.literal('payment_method'),
  customer: z.string().nullable().describe('The customer it is saved on; null once detached.'),
  payment_method_code: z.string().describe('The rail: visa, mastercard, google_pay, apple_pay.').meta({ examples: ['visa'] }),
  card: z.object({
    brand: z.string().describe('The card network (inside the wallet, for a wallet).').meta({ examples: ['visa'] }),
    last4: z.string().meta({ examples: ['4242'] }),
  }),
  payment_intent: z.string().nullable().describe('The payment intent whose success saved it.'),
  detached_at: timestamp.nullable(),
  created_at: timestamp,
});

export function paymentMethodJson(method: PaymentMethod): z.infer<typeof paymentMethodSchema> {
  return {
    id: method.id,
    object: 'payment_method' as const,
    customer: method.customerId,
    payment_method_code: method.paymentMethodCode,
    card: { brand: method.brand, last4: method.last4 },
    payment_intent: method.paymentIntentId,
    detached_at: iso(method.detachedAt),
    created_at: method.createdAt.toISOString(),
  };
}
