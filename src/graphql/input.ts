import { YarrowError } from '../core/errors.ts';
import { camelCase } from '../core/wire.ts';

// The one GraphQL input adapter. Services take typed camelCase commands: a resolver parses its
// arguments with the command's camelCase schema (`parseInput(schema, serviceInput(input))`; REST
// parses its body with the same fields in snake_case, src/core/wire.ts) and hands the parsed value
// to the same service function REST calls, so both answer the same refusals:
// - `serviceInput(input)`: GraphQL's explicit `null` dropped (services take absent, never null).
// - `withGraphqlParams(prefix, work)`: an `invalid_request` the parse or the service raises names the
//   GraphQL param (`input.customerEmail`), as the client wrote it, not the REST one (`customer_email`).
// An argument the service's schema fits as it is also gets `validate: <that schema>` on the field,
// so a mistake refuses the whole operation before anything runs (see graphql/limits.ts).

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

export function serviceInput<T extends Record<string, unknown>>(input: T): WithoutNulls<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as WithoutNulls<T>;
}

export async function withGraphqlParams<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof YarrowError) || error.code !== 'invalid_request' || !error.param) throw error;
    const param = `${prefix}${camelCase(error.param)}`;
    const message = error.message.startsWith(`${error.param}:`) ? `${param}:${error.message.slice(error.param.length + 1)}` : error.message;
    throw new YarrowError('invalid_request', message, { param });
  }
}
