import { lexicographicSortSchema, printSchema } from 'graphql';
// The GraphQL schema's composition root: Pothos' builder is one per process, so the schema is
// built once, here, from the module list (a module's `graphql` gets what every module declares).
import { moduleRegistry } from '../core/module.ts';
import { modules } from '../modules.ts';
import { builder } from './builder.ts';
import './scalars.ts';

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
const registry = moduleRegistry(modules);

// Each domain's module loads its own types, queries, mutations and subscriptions.
for (const module of modules) await module.graphql?.(registry);

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql; test/graphql/schema.test.ts fails when it is stale. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
