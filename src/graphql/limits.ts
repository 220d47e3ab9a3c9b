import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { createComplexityRule } from '@pothos/plugin-complexity';
import {
  BREAK,
  GraphQLError,
  Kind,
  getOperationAST,
  validate,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Config } from '../core/config.ts';
import { YarrowError } from '../core/errors.ts';

/**
 * What one GraphQL operation may ask for (README, "Security"). The document's size (tokens) and
 * aliases are checked while it is parsed and validated: they depend on the text alone, so Yoga may
 * cache the outcome. Depth and cost depend on the variables (`first: $n`), so they are measured
 * for every request, after validation and before any field runs.
 */

const count = (value: number) => value.toLocaleString('en-US');

function tooComplex(message: string): YarrowError {
  return new YarrowError('query_too_complex', message);
}

/**
 * A YarrowError as a GraphQLError, for code that must report one (the parser, validation rules).
 * Yoga passes validation errors through as they are, so the code and HTTP status go on here
 * (`spec: false`: Yoga then keeps the 400 for `application/json` clients too, as REST answers).
 */
function asGraphqlError(error: YarrowError): GraphQLError {
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.code, ...(error.param ? { param: error.param } : {}), http: { status: error.status, spec: false } },
  });
}

type LimitsConfig = Pick<Config, 'GRAPHQL_MAX_COST' | 'GRAPHQL_MAX_DEPTH' | 'GRAPHQL_MAX_ALIASES' | 'GRAPHQL_MAX_TOKENS'>;

/** Envelop plugins bounding the document: tokens while parsing (before a deep document can overflow the parser's stack), aliases while validating. */
export function documentLimitPlugins(config: LimitsConfig) {
  const maxTokens = config.GRAPHQL_MAX_TOKENS;
  const maxAliases = config.GRAPHQL_MAX_ALIASES;
  return [
    maxTokensPlugin({
      n: maxTokens,
      onReject: [
        () => {
          throw asGraphqlError(tooComplex(`The document has more than ${count(maxTokens)} tokens, the limit.`));
        },
      ],
    }),
    maxAliasesPlugin({
      n: maxAliases,
      propagateOnRejection: false,
      onReject: [
        (context, error) => {
          const found = /found (\d+)/.exec(error.message)?.[1];
          const message = found
            ? `${count(Number(found))} aliases exceed the limit of ${count(maxAliases)}.`
            : `The operation has more than ${count(maxAliases)} aliases, the limit.`;
          context?.reportError(asGraphqlError(tooComplex(message)));
        },
      ],
    }),
  ];
}

export interface OperationRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  variableValues?: Record<string, unknown> | null;
  operationName?: string | null;
  contextValue: object;
}

/**
 * The cost and depth of the operation to run (costs: `fieldCost` in builder.ts and fields' own
 * `complexity`), refused over the limits. Client mistakes in arguments found on the way (a
 * negative page size, a malformed cursor) come back as the errors that describe them.
 */
export function operationLimitErrors(request: OperationRequest, config: LimitsConfig): readonly GraphQLError[] {
  let measured: { complexity: number; depth: number } | undefined;
  const rule = createComplexityRule({
    context: request.contextValue,
    variableValues: request.variableValues ?? {},
    operationName: request.operationName ?? undefined,
    validate: (result) => {
      measured = result;
    },
  });
  let errors: readonly GraphQLError[];
  try {
    errors = validate(request.schema, request.document, [rule]);
  } catch (error) {
    // An argument's own validation (`validate:` on a field) ran while its cost was priced, and
    // refused the value: the whole operation is refused for it before anything runs.
    if (error instanceof YarrowError) return [asGraphqlError(error)];
    throw error;
  }
  if (errors.length > 0) return errors;
  if (!measured) return [];
  if (measured.depth > config.GRAPHQL_MAX_DEPTH) {
    return [asGraphqlError(tooComplex(`Depth ${count(measured.depth)} exceeds the limit of ${count(config.GRAPHQL_MAX_DEPTH)}.`))];
  }
  if (measured.complexity > config.GRAPHQL_MAX_COST) {
    return [
      asGraphqlError(
        tooComplex(
          `Cost ${count(measured.complexity)} exceeds the limit of ${count(config.GRAPHQL_MAX_COST)} (each field 1, a list's selection times its page size); ask for smaller pages or fewer fields.`,
        ),
      ),
    ];
  }
  return [];
}

/** The root fields an operation selects, through fragments (each mutation field spends a rate-limit point). */
function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): number {
  let fields = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields += selection.name.value === '__typename' ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields += rootFields(selection.selectionSet, fragments, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) fields += rootFields(fragment.selectionSet, fragments, seen);
    }
  }
  return fields;
}

/** What the operation spends of the rate budgets: one, or one per mutation field. */
export function operationPoints(document: DocumentNode, operationName?: string | null): number {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'mutation') return 1;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return Math.max(1, rootFields(operation.selectionSet, fragments));
}

/** True when the document reads the schema (`__schema` or `__type`, anywhere, fragments included). */
export function isIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== '__schema' && node.name.value !== '__type') return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}
