import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, parse, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/auth.ts';
import { createGraphqlPubSub } from '../../src/core/pubsub.ts';
import type { DiagnosticPong } from '../../src/system/contract.ts';
import { subscribeSharing } from '../../src/graphql/shared-execution.ts';

/**
 * A schema whose subscription counts its executions: `tick(times)` multiplies the pong's worker
 * pid. Its events come from the gateway's own pub/sub iterator (`createGraphqlPubSub`) over a
 * local event target, which hands every listener the very same event object, as in a fan-out.
 */
function tickSchema() {
  const target = new EventTarget();
  const pubsub = createGraphqlPubSub(target);
  let executions = 0;
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        tick: {
          type: new GraphQLNonNull(GraphQLInt),
          args: { times: { type: new GraphQLNonNull(GraphQLInt) } },
          subscribe: () => pubsub.subscribe('diagnosticPong', 1),
          resolve: (pong: DiagnosticPong, args: { times: number }) => {
            executions += 1;
            return pong.workerPid * args.times;
          },
        },
      },
    }),
  });
  return {
    schema,
    publish: (n: number) => {
      const pong: DiagnosticPong = { pingId: `ping_${n}`, workerPid: n, sentAt: '', receivedAt: '' };
      target.dispatchEvent(new CustomEvent('diagnosticPong:1', { detail: pong }));
    },
    executions: () => executions,
  };
}

const document = parse('subscription Tick($times: Int!) { tick(times: $times) }');
const principal = (accountId: number, keyId: string, scopes = ['relay.read']): Principal => ({ accountId, keyId, scopes: new Set(scopes) });

async function subscribe(schema: GraphQLSchema, times: number, who: Principal | undefined) {
  const result = await subscribeSharing({ schema, document, variableValues: { times }, contextValue: {} }, who);
  if (!(Symbol.asyncIterator in result)) throw new Error(JSON.stringify(result));
  return result;
}

describe('subscription events executed once per group of subscribers with the same result', () => {
  it('shares an event between subscribers of one key and variables, not across variables, keys, scopes or accounts', async () => {
    const { schema, publish, executions } = tickSchema();
    const alice = principal(1, 'key_a');
    const sharing = [await subscribe(schema, 2, alice), await subscribe(schema, 2, alice), await subscribe(schema, 2, alice)];
    const others = [
      await subscribe(schema, 3, alice),
      await subscribe(schema, 2, principal(1, 'key_b')),
      await subscribe(schema, 2, principal(1, 'key_a', ['relay.read', 'relay.write'])),
      await subscribe(schema, 2, principal(2, 'key_a')),
      await subscribe(schema, 2, undefined),
    ];
    const next = (iterator: AsyncIterableIterator<ExecutionResult>) => iterator.next().then((step) => step.value);
    const pending = [...sharing, ...others].map(next);
    publish(5);
    expect(await Promise.all(pending)).toEqual([10, 10, 10, 15, 10, 10, 10, 10].map((tick) => ({ data: { tick } })));
    // One execution for the three that share, one for each of the five others.
    expect(executions()).toBe(6);

    // The next event is a new object: executed again, and still once for the three.
    const second = sharing.map(next);
    publish(7);
    expect(await Promise.all(second)).toEqual([14, 14, 14].map((tick) => ({ data: { tick } })));
    expect(executions()).toBe(7);
    for (const iterator of [...sharing, ...others]) await iterator.return?.();
  });
});
