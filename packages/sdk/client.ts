// The typed Yarrow GraphQL client. An operation is a typed document, as GraphQL Code Generator's
// client preset makes with `documentMode: 'string'` (README, "Your own operations"), or a plain
// string; results and variables of typed documents are checked by TypeScript. It runs in Node ≥ 20,
// bundlers and, type-stripped, in the browser (the merchant panel imports it), so it imports no
// runtime code at all.
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

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

/**
 * What `request` and `subscribe` take: a typed document (codegen's `TypedDocumentString`, or a
 * `TypedDocumentNode` that keeps its source, as `parse()` makes) or the operation's text.
 */
export type GraphqlDocument<TResult = unknown, TVariables = Record<string, unknown>> = DocumentTypeDecoration<TResult, TVariables> | string;

/** Variables may be left out when none is required (none declared, or all optional); otherwise they are required. */
type VariablesArgument<TVariables> = Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

export interface SubscriptionHandlers<TResult> {
  next: (data: TResult) => void;
  error?: (error: Error) => void;
}

export interface YarrowClient {
  /** Runs a query or mutation; resolves with its data or throws YarrowGraphqlError. */
  request<TResult = unknown>(document: string, variables?: Record<string, unknown>): Promise<TResult>;
  request<TResult, TVariables>(document: DocumentTypeDecoration<TResult, TVariables>, ...variables: VariablesArgument<TVariables>): Promise<TResult>;
  /** Subscribes over server-sent events; `next` gets each result's data, `.close()` stops. */
  subscribe<TResult = unknown>(document: string, variables: Record<string, unknown>, handlers: SubscriptionHandlers<TResult>): Subscription;
  subscribe<TResult, TVariables>(document: DocumentTypeDecoration<TResult, TVariables>, variables: TVariables, handlers: SubscriptionHandlers<TResult>): Subscription;
}

/** The operation's text. A parsed document without its source cannot be sent without graphql-js's printer. */
function operationText(document: GraphqlDocument<unknown, unknown>): string {
  if (typeof document === 'string') return document;
  // biome-ignore lint/nursery/noBaseToString: codegen's TypedDocumentString is a String, its text is the operation
  if (document instanceof String) return document.toString();
  const source = (document as { loc?: { source?: { body?: string } } }).loc?.source?.body;
  if (source) return source;
  throw new TypeError(
    "This GraphQL document has no source text: generate documents as strings (documentMode: 'string' in your codegen config) or pass the operation as a string.",
  );
}

export function createYarrowClient(options: YarrowClientOptions = {}): YarrowClient {
  const baseUrl = (options.baseUrl ?? globalThis.location?.origin ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    ...(options.csrfToken ? { 'x-csrf-token': options.csrfToken } : {}),
    ...extra,
  });

  return {
    async request(document: GraphqlDocument<unknown, unknown>, variables?: unknown) {
      const response = await doFetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ query: operationText(document), variables }),
      });
      const result = (await response.json()) as { data?: unknown; errors?: ErrorEntry[] };
      if (result.errors?.length) throw new YarrowGraphqlError(result.errors);
      // biome-ignore lint/suspicious/noExplicitAny: the overloads type the data; the wire gives JSON
      return result.data as any;
    },

    subscribe(document: GraphqlDocument<unknown, unknown>, variables: unknown, handlers: SubscriptionHandlers<never>): Subscription {
      const controller = new AbortController();
      const fail = (error: unknown) => {
        if ((error as Error).name !== 'AbortError') handlers.error?.(error as Error);
      };
      (async () => {
        const response = await doFetch(`${baseUrl}/graphql`, {
          method: 'POST',
          signal: controller.signal,
          headers: headers({ accept: 'text/event-stream' }),
          body: JSON.stringify({ query: operationText(document), variables }),
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
            const result = JSON.parse(data) as { data?: never; errors?: ErrorEntry[] };
            if (result.errors?.length) handlers.error?.(new YarrowGraphqlError(result.errors));
            else if (result.data) handlers.next(result.data);
          }
        }
      })().catch(fail);
      return { close: () => controller.abort() };
    },
  };
}
