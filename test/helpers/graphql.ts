import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { print, type DocumentNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** The query text of a typed document: codegen's TypedDocumentString, or a parsed DocumentNode. */
function source<T, V>(document: DocumentTypeDecoration<T, V>): string {
  // biome-ignore lint/nursery/noBaseToString: narrowed to a string or String object just before
  return typeof document === 'string' || document instanceof String ? document.toString() : print(document as unknown as DocumentNode);
}

export interface GraphqlResult<T> {
  data?: T | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: { code?: string; param?: string } }>;
}

/** Executes a typed operation over HTTP against a running gateway. */
export async function execute<T, V>(
  baseUrl: string,
  key: string | undefined,
  document: DocumentTypeDecoration<T, V>,
  ...[variables]: V extends Record<string, never> ? [] : [V]
): Promise<GraphqlResult<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query: source(document), variables }),
  });
  return (await response.json()) as GraphqlResult<T>;
}

/** A graphql-ws client; give `ca` (e.g. `app.tlsCa`) to trust a test app's certificate over wss://. */
export function wsClient(wsUrl: string, key: string, { ca }: { ca?: string } = {}): Client {
  return createClient({
    url: wsUrl,
    webSocketImpl: ca ? trustingWebSocket(ca) : WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: true,
  });
}

/** A WebSocket class for graphql-ws (which constructs it with url and subprotocol) that trusts `ca`. */
function trustingWebSocket(ca: string) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { ca });
    }
  };
}

/** A live subscription whose results the test pulls one at a time with `next()`. */
export interface LiveSubscription<T> {
  next(): Promise<GraphqlResult<T>>;
  dispose(): void;
}

export function subscribe<T, V>(client: Client, document: DocumentTypeDecoration<T, V>, variables?: V): LiveSubscription<T> {
  const buffered: GraphqlResult<T>[] = [];
  const waiting: Array<{ resolve: (value: GraphqlResult<T>) => void; reject: (error: Error) => void }> = [];
  let failure: Error | undefined;
  const dispose = client.subscribe<T>(
    { query: source(document), variables: variables as Record<string, unknown> | undefined },
    {
      next: (value) => {
        const result = value as GraphqlResult<T>;
        const waiter = waiting.shift();
        if (waiter) waiter.resolve(result);
        else buffered.push(result);
      },
      error: (error) => {
        failure = error instanceof Error ? error : new Error(JSON.stringify(error));
        for (const waiter of waiting.splice(0)) waiter.reject(failure);
      },
      complete: () => {
        failure ??= new Error('subscription completed');
        for (const waiter of waiting.splice(0)) waiter.reject(failure);
      },
    },
  );
  return {
    next() {
      const result = buffered.shift();
      if (result) return Promise.resolve(result);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    dispose,
  };
}
