import { z } from 'zod';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { lockRow } from '../../core/locks.ts';
import type { EventType } from '../../core/module.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Price, Product } from '../../generated/prisma/client.ts';
import { recordEvent } from '../../webhooks/index.ts';
import { newId } from '../contract.ts';
import { metadataSchema } from '../fields.ts';
import { currencySchema, toMinorUnits } from '../money.ts';
import { priceJson, productJson } from './json.ts';

// Products (`prod_…`) and their recurring prices (`price_…`), as at Stripe: a price's amount,
// currency and interval never change once made (make a new price); its `active`, `nickname` and
// `metadata` do. Each change records its event in the caller's transaction.

type Rt = Pick<Runtime, 'config' | 'boss'>;

export const priceIntervals = ['day', 'week', 'month', 'year'] as const;
export type PriceInterval = (typeof priceIntervals)[number];

/** The longest interval a price may have (Stripe's: one year, 12 months, 52 weeks). */
const maxIntervalCount: Record<PriceInterval, number> = { day: 365, week: 52, month: 12, year: 1 };

const name = z.string().trim().min(1).max(200).meta({ examples: ['Pro plan'] });
const description = z.string().trim().max(500).meta({ examples: ['Everything in Basic, and more'] });
const nickname = z.string().trim().min(1).max(200).meta({ examples: ['Pro monthly'] });

export const createProductFields = {
  name,
  description: description.optional(),
  active: z.boolean().optional().describe('false: it cannot be subscribed to (default true).'),
  metadata: metadataSchema.default({}),
};
export type CreateProductCommand = z.output<z.ZodObject<typeof createProductFields>>;

export const updateProductFields = {
  name: name.optional(),
  description: description.optional(),
  active: z.boolean().optional(),
  metadata: metadataSchema.optional().describe('Replaces the whole metadata.'),
};
export type UpdateProductCommand = z.output<z.ZodObject<typeof updateProductFields>>;

export const createPriceFields = {
  product: z.string().min(1).max(100).describe('The product (`prod_…`) it is a price of.').meta({ examples: ['prod_01jdx3k6b8f4r2c9w0n5m7q1tz'] }),
  unitAmount: z
    .union([z.number(), z.string()])
    .describe('Per period and unit, in major units of the currency (12.5 = 12.50), as every Pay amount.')
    .meta({ examples: [12.5] }),
  currency: currencySchema,
  recurring: z.strictObject({
    interval: z.enum(priceIntervals),
    intervalCount: z.number().int().min(1).max(365).default(1).describe('Periods of `interval` between renewals (default 1).'),
  }),
  nickname: nickname.optional(),
  active: z.boolean().optional(),
  metadata: metadataSchema.default({}),
};
export type CreatePriceCommand = z.output<z.ZodObject<typeof createPriceFields>>;

/** A price's amount, currency and interval never change: only these do (anything else is an unknown field). */
export const updatePriceFields = {
  nickname: nickname.optional(),
  active: z.boolean().optional(),
  metadata: metadataSchema.optional().describe('Replaces the whole metadata.'),
};
export type UpdatePriceCommand = z.output<z.ZodObject<typeof updatePriceFields>>;

const refuse = (param: string, reason: string) => new YarrowError('invalid_request', `${param}: ${reason}`, { param });

export async function createProduct(rt: Rt, tx: DbClient, accountId: number, command: CreateProductCommand): Promise<Product> {
  const product = await tx.product.create({
    data: {
      id: newId('product'),
      accountId,
      name: command.name,
      description: command.description ?? null,
      active: command.active ?? true,
      metadata: command.metadata,
    },
  });
  await recordCatalogEvent(rt, tx, 'product.created', product);
  return product;
}

export async function updateProduct(rt: Rt, tx: DbClient, accountId: number, id: string, command: UpdateProductCommand): Promise<Product> {
  if (Object.values(command).every((value) => value === undefined)) throw refuse('name', 'send at least one of name, description, active, metadata');
  if (!(await lockRow(tx, 'products', id, { accountId }))) throw notFound('product', 'id');
  const product = await tx.product.update({ where: { id }, data: { ...command, updatedAt: new Date() } });
  await recordCatalogEvent(rt, tx, 'product.updated', product);
  return product;
}

export async function getProduct(db: DbClient, accountId: number, id: string, param = 'id'): Promise<Product> {
  const product = await db.product.findFirst({ where: { id, accountId } });
  if (!product) throw notFound('product', param);
  return product;
}

export async function createPrice(rt: Rt, tx: DbClient, accountId: number, command: CreatePriceCommand): Promise<Price> {
  const product = await getProduct(tx, accountId, command.product, 'product');
  const amount = toMinorUnits(command.unitAmount, command.currency);
  if ('error' in amount) throw refuse('unit_amount', amount.error);
  const { interval, intervalCount } = command.recurring;
  if (intervalCount > maxIntervalCount[interval]) {
    throw refuse('recurring.interval_count', `must be at most ${maxIntervalCount[interval]} for interval ${interval} (one year)`);
  }
  const price = await tx.price.create({
    data: {
      id: newId('price'),
      accountId,
      productId: product.id,
      unitAmount: amount.minor,
      currency: command.currency,
      interval,
      intervalCount,
      nickname: command.nickname ?? null,
      active: command.active ?? true,
      metadata: command.metadata,
    },
  });
  await recordCatalogEvent(rt, tx, 'price.created', price);
  return price;
}

export async function updatePrice(rt: Rt, tx: DbClient, accountId: number, id: string, command: UpdatePriceCommand): Promise<Price> {
  if (Object.values(command).every((value) => value === undefined)) throw refuse('active', 'send at least one of active, nickname, metadata');
  if (!(await lockRow(tx, 'prices', id, { accountId }))) throw notFound('price', 'id');
  const price = await tx.price.update({ where: { id }, data: { ...command, updatedAt: new Date() } });
  await recordCatalogEvent(rt, tx, 'price.updated', price);
  return price;
}

export async function getPrice(db: DbClient, accountId: number, id: string, param = 'id'): Promise<Price> {
  const price = await db.price.findFirst({ where: { id, accountId } });
  if (!price) throw notFound('price', param);
  return price;
}

async function recordCatalogEvent(rt: Rt, tx: DbClient, type: EventType, object: Product | Price) {
  const isProduct = 'name' in object;
  await recordEvent(rt, tx, {
    accountId: object.accountId,
    type,
    objectType: isProduct ? 'product' : 'price',
    objectPublicId: object.id,
    data: isProduct ? { product: productJson(object) } : { price: priceJson(object) },
  });
}
