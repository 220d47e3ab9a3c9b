import SchemaBuilder, { PothosValidationError } from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin, { parsePrismaCursor } from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import { getNamedType, isListType, isNonNullType, type GraphQLField, type GraphQLOutputType } from 'graphql';
import type { Principal, Scope } from '../core/auth.ts';
import type { Db } from '../core/db.ts';
import { YarrowError, paramPath } from '../core/errors.ts';
import { notACursor } from '../core/pagination.ts';
import type { AuthGuard } from '../core/http.ts';
import type { GraphqlPubSub } from '../core/pubsub.ts';
import type { Runtime } from '../core/runtime.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';

export interface GraphqlContext {
  rt: Runtime;
  pubsub: GraphqlPubSub;
  auth: AuthGuard;
  requestId: string;
  principal?: Principal;
  /** Why `principal` is missing when a key was sent but refused. */
  authError?: YarrowError;
}

interface ScopeFailure {
  kind: string;
  scope?: string;
  parameter?: unknown;
  failures?: ScopeFailure[];
}

/** The first `scope` check that failed, searched through any/all combinations. */
function missingScope(failure: ScopeFailure): string | undefined {
  if (failure.kind === 'AuthScope' && failure.scope === 'scope') return String(failure.parameter);
  for (const inner of failure.failures ?? []) {
    const found = missingScope(inner);
    if (found) return found;
  }
  return undefined;
}

/** Page sizes of every connection (`first`/`last`): the default when neither is given, and the cap. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const isList = (type: GraphQLOutputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);

/** A client's mistake in a connection argument, refused while the operation is priced (before anything runs). */
function invalidArgument(error: YarrowError): PothosValidationError {
  return new PothosValidationError(error.message, { extensions: { code: error.code, param: error.param } });
}
const mistake = (param: string, message: string) => invalidArgument(new YarrowError('invalid_request', `${param}: ${message}`, { param }));

/**
 * The cost of a field without a cost of its own (see README, "Security"): 1 per field; a
 * connection multiplies what it selects by its page size; `edges`/`nodes` inside it add no second
 * multiplier; any other list multiplies by 10. Connection arguments are checked here, so a
 * negative page size or a malformed cursor is refused before anything runs.
 */
export function fieldCost(args: Record<string, unknown>, field: GraphQLField<unknown, never, never>): { field: number; multiplier: number } {
  if (field.args.some((arg) => arg.name === 'first') && getNamedType(field.type).name.endsWith('Connection')) {
    const { first, last, after, before } = args as { first?: number | null; last?: number | null; after?: string | null; before?: string | null };
    for (const [name, size] of [['first', first], ['last', last]] as const) {
      if (size != null && size < 0) throw mistake(name, `must be 0 or more (at most ${MAX_PAGE_SIZE} are returned).`);
    }
    for (const [name, cursor] of [['after', after], ['before', before]] as const) {
      if (cursor == null) continue;
      try {
        parsePrismaCursor(cursor);
      } catch {
        throw invalidArgument(notACursor(name));
      }
    }
    if (after != null && before != null) throw mistake('before', 'give either after or before, not both.');
    if (before != null && first != null) throw mistake('first', 'page backwards with before and last.');
    if (after != null && last != null) throw mistake('last', 'page forwards with after and first.');
    return { field: 1, multiplier: Math.min(first ?? last ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
  }
  const named = getNamedType(field.type).name;
  if ((field.name === 'edges' && named.endsWith('Edge')) || field.name === 'nodes') return { field: 1, multiplier: 1 };
  return { field: 1, multiplier: isList(field.type) ? 10 : 1 };
}

// The Prisma plugin resolves the client per request from context so one schema serves any database.
export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean; scope: Scope };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
  };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, ValidationPlugin, ComplexityPlugin],
  // Costs only: the limits are checked once per operation, with its variables, before any field
  // runs (src/graphql/limits.ts), not per resolver.
  complexity: { fieldComplexity: (args, _ctx, field) => fieldCost(args, field) },
  prisma: {
    client: (ctx) => ctx.rt.db.prisma as Db,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
    defaultConnectionSize: DEFAULT_PAGE_SIZE,
    maxConnectionSize: MAX_PAGE_SIZE,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
  },
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      authenticated: !!ctx.principal,
      scope: (scope) => !!ctx.principal?.scopes.has(scope),
    }),
    unauthorizedError: (_parent, ctx, _info, result) => {
      if (!ctx.principal) {
        return ctx.authError ?? new YarrowError('unauthorized', 'Missing API key. Send it as "Authorization: Bearer <key>".');
      }
      const scope = missingScope(result.failure) ?? 'unknown';
      return new YarrowError('forbidden', `This key lacks the required scope "${scope}".`, { param: scope });
    },
  },
  validation: {
    validationError: (failure) => {
      const issue = failure.issues[0];
      const path = (issue?.path ?? []).map((part) => (typeof part === 'object' ? part.key : part));
      const param = paramPath(path);
      return new YarrowError('invalid_request', param ? `${param}: ${issue?.message}` : (issue?.message ?? 'Invalid input.'), {
        param,
      });
    },
  },
});

/**
 * Every GraphQL enum: UPPER_CASE names (the GraphQL convention: `REQUIRES_ACTION`, `PAYMENTS_READ`)
 * over the lower-case values the services, REST and the database use, so resolvers and args carry
 * the service's own values and only the schema spells them in capitals.
 */
export function enumOf<const Value extends string>(
  name: string,
  values: readonly Value[],
  options: { description?: string; valueDescription?: (value: Value) => string } = {},
) {
  return builder.enumType(name, {
    description: options.description,
    values: Object.fromEntries(
      values.map((value) => [value.toUpperCase().replace(/[^A-Z0-9_]/g, '_'), { value, description: options.valueDescription?.(value) }]),
    ) as Record<string, { value: Value }>,
  });
}

/**
 * A value made once per GraphQL request and shared by its resolvers (a page of items that each
 * need the same read: an account's time, its devices): `make` runs on the request's first call.
 * Keyed by the request's context, so it goes with the request.
 */
export function perRequest<V>(make: (ctx: GraphqlContext) => V): (ctx: GraphqlContext) => V {
  const made = new WeakMap<GraphqlContext, V>();
  return (ctx) => {
    if (!made.has(ctx)) made.set(ctx, make(ctx));
    return made.get(ctx)!;
  };
}
