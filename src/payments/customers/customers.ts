import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError } from '../../core/errors.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Customer } from '../../generated/prisma/client.ts';
import type { EventType } from '../../core/module.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { metadataSchema } from '../fields.ts';
import { customerJson } from './json.ts';
import { newId } from '../contract.ts';
import { lockCustomer } from './payment-methods.ts';

// Customers (`cus_…`): who a merchant charges again. A customer holds saved payment methods
// (payment-methods.ts) and is named by payment intents (`customer`). Each change records its event
// in the same transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;

const customerFields = {
  email: z.email().max(254).meta({ examples: ['ada@example.com'] }),
  name: z.string().trim().min(1).max(200).meta({ examples: ['Ada Lovelace'] }),
  description: z.string().trim().max(500).meta({ examples: ['Pays the monthly plan'] }),
};

export const createCustomerInput = z.strictObject({
  email: customerFields.email.optional(),
  name: customerFields.name.optional(),
  description: customerFields.description.optional(),
  metadata: metadataSchema.default({}),
});
export type CreateCustomerInput = z.output<typeof createCustomerInput>;

/** A field sent as `null` clears it (as at Stripe, where an empty string does); one left out stays. */
export const updateCustomerInput = z.strictObject({
  email: customerFields.email.nullable().optional(),
  name: customerFields.name.nullable().optional(),
  description: customerFields.description.nullable().optional(),
  metadata: metadataSchema.optional().describe('Replaces the whole metadata.'),
});
export type UpdateCustomerInput = z.output<typeof updateCustomerInput>;

export async function createCustomer(rt: Rt, tx: DbClient, accountId: number, input: CreateCustomerInput): Promise<Customer> {
  const customer = await tx.customer.create({
    data: {
      id: newId('customer'),
      accountId,
      email: input.email ?? null,
      name: input.name ?? null,
      description: input.description ?? null,
      metadata: input.metadata,
    },
  });
  await recordCustomerEvent(rt, tx, customer, 'customer.created');
  return customer;
}

export async function updateCustomer(rt: Rt, tx: DbClient, accountId: number, id: string, input: UpdateCustomerInput): Promise<Customer> {
  if (Object.values(input).every((value) => value === undefined)) {
    throw new YarrowError('invalid_request', 'Send at least one of email, name, description, metadata.', { param: 'email' });
  }
  await lockCustomer(tx, accountId, id);
  const customer = await tx.customer.update({
    where: { id },
    data: {
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      updatedAt: new Date(),
    },
  });
  await recordCustomerEvent(rt, tx, customer, 'customer.updated');
  return customer;
}

/**
 * Deletes a customer and its saved payment methods (as at Stripe, where they can no longer be
 * charged). Its payment intents keep its id as history.
 */
export async function deleteCustomer(rt: Rt, tx: DbClient, accountId: number, id: string): Promise<Customer> {
  const customer = await lockCustomer(tx, accountId, id);
  await tx.customer.delete({ where: { id } });
  await recordCustomerEvent(rt, tx, customer, 'customer.deleted');
  return customer;
}

async function recordCustomerEvent(rt: Rt, tx: DbClient, customer: Customer, type: EventType) {
  await recordEvent(rt, tx, {
    accountId: customer.accountId,
    type,
    objectType: 'customer',
    objectPublicId: customer.id,
    data: { customer: customerJson(customer) },
  });
}
