import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { YarrowGraphqlError, createYarrowClient, createYarrowRestClient } from '@yarrow/sdk';
import { graphql } from '../gql/index.ts';
import { PanelCreateKey, PanelKeys } from '../../src/accounts/panel-operations.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient } from '../payments/checkout-client.ts';

const SdkPing = graphql(`
  mutation SdkPing {
    sendDiagnosticPing {
      pingId
    }
  }
`);
const SdkPongs = graphql(`
  subscription SdkPongs {
    diagnosticPong {
      pingId
      workerPid
    }
  }
`);

let app: TestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  account = await app.account();
  await app.startWorkers(['diagnostics']);
});
afterAll(() => app?.stop());

describe('typed SDK client', () => {
  it('runs typed queries and mutations with an API key', async () => {
    const client = createYarrowClient({ baseUrl: app.baseUrl, apiKey: account.key });
    const created = await client.request(PanelCreateKey, { input: { label: 'From the SDK', scopes: ['ACCOUNT_READ'] } });
    expect(created.createApiKey.secret).toMatch(/^yk_test_/);
    const keys = await client.request(PanelKeys);
    expect(keys.account.apiKeys.edges.map((edge) => edge.node.label)).toContain('From the SDK');
  });

  it('throws errors with their code and param', async () => {
    const client = createYarrowClient({ baseUrl: app.baseUrl, apiKey: account.key });
    const failure = await client.request(PanelCreateKey, { input: { label: '', scopes: ['ACCOUNT_READ'] } }).catch((error) => error);
    expect(failure).toBeInstanceOf(YarrowGraphqlError);
    expect(failure.code).toBe('invalid_request');
    expect(failure.param).toBe('input.label');
    const anonymous = createYarrowClient({ baseUrl: app.baseUrl });
    expect((await anonymous.request(PanelKeys).catch((error) => error)).code).toBe('unauthorized');
  });

  it('subscribes over SSE', async () => {
    const client = createYarrowClient({ baseUrl: app.baseUrl, apiKey: account.key });
    const sent = new Set<string>();
    const pong = new Promise<{ pingId: string; workerPid: number }>((resolve) => {
      const subscription = client.subscribe(SdkPongs, {}, {
        next: (data) => {
          subscription.close();
          resolve(data.diagnosticPong);
        },
      });
    });
    let answered = false;
    void pong.then(() => (answered = true));
    while (!answered) {
      sent.add((await client.request(SdkPing)).sendDiagnosticPing.pingId);
      await Promise.race([pong, new Promise((resolve) => setTimeout(resolve, 250))]);
    }
    expect(sent.has((await pong).pingId)).toBe(true);
  });

  it('is served to browsers as plain JavaScript', async () => {
    // The SDK at /panel/sdk/, a domain's panel operations and their codegen at /panel/src/ (as in src/).
    const paths = ['sdk/client.ts', 'sdk/format.ts', 'src/accounts/panel-operations.ts', 'src/panel/gql/index.ts', 'src/panel/gql/gql.ts', 'src/panel/gql/graphql.ts'];
    for (const path of paths) {
      const response = await fetch(`${app.baseUrl}/panel/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('javascript');
      const code = await response.text();
      expect(code, path).not.toMatch(/import type|: Promise<|interface \w+ \{/);
    }
    const traversals = ['sdk/..%2F..%2Fpackage.json.ts', 'sdk/..%2Fmain.ts', 'sdk/cli/..%2F..%2Fmain.ts', 'src/main.ts', 'src/accounts/service.ts', 'src/panel/gql/..%2F..%2Fmain.ts'];
    for (const traversal of traversals) {
      const response = await fetch(`${app.baseUrl}/panel/${traversal}`, { redirect: 'manual' });
      expect(response.headers.get('content-type') ?? '', traversal).not.toContain('javascript');
    }
  });

  it('takes an operation as a plain string or a parsed document that keeps its source, and refuses a bare AST', async () => {
    const client = createYarrowClient({ baseUrl: app.baseUrl, apiKey: account.key });
    const fromString = await client.request<{ account: { id: number; apiKeys: { edges: unknown[] } } }>(
      'query ($first: Int) { account { id apiKeys(first: $first) { edges { node { id } } } } }',
      { first: 1 },
    );
    expect(fromString.account).toEqual({ id: account.id, apiKeys: { edges: [{ node: { id: expect.anything() } }] } });
    const parsed: TypedDocumentNode<{ account: { id: number } }, Record<string, never>> = parse('query { account { id } }');
    expect(await client.request(parsed)).toEqual({ account: { id: account.id } });
    const { loc: _dropped, ...bare } = parsed;
    await expect(client.request(bare as typeof parsed)).rejects.toThrow(/documentMode: 'string'/);
  });
});

describe('typed REST client', () => {
  it('sends the key, and answers data or the error envelope', async () => {
    const rest = createYarrowRestClient({ baseUrl: `${app.baseUrl}/`, apiKey: account.key });
    const body = { amount: '7.25', currency: 'USD', title: 'REST SDK', customer_name: 'Ada', customer_email: 'ada@example.com' };
    const created = await rest.POST('/api/v1/payment-intents', { body, params: { header: { 'Idempotency-Key': 'rest-sdk-1' } } });
    expect(created.response.status).toBe(201);
    const intent = (created.data as { payment_intent: { id: string } }).payment_intent;
    const replayed = await rest.POST('/api/v1/payment-intents', { body, params: { header: { 'Idempotency-Key': 'rest-sdk-1' } } });
    expect((replayed.data as { payment_intent: { id: string } }).payment_intent.id).toBe(intent.id);
    const read = await rest.GET('/api/v1/payment-intents/{id}', { params: { path: { id: intent.id } } });
    expect(read.data).toMatchObject({ ok: true, payment_intent: { id: intent.id, title: 'REST SDK' } });

    const refused = await rest.POST('/api/v1/payment-intents', { body: { ...body, currency: 'XXX' } });
    expect(refused.data).toBeUndefined();
    expect(refused.error?.error).toMatchObject({ code: 'invalid_request', param: 'currency' });
    const anonymous = await createYarrowRestClient({ baseUrl: app.baseUrl, apiKey: 'yk_test_none' }).GET('/api/v1/account');
    expect(anonymous.error?.error.code).toBe('unauthorized');
  });

  it('authorizes with capture_method manual and captures part, typed (issue 33)', async () => {
    const rest = createYarrowRestClient({ baseUrl: app.baseUrl, apiKey: account.key });
    const created = await rest.POST('/api/v1/payment-intents', {
      body: { amount: 30, currency: 'USD', title: 'REST SDK capture', customer_name: 'Ada', customer_email: 'ada@example.com', capture_method: 'manual' },
    });
    const intent = created.data!.payment_intent;
    expect(intent.capture_method).toBe('manual');
    const pages = checkoutClient(app);
    await pages.submitToken(await pages.startSession(intent.id, 'visa'), 'YP-VISA-APPROVE');
    const over = await rest.POST('/api/v1/payment-intents/{id}/capture', { params: { path: { id: intent.id } }, body: { amount_to_capture: 31 } });
    expect(over.error?.error).toMatchObject({ code: 'invalid_request', param: 'amount_to_capture' });
    const captured = await rest.POST('/api/v1/payment-intents/{id}/capture', { params: { path: { id: intent.id } }, body: { amount_to_capture: '12.00' } });
    expect(captured.data?.payment_intent).toMatchObject({ status: 'succeeded', amount_received: 12, amount_capturable: 0 });
  });

  it('asks for a simulated fault through a typed header parameter', async () => {
    const rest = createYarrowRestClient({ baseUrl: app.baseUrl, apiKey: account.key });
    const limited = await rest.GET('/api/v1/payment-intents', { params: { header: { 'Yarrow-Simulate-Error': 'rate_limited' } } });
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toBe('1');
    expect(limited.error?.error.code).toBe('rate_limited');
  });
});
