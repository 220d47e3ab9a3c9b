import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandSchema, restSchema } from '../../src/core/wire.ts';

// One command's fields, parsed from GraphQL's camelCase and REST's snake_case into the same command.
const fields = {
  unitAmount: z.number().int().positive(),
  recurring: z.strictObject({ interval: z.enum(['day', 'month']), intervalCount: z.number().int().min(1).default(1) }).optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  headers: z.record(z.string(), z.string()).optional(),
};
const check = (command: { unitAmount: number; recurring?: { intervalCount: number } }, ctx: z.RefinementCtx) => {
  if (command.recurring && command.recurring.intervalCount > 12 && command.unitAmount < 100) {
    ctx.addIssue({ code: 'custom', message: 'too cheap for so long a period', path: ['recurring', 'intervalCount'] });
  }
};
const rest = restSchema(fields, check);
const graphql = commandSchema(fields, check);

describe('wire: a REST body and a GraphQL input become one command', () => {
  it('renames nested fields and leaves the keys of records as sent', () => {
    const body = { unit_amount: 500, recurring: { interval: 'month', interval_count: 3 }, metadata: { order_id: '7' }, headers: { x_api_key: 'k' } };
    const command = rest.parse(body);
    expect(command).toEqual({ unitAmount: 500, recurring: { interval: 'month', intervalCount: 3 }, metadata: { order_id: '7' }, headers: { x_api_key: 'k' } });
    expect(graphql.parse({ unitAmount: 500, recurring: { interval: 'month', intervalCount: 3 }, metadata: { order_id: '7' }, headers: { x_api_key: 'k' } })).toEqual(command);
  });

  it('applies defaults inside nested objects under their command names', () => {
    expect(rest.parse({ unit_amount: 500, recurring: { interval: 'day' } })).toEqual({ unitAmount: 500, recurring: { interval: 'day', intervalCount: 1 }, metadata: {} });
  });

  it('names a refusal of the object-wide check by its REST param in REST and its GraphQL field in GraphQL', () => {
    const restRefusal = rest.safeParse({ unit_amount: 50, recurring: { interval: 'month', interval_count: 24 } });
    expect(restRefusal.success).toBe(false);
    expect(restRefusal.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['recurring.interval_count']);
    const graphqlRefusal = graphql.safeParse({ unitAmount: 50, recurring: { interval: 'month', intervalCount: 24 } });
    expect(graphqlRefusal.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['recurring.intervalCount']);
  });

  it('refuses a camelCase name in a REST body, nested too, and a field check names the snake_case param', () => {
    expect(rest.safeParse({ unitAmount: 500 }).success).toBe(false);
    const nested = rest.safeParse({ unit_amount: 500, recurring: { interval: 'day', intervalCount: 2 } });
    expect(nested.success).toBe(false);
    const negative = rest.safeParse({ unit_amount: -1 });
    expect(negative.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['unit_amount']);
  });

  it('renames the objects of an array element by element (a received frame\'s parts), and names a refusal inside one by its REST path', () => {
    const parts = { parts: z.array(z.strictObject({ contentType: z.string().min(1), sizeBytes: z.number().int().min(0).optional() })).max(2).optional() };
    const body = restSchema(parts);
    expect(body.parse({ parts: [{ content_type: 'image/png', size_bytes: 3 }, { content_type: 'text/plain' }] })).toEqual({ parts: [{ contentType: 'image/png', sizeBytes: 3 }, { contentType: 'text/plain' }] });
    expect(commandSchema(parts).parse({ parts: [{ contentType: 'image/png' }] })).toEqual({ parts: [{ contentType: 'image/png' }] });
    const refusal = body.safeParse({ parts: [{ content_type: 'image/png' }, { content_type: '' }] });
    expect(refusal.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['parts.1.content_type']);
    expect(body.safeParse({ parts: [{ contentType: 'image/png' }] }).success).toBe(false);
    expect(body.safeParse({ parts: [{ content_type: 'a' }, { content_type: 'b' }, { content_type: 'c' }] }).success).toBe(false);
  });
});
