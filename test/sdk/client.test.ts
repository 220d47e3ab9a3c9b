import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YarrowGraphqlError, createYarrowClient } from '../../src/sdk/client.ts';
import { graphql } from '../gql/index.ts';
import { PanelCreateKey, PanelKeys } from '../../src/sdk/operations.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';

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
    for (const path of ['client.ts', 'operations.ts', 'gql/index.ts', 'gql/gql.ts', 'gql/graphql.ts']) {
      const response = await fetch(`${app.baseUrl}/panel/sdk/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('javascript');
      const code = await response.text();
      expect(code, path).not.toMatch(/import type|: Promise<|interface \w+ \{/);
    }
    for (const traversal of ['..%2F..%2Fpackage.json.ts', '..%2Fmain.ts', 'gql/..%2F..%2Fmain.ts']) {
      const response = await fetch(`${app.baseUrl}/panel/sdk/${traversal}`, { redirect: 'manual' });
      expect(response.headers.get('content-type') ?? '', traversal).not.toContain('javascript');
    }
  });
});
