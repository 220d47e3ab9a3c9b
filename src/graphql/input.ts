import { YarrowError } from '../core/errors.ts';

// The one GraphQL input adapter. Services take typed values: a resolver parses its arguments with
// the zod schema the REST route declares (`parseInput(schema, serviceInput(input, …))`) and hands
// the parsed value to the same service function REST calls, so both answer the same refusals:
// - `serviceInput(input)`: GraphQL's explicit `null` dropped (services take absent, never null);
//   with `{ names: 'snake_case' }` the camelCase field names become the REST names the schema takes.
// - `withGraphqlParams(prefix, work)`: an `invalid_request` the parse or the service raises names the
//   GraphQL param (`input.customerEmail`), as the client wrote it, not the REST one (`customer_email`).
// An argument the service's schema fits as it is also gets `validate: <that schema>` on the field,
// so a mistake refuses the whole operation before anything runs (see graphql/limits.ts).

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

export function serviceInput<T extends Record<string, unknown>>(input: T): WithoutNulls<T>;
export function serviceInput(input: Record<string, unknown>, options: { names: 'snake_case' }): Record<string, unknown>;
export function serviceInput(input: Record<string, unknown>, options?: { names: 'snake_case' }): Record<string, unknown> {
  const given = Object.entries(input).filter(([, value]) => value !== null && value !== undefined);
  return Object.fromEntries(options?.names === 'snake_case' ? given.map(([key, value]) => [snake(key), value]) : given);
}

export async function withGraphqlParams<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof YarrowError) || error.code !== 'invalid_request' || !error.param) throw error;
    const param = `${prefix}${camel(error.param)}`;
    const message = error.message.startsWith(`${error.param}:`) ? `${param}:${error.message.slice(error.param.length + 1)}` : error.message;
    throw new YarrowError('invalid_request', message, { param });
  }
}
