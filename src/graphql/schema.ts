import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './scalars.ts';

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

// Each domain registers its own types, queries, mutations and subscriptions.
import '../accounts/graphql.ts';
import '../system/graphql.ts';

// --- payments ---
import '../payments/graphql.ts';

// --- webhooks ---
import '../webhooks/graphql.ts';

// --- relay ---
import '../relay/graphql.ts';
import '../relay/recipients-graphql.ts';
import '../relay/dashboard-graphql.ts';


export const schema = builder.toSchema();

/** The SDL committed as schema.graphql; test/graphql/schema.test.ts fails when it is stale. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
