// The CLI's way to the server: REST with the API key, GraphQL through the SDK client, and the hosted
// checkout pages as a customer's browser uses them. Every failure becomes a CliError whose message
// says what went wrong and what to do, so main.ts prints one line instead of a stack trace.
import { randomUUID } from 'node:crypto';
import { YarrowGraphqlError, createYarrowClient } from '../client.ts';

/** A failure the CLI explains in one line (exit code 1). */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the CLI reads a few fields of documented JSON answers
export type Json = Record<string, any>;

/** "Cannot reach …" for a fetch that never got an answer; other errors unchanged. */
export function unreachable(baseUrl: string, error: unknown): Error {
  if (error instanceof CliError || error instanceof YarrowGraphqlError) return error;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code === 'ECONNREFUSED' ? 'connection refused' : (cause?.code ?? cause?.message ?? (error as Error).message);
  return new CliError(`Cannot reach Yarrow at ${baseUrl} (${why}). Is the server running? Pass its address with --base-url.`);
}

/** What an error answer says: `code: message (param)`, with a hint for a refused key. */
function describeRefusal(status: number, body: Json | undefined): string {
  const error = body?.error as { code?: string; message?: string; param?: string } | undefined;
  const detail = error ? `${error.code}: ${error.message}${error.param ? ` (${error.param})` : ''}` : `HTTP ${status}`;
  if (status === 401) return `The API key was refused (${detail}). Pass a valid key with --api-key or YARROW_API_KEY.`;
  if (status === 403) return `The API key may not do this (${detail}). Use a key with the scope named.`;
  return detail;
}

/** A REST call with the key; answers the JSON body of a 2xx, or throws a CliError saying why not. */
export async function rest(connection: Connection, method: 'GET' | 'POST' | 'DELETE', path: string, body?: Json): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${connection.apiKey}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw unreachable(connection.baseUrl, error);
  }
  const answer = (await response.json().catch(() => undefined)) as Json | undefined;
  // Every Yarrow answer is JSON with `ok`: anything else is another server at that address.
  if (typeof answer?.ok !== 'boolean') throw notYarrow(connection.baseUrl, `${method} ${path} answered ${response.status} ${response.headers.get('content-type') ?? 'without a Content-Type'}`);
  if (response.status === 401) throw new CliError(describeRefusal(response.status, answer));
  if (!response.ok) throw new CliError(`${method} ${path} answered ${response.status}: ${describeRefusal(response.status, answer)}`);
  return answer;
}

function notYarrow(baseUrl: string, what: string): CliError {
  return new CliError(`${baseUrl} is not a Yarrow server (${what}). Pass Yarrow's address with --base-url.`);
}

/** Checks, before a command prints anything, that the base URL is a Yarrow server (`GET /api/v1/status`). */
export async function checkServer(connection: Connection): Promise<void> {
  const status = await rest(connection, 'GET', '/api/v1/status');
  if (status.service !== 'yarrow') throw notYarrow(connection.baseUrl, 'GET /api/v1/status names no Yarrow service');
}

/** The SDK's GraphQL client; `graphqlCall` turns its failures into CliErrors. */
export function graphqlClient(connection: Connection) {
  return createYarrowClient({ baseUrl: connection.baseUrl, apiKey: connection.apiKey });
}

export async function graphqlCall<T>(connection: Connection, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof YarrowGraphqlError) {
      if (error.code === 'unauthenticated') throw new CliError(`The API key was refused (${error.code}: ${error.message}). Pass a valid key with --api-key or YARROW_API_KEY.`);
      throw new CliError(`${error.code}: ${error.message}${error.param ? ` (${error.param})` : ''}`);
    }
    throw unreachable(connection.baseUrl, error);
  }
}

/** The hosted checkout, driven over plain HTTP as a browser without JavaScript would. */
export function hostedPages(baseUrl: string) {
  async function send(path: string, form?: Record<string, string>) {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: form ? 'POST' : 'GET',
        body: form ? new URLSearchParams(form) : undefined,
        redirect: 'manual',
      });
      return { status: response.status, html: await response.text(), location: response.headers.get('location') };
    } catch (error) {
      throw unreachable(baseUrl, error);
    }
  }

  /** The page's form token, or the page's own error message. */
  function csrfToken(path: string, page: { status: number; html: string }): string {
    const token = /name="csrf_token" value="([^"]+)"/.exec(page.html)?.[1];
    if (!token) throw new CliError(`${path} answered ${page.status} without a form: ${pageMessage(page.html)}`);
    return token;
  }

  /** POSTs a page's form: answers where it redirects to, or throws with the page's reason. */
  async function submit(pagePath: string, formPath: string, fields: Record<string, string>): Promise<string> {
    const page = await send(pagePath);
    const answer = await send(formPath, { ...fields, csrf_token: csrfToken(pagePath, page) });
    if (answer.status !== 303 || !answer.location) throw new CliError(`POST ${formPath} answered ${answer.status}: ${pageMessage(answer.html)}`);
    return answer.location;
  }

  return {
    /** Opens a card session on the intent's checkout and submits `token` (`outcome` pinned, or `pending`: the token decides); answers the session's path. */
    async pay(intentId: string, token: string, rail = 'visa', outcome = 'pending'): Promise<string> {
      const sessionPath = await submit(`/checkout/${intentId}`, `/checkout/${intentId}/pay`, { payment_method_code: rail, sandbox_outcome: outcome });
      await submit(sessionPath, sessionPath, { token });
      return sessionPath;
    },
    /** Opens the invoice's payment (its payment intent): answers the intent id. */
    async openInvoicePayment(invoiceId: string): Promise<string> {
      const checkout = await submit(`/invoices/${invoiceId}`, `/invoices/${invoiceId}/pay`, {});
      const intentId = /\/checkout\/(pi_[^/?#]+)/.exec(checkout)?.[1];
      if (!intentId) throw new CliError(`The invoice page sent to ${checkout}, not a checkout.`);
      return intentId;
    },
  };
}

/** The first error or heading text of a hosted page, for a readable message. */
function pageMessage(html: string): string {
  const text = /role="alert"[^>]*>([^<]+)</.exec(html)?.[1] ?? /<h1[^>]*>([^<]+)</.exec(html)?.[1] ?? html.slice(0, 200);
  return text.trim();
}
