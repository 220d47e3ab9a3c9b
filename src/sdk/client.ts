// The typed Yarrow GraphQL client. Operations are typed documents made by GraphQL Code Generator
// (`graphql(...)` from ./gql, see codegen.ts); results and variables are checked by TypeScript.
// It runs in Node and, type-stripped, in the browser (the merchant panel imports it).
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

export { graphql } from './gql/index.ts';

export interface YarrowClientOptions {
  /** Gateway origin, e.g. `http://localhost:4000`. Defaults to the page's origin in a browser. */
  baseUrl?: string;
  /** An API key (`yk_test_…`). Leave out in the panel, which uses its session cookie. */
  apiKey?: string;
  /** The panel session's CSRF token (from `<meta name="csrf-token">`). */
  csrfToken?: string;
  fetch?: typeof fetch;
}

interface ErrorEntry {
  message: string;
  path?: Array<string | number>;
  extensions?: { code?: string; param?: string };
}

/** A GraphQL error answer: `code` and `param` are those of the first error (see README, errors). */
export class YarrowGraphqlError extends Error {
  code: string;
  param?: string;
  errors: ErrorEntry[];
  constructor(errors: ErrorEntry[]) {
    super(errors.map((error) => error.message).join('; '));
    this.name = 'YarrowGraphqlError';
    this.errors = errors;
    this.code = errors[0]?.extensions?.code ?? 'internal_error';
    this.param = errors[0]?.extensions?.param;
  }
}

export interface Subscription {
  /** Stops the subscription. */
  close(): void;
}

export function createYarrowClient(options: YarrowClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? globalThis.location?.origin ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    ...(options.csrfToken ? { 'x-csrf-token': options.csrfToken } : {}),
    ...extra,
  });

  return {
    /** Runs a query or mutation; resolves with its data or throws YarrowGraphqlError. */
    async request<TResult, TVariables>(
      document: DocumentTypeDecoration<TResult, TVariables>,
      // Variables may be left out when none is required.
      ...[variables]: TVariables extends Record<string, never> ? [] : Record<string, never> extends TVariables ? [TVariables?] : [TVariables]
    ): Promise<TResult> {
      const response = await doFetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: headers(),
        // biome-ignore lint/nursery/noBaseToString: codegen's documents are TypedDocumentString, a String
        body: JSON.stringify({ query: String(document), variables }),
      });
      const result = (await response.json()) as { data?: TResult; errors?: ErrorEntry[] };
      if (result.errors?.length) throw new YarrowGraphqlError(result.errors);
      return result.data as TResult;
    },

    /** Subscribes over server-sent events; `next` gets each result's data. */
    subscribe<TResult, TVariables>(
      document: DocumentTypeDecoration<TResult, TVariables>,
      variables: TVariables,
      handlers: { next: (data: TResult) => void; error?: (error: Error) => void },
    ): Subscription {
      const controller = new AbortController();
      const fail = (error: unknown) => {
        if ((error as Error).name !== 'AbortError') handlers.error?.(error as Error);
      };
      (async () => {
        const response = await doFetch(`${baseUrl}/graphql`, {
          method: 'POST',
          signal: controller.signal,
          headers: headers({ accept: 'text/event-stream' }),
          // biome-ignore lint/nursery/noBaseToString: codegen's documents are TypedDocumentString, a String
          body: JSON.stringify({ query: String(document), variables }),
        });
        if (!response.body) throw new Error(`subscription refused (${response.status})`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('\n');
            if (!data) continue;
            const result = JSON.parse(data) as { data?: TResult; errors?: ErrorEntry[] };
            if (result.errors?.length) handlers.error?.(new YarrowGraphqlError(result.errors));
            else if (result.data) handlers.next(result.data);
          }
        }
      })().catch(fail);
      return { close: () => controller.abort() };
    },
  };
}

export type YarrowClient = ReturnType<typeof createYarrowClient>;
