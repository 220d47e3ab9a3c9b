import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, parse, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/auth.ts';
import { subscribeSharing } from '../../src/graphql/shared-execution.ts';

/** A schema whose subscription counts its executions: `tick(times)` multiplies the event's number. */
function tickSchema() {
  const listeners = new Set<(event: { n: number }) => void>();
  let executions = 0;
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        tick: {
          type: new GraphQLNonNull(GraphQLInt),
          args: { times: { type: new GraphQLNonNull(GraphQLInt) } },
          subscribe: () => {
            const queued: Array<{ n: number }> = [];
            let waiting: ((event: { n: number }) => void) | undefined;
            const listener = (event: { n: number }) => {
              if (!waiting) return void queued.push(event);
              const resolve = waiting;
              waiting = undefined;
              resolve(event);
            };
            listeners.add(listener);
            return {
              next: () => (queued.length > 0 ? Promise.resolve({ done: false, value: queued.shift()! }) : new Promise((resolve) => (waiting = (value) => resolve({ done: false, value })))),
              return: () => {
                listeners.delete(listener);
                return Promise.resolve({ done: true, value: undefined });
              },
              [Symbol.asyncIterator]() {
                return this;
              },
            };
          },
          resolve: (event: { n: number }, args: { times: number }) => {
            executions += 1;
            return event.n * args.times;
          },
        },
      },
    }),
  });
  return {
    schema,
    /** One event object, heard by every subscriber (as the gateway's pub/sub delivers it). */
    publish: (n: number) => {
      const event = { n };
      for (const listener of listeners) listener(event);
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
