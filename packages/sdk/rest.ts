// The typed Yarrow REST client: openapi-fetch over the types openapi-typescript generates from the
// served OpenAPI document (generated/rest-types.ts, `npm run sdk:types`). Paths, parameters, bodies and
// answers are checked by TypeScript; each call resolves with `{ data, error, response }`.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/rest-types.ts';

export type { paths as YarrowRestPaths } from './generated/rest-types.ts';

export interface YarrowRestClientOptions {
  /** Gateway origin, e.g. `http://localhost:4000` (the paths start with `/api/v1/…`). */
  baseUrl: string;
  /** An API key (`yk_test_…`), sent as `Authorization: Bearer …`. */
  apiKey: string;
  fetch?: typeof fetch;
}

export type YarrowRestClient = Client<paths>;

export function createYarrowRestClient(options: YarrowRestClientOptions): YarrowRestClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
