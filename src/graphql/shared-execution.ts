import { createHash } from 'node:crypto';
import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { Principal } from '../core/auth.ts';

// One change fanned out to thousands of graphql-ws subscribers executed the subscription's
// selection once per subscriber, the largest cost of a fan-out after the socket writes
// (docs/performance.md#graphql-and-subscriptions). Subscribers whose result cannot differ now share one execution
// per event: same document, operation, variables and principal (account, key and scopes), and the
// very same event object (a subscription that maps its events per subscriber gets no sharing).
// The execution runs with the first such subscriber's context; the others' contexts differ only in
// their request ids, which no resolver reads.

const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;

/** What makes two subscribers' results for one event the same; undefined when it cannot be told. */
function sharingKey(args: ExecutionArgs, principal: Principal | undefined): string | undefined {
  if (!principal) return undefined;
  let documentId = documentIds.get(args.document);
  if (documentId === undefined) {
    documentId = nextDocumentId++;
    documentIds.set(args.document, documentId);
  }
  const described = JSON.stringify([documentId, args.operationName ?? null, args.variableValues ?? null, principal.accountId, principal.keyId, [...principal.scopes].sort()]);
  // Kept by every subscription: a digest, not the description (288 bytes a socket in a heap snapshot).
  return createHash('sha256').update(described).digest('base64url');
}

/** Per event object, the execution each sharing key got; dropped with the event. */
const executions = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

function executeShared(args: ExecutionArgs, event: unknown, key: string | undefined): Promise<ExecutionResult> {
  const run = async () => (await execute({ ...args, rootValue: event })) as ExecutionResult;
  if (key === undefined || typeof event !== 'object' || event === null) return run();
  let byKey = executions.get(event);
  if (!byKey) {
    byKey = new Map();
    executions.set(event, byKey);
  }
  let result = byKey.get(key);
  if (!result) {
    result = run();
    byKey.set(key, result);
  }
  return result;
}

/**
 * graphql-js's `subscribe` (the source stream, each event executed with the event as root value),
 * with executions shared between subscribers whose results cannot differ.
 */
export async function subscribeSharing(args: ExecutionArgs, principal: Principal | undefined): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!isAsyncIterable(stream)) return stream as ExecutionResult;
  const events = stream[Symbol.asyncIterator]();
  const key = sharingKey(args, principal);
  const results: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      const step = await events.next();
      if (step.done) return { done: true, value: undefined };
      return { done: false, value: await executeShared(args, step.value, key) };
    },
    async return() {
      await events.return?.();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      if (events.throw) await events.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]: () => results,
  };
  return results;
}
