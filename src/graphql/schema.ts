import { lexicographicSortSchema, printSchema } from 'graphql';
import { modules } from '../modules.ts';
import { builder } from './builder.ts';
import './scalars.ts';

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

// Each domain's module loads its own types, queries, mutations and subscriptions.
for (const module of modules) await module.graphql?.();

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql; test/graphql/schema.test.ts fails when it is stale. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
