import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import type { Principal, Scope } from '../core/auth.ts';
import type { Db } from '../core/db.ts';
import { YarrowError, paramPath } from '../core/errors.ts';
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
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, ValidationPlugin],
  prisma: {
    client: (ctx) => ctx.rt.db.prisma as Db,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
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
